import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixtureRegistry } from '../registry/fixture.js'
import { seedRegistry } from '../registry/seed.js'
import { openStore, type Store } from '../store/store.js'
import { openTestStore } from './testing/store.js'
import { startApi, type RunningApi } from './server.js'

let store: Store
beforeAll(async () => {
  store = await openTestStore()
})
afterAll(() => store?.close())

describe('startApi', () => {
  let api: RunningApi
  afterAll(() => api?.close())

  it('listens on a free loopback port and serves over real HTTP', async () => {
    api = await startApi({ store })
    expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(api.port).toBeGreaterThan(0)
    const health = await fetch(`${api.url}/health`)
    expect(await health.json()).toEqual({ ok: true })
    const wallets = await fetch(`${api.url}/v1/wallets?entries=1`)
    const body = await wallets.json()
    expect(body.data[0].imageUrl).toBe(`${api.url}/v1/wallets/${body.data[0].id}/image`)
    const img = await fetch(body.data[0].imageUrl)
    expect(img.headers.get('content-type')).toBe('image/webp')
  })

  it('close() stops listening even with keep-alive connections open, and is idempotent', async () => {
    await fetch(`${api.url}/health`, { headers: { connection: 'keep-alive' } })
    await Promise.all([api.close(), api.close()])
    await expect(fetch(`${api.url}/health`)).rejects.toThrow()
    // The store was passed in, so it stays open.
    expect((await store.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
  })

  it('fails clearly when the port is taken', async () => {
    const a = await startApi({ store })
    await expect(startApi({ store, port: a.port })).rejects.toThrow(/EADDRINUSE/)
    await a.close()
  })
})

const DATABASE_URL = process.env.DATABASE_URL
const PG_SKIP = DATABASE_URL ? '' : ' — skipped: DATABASE_URL is not set (run server/store/ci-postgres.sh to get one)'
describe.skipIf(!DATABASE_URL)(`startApi on PostgreSQL${PG_SKIP}`, () => {
  const schema = `t_api_${process.pid}_${Date.now().toString(36)}`
  let pg: Store
  let api: RunningApi
  beforeAll(async () => {
    pg = await openStore({ databaseUrl: DATABASE_URL, schema })
    api = await startApi({ store: pg })
  })
  afterAll(async () => {
    await api?.close()
    await pg?.exec(`DROP SCHEMA ${schema} CASCADE`)
    await pg?.close()
  })

  it('serves the registry with the same SQL (search, featured, chains, platform)', async () => {
    const get = async (q: string) => (await fetch(`${api.url}/v1/wallets?${q}`)).json()
    expect((await get('search=METAM')).data.map((w: { name: string }) => w.name)).toEqual(['MetaMask'])
    const all = await get('entries=2')
    const second = all.data[1].id
    expect((await get(`featured=${second}&entries=1`)).data[0].id).toBe(second)
    // Chains and injected data come only from an Explorer sync; a test fixture stands in for one here.
    await seedRegistry(pg, fixtureRegistry(40))
    const btc = await get('chains=bip122:000000000019d6689c085ae165831e93&platform=injected&entries=100')
    expect(btc.data.map((w: { name: string }) => w.name)).toEqual(['Fixture Wallet 035'])
    await seedRegistry(pg)
  })

  it('stores analytics events and error reports', async () => {
    const projectId = 'ab'.repeat(16)
    const post = (body: unknown) =>
      fetch(`${api.url}/e?projectId=${projectId}&st=foyer&sv=1`, { method: 'POST', body: JSON.stringify(body) })
    expect(
      (
        await post({
          eventId: 'e1',
          url: 'http://localhost/',
          domain: 'localhost',
          timestamp: 1,
          props: { event: 'INITIALIZE', properties: { a: [1] } },
        })
      ).status,
    ).toBe(202)
    expect((await post({ errorType: 'T', errorMessage: 'm', stackTrace: 's' })).status).toBe(202)
    expect((await pg.query('SELECT event, properties FROM analytics_events')).rows).toEqual([
      { event: 'INITIALIZE', properties: { a: [1] } },
    ])
    expect((await pg.query('SELECT error_type FROM error_reports')).rows).toEqual([{ error_type: 'T' }])
  })

  it('is safe to start twice on one database (migrations and seed are idempotent)', async () => {
    const second = await startApi({ store: pg })
    expect((await (await fetch(`${second.url}/v1/wallets?entries=1`)).json()).count).toBeGreaterThanOrEqual(500)
    await second.close()
  })
})
