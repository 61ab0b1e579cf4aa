// Every setting of the server, assembled from the role files; ServerConfig, the defaults, the environment reading and
// the validation are derived here from those declarations, so a new setting is written in one place (its role file).
import { analyticsRole } from './analytics.js'
import { apiRole } from './api.js'
import { chainsRole } from './chains.js'
import { dataRole } from './data.js'
import { limitsRole } from './limits.js'
import { paymentsRole } from './payments.js'
import { relayRole } from './relay.js'
import { secureSiteRole } from './secure-site.js'
import type { ConfigOf, Env, Role, Setting } from './setting.js'
import { siwxRole } from './siwx.js'
import { solanaRole } from './solana.js'
import { stackRole } from './stack.js'
import { storeRole } from './store.js'

/** The roles in the order server/README.md lists them. */
export const ROLES = [
  apiRole,
  storeRole,
  chainsRole,
  solanaRole,
  dataRole,
  relayRole,
  limitsRole,
  analyticsRole,
  siwxRole,
  paymentsRole,
  secureSiteRole,
  stackRole,
] as const satisfies readonly Role<object>[]

/** Every setting by name. */
export const SETTINGS = {
  ...apiRole.settings,
  ...storeRole.settings,
  ...chainsRole.settings,
  ...solanaRole.settings,
  ...dataRole.settings,
  ...relayRole.settings,
  ...limitsRole.settings,
  ...analyticsRole.settings,
  ...siwxRole.settings,
  ...paymentsRole.settings,
  ...secureSiteRole.settings,
  ...stackRole.settings,
}

/** Everything the server's services need to start: one field per declared setting (server/config/<role>.ts). */
export type ServerConfig = ConfigOf<typeof SETTINGS>

type Key = keyof ServerConfig
// The declarations without their value types, for the loops below.
const declared = Object.entries(SETTINGS) as unknown as [Key, Setting<unknown>][]

/** The configuration used when nothing is set. */
export function defaultConfig(): ServerConfig {
  const out: Record<string, unknown> = {}
  for (const [key, s] of declared) if (s.default) out[key] = s.default()
  return out as ServerConfig
}

/** The name of every setting (a config file may hold only these). */
export const SETTING_KEYS: readonly string[] = declared.map(([key]) => key)

/** Maps FOYER_* / DATABASE_URL / REDIS_URL environment variables to config fields (unset ones are left out). */
export function configFromEnv(env: Env, base: Partial<ServerConfig> = {}): Partial<ServerConfig> {
  const out: Record<string, unknown> = {}
  // Every variable is parsed before any value is checked, so a malformed variable is reported first.
  for (const [key, s] of declared) {
    let value = s.read?.(env, base)
    if (s.parse)
      for (const name of s.env) if (env[name] !== undefined && env[name] !== '') value = s.parse(env[name], name)
    if (value !== undefined) out[key] = value
  }
  return checkSettings(out as Partial<ServerConfig>, 'environment: ')
}

/** Checks every setting `p` holds; throws ConfigError naming `where` it came from. */
export function checkSettings(p: Partial<ServerConfig>, where: string): Partial<ServerConfig> {
  const values = p as Record<string, unknown>
  for (const [key, s] of declared) if (values[key] !== undefined) s.check(values[key], where)
  return p
}

/** Fills defaults into a partial config and validates the result. */
export function resolveConfig(partial: Partial<ServerConfig> = {}): ServerConfig {
  const defined = Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined))
  return checkSettings({ ...defaultConfig(), ...defined }, '') as ServerConfig
}
