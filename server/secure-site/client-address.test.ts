// The secure site counts email codes per client address (issue 30): behind a trusted proxy that is the address the
// proxy forwarded, never one the client wrote itself; IPv6 clients are counted by their /64. Default code limits
// (30 codes per address an hour) throughout; visitors are told apart by their own loopback source addresses or, behind
// the proxy, by the forwarded header.
import { afterAll, describe, expect, it } from 'vitest'
import { openTestStore } from '../api/testing/store.js'
import type { Mailer } from '../mail/mailer.js'
import type { TrustProxy } from '../net/client-address.js'
import { closeTestAgents, requestFrom } from '../net/testing.js'
import type { Store } from '../store/store.js'
import { DEFAULT_CODE_LIMITS, resolveSecureSiteConfig } from './config.js'
import { generateKek } from './seal.js'
import { startSecureSite, type RunningSecureSite } from './server.js'

const PER_IP = DEFAULT_CODE_LIMITS.maxPerIp
const open: Array<{ site: RunningSecureSite; store: Store }> = []
const mailer: Mailer = { send: async () => {}, close() {} }

async function site(trustProxy: TrustProxy, host = '127.0.0.1') {
  const store = await openTestStore()
  const s = await startSecureSite({
    store,
    mailer,
    config: resolveSecureSiteConfig({
      port: 0,
      host,
      kek: generateKek(),
      smtp: { host: '127.0.0.1', port: 25, from: 'wallet@foyer.local' },
      trustProxy,
    }),
  })
  open.push({ site: s, store })
  const base = host.includes(':') ? `http://[${host}]:${s.port}` : `http://${host}:${s.port}`
  /** Asks for a login code for `email`, from `from`, with an X-Forwarded-For header when `forwarded` is given. */
  return (email: string, opts: { from?: string; forwarded?: string } = {}) =>
    requestFrom(`${base}/api/email/start`, {
      from: opts.from,
      headers: {
        origin: s.url,
        'x-foyer-frame': '1',
        'x-foyer-host': 'http://127.0.0.1:5173',
        ...(opts.forwarded ? { 'x-forwarded-for': opts.forwarded } : {}),
      },
      body: { email },
    }).then((r) => r.status)
}

afterAll(async () => {
  closeTestAgents()
  for (const { site: s, store } of open) await s.close().finally(() => store.close())
})

describe('the secure site behind a proxy', () => {
  it('with FOYER_TRUST_PROXY=1 counts each forwarded visitor on their own: 31 visitors all get a code', async () => {
    const start = await site(true)
    const statuses: number[] = []
    for (let i = 0; i <= PER_IP; i++)
      statuses.push(await start(`visitor${i}@example.com`, { forwarded: `203.0.113.${i}` }))
    expect(statuses).toEqual(Array(PER_IP + 1).fill(200))
  })

  // not trusting at all; trusting one hop but the client wrote the left-most entries; trusting only 127.0.0.1
  it.each<[string, TrustProxy, string, (i: number) => string]>([
    ['no proxy trusted', false, '127.0.0.2', (i) => `198.51.100.${i}`],
    ['one hop trusted, the client wrote the left-most entries', 1, '127.0.0.3', (i) => `198.51.100.${i}, 203.0.113.77`],
    ['only 127.0.0.1 trusted, the request comes from 127.0.0.4', ['127.0.0.1'], '127.0.0.4', (i) => `198.51.100.${i}`],
  ])('believes no header it should not (%s): one address, one budget', async (_, trust, from, forwarded) => {
    const start = await site(trust)
    const statuses: number[] = []
    for (let i = 0; i <= PER_IP; i++)
      statuses.push(await start(`spoof${i}@example.com`, { from, forwarded: forwarded(i) }))
    expect(statuses.slice(0, PER_IP)).toEqual(Array(PER_IP).fill(200))
    expect(statuses[PER_IP]).toBe(429)
  })

  it('counts IPv6 visitors by /64: one /64 shares a budget, separate /64s do not', async () => {
    // the site listens on ::1; the proxy in front of it is trusted as `loopback`
    const start = await site(['loopback'], '::1')
    const apart: number[] = []
    for (let i = 0; i <= PER_IP; i++) apart.push(await start(`v6-${i}@example.com`, { forwarded: `2001:db8:${i}::1` }))
    expect(apart).toEqual(Array(PER_IP + 1).fill(200))
    const together: number[] = []
    for (let i = 0; i <= PER_IP; i++)
      together.push(await start(`v6-same-${i}@example.com`, { forwarded: `2001:db8:ffff:1:${i.toString(16)}::7` }))
    expect(together.slice(0, PER_IP)).toEqual(Array(PER_IP).fill(200))
    expect(together[PER_IP]).toBe(429)
  })
})
