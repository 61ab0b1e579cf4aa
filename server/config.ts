// Server configuration: defaults, then a JSON file (FOYER_CONFIG), then environment variables, validated in one place
// so a bad value stops the start-up with a message naming where it came from.
import { readFileSync } from 'node:fs'
import type { ChainConfig } from './types.js'

/** Remote feature ids served by GET /v1/projects/{projectId}/config (SPEC §3 "Remote features"). */
export const REMOTE_FEATURE_IDS = [
  'email',
  'socials',
  'swaps',
  'onramp',
  'activity',
  'reownBranding',
  'multiWallet',
  'emailCapture',
  'payWithExchange',
  'payments',
  'reownAuthentication',
] as const

/** One remote feature id. */
export type RemoteFeatureId = (typeof REMOTE_FEATURE_IDS)[number]

/** An override of one remote feature; missing fields keep the default. */
export interface FeatureOverride {
  isEnabled?: boolean
  /** Feature-specific settings: provider lists for swaps/onramp, provider ids for socials, null otherwise. */
  config?: unknown
}

/** Per-feature overrides. */
export type FeatureOverrides = Partial<Record<RemoteFeatureId, FeatureOverride>>

/** Settings of one project id. */
export interface ProjectConfig {
  /** Origins allowed to embed the modal for this project; replaces the server's default list. */
  allowedOrigins?: string[]
  /** Feature overrides, applied over the server-wide ones. */
  features?: FeatureOverrides
}

/** Everything the API server needs to start. */
export interface ServerConfig {
  port: number
  host: string
  /** PGlite data directory (ignored when databaseUrl is set); `memory://` keeps data in memory. */
  dataDir: string
  databaseUrl?: string
  /** Base URL clients reach this server at, used in links such as wallet image URLs; default: the request's origin. */
  publicUrl?: string
  /** Allowed origins for projects without their own list (SPEC §5 default list). */
  allowedOrigins: string[]
  /** Origins allowed to call the API from a browser (CORS); `*` allows any. */
  corsOrigins: string[]
  /** Server-wide remote feature overrides. */
  features: FeatureOverrides
  /** Per-project settings, keyed by the 32-hex project id. */
  projects: Record<string, ProjectConfig>
  /** Largest accepted request body. */
  bodyLimitBytes: number
  /** EVM chains read by balances, names and the indexer. */
  chains: ChainConfig[]
  /** Fixed USD prices by token symbol, used when no price source is configured. */
  priceTable: Record<string, number>
  /** Suffix of names registered through the names endpoints, e.g. alice.foyer.id. */
  nameSuffix: string
}

/** SPEC §5 default allowed origins: localhost and IPs on any port, preview hosts, and the secure wallet hosts. */
export const DEFAULT_ALLOWED_ORIGINS: readonly string[] = [
  'http://localhost:*',
  'https://localhost:*',
  'http://{ip}:*',
  'https://{ip}:*',
  'https://*.pages.dev',
  'https://*.vercel.app',
  'https://*.ngrok-free.app',
  'https://secure-mobile.walletconnect.com',
  'https://secure-mobile.walletconnect.org',
]

/** The configuration used when nothing is set. */
export function defaultConfig(): ServerConfig {
  return {
    port: 8787,
    host: '127.0.0.1',
    dataDir: '.foyer/db',
    allowedOrigins: [...DEFAULT_ALLOWED_ORIGINS],
    corsOrigins: ['*'],
    features: {},
    projects: {},
    bodyLimitBytes: 64 * 1024,
    chains: [],
    priceTable: { ETH: 3000, USDC: 1, USDT: 1, DAI: 1 },
    nameSuffix: 'foyer.id',
  }
}

