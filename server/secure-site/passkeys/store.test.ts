// The passkey store on PGlite and on PostgreSQL (when DATABASE_URL is set): two removals at once never take a wallet's
// last way to log in, and two redemptions of one challenge at once give it to one of them only.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestStore } from '../../api/testing/store.js'
import { migrate } from '../../store/migrate.js'
import { openStore, type Store } from '../../store/store.js'
import { createSealer, generateKek, parseKek } from '../seal.js'
import { loginIdentity } from '../users.js'
import { addPasskey, listPasskeys, removePasskey, saveChallenge, takeChallenge } from './store.js'

const DATABASE_URL = process.env.DATABASE_URL
const STORES: Array<{ name: string; available: boolean; open(): Promise<Store & { drop?(): Promise<void> }> }> = [
  { name: 'PGlite', available: true, open: openTestStore },
  {
    name: `PostgreSQL${DATABASE_URL ? '' : ' — skipped: DATABASE_URL is not set (run server/store/ci-postgres.sh to get one)'}`,
    available: Boolean(DATABASE_URL),
    async open() {
      const schema = `passkeys_${process.pid}_${Date.now()}`
      const store = await openStore({ databaseUrl: DATABASE_URL, schema, maxConnections: 10 })
      await migrate(store)
      return Object.assign(store, { drop: () => store.exec(`DROP SCHEMA ${schema} CASCADE`).then(() => {}) })
    },
  },
]

const id = () => randomBytes(32).toString('base64url')

for (const backend of STORES)
  describe.skipIf(!backend.available)(`passkeys on ${backend.name}`, () => {
    let store: Store & { drop?(): Promise<void> }
    beforeAll(async () => {
      store = await backend.open()
    })
    afterAll(async () => {
      await store?.drop?.()
      await store?.close()
    })

    it('two removals at once leave the last way to log in', async () => {
      const first = id()
      const user = await loginIdentity(store, createSealer(parseKek(generateKek())), {
        provider: 'passkey',
        subject: first,
      })
      const second = id()
      for (const credential of [first, second])
        await addPasskey(
          store,
          {
            id: credential,
            userId: user.id,
            publicKey: new Uint8Array([1]),
            counter: 0,
            transports: [],
            userHandle: id(),
          },
          Date.now(),
        )
      const outcomes = await Promise.allSettled([
        removePasskey(store, user.id, first),
        removePasskey(store, user.id, second),
      ])
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
      const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult
      expect(refused.reason).toMatchObject({ status: 409, code: 'last_login_method' })
      expect(await listPasskeys(store, user.id)).toHaveLength(1)
    })

    it('gives a challenge to one redemption only', async () => {
      const challenge = id()
      const now = Date.now()
      await saveChallenge(
        store,
        challenge,
        { purpose: 'login', binding: 'b', hostOrigin: 'http://127.0.0.1:5173', expiresMs: now + 60_000 },
        now,
      )
      const taken = await Promise.all(Array.from({ length: 5 }, () => takeChallenge(store, challenge)))
      expect(taken.filter(Boolean)).toHaveLength(1)
    })
  })
