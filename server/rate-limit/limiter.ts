// Rate limits per client IP and per project, with rate-limiter-flexible over the shared store a deployment already
// has: Redis when REDIS_URL is set, else PostgreSQL when DATABASE_URL is set, else this process's memory. Every API
// and relay process on one store counts against the same budget.
import type { ServerConfig } from '../config.js'

/** One budget: `points` requests per `seconds`; 0 points means unlimited. */
export interface Budget {
  points: number
  seconds: number
}

/** The verdict on one request. */
export type Verdict = { ok: true } | { ok: false; retryAfterSeconds: number; scope: 'ip' | 'project' }

/** Counts requests per IP and per project. */
export interface RateLimiter {
  readonly backend: 'memory' | 'redis' | 'postgres'
  /** Takes one point from the IP's budget and, when a project is named, from the project's. */
  take(ip: string, projectId: string | undefined): Promise<Verdict>
  close(): Promise<void>
}

/** Options of {@link openRateLimiter}. */
export interface RateLimiterOptions {
  /** Separates the API's counters from the relay's (e.g. "api", "relay"). */
  name: string
  perIp: Budget
  perProject: Budget
  redisUrl?: string
  databaseUrl?: string
  /** Prefix of the counters' keys (tests isolate themselves with one). */
  prefix?: string
}

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
  return openRateLimiter({
    name: service,
    ...budgetsOf(config, service),
    redisUrl: config.redisUrl,
    databaseUrl: config.databaseUrl,
    prefix: `${config.redisPrefix}rl:`,
  })
}

/** Opens the limiter on the configured store. */
export async function openRateLimiter(opts: RateLimiterOptions): Promise<RateLimiter> {
  const flex = await import('rate-limiter-flexible')
  const prefix = `${opts.prefix ?? 'foyer:rl:'}${opts.name}:`
  const closers: Array<() => Promise<unknown>> = []
  let backend: RateLimiter['backend'] = 'memory'
  let make: (keyPrefix: string, b: Budget) => InstanceType<typeof flex.RateLimiterAbstract>
  if (opts.redisUrl) {
    const { Redis } = await import('ioredis')
    const client = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3, enableOfflineQueue: true })
    client.on('error', () => {}) // reconnects on its own; a failed count lets the request through (see take)
    await client.connect()
    closers.push(() => client.quit())
    backend = 'redis'
    make = (keyPrefix, b) =>
      new flex.RateLimiterRedis({ storeClient: client, keyPrefix, points: b.points, duration: b.seconds })
  } else if (opts.databaseUrl) {
    const { default: pg } = await import('pg')
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 2 })
    pool.on('error', () => {})
    closers.push(() => pool.end())
    backend = 'postgres'
    const tables: Array<Promise<void>> = []
    make = (keyPrefix, b) => {
      let limiter!: InstanceType<typeof flex.RateLimiterPostgres>
      tables.push(
        new Promise<void>((resolve, reject) => {
          limiter = new flex.RateLimiterPostgres(
            {
              storeClient: pool,
              storeType: 'pool',
              tableName: 'foyer_rate_limits',
              keyPrefix,
              points: b.points,
              duration: b.seconds,
            },
            (err?: Error) => (err ? reject(err) : resolve()),
          )
        }),
      )
      return limiter
    }
    const ip = make(`${prefix}ip`, opts.perIp)
    const project = make(`${prefix}project`, opts.perProject)
    await Promise.all(tables)
    return wrap(ip, project)
  } else {
    make = (keyPrefix, b) => new flex.RateLimiterMemory({ keyPrefix, points: b.points, duration: b.seconds })
  }
  return wrap(make(`${prefix}ip`, opts.perIp), make(`${prefix}project`, opts.perProject))

  function wrap(
    ip: InstanceType<typeof flex.RateLimiterAbstract>,
    project: InstanceType<typeof flex.RateLimiterAbstract>,
  ): RateLimiter {
    const consume = async (
      limiter: InstanceType<typeof flex.RateLimiterAbstract>,
      budget: Budget,
      key: string,
      scope: 'ip' | 'project',
    ): Promise<Verdict> => {
      if (budget.points <= 0) return { ok: true }
      try {
        await limiter.consume(key)
        return { ok: true }
      } catch (res) {
        if (res instanceof flex.RateLimiterRes)
          return { ok: false, scope, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) }
        // The store is away: serving beats refusing everyone; /readyz reports the store.
        return { ok: true }
      }
    }
    return {
      backend,
      async take(ipAddress, projectId) {
        const byIp = await consume(ip, opts.perIp, ipAddress, 'ip')
        if (!byIp.ok || !projectId) return byIp
        return consume(project, opts.perProject, projectId, 'project')
      },
      async close() {
        await Promise.allSettled(closers.map((c) => c()))
      },
    }
  }
}
