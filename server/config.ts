// Server configuration: defaults, then a JSON file (FOYER_CONFIG), then environment variables, validated in one place
// so a bad value stops the start-up with a message naming where it came from. Every setting of every service
// (API, relay, chains, indexer, demo, …) is read here; services receive the parsed ServerConfig.
// To add a setting: a field (with TSDoc) in ServerConfig, its default in defaultConfig(), its variable in
// configFromEnv(), its check in checkPartial(), and a row in server/README.md.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { RemoteFeatureIds, type RemoteFeatureId } from '../protocol/features.js'
import { DefaultAllowedOrigins } from '../protocol/origins.js'
import { DEV_WALLET_ADDRESS } from './chains/dev-wallet.js'
import {
  ConfigError,
  checkChain,
  checkFeatures,
  checkPort,
  checkStringList,
  checkUrl,
  fail,
  isRecord,
  checkSolanaChain,
  list,
  parseFlag,
  parseIntStrict,
  SOLANA_ADDRESS,
} from './config-checks.js'
import {
  checkSecureSiteSettings,
  defaultSecureSiteSettings,
  secureSiteFromEnv,
  type SecureSiteSettings,
} from './secure-site/settings.js'
import { SOLANA_DEV_WALLET_ADDRESS } from './solana/keys.js'
import { checkRelayLimits, type RelayLimits } from './relay/limits.js'
import type { TrustProxy } from './net/client-address.js'
import { checkTrustProxy, parseTrustProxy } from './net/trust-setting.js'
import { checkApiLimits, type ApiLimits } from './api/limits.js'
import type { ChainConfig, SolanaChainConfig } from './types.js'
import { withBasePort } from './ports.js'
import { checkSponsorship, type SponsorshipSettings } from './paymaster/policy.js'

export { ConfigError }

/** Remote feature ids served by GET /v1/projects/{projectId}/config (SPEC §3 "Remote features"): the modal's list. */
export const REMOTE_FEATURE_IDS = RemoteFeatureIds

export type { RemoteFeatureId }

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
  /** Name shown to visitors ("Gas paid by <name>"); a project stored through the admin API shows its stored name. */
  name?: string
  /** Gas sponsorship through the server's paymaster (server/paymaster/policy.ts); off unless `enabled`. */
  sponsorship?: SponsorshipSettings
}

/** One local anvil chain to start (FOYER_LOCAL_CHAINS, FOYER_CHAIN_<id>_PORT). */
export interface LocalChainSetting {
  chainId: number
  /** Fixed port; a free one when absent. */
  port?: number
}

