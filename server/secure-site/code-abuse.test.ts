// Issue 29, items 6 and 7: email codes under attack. Parallel wrong guesses must not get past the five-tries cap (on
// PGlite and on PostgreSQL), the verify route is rate-limited per address and per requester, and a stranger asking
// for codes to someone else's address (from several addresses of their own) must not lock the owner out. Default
// code limits throughout; visitors are told apart by their own loopback source addresses.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openTestStore } from '../api/testing/store.js'
import type { Mailer, OutgoingMail } from '../mail/mailer.js'
import { closeTestAgents, requestFrom } from '../net/testing.js'
import { migrate } from '../store/migrate.js'
import { openStore, type Store } from '../store/store.js'
import { createCodes, openCodeLimits } from './codes.js'
import { DEFAULT_CODE_LIMITS, resolveSecureSiteConfig } from './config.js'
import { WalletError } from './errors.js'
import { generateKek } from './seal.js'
import { startSecureSite, type RunningSecureSite } from './server.js'

const DATABASE_URL = process.env.DATABASE_URL
const LIMITS = DEFAULT_CODE_LIMITS
const codeOf = (mail: OutgoingMail | undefined) => /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1] ?? ''

const STORES: Array<{ name: string; available: boolean; open(): Promise<Store & { drop?(): Promise<void> }> }> = [
  { name: 'PGlite', available: true, open: openTestStore },
  {
    name: `PostgreSQL${DATABASE_URL ? '' : ' — skipped: DATABASE_URL is not set (run server/store/ci-postgres.sh to get one)'}`,
    available: Boolean(DATABASE_URL),
    async open() {
      const schema = `codes_${process.pid}_${Date.now()}`
      const store = await openStore({ databaseUrl: DATABASE_URL, schema, maxConnections: 10 })
      await migrate(store)
      return Object.assign(store, { drop: () => store.exec(`DROP SCHEMA ${schema} CASCADE`).then(() => {}) })
    },
  },
]

