// The settings tables of server/README.md, generated from the declarations (one table per role), and its other tables
// of settings (Limits, ...), so the README cannot drift from what the server reads. scripts/settings-table.ts writes
// them; readme.test.ts fails on a difference.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { limitsTable } from './limits-table.js'
import { isNested } from './nested.js'
import { codeLimitsTable, relayQuotasTable } from './quota-tables.js'
import type { Role, Row, Setting } from './setting.js'
import { ROLES } from './settings.js'

/** server/README.md. */
export const README_FILE = fileURLToPath(new URL('../README.md', import.meta.url))

/** The line before the generated tables. */
export const BEGIN =
  '<!-- settings tables: generated from server/config/<role>.ts by `node --import tsx scripts/settings-table.ts --write` -->'

/** The line after them. */
export const END = '<!-- end of settings tables -->'

const code = (s: string) => `\`${s}\``

// A plain default speaks for itself; anything else needs the declaration's own wording.
function defaultCell(key: string, s: Setting<unknown>): string {
  if (!s.default) return '—'
  const v = s.default()
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return code(String(v))
  if (Array.isArray(v) && v.length === 0) return code('[]')
  if (v && typeof v === 'object' && Object.keys(v).length === 0) return code('{}')
  throw new Error(`server/config: setting "${key}" has a default a table cannot show; give its row a \`default\``)
}

function rowOf(key: string, s: Setting<unknown>): Required<Row> {
  return {
    env: s.row.env ?? (s.env.length > 0 ? s.env.map(code).join(', ') : '—'),
    key: s.row.key ?? code(key),
    default: s.row.default ?? defaultCell(key, s),
    meaning: s.row.meaning,
  }
}

/** The rows of one setting: a nested one (`secureSite`) has a row per field, keyed `secureSite.<field>`. */
export function rowsOf(key: string, s: Setting<unknown>): Required<Row>[] {
  if (!isNested(s)) return [rowOf(key, s)]
  return Object.entries(s.fields).flatMap(([field, f]) => rowsOf(`${key}.${field}`, f))
}

const cells = (r: Required<Row>) =>
  `| ${[r.env, r.key, r.default, r.meaning].map((c) => c.replace(/(?<!\\)\|/g, '\\|')).join(' | ')} |`

/** The tables of `roles` as Markdown, formatted as the house formats Markdown (prettier). */
export async function settingsTables(roles: readonly Role<object>[] = ROLES): Promise<string> {
  const parts = roles.map((role) => {
    const settings = Object.entries(role.settings) as [string, Setting<unknown>][]
    const notes = (role.notes ?? []).map((n) => ({ env: '—', key: '—', default: '—', ...n }))
    return [
      `**${role.title}.** ${role.intro}`,
      '',
      '| Environment variable | Config key | Default | Meaning |',
      '| --- | --- | --- | --- |',
      ...settings.flatMap(([key, s]) => rowsOf(key, s).map(cells)),
      ...notes.map(cells),
    ].join('\n')
  })
  return markdown(parts.join('\n\n'))
}

/** Markdown formatted as the house formats it (prettier). */
export async function markdown(text: string): Promise<string> {
  const options = await resolveConfig(README_FILE)
  return format(text, { ...options, parser: 'markdown' })
}

/** A generated part of server/README.md: the text between two marker lines. */
export interface Generated {
  begin: string
  end: string
  text: () => Promise<string>
}

const marker = (what: string, from: string) =>
  `<!-- ${what}: generated from ${from} by \`node --import tsx scripts/settings-table.ts --write\` -->`

/** Every generated part of server/README.md. */
export const GENERATED: readonly Generated[] = [
  { begin: BEGIN, end: END, text: () => settingsTables() },
  {
    begin: marker('limits table', 'server/config/limits-table.ts'),
    end: '<!-- end of limits table -->',
    text: () => markdown(limitsTable()),
  },
  {
    begin: marker('email code limits', 'server/config/quota-tables.ts'),
    end: '<!-- end of email code limits -->',
    text: () => markdown(codeLimitsTable()),
  },
  {
    begin: marker('relay quotas', 'server/config/quota-tables.ts'),
    end: '<!-- end of relay quotas -->',
    text: () => markdown(relayQuotasTable()),
  },
]

/** `readme` with the text between `begin` and `end` (the settings tables' markers by default) replaced by `tables`. */
export function withTables(readme: string, tables: string, begin = BEGIN, end = END): string {
  const start = readme.indexOf(begin)
  const stop = readme.indexOf(end)
  if (start < 0 || stop < start) throw new Error(`server/README.md: the lines ${begin} and ${end} are missing`)
  return `${readme.slice(0, start + begin.length)}\n\n${tables.trimEnd()}\n\n${readme.slice(stop)}`
}

/** `readme` with every generated part written again. */
export async function generatedReadme(readme: string): Promise<string> {
  let out = readme
  for (const g of GENERATED) out = withTables(out, await g.text(), g.begin, g.end)
  return out
}

/** The README as it is on disk. */
export const readReadme = (): string => readFileSync(README_FILE, 'utf8')