/** Everything the server's services need to start. */
export interface ServerConfig {
  /** API listen port. */
  port: number
  /** Interface the API and the relay bind. */
  host: string
  /** PGlite data directory (ignored when databaseUrl is set); `memory://` keeps data in memory. */
  dataDir: string
  databaseUrl?: string
  /** Base URL clients reach this server at (wallet image URLs, SIWX `iss`); default: the listen address, never Host. */
  publicUrl?: string
  /** Allowed origins for projects without their own list (SPEC §5 default list). */
  allowedOrigins: string[]
  /** Origins allowed to call the API from a browser (CORS); `*` allows any. */
  corsOrigins: string[]
  /** Server-wide remote feature overrides. */
  features: FeatureOverrides
  /** Per-project settings, keyed by the 32-hex project id (projects the operator creates live in the database). */
  projects: Record<string, ProjectConfig>
  /** Key that signs the paymaster's sponsorships (FOYER_PAYMASTER_KEY); the local chains use a fixed one. Never logged. */
  paymasterKey?: string
  /** Bearer token of the operator's admin API and dashboard (FOYER_OPERATOR_TOKEN); off when unset. Never logged. */
  operatorToken?: string
  /** Answer 404 for project ids neither configured nor created (FOYER_REQUIRE_PROJECTS); default: any id works. */
  requireKnownProjects: boolean
  /** Analytics events and error reports older than this many days are deleted (FOYER_ANALYTICS_DAYS). */
  analyticsRetentionDays: number
  /** At most this many analytics events, and as many error reports, are kept (FOYER_ANALYTICS_MAX_ROWS). */
  analyticsMaxRows: number
  /** Largest accepted request body. */
  bodyLimitBytes: number
  /** EVM chains read by balances, names and the indexer. */
  chains: ChainConfig[]
  /**
   * The operator's fixed USD prices by chain and token ("eip155:1:0xa0b8…", "eip155:1:native", "solana:<ref>:<mint>"),
   * asked before the pools and the price API (source "config").
   */
  priceTable: Record<string, number | string>
  /** Base URL of a DefiLlama-compatible price API (e.g. https://coins.llama.fi), asked after the pools. */
  priceApiUrl?: string
  /** Tokens always flagged spam: CAIP-10 ids (eip155:1:0xabc…) or bare addresses (every chain). */
  spamTokens: string[]
  /** Suffix of names registered through the names endpoints, e.g. alice.foyer.id. */
  nameSuffix: string
  /** Names one address may hold (0 = unlimited); a registration past it → 403 name_budget_exceeded. */
  namesPerAddress: number
  /** POST /e: events one client IP may send per rate-limit window (0 = unlimited); above it → 429. */
  analyticsRateLimitPerIp: number
  /** POST /e: events stored per project per hour before sampling starts (0 = no cap). */
  analyticsProjectCapPerHour: number
  /** POST /e: above the project cap, one event in this many is stored (the others are answered and dropped). */
  analyticsSampleOneIn: number
  /** Redis (`redis://…`): the relay's mailboxes and fan-out, and the rate limits, shared by every process on it. */
  redisUrl?: string
  /** Length of the rate-limit window in seconds. */
  rateLimitWindowSeconds: number
  /** API requests one client IP may make per window (0 = unlimited). */
  apiRateLimitPerIp: number
  /** API requests one project id may make per window, across IPs (0 = unlimited). */
  apiRateLimitPerProject: number
  /** Publishes one relay socket may make per second (bursts of twice that); above it → JSON-RPC -32005. */
  relayPublishRatePerSocket: number
  /** Relay connections one client IP may open per window (0 = unlimited). */
  relayRateLimitPerIp: number
  /** Relay connections one project id may open per window (0 = unlimited). */
  relayRateLimitPerProject: number
  /** Relay connections per window from one address to one project that the project's budget never refuses (0 = none). */
  relayProjectAllowancePerIp: number
  /** On SIGTERM, how long requests in flight and relay sockets get to finish before they are cut. */
  shutdownDrainMs: number
  /**
   * Which reverse proxies' X-Forwarded-For to believe (server/net/client-address.ts): false (none), a hop count
   * (true = 1), or proxy addresses and networks (CIDR, `loopback`, `private`, `linklocal`).
   */
  trustProxy: TrustProxy
  /** IPv6 clients are counted by this prefix in every per-address limit (a subscriber usually holds a /64). */
  rateLimitIpv6Prefix: number
  /** Prefix of every Redis key and channel of this installation (several may share one Redis). */
  redisPrefix: string
  /** Services this process runs (server/services.ts names); absent = all of them. */
  services?: string[]
  /** Relay listen port. */
  relayPort: number
  /** The relay's public ws(s):// URL behind a proxy; accepted as JWT audience. */
  relayPublicUrl?: string
  /** Regular expression (source) the relay's `projectId` query must match; default 32 hex digits. */
  relayProjectIdPattern?: string
  /** Overrides of the relay's limits and quotas (server/relay/limits.ts; FOYER_RELAY_LIMITS as a JSON object). */
  relayLimits?: Partial<RelayLimits>
  /** Overrides of the API's limits (server/api/limits.ts: RPC proxy, per-project share, POST /e bytes; FOYER_API_LIMITS). */
  apiLimits?: Partial<ApiLimits>
  /** Local anvil chains to start and serve (added to `chains`). */
  localChains: LocalChainSetting[]
  /** Addresses funded with ETH and the test tokens on local chains. */
  fund: string[]
  /** Solana chains read by balances and the project RPC (added to by the local one). */
  solanaChains: SolanaChainConfig[]
  /** Start the local litesvm-backed Solana node (FOYER_LOCAL_SOLANA; `npm start`: on). */
  localSolana: boolean
  /** Port of the local Solana node (FOYER_SOLANA_PORT; 0 = any free port). */
  solanaPort: number
  /** Base58 addresses funded with SOL and the SPL token on the local Solana chain. */
  solanaFund: string[]
  /** Indexer poll period per chain, in milliseconds. */
  indexerPollMs: number
  /** On PostgreSQL: how often a standby API process tries to become the indexer, and the leader checks its lock. */
  indexerLeaderRetryMs: number
  /** Port of the demo page (`npm start`). */
  demoPort: number
  /** Project id the demo page uses. */
  demoProjectId: string
  /** Private key signing SIWX session tokens (P-256 JWK JSON or PKCS#8 PEM); generated and kept in the store if absent. */
  siwxSigningKey?: string
  /** Longest life of a SIWX session (a message's own expiration time can shorten it), in seconds. */
  siwxSessionTtlSeconds: number
  /** How long a SIWX nonce can be used, in seconds. */
  siwxNonceTtlSeconds: number
  /** The embedded wallet's secure site and local mailbox (server/secure-site/settings.ts). */
  secureSite: SecureSiteSettings
  /** Port of the local on-ramp provider's checkout site (FOYER_ONRAMP_PORT; unset = off, 0 = any free port). */
  onrampPort?: number
  /** The local on-ramp provider's fee in basis points (FOYER_ONRAMP_FEE_BPS; SPEC §9: 100–200, default 150). */
  onrampFeeBps: number
  /** Port of the local exchange's page (FOYER_EXCHANGE_PORT; unset = off, 0 = any free port). */
  exchangePort?: number
}