for (const backend of STORES) {
  describe.skipIf(!backend.available)(`parallel guesses on ${backend.name}`, () => {
    it('compare at most five guesses with a code: the right one, sent last in a burst of 41, is refused', async () => {
      const store = await backend.open()
      const budgets = await openCodeLimits(LIMITS, {})
      try {
        const codes = createCodes(store, budgets, LIMITS, new Uint8Array(32).fill(7), Date.now)
        let code = ''
        await codes.issue({
          email: 'owner@example.com',
          purpose: 'login',
          ip: '127.0.0.1',
          deliver: async (c) => void (code = c),
        })
        const wrongs = Array.from({ length: 40 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'))
        // one guess per requester, so no rate limit stands between the guesses and the cap
        const answers = await Promise.allSettled(
          [...wrongs, code].map((guess, i) =>
            codes.verify({ email: 'owner@example.com', purpose: 'login', code: guess, ip: `10.0.0.${i}` }),
          ),
        )
        const outcome = answers.map((a) => (a.status === 'rejected' ? (a.reason as WalletError).code : 'accepted'))
        // four "wrong code, n tries left", then the fifth voids the code; every later guess is refused unread
        expect(outcome.at(-1)).toBe('too_many_attempts')
        expect(outcome.filter((e) => e === 'wrong_code')).toHaveLength(LIMITS.maxAttempts - 1)
        expect(outcome.filter((e) => e === 'too_many_attempts')).toHaveLength(41 - (LIMITS.maxAttempts - 1))
      } finally {
        await budgets.close()
        await store.drop?.()
        await store.close()
      }
    })
  })
}

describe('the secure site under a stranger', () => {
  let store: Store
  let site: RunningSecureSite
  const sent: OutgoingMail[] = []
  const mailer: Mailer = { send: async (m) => void sent.push(m), close() {} }
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms)

  beforeAll(async () => {
    // the site's clock and the memory limiter's (Date.now) move together, ticking with real time
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    store = await openTestStore()
    site = await startSecureSite({
      store,
      mailer,
      config: resolveSecureSiteConfig({
        port: 0,
        kek: generateKek(),
        smtp: { host: '127.0.0.1', port: 25, from: 'wallet@foyer.local' },
      }),
    })
  })
  afterAll(async () => {
    closeTestAgents()
    await site?.close()
    await store?.close()
    vi.useRealTimers()
  })

  const call = (from: string, path: string, body: Record<string, unknown>) =>
    requestFrom(`http://127.0.0.1:${site.port}/api${path}`, {
      from,
      headers: { origin: site.url, 'x-foyer-frame': '1', 'x-foyer-host': 'http://127.0.0.1:5173' },
      body,
    })
  const start = (from: string, email: string) => call(from, '/email/start', { email })
  const verify = (from: string, email: string, otp: string) => call(from, '/email/verify', { email, otp })
  const lastCodeTo = (email: string) => codeOf(sent.filter((m) => m.to === email).at(-1))

  it('five requests for the owner’s address from five other addresses leave the owner a code of their own', async () => {
    const owner = 'first-time@example.com'
    for (let i = 2; i <= 6; i++) expect((await start(`127.0.0.${i}`, owner)).status).toBe(200)
    const mine = await start('127.0.0.7', owner)
    expect(mine.status).toBe(200)
    const code = lastCodeTo(owner)
    // a stranger asks again later: the owner's code still works
    later(31_000)
    expect((await start('127.0.0.2', owner)).status).toBe(200)
    expect((await verify('127.0.0.7', owner, code)).status).toBe(200)
  })

  it('a stranger spamming from several addresses never stops an owner who has logged in from their address', async () => {
    const owner = 'returning@example.com'
    // the owner logged in from 127.0.0.9 before
    expect((await start('127.0.0.9', owner)).status).toBe(200)
    expect((await verify('127.0.0.9', owner, lastCodeTo(owner))).status).toBe(200)

    // five stranger addresses each ask until refused: at most five codes each, and the address's cap holds the rest
    const refused: string[] = []
    for (let round = 0; round < 6; round++) {
      later(31_000)
      for (let i = 10; i < 15; i++) {
        const r = await start(`127.0.0.${i}`, owner)
        if (r.status === 429) refused.push(`${round}:${i}`)
        else expect(r.status).toBe(200)
      }
    }
    const mailed = sent.filter((m) => m.to === owner).length - 1
    expect(mailed).toBeLessThanOrEqual(LIMITS.maxPerEmailTotal)
    // a new address is now refused too: the inbox is protected
    expect((await start('127.0.0.15', owner)).status).toBe(429)

    // the owner still gets a code, at once, and logs in with it though strangers keep asking
    const mine = await start('127.0.0.9', owner)
    expect(mine.status).toBe(200)
    const code = lastCodeTo(owner)
    later(31_000)
    await start('127.0.0.10', owner)
    expect((await verify('127.0.0.9', owner, code)).status).toBe(200)
  })

  it('rate-limits verify per address and requester, and per requester', async () => {
    const email = 'guessed@example.com'
    expect((await start('127.0.0.20', email)).status).toBe(200)
    const statuses: number[] = []
    for (let i = 0; i <= LIMITS.maxVerifyPerEmail; i++)
      statuses.push((await verify('127.0.0.20', email, '000000')).status)
    expect(statuses.slice(0, LIMITS.maxVerifyPerEmail).every((s) => s === 400)).toBe(true)
    const refused = await verify('127.0.0.20', email, '000000')
    expect(refused.status).toBe(429)
    expect(refused.body?.message).toMatch(/^Too many requests\. Try again after \d+ seconds$/)

    // one requester guessing across many addresses
    const spread: number[] = []
    for (let i = 0; i <= LIMITS.maxVerifyPerIp; i++)
      spread.push((await verify('127.0.0.21', `a${i}@example.com`, '000000')).status)
    expect(spread.slice(0, LIMITS.maxVerifyPerIp).every((s) => s === 400)).toBe(true)
    expect(spread[LIMITS.maxVerifyPerIp]).toBe(429)
  }, 180_000)
})
