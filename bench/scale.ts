// `npm run bench:server` (last part): does a second process add capacity? Relay messages/s with 1 and 2 relay
// processes on Redis (the pairs' two ends on different processes when there are two), and API requests/s with 1 and
// 2 API processes on PostgreSQL, each process a real `npm run server` (FOYER_SERVICES=relay / api). Uses $REDIS_URL
// and $DATABASE_URL, else starts a private redis-server and server/store/ci-postgres.sh's cluster.
// Run: npx tsx bench/scale.ts [--clients 100] [--messages 30000] [--seconds 5] [--connections 10]
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { connectRawClient, type RawRelayClient } from '../server/relay/raw-client.js'
import { testRedisUrl } from '../server/relay/redis-testing.js'
import { BENCH_RELAY_LIMITS } from './relay-limits.js'
import { startServerProcess, withSchema, type ServerProcess } from '../tests/server/processes.js'

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN
  return Number.isFinite(v) && v > 0 ? v : fallback
}

// The limits would measure the limiters, not the processes; the bench lifts them.
const UNLIMITED = { FOYER_API_RATE_LIMIT_IP: '0', FOYER_API_RATE_LIMIT_PROJECT: '0', FOYER_RELAY_RATE_LIMIT_IP: '0' }

async function relayRun(
  processes: number,
  redisUrl: string,
): Promise<{ delivered: number; seconds: number; rate: number; errors: number }> {
  const env = {
    ...UNLIMITED,
    REDIS_URL: redisUrl,
    FOYER_REDIS_PREFIX: `foyer-bench:${Date.now()}:${processes}:`,
    FOYER_SERVICES: 'relay',
    FOYER_RELAY_PUBLISH_RATE: '1000000',
    FOYER_RELAY_LIMITS: JSON.stringify(BENCH_RELAY_LIMITS),
  }
  const relays: ServerProcess[] = await Promise.all(
    Array.from({ length: processes }, () => startServerProcess(env, /^relay ws/m)),
  )
  const clientCount = Math.max(2, Math.floor(arg('clients', 100) / 2) * 2)
  const total = arg('messages', 30_000)
  const window = 8
  const clients: RawRelayClient[] = []
  // Client i on relay i mod n: with two relays, the two ends of every pair are on different processes.
  for (let i = 0; i < clientCount; i += 10)
    clients.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, clientCount - i) }, (_, k) =>
          connectRawClient(relays[(i + k) % processes].url('relay')),
        ),
      )),
    )
  const topics = Array.from({ length: clientCount / 2 }, () => randomBytes(32).toString('hex'))
  await Promise.all(clients.map((c, i) => c.request('irn_subscribe', { topic: topics[i >> 1] })))
  let delivered = 0
  for (const c of clients) c.onDelivery(() => delivered++)
  const padding = randomBytes(512).toString('base64').slice(0, 512)
  let sent = 0
  let errors = 0
  const perClient = Math.ceil(total / clientCount)
  const start = performance.now()
  await Promise.all(
    clients.map(async (c, i) => {
      let mine = 0
      const lane = async () => {
        while (mine < perClient && sent < total) {
          mine++
          sent++
          await c
            .request('irn_publish', { topic: topics[i >> 1], message: `${i}:${mine}:${padding}`, ttl: 60, tag: 1108 })
            .catch(() => errors++)
        }
      }
      await Promise.all(Array.from({ length: window }, lane))
    }),
  )
  const until = performance.now() + 5000
  while (delivered < sent - errors && performance.now() < until) await new Promise((r) => setTimeout(r, 5))
  const seconds = (performance.now() - start) / 1000
  await Promise.all(clients.map((c) => c.close()))
  await Promise.all(relays.map((r) => r.kill('SIGTERM')))
  return { delivered, seconds: Number(seconds.toFixed(2)), rate: Math.round(delivered / seconds), errors }
}

async function apiRun(
  processes: number,
  databaseUrl: string,
  schema: string,
): Promise<{ requests: number; seconds: number; rate: number; errors: number }> {
  const env = { ...UNLIMITED, FOYER_SERVICES: 'api', DATABASE_URL: withSchema(databaseUrl, schema) }
  const apis: ServerProcess[] = []
  for (let i = 0; i < processes; i++) apis.push(await startServerProcess(env)) // one at a time: the seed takes turns
  const seconds = arg('seconds', 5)
  const connections = arg('connections', 10)
  const words = ['meta', 'trust', 'rain', 'coin', 'ledger', 'wallet', 'safe', 'zer']
  let requests = 0
  let errors = 0
  let n = 0
  const deadline = performance.now() + seconds * 1000
  const start = performance.now()
  await Promise.all(
    Array.from({ length: connections }, async (_, w) => {
      const base = apis[w % processes].url('API')
      while (performance.now() < deadline) {
        const res = await fetch(`${base}/v1/wallets?entries=40&search=${words[n++ % words.length]}`).catch(() => null)
        if (res?.ok) {
          await res.arrayBuffer()
          requests++
        } else errors++
      }
    }),
  )
  const elapsed = (performance.now() - start) / 1000
  await Promise.all(apis.map((a) => a.kill('SIGTERM')))
  return { requests, seconds: Number(elapsed.toFixed(2)), rate: Math.round(requests / elapsed), errors }
}

const redisUrl = await testRedisUrl()
const databaseUrl =
  process.env.DATABASE_URL ?? execFileSync('bash', ['server/store/ci-postgres.sh'], { encoding: 'utf8' }).trim()
const schema = `bench_scale_${process.pid}`
const db = new pg.Client({ connectionString: databaseUrl })
await db.connect()
await db.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`)
try {
  const relay1 = await relayRun(1, redisUrl)
  const relay2 = await relayRun(2, redisUrl)
  const api1 = await apiRun(1, databaseUrl, schema)
  const api2 = await apiRun(2, databaseUrl, schema)
  const ratio = (a: number, b: number) => Number((b / a).toFixed(2))
  console.log(
    `scale bench: relay on Redis (${arg('clients', 100)} clients, 512-byte messages, 8 in flight each); API wallet search on PostgreSQL (${arg('connections', 10)} connections); every process a real \`npm run server\`; machine: ${(await import('node:os')).cpus().length} cores, load ${(await import('node:os')).loadavg()[0].toFixed(1)}`,
  )
  console.table({
    'relay, 1 process': { 'per second': relay1.rate, done: relay1.delivered, errors: relay1.errors, s: relay1.seconds },
    'relay, 2 processes': {
      'per second': relay2.rate,
      done: relay2.delivered,
      errors: relay2.errors,
      s: relay2.seconds,
    },
    'API, 1 process': { 'per second': api1.rate, done: api1.requests, errors: api1.errors, s: api1.seconds },
    'API, 2 processes': { 'per second': api2.rate, done: api2.requests, errors: api2.errors, s: api2.seconds },
  })
  console.log(`ratio 2:1 — relay ${ratio(relay1.rate, relay2.rate)}, API ${ratio(api1.rate, api2.rate)}`)
  console.log(
    JSON.stringify({
      bench: 'scale',
      relay1,
      relay2,
      api1,
      api2,
      relayRatio: ratio(relay1.rate, relay2.rate),
      apiRatio: ratio(api1.rate, api2.rate),
    }),
  )
} finally {
  await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  await db.end()
}
process.exit(0)
