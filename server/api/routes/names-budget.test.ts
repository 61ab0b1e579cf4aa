// Issue 30 #9: one key registered any number of names (400 in 4.3 s). An address holds at most
// `namesPerAddress` names (default 5); a name it already holds can still be updated, and parallel registrations
// cannot slip past the budget.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { resolveConfig } from '../../config.js'
import { openStore, type Store } from '../../store/store.js'
import { createTestApi, type TestApi } from '../testing/harness.js'

const DEFAULT_BUDGET = resolveConfig({}).namesPerAddress
let api: TestApi
beforeAll(async () => {
  api = await createTestApi()
})
afterAll(async () => {
  await api?.close()
})

async function register(
  account: PrivateKeyAccount,
  label: string,
  attributes: Record<string, string> = {},
  target: TestApi = api,
): Promise<{ status: number; body: any }> {
  const message = JSON.stringify({
    coinType: 60,
    name: `${label}.foyer.id`,
    attributes,
    timestamp: Math.floor(Date.now() / 1000),
  })
  const body = { coinType: 60, address: account.address, signature: await account.signMessage({ message }), message }
  return target.client.post('/v1/names', body)
}

describe('names per address', () => {
  it('defaults to 5', () => expect(DEFAULT_BUDGET).toBe(5))

  it('refuses a new name past the budget with a reason, and still updates a name the address holds', async () => {
    const key = privateKeyToAccount(generatePrivateKey())
    const tag = key.address.slice(2, 8).toLowerCase()
    for (let i = 0; i < DEFAULT_BUDGET; i++) expect((await register(key, `budget-${tag}-${i}`)).status).toBe(201)
    const over = await register(key, `budget-${tag}-over`)
    expect(over.status).toBe(403)
    expect(over.body.error).toBe('name_budget_exceeded')
    expect(over.body.reasons[0].description).toMatch(/holds 5 names already/)
    expect((await api.client.get(`/v1/names/budget-${tag}-over.foyer.id`)).status).toBe(404)
    const update = await register(key, `budget-${tag}-0`, { bio: 'still mine' })
    expect(update.status).toBe(200)
    expect(update.body.attributes).toEqual({ bio: 'still mine' })
  })

  it('holds under parallel registrations', () => parallelRegistrations(api))

  it('0 means unlimited', async () => {
    const open = await createTestApi({ config: { namesPerAddress: 0 } })
    try {
      const key = privateKeyToAccount(generatePrivateKey())
      const tag = key.address.slice(2, 8).toLowerCase()
      for (let i = 0; i <= DEFAULT_BUDGET; i++)
        expect((await register(key, `free-${tag}-${i}`, {}, open)).status).toBe(201)
    } finally {
      await open.close()
    }
  })
})

/** Registers three budgets' worth of names for one new address at once: exactly the budget is created. */
async function parallelRegistrations(target: TestApi) {
  const key = privateKeyToAccount(generatePrivateKey())
  const tag = key.address.slice(2, 8).toLowerCase()
  const results = await Promise.all(
    Array.from({ length: DEFAULT_BUDGET * 3 }, (_, i) => register(key, `race-${tag}-${i}`, {}, target)),
  )
  expect(results.filter((r) => r.status === 201)).toHaveLength(DEFAULT_BUDGET)
  expect(results.filter((r) => r.status === 403)).toHaveLength(DEFAULT_BUDGET * 2)
  expect((await target.client.get(`/v1/names/reverse/${key.address}`)).body).toHaveLength(DEFAULT_BUDGET)
}

const DATABASE_URL = process.env.DATABASE_URL
const PG_SKIP = DATABASE_URL ? '' : ' — skipped: DATABASE_URL is not set (run server/store/ci-postgres.sh to get one)'
describe.skipIf(!DATABASE_URL)(`names per address on PostgreSQL${PG_SKIP}`, () => {
  const schema = `t_names_${process.pid}_${Date.now().toString(36)}`
  let pg: Store
  let pgApi: TestApi
  beforeAll(async () => {
    pg = await openStore({ databaseUrl: DATABASE_URL, schema })
    pgApi = await createTestApi({ store: pg })
  })
  afterAll(async () => {
    await pg?.exec(`DROP SCHEMA ${schema} CASCADE`)
    await pg?.close()
  })

  it('holds under parallel registrations (separate connections)', () => parallelRegistrations(pgApi))
})