/** SPEC §5 default allowed origins: localhost and IPs on any port, preview hosts, and the secure wallet hosts. */
export const DEFAULT_ALLOWED_ORIGINS: readonly string[] = DefaultAllowedOrigins

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
    requireKnownProjects: false,
    analyticsRetentionDays: 90,
    analyticsMaxRows: 1_000_000,
    bodyLimitBytes: 64 * 1024,
    chains: [],
    priceTable: {},
    spamTokens: [],
    nameSuffix: 'foyer.id',
    namesPerAddress: 5,
    relayPort: 8788,
    localChains: [],
    fund: [DEV_WALLET_ADDRESS],
    solanaChains: [],
    localSolana: false,
    solanaPort: 8899,
    solanaFund: [SOLANA_DEV_WALLET_ADDRESS],
    indexerPollMs: 250,
    rateLimitWindowSeconds: 60,
    apiRateLimitPerIp: 1200,
    apiRateLimitPerProject: 60_000,
    relayPublishRatePerSocket: 50,
    relayRateLimitPerIp: 120,
    relayRateLimitPerProject: 6000,
    relayProjectAllowancePerIp: 30,
    trustProxy: false,
    rateLimitIpv6Prefix: 64,
    redisPrefix: 'foyer:',
    shutdownDrainMs: 5000,
    analyticsRateLimitPerIp: 120,
    analyticsProjectCapPerHour: 100_000,
    analyticsSampleOneIn: 100,
    indexerLeaderRetryMs: 1000,
    demoPort: 5173,
    demoProjectId: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
    siwxSessionTtlSeconds: 7 * 24 * 3600,
    siwxNonceTtlSeconds: 300,
    secureSite: defaultSecureSiteSettings(),
    onrampFeeBps: 150,
  }
}

