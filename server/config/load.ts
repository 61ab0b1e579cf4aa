// Where settings come from, lowest priority first: defaults → a preset (`npm start`'s local chains) → the JSON file
// named by FOYER_CONFIG → environment variables → overrides, each validated so a bad value stops the start-up with a
// message naming where it came from.
import { readFileSync } from 'node:fs'
import { withBasePort } from '../ports.js'
import { withChainPorts } from './chains.js'
import { ConfigError, fail, isRecord, parseIntStrict } from './checks.js'
import { secureSiteSetting } from './secure-site.js'
import { SETTING_KEYS, checkSettings, configFromEnv, resolveConfig, type ServerConfig } from './settings.js'

/** Reads preset → FOYER_CONFIG → environment → `overrides` over the defaults; throws ConfigError on a bad value. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<ServerConfig> = {},
  preset: Partial<ServerConfig> = {},
): ServerConfig {
  let fromFile: Partial<ServerConfig> = {}
  if (env.FOYER_CONFIG) fromFile = readConfigFile(env.FOYER_CONFIG)
  // nested settings merge (a file's `secureSite.kek` keeps the preset's mailbox and login provider); FOYER_BASE_PORT
  // moves every port before the single FOYER_*_PORT variables
  const defaults: Partial<ServerConfig> = { secureSite: secureSiteSetting.default() }
  let layered = mergeSettings(mergeSettings(defaults, checkSettings(preset, 'preset: ')), fromFile)
  if (fromFile.secureSite) secureSiteSetting.check(layered.secureSite!, `${env.FOYER_CONFIG}: `)
  if (set(env.FOYER_BASE_PORT)) layered = withBasePort(layered, parseIntStrict(env.FOYER_BASE_PORT!, 'FOYER_BASE_PORT'))
  return withChainPorts(resolveConfig({ ...layered, ...configFromEnv(env, layered), ...overrides }), env)
}

const set = (v: string | undefined) => v !== undefined && v !== ''

/** `over` laid on `under`: plain objects merge key by key at every depth; lists and values replace. */
export function mergeSettings<T extends object>(under: T, over: Partial<T>): T {
  const out: Record<string, unknown> = { ...(under as Record<string, unknown>) }
  for (const [key, value] of Object.entries(over)) {
    const below = out[key]
    out[key] = isRecord(value) && isRecord(below) ? mergeSettings(below, value) : value
  }
  return out as T
}

/** Parses and checks a JSON config file; the error names the file. */
export function readConfigFile(path: string): Partial<ServerConfig> {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (err) {
    throw new ConfigError(`FOYER_CONFIG: cannot read ${path}: ${(err as Error).message}`)
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (err) {
    throw new ConfigError(`FOYER_CONFIG: ${path} is not valid JSON: ${(err as Error).message}`)
  }
  if (!isRecord(data)) throw new ConfigError(`FOYER_CONFIG: ${path} must hold a JSON object`)
  for (const key of Object.keys(data)) {
    if (!SETTING_KEYS.includes(key)) throw new ConfigError(`FOYER_CONFIG: ${path}: unknown setting "${key}"`)
  }
  // `secureSite` may be partial (it lays over the preset's): loadConfig checks it once merged, naming this file
  const { secureSite, ...rest } = data
  if (secureSite !== undefined && !isRecord(secureSite)) fail(`${path}: `, 'secureSite', 'an object', secureSite)
  checkSettings(rest as Partial<ServerConfig>, `${path}: `)
  return data as Partial<ServerConfig>
}
