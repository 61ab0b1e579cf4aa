// Issue 29 item 12: a NUL byte (which PostgreSQL text cannot hold) in what a visitor sends is bad input: 400, as the
// API answers, never a 500. On the embedded store, and on PostgreSQL when DATABASE_URL is set (its own schema).
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestStore } from '../../api/testing/store.js'
import { openStore, type Store } from '../../store/store.js'
import { resolveSecureSiteConfig } from '../config.js'
import { generateKek } from '../seal.js'
import { startSecureSite, type RunningSecureSite } from '../server.js'

const HOST = 'http://127.0.0.1:5173'
const DATABASE_URL = process.env.DATABASE_URL
const STORES: Array<{ name: string; available: boolean; open: () => Promise<Store> }> = [
  { name: 'the embedded store', available: true, open: openTestStore },
  {
    name: `PostgreSQL${DATABASE_URL ? '' : ' — skipped: DATABASE_URL is not set (run server/store/ci-postgres.sh to get one)'}`,
    available: Boolean(DATABASE_URL),
    open: () => openStore({ databaseUrl: DATABASE_URL, schema: `nul_${randomBytes(6).toString('hex')}` }),
  },
]

for (const backend of STORES) {
  describe.skipIf(!backend.available)(`NUL bytes on ${backend.name}`, () => {
    let store: Store
    let site: RunningSecureSite
    beforeAll(async () => {
      store = await backend.open()
      site = await startSecureSite({
        store,
        config: resolveSecureSiteConfig({
          port: 0,
          kek: generateKek(),
          smtp: { host: '127.0.0.1', port: 1, from: 'Foyer <wallet@foyer.local>' },
        }),
      })
    })
    afterAll(async () => {
      await site?.close()
      await store?.close()
    })
    const frame = async (path: string, body: unknown) =>
      (
        await fetch(`${site.url}/api${path}`, {
          method: 'POST',
          headers: { origin: site.url, 'x-foyer-frame': '1', 'x-foyer-host': HOST, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status

    it('answers 400 on the callback, email/start, social/connect and the Farcaster channel', async () => {
      const statuses = {
        callback: (await fetch(`${site.url}/social/callback?state=%00`)).status,
        email: await frame('/email/start', { email: 'a\u0000b@example.com' }),
        connect: await frame('/social/connect', { resultUri: `${site.url}/social/callback?state=a\u0000b` }),
        channel: (
          await fetch(`${site.url}/farcaster/v1/channel`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ siweUri: 'https://a.example/\u0000', domain: 'a.example' }),
          })
        ).status,
      }
      expect(statuses).toEqual({ callback: 400, email: 400, connect: 400, channel: 400 })
    })
  })
}