/**
 * Reads, lowest priority first: defaults → `preset` (e.g. `npm start`'s local chains) → FOYER_CONFIG → environment →
 * `overrides`; throws ConfigError on a bad value.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<ServerConfig> = {},
  preset: Partial<ServerConfig> = {},
): ServerConfig {
  let fromFile: Partial<ServerConfig> = {}
  if (env.FOYER_CONFIG) fromFile = readConfigFile(env.FOYER_CONFIG)
  // nested settings merge (a file's `secureSite.kek` keeps the preset's mailbox and login provider); FOYER_BASE_PORT
  // moves every port before the single FOYER_*_PORT variables
  const defaults: Partial<ServerConfig> = { secureSite: defaultSecureSiteSettings() }
  let layered = mergeSettings(mergeSettings(defaults, checkPartial(preset, 'preset: ')), fromFile)
  if (fromFile.secureSite) checkSecureSiteSettings(layered.secureSite, `${env.FOYER_CONFIG}: `)
  if (set(env.FOYER_BASE_PORT)) layered = withBasePort(layered, parseIntStrict(env.FOYER_BASE_PORT!, 'FOYER_BASE_PORT'))
  const merged = resolveConfig({ ...layered, ...configFromEnv(env, layered), ...overrides })
  // FOYER_CHAIN_<id>_PORT fixes the port of a local chain wherever that chain was asked for.
  for (const [key, raw] of Object.entries(env)) {
    const m = /^FOYER_CHAIN_(\d+)_PORT$/.exec(key)
    if (!m || raw === undefined || raw === '') continue
    const port = parseIntStrict(raw, key)
    checkPort(port, 'environment: ', key)
    merged.localChains = merged.localChains.map((c) => (c.chainId === Number(m[1]) ? { ...c, port } : c))
  }
  return merged
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
  const known = new Set<string>(Object.keys(defaultConfig()).concat(OPTIONAL_KEYS))
  for (const key of Object.keys(data)) {
    if (!known.has(key)) throw new ConfigError(`FOYER_CONFIG: ${path}: unknown setting "${key}"`)
  }
  // `secureSite` may be partial (it lays over the preset's): loadConfig checks it once merged, naming this file
  const { secureSite, ...rest } = data
  if (secureSite !== undefined && !isRecord(secureSite)) fail(`${path}: `, 'secureSite', 'an object', secureSite)
  checkPartial(rest as Partial<ServerConfig>, `${path}: `)
  return data as Partial<ServerConfig>
}

// Settings without a default, which defaultConfig() therefore does not list.
const OPTIONAL_KEYS = [
  'databaseUrl',
  'publicUrl',
  'redisUrl',
  'services',
  'relayPublicUrl',
  'relayProjectIdPattern',
  'priceApiUrl',
  'relayLimits',
  'apiLimits',
  'onrampPort',
  'exchangePort',
  'siwxSigningKey',
  'operatorToken',
  'paymasterKey',
]

/** Maps FOYER_* / DATABASE_URL environment variables to config fields (unset ones are left out). */
export function configFromEnv(env: NodeJS.ProcessEnv, base: Partial<ServerConfig> = {}): Partial<ServerConfig> {
  const out: Partial<ServerConfig> = {}
  const int = (name: string) => parseIntStrict(env[name] as string, name)
  const set = (name: string) => env[name] !== undefined && env[name] !== ''
  // FOYER_API_PORT is the name `npm start` documents next to the other FOYER_*_PORT variables.
  if (set('FOYER_PORT')) out.port = int('FOYER_PORT')
  if (set('FOYER_API_PORT')) out.port = int('FOYER_API_PORT')
  if (env.FOYER_HOST) out.host = env.FOYER_HOST
  // FOYER_STACK_DIR names the directory of the whole local stack; its database lives in <dir>/db.
  if (env.FOYER_STACK_DIR)
    out.dataDir = env.FOYER_STACK_DIR.startsWith('memory://') ? env.FOYER_STACK_DIR : join(env.FOYER_STACK_DIR, 'db')
  if (env.FOYER_DATA_DIR) out.dataDir = env.FOYER_DATA_DIR
  if (env.DATABASE_URL) out.databaseUrl = env.DATABASE_URL
  if (env.FOYER_PUBLIC_URL) out.publicUrl = env.FOYER_PUBLIC_URL
  if (env.FOYER_PRICE_API_URL) out.priceApiUrl = env.FOYER_PRICE_API_URL
  if (env.FOYER_SPAM_TOKENS) out.spamTokens = list(env.FOYER_SPAM_TOKENS)
  if (env.FOYER_ALLOWED_ORIGINS) out.allowedOrigins = list(env.FOYER_ALLOWED_ORIGINS)
  if (env.FOYER_CORS_ORIGINS) out.corsOrigins = list(env.FOYER_CORS_ORIGINS)
  if (set('FOYER_BODY_LIMIT')) out.bodyLimitBytes = int('FOYER_BODY_LIMIT')
  if (set('FOYER_ANALYTICS_DAYS')) out.analyticsRetentionDays = int('FOYER_ANALYTICS_DAYS')
  if (set('FOYER_ANALYTICS_RATE_LIMIT_IP')) out.analyticsRateLimitPerIp = int('FOYER_ANALYTICS_RATE_LIMIT_IP')
  if (set('FOYER_ANALYTICS_PROJECT_CAP')) out.analyticsProjectCapPerHour = int('FOYER_ANALYTICS_PROJECT_CAP')
  if (set('FOYER_ANALYTICS_SAMPLE')) out.analyticsSampleOneIn = int('FOYER_ANALYTICS_SAMPLE')
  if (set('FOYER_ANALYTICS_MAX_ROWS')) out.analyticsMaxRows = int('FOYER_ANALYTICS_MAX_ROWS')
  if (env.FOYER_NAME_SUFFIX) out.nameSuffix = env.FOYER_NAME_SUFFIX
  if (set('FOYER_NAMES_PER_ADDRESS')) out.namesPerAddress = int('FOYER_NAMES_PER_ADDRESS')
  if (env.REDIS_URL) out.redisUrl = env.REDIS_URL
  if (env.FOYER_REDIS_PREFIX) out.redisPrefix = env.FOYER_REDIS_PREFIX
  if (set('FOYER_RATE_LIMIT_WINDOW')) out.rateLimitWindowSeconds = int('FOYER_RATE_LIMIT_WINDOW')
  if (set('FOYER_API_RATE_LIMIT_IP')) out.apiRateLimitPerIp = int('FOYER_API_RATE_LIMIT_IP')
  if (set('FOYER_API_RATE_LIMIT_PROJECT')) out.apiRateLimitPerProject = int('FOYER_API_RATE_LIMIT_PROJECT')
  if (set('FOYER_RELAY_PUBLISH_RATE')) out.relayPublishRatePerSocket = int('FOYER_RELAY_PUBLISH_RATE')
  if (set('FOYER_RELAY_RATE_LIMIT_IP')) out.relayRateLimitPerIp = int('FOYER_RELAY_RATE_LIMIT_IP')
  if (set('FOYER_RELAY_RATE_LIMIT_PROJECT')) out.relayRateLimitPerProject = int('FOYER_RELAY_RATE_LIMIT_PROJECT')
  if (set('FOYER_RELAY_PROJECT_ALLOWANCE_IP')) out.relayProjectAllowancePerIp = int('FOYER_RELAY_PROJECT_ALLOWANCE_IP')
  if (set('FOYER_SHUTDOWN_DRAIN_MS')) out.shutdownDrainMs = int('FOYER_SHUTDOWN_DRAIN_MS')
  if (set('FOYER_TRUST_PROXY')) out.trustProxy = parseTrustProxy(env.FOYER_TRUST_PROXY!)
  if (set('FOYER_RATE_LIMIT_IPV6_PREFIX')) out.rateLimitIpv6Prefix = int('FOYER_RATE_LIMIT_IPV6_PREFIX')
  if (env.FOYER_SERVICES) out.services = list(env.FOYER_SERVICES)
  if (set('FOYER_RELAY_PORT')) out.relayPort = int('FOYER_RELAY_PORT')
  if (env.FOYER_RELAY_PUBLIC_URL) out.relayPublicUrl = env.FOYER_RELAY_PUBLIC_URL
  if (env.FOYER_RELAY_PROJECT_ID_PATTERN) out.relayProjectIdPattern = env.FOYER_RELAY_PROJECT_ID_PATTERN
  if (env.FOYER_RELAY_LIMITS) out.relayLimits = parseJsonSetting(env.FOYER_RELAY_LIMITS, 'FOYER_RELAY_LIMITS')
  if (env.FOYER_API_LIMITS) out.apiLimits = parseJsonSetting(env.FOYER_API_LIMITS, 'FOYER_API_LIMITS')
  if (env.FOYER_LOCAL_CHAINS !== undefined) {
    const ids = list(env.FOYER_LOCAL_CHAINS)
    if (ids.some((s) => !/^\d+$/.test(s)))
      throw new ConfigError(`FOYER_LOCAL_CHAINS must be comma-separated chain ids, got "${env.FOYER_LOCAL_CHAINS}"`)
    out.localChains = ids.map((s) => ({ chainId: Number(s) }))
  }
  if (env.FOYER_FUND) out.fund = list(env.FOYER_FUND)
  if (env.FOYER_LOCAL_SOLANA) out.localSolana = parseFlag(env.FOYER_LOCAL_SOLANA, 'FOYER_LOCAL_SOLANA')
  if (set('FOYER_SOLANA_PORT')) out.solanaPort = int('FOYER_SOLANA_PORT')
  if (env.FOYER_SOLANA_FUND) out.solanaFund = list(env.FOYER_SOLANA_FUND)
  if (set('FOYER_INDEXER_POLL_MS')) out.indexerPollMs = int('FOYER_INDEXER_POLL_MS')
  if (set('FOYER_INDEXER_LEADER_RETRY_MS')) out.indexerLeaderRetryMs = int('FOYER_INDEXER_LEADER_RETRY_MS')
  if (set('FOYER_DEMO_PORT')) out.demoPort = int('FOYER_DEMO_PORT')
  if (env.FOYER_PROJECT_ID) out.demoProjectId = env.FOYER_PROJECT_ID
  if (set('FOYER_ONRAMP_PORT')) out.onrampPort = int('FOYER_ONRAMP_PORT')
  if (set('FOYER_EXCHANGE_PORT')) out.exchangePort = int('FOYER_EXCHANGE_PORT')
  if (set('FOYER_ONRAMP_FEE_BPS')) out.onrampFeeBps = int('FOYER_ONRAMP_FEE_BPS')
  if (env.FOYER_SIWX_SIGNING_KEY) out.siwxSigningKey = env.FOYER_SIWX_SIGNING_KEY
  if (set('FOYER_SIWX_SESSION_TTL')) out.siwxSessionTtlSeconds = int('FOYER_SIWX_SESSION_TTL')
  if (set('FOYER_SIWX_NONCE_TTL')) out.siwxNonceTtlSeconds = int('FOYER_SIWX_NONCE_TTL')
  if (env.FOYER_PAYMASTER_KEY) out.paymasterKey = env.FOYER_PAYMASTER_KEY
  if (env.FOYER_OPERATOR_TOKEN) out.operatorToken = env.FOYER_OPERATOR_TOKEN
  if (env.FOYER_REQUIRE_PROJECTS)
    out.requireKnownProjects = parseFlag(env.FOYER_REQUIRE_PROJECTS, 'FOYER_REQUIRE_PROJECTS')
  const secureSite = secureSiteFromEnv(env, base.secureSite ?? defaultSecureSiteSettings())
  if (secureSite) out.secureSite = secureSite
  return checkPartial(out, 'environment: ')
}

