// The email code limits and relay quotas tables of server/README.md are generated from the defaults the secure site
// and the relay run with: a hand-edited cell fails the README check, and the figures follow the defaults.
import { describe, expect, it } from 'vitest'
import { DEFAULT_LIMITS } from '../relay/limits.js'
import { DEFAULT_CODE_LIMITS } from '../secure-site/config.js'
import { codeLimitsTable, relayQuotasTable } from './quota-tables.js'
import { generatedReadme, readReadme } from './readme.js'

describe('the email code limits and relay quotas tables of server/README.md', () => {
  it('are generated: a hand-edited cell in either fails the check', async () => {
    const readme = readReadme()
    const codes = readme.replace(/(\| `maxPerIp` +\| )`30`/, '$1`31`')
    // The relay row as it was written by hand before: 1 day, while the relay honoured 7 days.
    const relay = readme.replace(/\| 7 days \/ 1 day( +)\|/, '| 86 400 (1 day)$1|')
    for (const edited of [codes, relay]) {
      expect(edited).not.toBe(readme)
      expect(await generatedReadme(edited)).toBe(readme)
    }
  })

  it('list every code limit with the default the secure site runs with', () => {
    const table = codeLimitsTable()
    for (const [key, value] of Object.entries(DEFAULT_CODE_LIMITS))
      expect(table, key).toMatch(new RegExp(`\\| \`${key}\` \\| \`${value}\` \\|`))
  })

  it('write the relay defaults and the figures drawn from them', () => {
    const table = relayQuotasTable()
    expect(DEFAULT_LIMITS.maxTtlSeconds).toBe(7 * 86_400)
    expect(table).toContain('| `maxTtlSeconds` / `maxTtlSecondsOtherTags` | 7 days / 1 day |')
    expect(table).toContain('| 1 000 / 10 000 |')
    expect(DEFAULT_LIMITS.maxConnections / DEFAULT_LIMITS.maxConnectionsPerIp).toBe(100)
    expect(table).toContain('100 addresses to reach `maxConnections`')
    expect(table).toContain('| 50/s (burst 100) / 500/s (burst 1 000) |')
  })
})
