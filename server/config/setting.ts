// The shape every server setting is declared in, once: its type, default, environment variables, check and README
// row. server/config/settings.ts derives ServerConfig, the defaults, the environment reading and the validation from
// these declarations, and server/config/readme.ts the settings tables of server/README.md.
import { ConfigError, checkPort, fail, list, parseFlag, parseIntStrict } from './checks.js'

/** The process environment a setting is read from. */
export type Env = NodeJS.ProcessEnv

/** One row of a README settings table; cells left out are derived from the setting (`—` when there is nothing). */
export interface Row {
  /** Environment variable cell, e.g. "`FOYER_PORT`, `FOYER_API_PORT`". */
  env?: string
  /** Config key cell (the setting's name by default). */
  key?: string
  /** Default cell; derived from a plain default (number, string, boolean, empty list or object) when absent. */
  default?: string
  /** What it does, one line. */
  meaning: string
}

/** One setting, declared once. */
export interface Setting<T> {
  /** Environment variables that set it, read in order (a later one wins) through `parse`; empty = file only. */
  env: readonly string[]
  /** Turns one variable's non-empty value into the setting. */
  parse?: (raw: string, name: string) => T
  /** Reads the environment itself instead of `env` + `parse` (undefined = unset); `base` is what lies below it. */
  read?: (env: Env, base: Readonly<Record<string, unknown>>) => T | undefined
  /** The value when nothing sets it; a setting without one is optional. */
  default?: () => T
  /** Throws ConfigError when the value cannot be used; `where` names its source ("environment: ", a file, ""). */
  check: (value: T, where: string) => void
  /** Its README row. */
  row: Row
}

/** A setting that always has a value. */
export type RequiredSetting<T> = Setting<T> & { default: () => T }

/** Declares a setting (the overloads keep whether it has a default in its type). */
export function setting<T>(s: RequiredSetting<T>): RequiredSetting<T>
export function setting<T>(s: Setting<T>): Setting<T>
export function setting<T>(s: Setting<T>): Setting<T> {
  return s
}

/** Settings of one role: a README table of their own, with rows that are not settings (FOYER_CONFIG…) after them. */
export interface Role<S> {
  /** Table title, e.g. "Relay". */
  title: string
  /** The sentence above the table (where the settings are used, which file declares them). */
  intro: string
  settings: S
  /** Rows documenting variables or nested keys that are not settings of their own. */
  notes?: Row[]
}

type ValueOf<S> = S extends Setting<infer T> ? T : never

/** The configuration object a set of declarations describes: settings with a default are always present. */
export type ConfigOf<D> = {
  [K in keyof D as D[K] extends { default: () => unknown } ? K : never]: ValueOf<D[K]>
} & {
  [K in keyof D as D[K] extends { default: () => unknown } ? never : K]?: ValueOf<D[K]>
}

/** Parses a non-negative integer variable. */
export const int = (raw: string, name: string): number => parseIntStrict(raw, name)

/** Takes a variable as it is. */
export const text = (raw: string): string => raw

/** Parses a comma-separated variable. */
export const csv = (raw: string): string[] => list(raw)

/** Parses an on/off variable. */
export const flag = (raw: string, name: string): boolean => parseFlag(raw, name)

/** Parses a JSON object given in one variable (checked with the rest afterwards). */
export function json<T>(raw: string, name: string): T {
  try {
    return JSON.parse(raw) as T
  } catch (err) {
    throw new ConfigError(`${name} is not valid JSON: ${(err as Error).message}`)
  }
}

/** A check: a TCP port (0 = any free port), the message naming `field`. */
export const port =
  (field: string) =>
  (v: number, where: string): void =>
    checkPort(v, where, field)

/** A check: an integer of at least `min`, the message naming `field` and saying `what` it must be. */
export const atLeast =
  (field: string, min: number, what: string) =>
  (v: number, where: string): void => {
    if (!Number.isInteger(v) || v < min) fail(where, field, what, v)
  }