const PriceKeyRe =
  /^(eip155:\d+:(0x[0-9a-fA-F]{40}|native)|solana:[1-9A-HJ-NP-Za-km-z]{32}:([1-9A-HJ-NP-Za-km-z]{32,44}|native))$/

/** Fails unless `table` maps symbols to non-negative USD prices (numbers or decimal strings). */
function checkUsdTable(table: unknown, where: string, key: string): void {
  if (!isRecord(table)) fail(where, key, 'an object of symbol → USD price', table)
  for (const [sym, v] of Object.entries(table as Record<string, unknown>))
    if (!(typeof v === 'number' ? v >= 0 && Number.isFinite(v) : typeof v === 'string' && /^\d+(\.\d+)?$/.test(v)))
      fail(where, `${key}.${sym}`, 'a non-negative number or decimal string', v)
}

/** Fills defaults into a partial config and validates the result. */
export function resolveConfig(partial: Partial<ServerConfig> = {}): ServerConfig {
  const defined = Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined))
  return checkPartial({ ...defaultConfig(), ...defined }, '') as ServerConfig
}

function checkPartial(p: Partial<ServerConfig>, where: string): Partial<ServerConfig> {
  if (p.port !== undefined) checkPort(p.port, where, 'port')
  if (p.host !== undefined && (typeof p.host !== 'string' || !p.host)) fail(where, 'host', 'a host name or IP', p.host)
  if (p.dataDir !== undefined && (typeof p.dataDir !== 'string' || !p.dataDir))
    fail(where, 'dataDir', 'a directory path or memory://', p.dataDir)
  if (p.databaseUrl !== undefined)
    checkUrl(p.databaseUrl, where, 'databaseUrl (DATABASE_URL)', ['postgres:', 'postgresql:'])
  if (p.publicUrl !== undefined) checkUrl(p.publicUrl, where, 'publicUrl', ['http:', 'https:'])
  if (p.allowedOrigins !== undefined) checkStringList(p.allowedOrigins, where, 'allowedOrigins')
  if (p.corsOrigins !== undefined) checkStringList(p.corsOrigins, where, 'corsOrigins')
  for (const key of ['analyticsRetentionDays', 'analyticsMaxRows'] as const)
    if (p[key] !== undefined && (!Number.isInteger(p[key]) || p[key] < 1))
      fail(where, key, 'a positive integer', p[key])
  if (p.bodyLimitBytes !== undefined && (!Number.isInteger(p.bodyLimitBytes) || p.bodyLimitBytes < 1024))
    fail(where, 'bodyLimitBytes', 'an integer of at least 1024', p.bodyLimitBytes)
  if (
    p.nameSuffix !== undefined &&
    (typeof p.nameSuffix !== 'string' || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(p.nameSuffix))
  )
    fail(where, 'nameSuffix', 'a dotted lower-case domain such as foyer.id', p.nameSuffix)
  if (p.features !== undefined) checkFeatures(p.features, where, 'features', REMOTE_FEATURE_IDS)
  if (p.projects !== undefined) {
    if (!isRecord(p.projects)) fail(where, 'projects', 'an object keyed by project id', p.projects)
    for (const [id, proj] of Object.entries(p.projects)) {
      if (!/^[0-9a-f]{32}$/i.test(id)) fail(where, `projects.${id}`, 'keyed by a 32-hex-digit project id', id)
      if (!isRecord(proj)) fail(where, `projects.${id}`, 'an object', proj)
      if (proj.allowedOrigins !== undefined)
        checkStringList(proj.allowedOrigins, where, `projects.${id}.allowedOrigins`)
      if (proj.features !== undefined)
        checkFeatures(proj.features, where, `projects.${id}.features`, REMOTE_FEATURE_IDS)
      if (proj.name !== undefined && (typeof proj.name !== 'string' || !proj.name.trim() || proj.name.length > 64))
        fail(where, `projects.${id}.name`, 'a name of 1 to 64 characters', proj.name)
      if (proj.sponsorship !== undefined) checkSponsorship(proj.sponsorship, where, `projects.${id}.sponsorship`)
    }
  }
  if (
    p.paymasterKey !== undefined &&
    (typeof p.paymasterKey !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(p.paymasterKey))
  )
    throw new ConfigError(`${where}paymasterKey (FOYER_PAYMASTER_KEY) must be a 32-byte 0x-hex private key`)
  // The token's value never appears in a message.
  if (p.operatorToken !== undefined && (typeof p.operatorToken !== 'string' || p.operatorToken.length < 16))
    throw new ConfigError(`${where}operatorToken (FOYER_OPERATOR_TOKEN) must be a string of at least 16 characters`)
  if (p.requireKnownProjects !== undefined && typeof p.requireKnownProjects !== 'boolean')
    fail(where, 'requireKnownProjects', 'true or false', p.requireKnownProjects)
  if (p.chains !== undefined) {
    if (!Array.isArray(p.chains)) fail(where, 'chains', 'a list of chains', p.chains)
    p.chains.forEach((c, i) => checkChain(c, where, `chains[${i}]`))
  }
  if (p.priceTable !== undefined) {
    checkUsdTable(p.priceTable, where, 'priceTable')
    // By chain and address, never by symbol: a symbol is anyone's to take.
    const bad = Object.keys(p.priceTable).find((k) => !PriceKeyRe.test(k))
    if (bad !== undefined) fail(where, 'priceTable', 'keys "<chain>:<token address>" or "<chain>:native"', bad)
  }
  if (p.spamTokens !== undefined) {
    checkStringList(p.spamTokens, where, 'spamTokens (FOYER_SPAM_TOKENS)')
    const bad = p.spamTokens.find(
      (t) => !/^((eip155:\d+:)?0x[0-9a-fA-F]{40}|solana:[1-9A-HJ-NP-Za-km-z]{32}:[1-9A-HJ-NP-Za-km-z]{32,44})$/.test(t),
    )
    if (bad !== undefined) fail(where, 'spamTokens (FOYER_SPAM_TOKENS)', 'CAIP-10 token ids or 0x addresses', bad)
  }
  if (p.priceApiUrl !== undefined)
    checkUrl(p.priceApiUrl, where, 'priceApiUrl (FOYER_PRICE_API_URL)', ['http:', 'https:'])
  checkServiceSettings(p, where)
  if (p.secureSite !== undefined) checkSecureSiteSettings(p.secureSite, where)
  return p
}

