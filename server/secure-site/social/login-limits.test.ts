// Issue 29 item 8: every social start and Farcaster channel writes a row, so they are rate limited per client address
// (the server's limiter, default budget) and their rows are deleted once they expired. Requests come from two loopback
// addresses (127.0.0.1 and 127.0.0.2) to tell the per-address budget apart.
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestStore } from '../../api/testing/store.js'
import type { Store } from '../../store/store.js'
import { DEFAULT_LOGIN_STARTS, resolveSecureSiteConfig } from '../config.js'
import { generateKek } from '../seal.js'
import { startSecureSite, type RunningSecureSite } from '../server.js'

const HOST = 'http://127.0.0.1:5173'
let store: Store
let site: RunningSecureSite
let clock = Date.now()

beforeAll(async () => {
  store = await openTestStore()
  site = await startSecureSite({
    store,
    now: () => clock,
    config: resolveSecureSiteConfig({
      port: 0,
      kek: generateKek(),
      smtp: { host: '127.0.0.1', port: 1, from: 'Foyer <wallet@foyer.local>' },
      // a provider that is never reached: starting a login only writes its row
      social: { google: { clientId: 'c', clientSecret: 's', issuer: 'http://127.0.0.1:1' } },
    }),
  })
})
afterAll(async () => {
  await site?.close()
  await store?.close()
})

/** POSTs JSON to the site from `from` (a loopback address); the frame's headers when `frame`. */
function post(path: string, body: unknown, from: string, frame: boolean): Promise<{ status: number; body: any }> {
  const url = new URL(path, site.url)
  const data = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          ...(frame ? { origin: site.url, 'x-foyer-frame': '1', 'x-foyer-host': HOST } : {}),
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : {} }))
      },
    )
    req.on('error', reject)
    req.end(data)
  })
}
const relayChannel = (from: string) =>
  post('/farcaster/v1/channel', { siweUri: 'https://app.example', domain: 'app.example' }, from, false)
const frameChannel = (from: string) => post('/api/farcaster/channel', {}, from, true)
const socialStart = (from: string) => post('/api/social/start', { provider: 'google', mode: 'popup' }, from, true)
const rows = async (table: string) =>
  Number((await store.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n)

describe('login starts are limited per client address and forgotten once expired', () => {
  it('refuses the start past the default budget, from that address only', async () => {
    const budget = DEFAULT_LOGIN_STARTS.maxPerIp
    for (let i = 0; i < budget; i++) expect((await relayChannel('127.0.0.1')).status).toBe(201)
    const refused = await relayChannel('127.0.0.1')
    expect(refused.status).toBe(429)
    expect(refused.body.message).toMatch(/try again in \d+ seconds/)
    // one budget for every kind of login start
    expect((await frameChannel('127.0.0.1')).status).toBe(429)
    expect((await socialStart('127.0.0.1')).status).toBe(429)
    // another address has its own
    expect((await socialStart('127.0.0.2')).status).toBe(200)
    expect((await frameChannel('127.0.0.2')).status).toBe(200)
  })

  it('deletes expired social attempts and Farcaster channels', async () => {
    expect(await rows('wallet_farcaster_channels')).toBeGreaterThan(1)
    expect(await rows('wallet_social_logins')).toBeGreaterThan(0)
    clock += 11 * 60_000 // past both lifetimes (social 10 min, Farcaster 5 min)
    expect((await socialStart('127.0.0.3')).status).toBe(200)
    expect((await frameChannel('127.0.0.3')).status).toBe(200)
    expect(await rows('wallet_farcaster_channels')).toBe(1)
    expect(await rows('wallet_social_logins')).toBe(1)
  })
})
