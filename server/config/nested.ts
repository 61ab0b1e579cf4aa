// A setting made of settings (`secureSite`): each field is declared in server/config/setting.ts's shape (its variables,
// parser, default, check, README row), and nested() derives the block's default, its environment reading and its check
// from them, so a nested field is also written in one place. server/config/readme.ts lists one row per field.
import { fail, isRecord } from './checks.js'
import type { ConfigOf, Env, RequiredSetting, Setting } from './setting.js'

/** A nested setting: one setting of ServerConfig whose value is an object of declared fields. */
export type NestedSetting<F> = RequiredSetting<ConfigOf<F>> & {
  /** The declarations of its fields, in the order they are read and checked. */
  fields: F
}

/** True for a setting that is a block of fields. */
export function isNested(s: Setting<unknown>): s is Setting<unknown> & { fields: Record<string, Setting<unknown>> } {
  return 'fields' in s && isRecord(s.fields)
}

const set = (env: Env, name: string) => env[name] !== undefined && env[name] !== ''

/** Declares the setting `name` as the block of `fields`; a field without a default may be missing from it. */
export function nested<F extends object>(name: string, fields: F, meaning: string): NestedSetting<F> {
  const declared = Object.entries(fields) as [string, Setting<unknown>][]
  // The variable families the fields read (FOYER_SECURE_, FOYER_SMTP_, …): any of them set, even one no field reads,
  // makes the environment's block, as the block's own parser did before its fields were declared.
  const families = [...new Set(declared.flatMap(([, f]) => f.env.map((n) => /^[A-Z]+_[A-Z]+_/.exec(n)?.[0] ?? n)))]
  const defaults = (): ConfigOf<F> => {
    const out: Record<string, unknown> = {}
    for (const [key, f] of declared) if (f.default) out[key] = f.default()
    return out as ConfigOf<F>
  }
  return {
    env: [],
    fields,
    default: defaults,
    // Fields lie over the block below (the file's, the preset's, else the defaults); each reads its variables as a
    // top-level setting does, or the environment itself given that block.
    read: (env, base) => {
      if (!Object.keys(env).some((k) => set(env, k) && families.some((f) => k.startsWith(f)))) return undefined
      const below = (base[name] as Record<string, unknown> | undefined) ?? defaults()
      const out: Record<string, unknown> = { ...below }
      for (const [key, f] of declared) {
        let value = f.read?.(env, below)
        if (f.parse) for (const n of f.env) if (set(env, n)) value = f.parse(env[n] as string, n)
        if (value !== undefined) out[key] = value
      }
      return out as ConfigOf<F>
    },
    // Keys no field declares are let through, as before (issue 34 changes no behaviour).
    check: (v, where) => {
      const block: unknown = v
      if (!isRecord(block)) fail(where, name, 'an object', block)
      for (const [key, f] of declared) if (f.default || block[key] !== undefined) f.check(block[key], where)
    },
    row: { key: `\`${name}\``, meaning },
  }
}