/** A configuration value that cannot be used; the message names the setting and its source. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Reads FOYER_CONFIG (if set), then the environment, over the defaults; throws ConfigError on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  let fromFile: Partial<ServerConfig> = {}
  if (env.FOYER_CONFIG) fromFile = readConfigFile(env.FOYER_CONFIG)
  return resolveConfig({ ...fromFile, ...configFromEnv(env), ...overrides })
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
  const known = new Set<string>(Object.keys(defaultConfig()).concat('databaseUrl', 'publicUrl'))
  for (const key of Object.keys(data)) {
    if (!known.has(key)) throw new ConfigError(`FOYER_CONFIG: ${path}: unknown setting "${key}"`)
  }
  return checkPartial(data as Partial<ServerConfig>, `${path}: `)
}

/** Maps FOYER_* / DATABASE_URL environment variables to config fields (unset ones are left out). */
export function configFromEnv(env: NodeJS.ProcessEnv): Partial<ServerConfig> {
  const out: Partial<ServerConfig> = {}
  const list = (v: string): string[] =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  if (env.FOYER_PORT !== undefined) out.port = parseIntStrict(env.FOYER_PORT, 'FOYER_PORT')
  if (env.FOYER_HOST) out.host = env.FOYER_HOST
  if (env.FOYER_DATA_DIR) out.dataDir = env.FOYER_DATA_DIR
  if (env.DATABASE_URL) out.databaseUrl = env.DATABASE_URL
  if (env.FOYER_PUBLIC_URL) out.publicUrl = env.FOYER_PUBLIC_URL
  if (env.FOYER_ALLOWED_ORIGINS) out.allowedOrigins = list(env.FOYER_ALLOWED_ORIGINS)
  if (env.FOYER_CORS_ORIGINS) out.corsOrigins = list(env.FOYER_CORS_ORIGINS)
  if (env.FOYER_BODY_LIMIT !== undefined) out.bodyLimitBytes = parseIntStrict(env.FOYER_BODY_LIMIT, 'FOYER_BODY_LIMIT')
  if (env.FOYER_NAME_SUFFIX) out.nameSuffix = env.FOYER_NAME_SUFFIX
  return checkPartial(out, 'environment: ')
}

/** Fills defaults into a partial config and validates the result. */
export function resolveConfig(partial: Partial<ServerConfig> = {}): ServerConfig {
  const defined = Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined))
  return checkPartial({ ...defaultConfig(), ...defined }, '') as ServerConfig
}

