// Every rate limit of the server, with rate-limiter-flexible over the shared store a deployment already has: Redis
// when REDIS_URL is set, else PostgreSQL when DATABASE_URL is set, else this process's memory. `openLimits` counts
// named budgets per key (the secure site's email codes: per address, per client IP, the resend cooldown);
// `openRateLimiter` is the API's and the relay's per-IP and per-project pair over it. Every process on one store
// counts against the same budget. Keys of the `ip` scope are client addresses, counted by addressKey: IPv6 by prefix.
import type { ServerConfig } from '../config.js'
import { addressKey, DEFAULT_IPV6_PREFIX } from '../net/client-address.js'

/** One budget: `points` requests per `seconds`; 0 points means unlimited. */
export interface Budget {
  points: number
  seconds: number
}

/** The verdict on one request; `scope` names the budget that refused it. */
export type Verdict<S extends string = 'ip' | 'project'> =
  { ok: true } | { ok: false; retryAfterSeconds: number; scope: S }

/** Where counters live. */
export type LimitBackend = 'memory' | 'redis' | 'postgres'

/** Where to keep the counters: Redis, else PostgreSQL, else memory. */
export interface LimitStore {
  redisUrl?: string
  databaseUrl?: string
  /** Prefix of the counters' keys (tests isolate themselves with one). */
  prefix?: string
  /** Prefix length IPv6 client addresses are counted by (default 64). */
  ipv6Prefix?: number
}

/** A budget to take from: scope, key and, when not one, how many points (e.g. bytes). */
export type LimitEntry<S extends string> = readonly [S, string] | readonly [S, string, number]

/** Budgets by scope, counted per key on one store. */
export interface Limits<S extends string> {
  readonly backend: LimitBackend
  /** The key a client address is counted under (IPv6 by prefix); the `ip` scope applies it itself. */
  address(ip: string): string
  /**
   * Takes points (one, or the entry's third element) from each `[scope, key]` in turn; a refusal gives the earlier
   * points back and is answered.
   */
  take(entries: ReadonlyArray<LimitEntry<S>>): Promise<Verdict<S>>
  /** Gives back points taken for an attempt that did not happen (e.g. a mail that failed to send). */
  refund(entries: ReadonlyArray<LimitEntry<S>>): Promise<void>
  close(): Promise<void>
}

/** Options of {@link openLimits}. */
export interface LimitsOptions<S extends string> extends LimitStore {
  /** Separates one user's counters from another's (e.g. "api", "relay", "email"). */
  name: string
  budgets: Record<S, Budget>
  /** When the store is away: let requests through (default: serving beats refusing everyone) or throw. */
  onStoreError?: 'allow' | 'throw'
}

/** Counts requests per IP and per project. */
export interface RateLimiter {
  readonly backend: LimitBackend
  /** Takes one point from the IP's budget and, when a project is named, from the project's. */
  take(ip: string, projectId: string | undefined): Promise<Verdict>
  close(): Promise<void>
}

/** Options of {@link openRateLimiter}. */
export interface RateLimiterOptions extends LimitStore {
  /** Separates the API's counters from the relay's (e.g. "api", "relay"). */
  name: string
  perIp: Budget
  perProject: Budget
}

/** The configured limit store: Redis, else PostgreSQL, else memory, under the deployment's key prefix. */
export const limitStoreOf = (config: ServerConfig): LimitStore => ({
  redisUrl: config.redisUrl,
  databaseUrl: config.databaseUrl,
  prefix: `${config.redisPrefix}rl:`,
  ipv6Prefix: config.rateLimitIpv6Prefix,
})

/** The budgets of `service` from the config. */
export function budgetsOf(
  config: ServerConfig,
  service: 'api' | 'relay',
): Pick<RateLimiterOptions, 'perIp' | 'perProject'> {
  const window = config.rateLimitWindowSeconds
  return service === 'api'
    ? {
        perIp: { points: config.apiRateLimitPerIp, seconds: window },
        perProject: { points: config.apiRateLimitPerProject, seconds: window },
      }
    : {
        perIp: { points: config.relayRateLimitPerIp, seconds: window },
        perProject: { points: config.relayRateLimitPerProject, seconds: window },
      }
}

/** Opens `service`'s limiter with its budgets on the configured store (Redis, else PostgreSQL, else memory). */
export function openServiceLimiter(config: ServerConfig, service: 'api' | 'relay'): Promise<RateLimiter> {
  return openRateLimiter({ name: service, ...budgetsOf(config, service), ...limitStoreOf(config) })
}

