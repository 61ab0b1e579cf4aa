// server/README.md's settings tables are generated from the declarations in server/config/<role>.ts: this test fails
// when the README differs from what they generate (run `node --import tsx scripts/settings-table.ts --write`).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { apiRole } from './api.js'
import { BEGIN, END, GENERATED, generatedReadme, readReadme, settingsTables, withTables } from './readme.js'
import { secureSiteSetting } from './secure-site.js'
import type { Setting } from './setting.js'
import { ROLES, SETTINGS, defaultConfig } from './settings.js'

describe('the settings tables of server/README.md', () => {
  it('are what the declarations generate (run scripts/settings-table.ts --write after changing a setting)', async () => {
    const readme = readReadme()
    expect(readme).toContain(BEGIN)
    expect(readme).toContain(END)
    expect(withTables(readme, await settingsTables())).toBe(readme)
    // And every other generated table (the Limits table, ...).
    for (const g of GENERATED) expect(readme, g.begin).toContain(g.end)
    expect(await generatedReadme(readme)).toBe(readme)
  })

  it('follow a declaration: a changed default or a new variable changes the table', async () => {
    const tables = await settingsTables()
    const port = apiRole.settings.port
    const changed = { ...apiRole, settings: { ...apiRole.settings, port: { ...port, default: () => 9999 } } }
    const moved = await settingsTables([changed, ...ROLES.slice(1)])
    expect(moved).not.toBe(tables)
    expect(moved).toMatch(/\| `FOYER_PORT`, `FOYER_API_PORT` \| `port` +\| `9999` +\|/)
    const renamed = { ...apiRole, settings: { ...apiRole.settings, port: { ...port, env: ['FOYER_LISTEN_PORT'] } } }
    expect(await settingsTables([renamed, ...ROLES.slice(1)])).toMatch(/\| `FOYER_LISTEN_PORT` +\| `port` /)
  })

  it('list every setting once, with every variable it reads', async () => {
    const tables = await settingsTables()
    const perRole = ROLES.flatMap((r) => Object.keys(r.settings))
    // A name declared in two roles would silently keep only the later declaration.
    expect(new Set(perRole).size).toBe(perRole.length)
    expect(Object.keys(SETTINGS).sort()).toEqual([...perRole].sort())
    for (const [key, s] of Object.entries(SETTINGS)) {
      expect(s.row.meaning, key).not.toBe('')
      if (!s.row.key) expect(tables, key).toContain(`| \`${key}\` `)
      for (const name of s.env) expect(tables, `${key}: ${name}`).toContain(`\`${name}\``)
    }
    // The derived default cells show the values the server really starts with.
    expect(tables).toMatch(/\| `bodyLimitBytes` +\| `65536` +\|/)
    expect(defaultConfig().bodyLimitBytes).toBe(65536)
  })

  it('document every variable a field of the nested `secureSite` setting reads', async () => {
    const tables = await settingsTables()
    const fields = Object.entries(secureSiteSetting.fields) as [string, Setting<unknown>][]
    const declared = fields.flatMap(([, f]) => f.env)
    // A variable the role files name (in a field's `read`) must be declared in that field's `env` too.
    const source = ['./secure-site.ts', './secure-site-logins.ts']
      .map((f) => readFileSync(new URL(f, import.meta.url), 'utf8'))
      .join('\n')
    const named = [...new Set(source.match(/\bFOYER_[A-Z_]+[A-Z]\b/g))]
    expect(named.length).toBeGreaterThan(10)
    for (const name of named) expect(declared, name).toContain(name)
    // A row may shorten a family: `FOYER_SMTP_HOST`, `_PORT` documents FOYER_SMTP_PORT; `FOYER_SOCIAL_<P>_CLIENT_ID`
    // documents every provider's.
    const documented = (variable: string) => {
      const name = variable.replace(/^FOYER_SOCIAL_[A-Z]+_/, 'FOYER_SOCIAL_<P>_')
      return (
        tables.includes(`\`${name}\``) ||
        [...name.matchAll(/_/g)].some(({ index }) => {
          const [family, rest] = [name.slice(0, index), name.slice(index)]
          return tables.includes(`\`${family}_`) && tables.includes(`\`${rest}\``)
        })
      )
    }
    expect(declared.length).toBeGreaterThan(25)
    for (const name of declared) expect(documented(name), name).toBe(true)
    for (const [field, f] of fields) expect(tables, field).toContain(f.row.key ?? `\`secureSite.${field}\``)
  })
})