function parseIntStrict(raw: string, name: string): number {
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a non-negative integer, got "${raw}"`)
  return Number(raw)
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function fail(where: string, field: string, what: string, got: unknown): never {
  throw new ConfigError(`${where}${field} must be ${what}, got ${JSON.stringify(got)}`)
}

function checkStringList(v: unknown, where: string, field: string): void {
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || s.length === 0))
    fail(where, field, 'a list of non-empty strings', v)
}

function checkUrl(v: unknown, where: string, field: string, protocols: string[]): void {
  let ok: boolean
  try {
    ok = typeof v === 'string' && protocols.includes(new URL(v).protocol)
  } catch {
    ok = false
  }
  if (!ok) fail(where, field, `a URL (${protocols.join(' or ')})`, v)
}

function checkFeatures(v: unknown, where: string, field: string): void {
  if (!isRecord(v)) fail(where, field, 'an object keyed by feature id', v)
  for (const [id, o] of Object.entries(v)) {
    if (!(REMOTE_FEATURE_IDS as readonly string[]).includes(id))
      fail(where, `${field}.${id}`, `one of ${REMOTE_FEATURE_IDS.join(', ')}`, id)
    if (!isRecord(o)) fail(where, `${field}.${id}`, 'an object { isEnabled?, config? }', o)
    if (o.isEnabled !== undefined && typeof o.isEnabled !== 'boolean')
      fail(where, `${field}.${id}.isEnabled`, 'a boolean', o.isEnabled)
    if (['socials', 'swaps', 'onramp'].includes(id) && o.config !== undefined && o.config !== null) {
      checkStringList(o.config, where, `${field}.${id}.config`)
    }
  }
}

function checkChain(c: unknown, where: string, field: string): void {
  if (!isRecord(c)) fail(where, field, 'a chain object', c)
  if (!Number.isInteger(c.chainId) || (c.chainId as number) <= 0 || (c.chainId as number) >= 2 ** 31)
    fail(where, `${field}.chainId`, 'an integer in 1..2147483647', c.chainId)
  if (c.caipNetworkId !== `eip155:${c.chainId}`)
    fail(where, `${field}.caipNetworkId`, `"eip155:${c.chainId}"`, c.caipNetworkId)
  checkUrl(c.rpcUrl, where, `${field}.rpcUrl`, ['http:', 'https:', 'ws:', 'wss:'])
  for (const k of ['name', 'nativeSymbol', 'nativeName'] as const)
    if (typeof c[k] !== 'string' || !c[k]) fail(where, `${field}.${k}`, 'a non-empty string', c[k])
  if (!Number.isInteger(c.nativeDecimals)) fail(where, `${field}.nativeDecimals`, 'an integer', c.nativeDecimals)
  if (typeof c.testnet !== 'boolean') fail(where, `${field}.testnet`, 'a boolean', c.testnet)
  if (!Array.isArray(c.tokens)) fail(where, `${field}.tokens`, 'a list', c.tokens)
  c.tokens.forEach((t: unknown, i: number) => {
    const f = `${field}.tokens[${i}]`
    if (!isRecord(t)) fail(where, f, 'a token object', t)
    if (typeof t.address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(t.address))
      fail(where, `${f}.address`, 'a 0x-prefixed 40-hex address', t.address)
    if (typeof t.symbol !== 'string' || typeof t.name !== 'string')
      fail(where, `${f}.symbol/name`, 'strings', [t.symbol, t.name])
    if (!Number.isInteger(t.decimals) || (t.decimals as number) < 0 || (t.decimals as number) > 255)
      fail(where, `${f}.decimals`, 'an integer in 0..255', t.decimals)
  })
}

function checkPartial(p: Partial<ServerConfig>, where: string): Partial<ServerConfig> {
  if (p.port !== undefined && (!Number.isInteger(p.port) || p.port < 0 || p.port > 65535))
    fail(where, 'port', 'an integer in 0..65535', p.port)
  if (p.host !== undefined && (typeof p.host !== 'string' || !p.host)) fail(where, 'host', 'a host name or IP', p.host)
  if (p.dataDir !== undefined && (typeof p.dataDir !== 'string' || !p.dataDir))
    fail(where, 'dataDir', 'a directory path or memory://', p.dataDir)
  if (p.databaseUrl !== undefined)
    checkUrl(p.databaseUrl, where, 'databaseUrl (DATABASE_URL)', ['postgres:', 'postgresql:'])
  if (p.publicUrl !== undefined) checkUrl(p.publicUrl, where, 'publicUrl', ['http:', 'https:'])
  if (p.allowedOrigins !== undefined) checkStringList(p.allowedOrigins, where, 'allowedOrigins')
  if (p.corsOrigins !== undefined) checkStringList(p.corsOrigins, where, 'corsOrigins')
  if (p.bodyLimitBytes !== undefined && (!Number.isInteger(p.bodyLimitBytes) || p.bodyLimitBytes < 1024))
    fail(where, 'bodyLimitBytes', 'an integer of at least 1024', p.bodyLimitBytes)
  if (
    p.nameSuffix !== undefined &&
    (typeof p.nameSuffix !== 'string' || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(p.nameSuffix))
  )
    fail(where, 'nameSuffix', 'a dotted lower-case domain such as foyer.id', p.nameSuffix)
  if (p.features !== undefined) checkFeatures(p.features, where, 'features')
  if (p.projects !== undefined) {
    if (!isRecord(p.projects)) fail(where, 'projects', 'an object keyed by project id', p.projects)
    for (const [id, proj] of Object.entries(p.projects)) {
      if (!/^[0-9a-f]{32}$/i.test(id)) fail(where, `projects.${id}`, 'keyed by a 32-hex-digit project id', id)
      if (!isRecord(proj)) fail(where, `projects.${id}`, 'an object', proj)
      if (proj.allowedOrigins !== undefined)
        checkStringList(proj.allowedOrigins, where, `projects.${id}.allowedOrigins`)
      if (proj.features !== undefined) checkFeatures(proj.features, where, `projects.${id}.features`)
    }
  }
  if (p.chains !== undefined) {
    if (!Array.isArray(p.chains)) fail(where, 'chains', 'a list of chains', p.chains)
    p.chains.forEach((c, i) => checkChain(c, where, `chains[${i}]`))
  }
  if (p.priceTable !== undefined) {
    if (!isRecord(p.priceTable)) fail(where, 'priceTable', 'an object of symbol → USD price', p.priceTable)
    for (const [sym, v] of Object.entries(p.priceTable))
      if (typeof v !== 'number' || !(v >= 0)) fail(where, `priceTable.${sym}`, 'a non-negative number', v)
  }
  return p
}
