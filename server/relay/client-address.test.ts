// The relay's per-address shares count the client's address (issue 30): behind a trusted proxy the one the proxy
// forwarded, never one the client wrote itself; IPv6 clients by their /64. The first test keeps the default share
// (200 sockets per address); the trust variants use a share of 2 so they stay quick.
import { afterAll, describe, expect, it } from 'vitest'
import type { WebSocket } from 'ws'
import type { TrustProxy } from '../net/client-address.js'
import { upgradeFrom } from '../net/testing.js'
import { createRelayClientKey, signRelayJwt } from './jwt.js'
import { DEFAULT_LIMITS } from './limits.js'
import { startRelay, type RelayOptions, type RunningRelay } from './relay.js'

const PROJECT_ID = 'f0e1d2c3b4a5968778695a4b3c2d1e0f'
const relays: RunningRelay[] = []
const sockets: WebSocket[] = []

afterAll(async () => {
  for (const s of sockets) s.terminate()
  for (const r of relays) await r.close()
})

async function relay(trustProxy: TrustProxy, opts: RelayOptions = {}) {
  const r = await startRelay({ trustProxy, drainMs: 0, ...opts })
  relays.push(r)
  /** Opens a socket as a new client from `from` with `forwarded` as its X-Forwarded-For; the upgrade's status. */
  return async (forwarded: string | undefined, from?: string) => {
    const auth = signRelayJwt(createRelayClientKey(), { aud: r.url })
    const { status, socket } = await upgradeFrom(`${r.url}?${new URLSearchParams({ auth, projectId: PROJECT_ID })}`, {
      from,
      headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    })
    if (socket) sockets.push(socket)
    return status
  }
}

describe('the relay behind a proxy', () => {
  it('with FOYER_TRUST_PROXY=1 counts the address the proxy appended, not the ones the client wrote', async () => {
    const PER_IP = DEFAULT_LIMITS.maxConnectionsPerIp
    const open = await relay(1)
    const statuses: number[] = []
    for (let i = 0; i <= PER_IP; i++) statuses.push(await open(`10.0.${i >> 8}.${i & 255}, 203.0.113.7`))
    expect(statuses.slice(0, PER_IP).every((s) => s === 101)).toBe(true)
    expect(statuses[PER_IP]).toBe(429)
    expect(await open('10.0.0.1, 203.0.113.8')).toBe(101)
  }, 120_000)

  it.each<[string, TrustProxy, string]>([
    ['no proxy trusted', false, '127.0.0.2'],
    ['only 127.0.0.1 trusted, the socket comes from 127.0.0.3', ['127.0.0.1'], '127.0.0.3'],
  ])('believes no header it should not (%s)', async (_, trust, from) => {
    const open = await relay(trust, { maxConnectionsPerIp: 2 })
    const statuses = [
      await open('198.51.100.1', from),
      await open('198.51.100.2', from),
      await open('198.51.100.3', from),
    ]
    expect(statuses).toEqual([101, 101, 429])
  })

  it('with a list, believes a listed proxy, and counts IPv6 clients by /64', async () => {
    const open = await relay(['loopback'], { maxConnectionsPerIp: 2 })
    expect([await open('198.51.100.1'), await open('198.51.100.2'), await open('198.51.100.3')]).toEqual([
      101, 101, 101,
    ])
    const sameSlash64 = ['2001:db8:0:1::1', '2001:db8:0:1::2', '2001:db8:0:1:ffff::3']
    const statuses: number[] = []
    for (const ip of sameSlash64) statuses.push(await open(ip))
    expect(statuses).toEqual([101, 101, 429])
    expect(await open('2001:db8:0:2::1')).toBe(101)
  })
})