/** Opens the API's or the relay's per-IP and per-project limiter on the configured store. */
export async function openRateLimiter(opts: RateLimiterOptions): Promise<RateLimiter> {
  const limits = await openLimits({ ...opts, budgets: { ip: opts.perIp, project: opts.perProject } })
  return {
    backend: limits.backend,
    take: (ip, projectId) =>
      limits.take(
        projectId
          ? [
              ['ip', ip],
              ['project', projectId],
            ]
          : [['ip', ip]],
      ),
    close: () => limits.close(),
  }
}

type Flex = typeof import('rate-limiter-flexible')
type FlexLimiter = InstanceType<Flex['RateLimiterAbstract']>

/** Opens `opts.budgets` on the configured store. */
export async function openLimits<S extends string>(opts: LimitsOptions<S>): Promise<Limits<S>> {
  const flex = await import('rate-limiter-flexible')
  const prefix = `${opts.prefix ?? 'foyer:rl:'}${opts.name}:`
  const scopes = Object.keys(opts.budgets) as S[]
  const { backend, make, close } = await openBackend(flex, opts)
  const limiters = {} as Record<S, FlexLimiter>
  // one after another: PostgreSQL's CREATE TABLE IF NOT EXISTS can trip over itself when run side by side
  try {
    for (const s of scopes) limiters[s] = await make(`${prefix}${s}`, opts.budgets[s])
  } catch (err) {
    await close()
    throw err
  }

  const address = (ip: string) => addressKey(ip, opts.ipv6Prefix ?? DEFAULT_IPV6_PREFIX)
  const keyOf = (scope: S, key: string) => (scope === 'ip' ? address(key) : key)
  const consume = async (scope: S, key: string, points = 1): Promise<Verdict<S>> => {
    try {
      await limiters[scope].consume(keyOf(scope, key), points)
      return { ok: true }
    } catch (res) {
      if (res instanceof flex.RateLimiterRes)
        return { ok: false, scope, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) }
      // The store is away: /readyz reports it; serving beats refusing everyone unless the user says otherwise.
      if (opts.onStoreError === 'throw') throw res
      return { ok: true }
    }
  }
  const refund = async (entries: ReadonlyArray<LimitEntry<S>>) => {
    await Promise.allSettled(
      entries
        .filter(([s]) => opts.budgets[s].points > 0)
        .map(([s, key, points]) => limiters[s].reward(keyOf(s, key), points ?? 1)),
    )
  }
  return {
    backend,
    address,
    async take(entries) {
      const taken: Array<LimitEntry<S>> = []
      for (const entry of entries) {
        if (opts.budgets[entry[0]].points <= 0) continue
        const verdict = await consume(entry[0], entry[1], entry[2]).catch(async (err: unknown) => {
          await refund(taken)
          throw err
        })
        if (!verdict.ok) {
          await refund(taken)
          return verdict
        }
        taken.push(entry)
      }
      return { ok: true }
    },
    refund,
    close,
  }
}

/** The store's client and a maker of limiters on it. */
async function openBackend(
  flex: Flex,
  store: LimitStore,
): Promise<{
  backend: LimitBackend
  make(keyPrefix: string, b: Budget): Promise<FlexLimiter>
  close(): Promise<void>
}> {
  if (store.redisUrl) {
    const { Redis } = await import('ioredis')
    const client = new Redis(store.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3, enableOfflineQueue: true })
    client.on('error', () => {}) // reconnects on its own; a failed count is the caller's choice (onStoreError)
    await client.connect()
    return {
      backend: 'redis',
      make: async (keyPrefix, b) =>
        new flex.RateLimiterRedis({ storeClient: client, keyPrefix, points: b.points, duration: b.seconds }),
      close: async () => void (await client.quit().catch(() => {})),
    }
  }
  if (store.databaseUrl) {
    const { default: pg } = await import('pg')
    const pool = new pg.Pool({ connectionString: store.databaseUrl, max: 2 })
    pool.on('error', () => {})
    return {
      backend: 'postgres',
      // Each limiter makes sure its table exists before it is used.
      make: (keyPrefix, b) =>
        new Promise((resolve, reject) => {
          const limiter: FlexLimiter = new flex.RateLimiterPostgres(
            {
              storeClient: pool,
              storeType: 'pool',
              tableName: 'foyer_rate_limits',
              keyPrefix,
              points: b.points,
              duration: b.seconds,
            },
            (err?: Error) => (err ? reject(err) : resolve(limiter)),
          )
        }),
      close: () => pool.end(),
    }
  }
  return {
    backend: 'memory',
    make: async (keyPrefix, b) => new flex.RateLimiterMemory({ keyPrefix, points: b.points, duration: b.seconds }),
    close: async () => {},
  }
}
