// Two secure-site processes behind one load balancer share the email-code budget through the server's one limiter
// store (Redis, or PostgreSQL when DATABASE_URL is set). Each site here has its own store, so only the limiter can
// make them agree: the resend cooldown, the per-IP budget, and the point a failed mail gives back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestStore } from '../api/testing/store.js'
import type { Mailer, OutgoingMail } from '../mail/mailer.js'
import type { LimitStore } from '../rate-limit/limiter.js'
import { redisAvailable, testPrefix, testRedisUrl } from '../relay/redis-testing.js'
import type { Store } from '../store/store.js'
import { resolveSecureSiteConfig } from './config.js'
import { generateKek } from './seal.js'
import { startSecureSite, type RunningSecureSite } from './server.js'

const DATABASE_URL = process.env.DATABASE_URL
const BACKENDS: Array<{ name: string; available: boolean; store: () => Promise<LimitStore> }> = [
  { name: 'Redis', available: redisAvailable, store: async () => ({ redisUrl: await testRedisUrl() }) },
  {
    name: `PostgreSQL${DATABASE_URL ? '' : ' — skipped: DATABASE_URL is not set (run server/store/ci-postgres.sh to get one)'}`,
    available: Boolean(DATABASE_URL),
    store: async () => ({ databaseUrl: DATABASE_URL }),
  },
]

/** A mailer that keeps what it sends and fails when told to. */
function testMailer() {
  const sent: OutgoingMail[] = []
  let failNext = false
  const mailer: Mailer & { sent: OutgoingMail[]; failOnce(): void } = {
    sent,
    failOnce: () => void (failNext = true),
    async send(mail) {
      if (failNext) {
        failNext = false
        throw new Error('SMTP refused the message')
      }
      sent.push(mail)
    },
    close() {},
  }
  return mailer
}

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`email code limits across two secure sites on ${backend.name}`, () => {
    const kek = generateKek()
    const sites: Array<{ site: RunningSecureSite; store: Store; mailer: ReturnType<typeof testMailer> }> = []

    beforeAll(async () => {
      const limitStore = { ...(await backend.store()), prefix: testPrefix('email-limits') }
      for (let i = 0; i < 2; i++) {
        const store = await openTestStore()
        const mailer = testMailer()
        const site = await startSecureSite({
          store,
          mailer,
          limitStore,
          config: resolveSecureSiteConfig({
            port: 0,
            kek,
            smtp: { host: '127.0.0.1', port: 25, from: 'wallet@foyer.local' },
            codes: { maxPerIp: 3 },
          }),
        })
        sites.push({ site, store, mailer })
      }
    })
    afterAll(async () => {
      for (const { site, store } of sites) await site.close().finally(() => store.close())
    })

    const start = async (i: number, email: string) => {
      const { url } = sites[i].site
      const res = await fetch(`${url}/api/email/start`, {
        method: 'POST',
        headers: {
          origin: url,
          'x-foyer-frame': '1',
          'x-foyer-host': 'http://127.0.0.1:5173',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ email }),
      })
      return { status: res.status, message: ((await res.json()) as { message?: string }).message }
    }

    it('share the resend cooldown and the per-IP budget, and a failed mail counts on neither', async () => {
      const [a, b] = [0, 1]
      expect((await start(a, 'one@example.com')).status).toBe(200)
      // the same address at the other site, inside the 30 s cooldown
      const again = await start(b, 'one@example.com')
      expect(again.status).toBe(429)
      expect(again.message).toMatch(/^Wait \d+ seconds before asking for a new code$/)

      // a mail that fails gives its points back: the same address may ask again at once, and the IP budget is intact
      sites[b].mailer.failOnce()
      expect(await start(b, 'two@example.com')).toMatchObject({ status: 502 })
      expect((await start(a, 'two@example.com')).status).toBe(200)
      expect((await start(b, 'three@example.com')).status).toBe(200)

      // three codes from this client IP in all (one, two, three): the fourth is refused at either site
      for (const i of [a, b]) {
        const limited = await start(i, `four-${i}@example.com`)
        expect(limited.status).toBe(429)
        expect(limited.message).toMatch(/^Too many requests\. Try again after \d+ seconds$/)
      }

      // each site stored and mailed only its own codes: the budget was shared by the limiter, not by the rows
      const stored = async (i: number) =>
        (await sites[i].store.query<{ email: string }>('SELECT email FROM wallet_codes ORDER BY id')).rows.map(
          (r) => r.email,
        )
      expect(await stored(a)).toEqual(['one@example.com', 'two@example.com'])
      expect(await stored(b)).toEqual(['three@example.com'])
      expect(sites[a].mailer.sent.map((m) => m.to)).toEqual(['one@example.com', 'two@example.com'])
      expect(sites[b].mailer.sent.map((m) => m.to)).toEqual(['three@example.com'])
    })
  })
}
