// The API's per-IP rate limit counts the client's address (issue 30): behind a trusted proxy the one the proxy
// forwarded, never one the client wrote itself, and IPv6 clients by their /64. The first two tests run the default
// limit (1200 requests a minute per address); the trust variants use a small one so they stay quick.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, type ServerConfig } from '../config.js'
import { closeTestAgents, requestFrom } from '../net/testing.js'
import { openServiceLimiter } from '../rate-limit/limiter.js'
import type { Store } from '../store/store.js'
import { startApi, type RunningApi } from './server.js'
import { openTestStore } from './testing/store.js'

let store: Store
const running: RunningApi[] = []
beforeAll(async () => {
  store = await openTestStore()
})
afterAll(async () => {
  closeTestAgents()
  for (const api of running) await api.close()
  await store?.close()
})

/** An API with its limiter, configured as the environment `env` says. */
async function api(env: Record<string, string>, host = '127.0.0.1', config: Partial<ServerConfig> = {}) {
  const cfg = { ...loadConfig(env), port: 0, ...config }
  const limiter = await openServiceLimiter(cfg, 'api')
  const a = await startApi({ store, host, config: cfg, extra: { limiter } })
  running.push({ ...a, close: async () => (await a.close(), await limiter.close()) })
  return a
}

/** `n` requests to a route the limit counts, each with the X-Forwarded-For of `forwarded(i)`; their statuses. */
async function hits(url: string, n: number, forwarded: (i: number) => string | undefined, from?: string) {
  const statuses: number[] = []
  for (let i = 0; i < n; i++) {
    const xff = forwarded(i)
    statuses.push(
      (await requestFrom(`${url}/v1/not-a-route`, { from, headers: xff ? { 'x-forwarded-for': xff } : {} })).status,
    )
  }
  return statuses
}

describe('the API behind a proxy, default limits', () => {
  const PER_IP = loadConfig({}).apiRateLimitPerIp

  it('with FOYER_TRUST_PROXY=1 counts the address the proxy appended, not the ones the client wrote', async () => {
    const a = await api({ FOYER_TRUST_PROXY: '1' })
    // the client writes a new address on every request; the proxy appends the one it really came from
    const statuses = await hits(a.url, PER_IP + 1, (i) => `10.${i >> 8}.${i & 255}.1, 203.0.113.7`)
    expect(statuses.slice(0, PER_IP).every((s) => s === 404)).toBe(true)
    expect(statuses[PER_IP]).toBe(429)
    expect(await hits(a.url, 1, () => '10.0.0.1, 203.0.113.8')).toEqual([404])
  }, 240_000)

  it('counts IPv6 clients by /64: a whole /64 shares one budget, the next /64 has its own', async () => {
    const a = await api({ FOYER_TRUST_PROXY: 'loopback' }, '::1')
    const statuses = await hits(a.url, PER_IP + 1, (i) => `2001:db8:0:1:${i.toString(16)}::1`)
    expect(statuses.slice(0, PER_IP).every((s) => s === 404)).toBe(true)
    expect(statuses[PER_IP]).toBe(429)
    expect(await hits(a.url, 1, () => '2001:db8:0:2::1')).toEqual([404])
  }, 240_000)
})

describe('the API behind a proxy, a limit of 5 a minute', () => {
  const small = { apiRateLimitPerIp: 5 }

  it('believes no X-Forwarded-For when no proxy is trusted', async () => {
    const a = await api({}, '127.0.0.1', small)
    expect(await hits(a.url, 6, (i) => `198.51.100.${i}`, '127.0.0.2')).toEqual([404, 404, 404, 404, 404, 429])
  })

  it('with a list, believes the header from a listed proxy only', async () => {
    const a = await api({ FOYER_TRUST_PROXY: '127.0.0.1' }, '127.0.0.1', small)
    // from the proxy: six visitors
    expect(await hits(a.url, 6, (i) => `198.51.100.${i}`, '127.0.0.1')).toEqual(Array(6).fill(404))
    // from 127.0.0.5, which is not the proxy: one visitor, whatever it writes
    expect(await hits(a.url, 6, (i) => `198.51.100.${i}`, '127.0.0.5')).toEqual([404, 404, 404, 404, 404, 429])
  })

  it('with a hop count of 2, takes the second address from the right', async () => {
    const a = await api({ FOYER_TRUST_PROXY: '2' }, '127.0.0.1', small)
    const statuses = await hits(a.url, 6, (i) => `198.51.100.${i}, 203.0.113.9, 10.0.0.${i}`)
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429])
  })
})
