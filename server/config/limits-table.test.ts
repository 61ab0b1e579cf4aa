// server/README.md's Limits table is generated (limits-table.ts): a hand-edited cell fails the README check, every
// limit setting has a row, and every name a row gives is one the server reads.
import { describe, expect, it } from 'vitest'
import { DEFAULT_API_LIMITS } from '../api/limits.js'
import { analyticsRole } from './analytics.js'
import { limitsRole } from './limits.js'
import { limitRows, limitsTable } from './limits-table.js'
import { GENERATED, generatedReadme, readReadme } from './readme.js'
import { relayRole } from './relay.js'
import { SECURE_SITE_FIELDS } from './secure-site.js'
import { SETTINGS, defaultConfig } from './settings.js'

const LIMITS = GENERATED.find((g) => g.begin.includes('limits table'))!

// The README's Limits table, between its markers.
function limitsPart(readme: string): string {
  return readme.slice(readme.indexOf(LIMITS.begin), readme.indexOf(LIMITS.end))
}

describe('the Limits table of server/README.md', () => {
  it('is generated: a hand-edited cell fails the check, and writing it again restores it', async () => {
    const readme = readReadme()
    expect(limitsPart(readme)).toMatch(/\| API +\| requests per address per window \(0 = off\) +\| 1,200 +\|/)
    const edited = readme.replace(/(\| requests per address per window \(0 = off\) +\| )1,200( +\|)/, '$11,500$2')
    expect(edited).not.toBe(readme)
    // What readme.test.ts and `scripts/settings-table.ts --check` compare: the README differs from what is generated.
    expect(await generatedReadme(edited)).not.toBe(edited)
    expect(await generatedReadme(edited)).toBe(readme)
  })

  it('shows the defaults the server starts with', () => {
    const byLimit = (limit: string) => limitRows().find((r) => r.limit === limit)!
    expect(defaultConfig().apiRateLimitPerIp).toBe(1200)
    expect(byLimit('requests per address per window (0 = off)').default).toBe('1,200')
    expect(defaultConfig().bodyLimitBytes).toBe(65536)
    expect(byLimit('request body').default).toBe('64 KiB → 413')
    expect(DEFAULT_API_LIMITS.rpcTimeoutMs).toBe(10_000)
    expect(byLimit('upstream RPC time-out').default).toBe('10 s → -32603')
    expect(byLimit('`POST /e` rows per project per hour, then one in so many stored').default).toBe(
      '100,000, then 1 in 100',
    )
  })

  it('has a row for every limit setting and every apiLimits field', () => {
    const table = limitsTable()
    const keys = [
      ...Object.keys(limitsRole.settings).filter((k) => k !== 'apiLimits'),
      ...Object.keys(analyticsRole.settings),
      ...Object.keys(relayRole.settings).filter((k) => /Rate|Allowance|Limits/.test(k)),
      'namesPerAddress',
    ]
    expect(keys.length).toBeGreaterThan(15)
    for (const key of keys) expect(table, key).toContain(`\`${key}\``)
    for (const key of Object.keys(DEFAULT_API_LIMITS)) expect(table, key).toContain(`\`apiLimits.${key}\``)
  })

  it('names only variables and keys the server reads', () => {
    const variables = new Set(Object.values(SETTINGS).flatMap((s) => s.env))
    const named = limitRows().flatMap((r) => [...r.setting.matchAll(/`([^`]+)`/g)].map((m) => m[1]))
    expect(named.length).toBeGreaterThan(30)
    for (const name of named) {
      if (/^[A-Z][A-Z0-9_]+$/.test(name)) expect(variables, name).toContain(name)
      else if (name.startsWith('apiLimits.')) expect(Object.keys(DEFAULT_API_LIMITS), name).toContain(name.slice(10))
      else if (name.startsWith('secureSite.')) expect(Object.keys(SECURE_SITE_FIELDS), name).toContain(name.slice(11))
      else if (name !== 'name_budget_exceeded' && !name.includes(' '))
        expect(Object.keys(SETTINGS), name).toContain(name)
    }
  })
})
