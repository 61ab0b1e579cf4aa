// The cells of server/README.md's generated limit tables: what moves a limit (a setting, an `apiLimits` or
// `secureSite` field), named as the declarations name it, and its default drawn from the declarations.
import { DEFAULT_API_LIMITS, type ApiLimits } from '../api/limits.js'
import { SETTINGS, defaultConfig, type ServerConfig } from './settings.js'

/** One row of the Limits table. */
export interface LimitRow {
  service: string
  limit: string
  default: string
  setting: string
}

/** What moves a limit: the cell naming it and its default value. */
export interface Source {
  cell: string
  value: unknown
}

/** `s` as inline code. */
export const code = (s: string) => `\`${s}\``
const KiB = 1024
const MiB = 1024 * KiB
/** A default known to be a number. */
export const num = (v: unknown): number => v as number

/** 1200 → "1,200". */
export const count = (v: unknown): string => num(v).toLocaleString('en-US')

/** 65536 → "64 KiB", 33554432 → "32 MiB". */
export const bytes = (v: unknown): string =>
  num(v) % MiB === 0 ? `${num(v) / MiB} MiB` : num(v) % KiB === 0 ? `${num(v) / KiB} KiB` : `${count(v)} B`

/** A top-level setting: `FOYER_X` / `key`. */
export function setting(key: keyof ServerConfig): Source {
  const env = SETTINGS[key].env.map(code).join(', ')
  return { cell: env ? `${env} / ${code(key)}` : code(key), value: defaultConfig()[key] }
}

/** A field of `apiLimits` (the config file, or FOYER_API_LIMITS as JSON). */
export function api(key: keyof ApiLimits): Source {
  return {
    cell: `${code(`apiLimits.${key}`)} (${SETTINGS.apiLimits.env.map(code).join(', ')})`,
    value: DEFAULT_API_LIMITS[key],
  }
}

/** A field of `secureSite` (the config file). */
export const secure = (field: keyof ServerConfig['secureSite'], value: unknown): Source => ({
  cell: code(`secureSite.${field}`),
  value,
})

/** A row whose Default cell shows the sources' defaults through `shown`. */
export function row(service: string, limit: string, from: Source[], shown: (...values: unknown[]) => string): LimitRow {
  return { service, limit, default: shown(...from.map((s) => s.value)), setting: from.map((s) => s.cell).join(', ') }
}

/** A limit no setting moves. */
export const fixed = (service: string, limit: string, value: string, setting: string): LimitRow => ({
  service,
  limit,
  default: value,
  setting,
})
