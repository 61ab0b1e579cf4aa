// Issue 30, item 3: anyone can read a public project id, so its relay connection budget must not be a kill switch.
// 52 addresses (127.0.0.2 … 127.0.0.53) open all the connections their per-address budget allows, which together
// exhaust the project's budget; addresses that have not abused the project still get in. At budgets scaled down on
// memory and Redis (where the attackers do exhaust the project's budget), and once at the default budgets.
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.js'
import { startServices } from '../compose.js'
import { relayService } from './service.js'
import { createRelayClientKey, signRelayJwt } from './jwt.js'
import { connectRawClient } from './raw-client.js'
import { redisAvailable, testPrefix, testRedisUrl } from './redis-testing.js'

const PROJECT_ID = 'f0e1d2c3b4a5968778695a4b3c2d1e0f'
const ATTACKER_IPS = Array.from({ length: 52 }, (_, i) => `127.0.0.${i + 2}`)

/** The HTTP status of one WebSocket upgrade from `ip` (a bare request: the attacker skips the handshake's rest). */
function upgradeStatus(url: string, ip: string, auth: string): Promise<number> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress: ip }, () =>
      socket.write(
        `GET /?auth=${auth}&projectId=${PROJECT_ID} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    )
    socket.once('data', (d) => {
      resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(d.toString())?.[1]))
      socket.destroy()
    })
    socket.once('error', reject)
  })
}

/** Opens sockets from `ip` until the relay answers 429 or `max` were opened; returns how many were accepted. */
async function exhaust(url: string, ip: string, max: number): Promise<number> {
  const auth = signRelayJwt(createRelayClientKey(), { aud: url })
  for (let n = 0; n < max; n++) {
    const status = await upgradeStatus(url, ip, auth)
    if (status === 429) return n
    expect(status).toBe(101)
  }
  return max
}

async function attackThenServeHonest(env: Record<string, string>) {
  const config = loadConfig({ FOYER_SERVICES: 'relay', FOYER_RELAY_PORT: '0', ...env })
  const services = await startServices(config, [relayService])
  try {
    const url = services.get('relay')!.url
    const opened = await Promise.all(ATTACKER_IPS.map((ip) => exhaust(url, ip, config.relayRateLimitPerIp + 2)))
    // The attackers took what their addresses allow and, together, the project's whole budget or more.
    expect(opened.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(config.relayRateLimitPerProject)
    // An abuser is still refused …
    const abuser = await upgradeStatus(url, ATTACKER_IPS[0], signRelayJwt(createRelayClientKey(), { aud: url }))
    expect(abuser).toBe(429)
    // … while the project's honest clients on other addresses connect, and reconnect a few times.
    for (const ip of ['127.0.0.1', '127.0.0.60', '127.0.0.61'])
      for (let i = 0; i < 3; i++) {
        const c = await connectRawClient(url, { localAddress: ip, projectId: PROJECT_ID })
        await c.request('irn_subscribe', { topic: `honest-${ip}-${i}` })
        await c.close()
      }
  } finally {
    await services.close()
  }
}

describe.each(redisAvailable ? (['memory', 'redis'] as const) : (['memory'] as const))(
  'relay connection budget of a public project id (limits on %s)',
  (backend) => {
    it('52 addresses exhausting the project (budgets scaled down) leave room for the others', async () => {
      const redis: Record<string, string> =
        backend === 'redis' ? { REDIS_URL: await testRedisUrl(), FOYER_REDIS_PREFIX: testPrefix('pb') } : {}
      // 52 × (12 - 3) connections past the addresses' allowances exhaust the project's 400.
      await attackThenServeHonest({
        FOYER_RELAY_RATE_LIMIT_IP: '12',
        FOYER_RELAY_RATE_LIMIT_PROJECT: '400',
        FOYER_RELAY_PROJECT_ALLOWANCE_IP: '3',
        ...redis,
      })
    })
  },
)

describe('relay connection budget of a public project id at the default budgets', () => {
  it('52 addresses exhausting the project leave room for the others', async () => {
    // The whole attack must fit in one rate-limit window (60 s) to exhaust the project at all.
    await attackThenServeHonest({})
  }, 90_000)
})