// The settings of the services next to the API (FOYER_SERVICES, relay, local chains, indexer, demo).
function checkServiceSettings(p: Partial<ServerConfig>, where: string): void {
  if (p.redisUrl !== undefined) checkUrl(p.redisUrl, where, 'redisUrl (REDIS_URL)', ['redis:', 'rediss:'])
  if (p.services !== undefined) checkStringList(p.services, where, 'services (FOYER_SERVICES)')
  if (p.relayPort !== undefined) checkPort(p.relayPort, where, 'relayPort (FOYER_RELAY_PORT)')
  if (p.relayPublicUrl !== undefined)
    checkUrl(p.relayPublicUrl, where, 'relayPublicUrl', ['ws:', 'wss:', 'http:', 'https:'])
  if (p.relayProjectIdPattern !== undefined) {
    try {
      new RegExp(p.relayProjectIdPattern)
    } catch {
      fail(where, 'relayProjectIdPattern', 'a regular expression', p.relayProjectIdPattern)
    }
  }
  if (p.relayLimits !== undefined) checkRelayLimits(p.relayLimits, where)
  if (p.apiLimits !== undefined) checkApiLimits(p.apiLimits, where)
  if (p.localChains !== undefined) {
    if (!Array.isArray(p.localChains)) fail(where, 'localChains', 'a list of { chainId, port? }', p.localChains)
    p.localChains.forEach((c, i) => {
      if (!isRecord(c) || !Number.isInteger(c.chainId) || c.chainId <= 0 || c.chainId >= 2 ** 31)
        fail(where, `localChains[${i}].chainId (FOYER_LOCAL_CHAINS)`, 'an integer in 1..2147483647', c?.chainId)
      if (c.port !== undefined) checkPort(c.port, where, `localChains[${i}].port`)
    })
  }
  if (p.fund !== undefined) {
    checkStringList(p.fund, where, 'fund (FOYER_FUND)')
    const bad = p.fund.find((a) => !/^0x[0-9a-fA-F]{40}$/.test(a))
    if (bad !== undefined) fail(where, 'fund (FOYER_FUND)', 'a list of 0x addresses', bad)
  }
  checkSolanaSettings(p, where)
  if (p.exchangePort !== undefined) checkPort(p.exchangePort, where, 'exchangePort (FOYER_EXCHANGE_PORT)')
  if (p.onrampPort !== undefined) checkPort(p.onrampPort, where, 'onrampPort (FOYER_ONRAMP_PORT)')
  if (
    p.onrampFeeBps !== undefined &&
    (!Number.isInteger(p.onrampFeeBps) || p.onrampFeeBps < 100 || p.onrampFeeBps > 200)
  )
    fail(where, 'onrampFeeBps (FOYER_ONRAMP_FEE_BPS)', 'an integer from 100 to 200 (1–2 %)', p.onrampFeeBps)
  if (p.indexerPollMs !== undefined && (!Number.isInteger(p.indexerPollMs) || p.indexerPollMs < 10))
    fail(where, 'indexerPollMs', 'an integer of at least 10', p.indexerPollMs)
  if (
    p.indexerLeaderRetryMs !== undefined &&
    (!Number.isInteger(p.indexerLeaderRetryMs) || p.indexerLeaderRetryMs < 50)
  )
    fail(where, 'indexerLeaderRetryMs', 'an integer of at least 50', p.indexerLeaderRetryMs)
  for (const k of ['analyticsSampleOneIn'] as const)
    if (p[k] !== undefined && (!Number.isInteger(p[k]) || p[k] < 1)) fail(where, k, 'a positive integer', p[k])
  for (const k of [
    'analyticsRateLimitPerIp',
    'analyticsProjectCapPerHour',
    'apiRateLimitPerIp',
    'apiRateLimitPerProject',
    'relayRateLimitPerIp',
    'relayRateLimitPerProject',
    'namesPerAddress',
    'relayProjectAllowancePerIp',
  ] as const)
    if (p[k] !== undefined && (!Number.isInteger(p[k]) || (p[k] as number) < 0))
      fail(where, k, 'a non-negative integer', p[k])
  if (
    p.rateLimitWindowSeconds !== undefined &&
    (!Number.isInteger(p.rateLimitWindowSeconds) || p.rateLimitWindowSeconds < 1)
  )
    fail(where, 'rateLimitWindowSeconds', 'a positive integer', p.rateLimitWindowSeconds)
  if (p.shutdownDrainMs !== undefined && (!Number.isInteger(p.shutdownDrainMs) || p.shutdownDrainMs < 0))
    fail(where, 'shutdownDrainMs', 'a non-negative integer', p.shutdownDrainMs)
  if (p.redisPrefix !== undefined && typeof p.redisPrefix !== 'string')
    fail(where, 'redisPrefix', 'a string', p.redisPrefix)
  if (p.trustProxy !== undefined) checkTrustProxy(p.trustProxy, where)
  if (
    p.rateLimitIpv6Prefix !== undefined &&
    (!Number.isInteger(p.rateLimitIpv6Prefix) || p.rateLimitIpv6Prefix < 1 || p.rateLimitIpv6Prefix > 128)
  )
    fail(where, 'rateLimitIpv6Prefix (FOYER_RATE_LIMIT_IPV6_PREFIX)', 'an integer from 1 to 128', p.rateLimitIpv6Prefix)
  if (p.demoPort !== undefined) checkPort(p.demoPort, where, 'demoPort (FOYER_DEMO_PORT)')
  if (
    p.demoProjectId !== undefined &&
    (typeof p.demoProjectId !== 'string' || !/^[0-9a-f]{32}$/i.test(p.demoProjectId))
  )
    fail(where, 'demoProjectId (FOYER_PROJECT_ID)', '32 hex digits', p.demoProjectId)
  // The key itself is never echoed in an error: only that it is malformed.
  if (
    p.siwxSigningKey !== undefined &&
    (typeof p.siwxSigningKey !== 'string' || !/^\s*(\{|-----BEGIN PRIVATE KEY-----)/.test(p.siwxSigningKey))
  )
    fail(where, 'siwxSigningKey (FOYER_SIWX_SIGNING_KEY)', 'a private JWK (JSON) or a PKCS#8 PEM', '(hidden)')
  for (const [key, min, env] of [
    ['siwxSessionTtlSeconds', 60, 'FOYER_SIWX_SESSION_TTL'],
    ['siwxNonceTtlSeconds', 10, 'FOYER_SIWX_NONCE_TTL'],
  ] as const)
    if (p[key] !== undefined && (!Number.isInteger(p[key]) || p[key] < min))
      fail(where, `${key} (${env})`, `an integer of at least ${min} (seconds)`, p[key])
}

function checkSolanaSettings(p: Partial<ServerConfig>, where: string): void {
  if (p.solanaChains !== undefined) {
    if (!Array.isArray(p.solanaChains)) fail(where, 'solanaChains', 'a list of Solana chains', p.solanaChains)
    p.solanaChains.forEach((c, i) => checkSolanaChain(c, where, `solanaChains[${i}]`))
  }
  if (p.localSolana !== undefined && typeof p.localSolana !== 'boolean')
    fail(where, 'localSolana (FOYER_LOCAL_SOLANA)', 'a boolean', p.localSolana)
  if (p.solanaPort !== undefined) checkPort(p.solanaPort, where, 'solanaPort (FOYER_SOLANA_PORT)')
  if (p.solanaFund !== undefined) {
    checkStringList(p.solanaFund, where, 'solanaFund (FOYER_SOLANA_FUND)')
    const bad = p.solanaFund.find((a) => !SOLANA_ADDRESS.test(a))
    if (bad !== undefined) fail(where, 'solanaFund (FOYER_SOLANA_FUND)', 'a list of base58 Solana addresses', bad)
  }
}

// A setting given as a JSON object in one environment variable (checked with the rest afterwards).
function parseJsonSetting<T>(raw: string, name: string): T {
  try {
    return JSON.parse(raw) as T
  } catch (err) {
    throw new ConfigError(`${name} is not valid JSON: ${(err as Error).message}`)
  }
}
