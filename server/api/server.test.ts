import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../config.js'
import type { Store } from '../store/store.js'
import { openTestStore } from './testing/store.js'
import type { BackgroundService } from './background.js'
import { startApi, startServer, type RunningApi } from './server.js'

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
    expect(img.headers.get('content-type')).toContain('image/svg+xml')
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

describe('startServer', () => {
  it('starts background services first, applies their config patch, and stops them after the API', async () => {
    const events: string[] = []
    const services: BackgroundService[] = [
      {
        name: 'fake-chains',
        async start({ config }) {
          events.push(`start:${config.nameSuffix}`)
          return { configPatch: { nameSuffix: 'local.test' }, close: async () => void events.push('stop') }
        },
      },
      { name: 'disabled', start: async () => undefined },
    ]
    const running = await startServer(resolveConfig({ dataDir: 'memory://', port: 0, nameSuffix: 'foyer.id' }), { services, store })
    expect(running.config.nameSuffix).toBe('local.test')
    expect((await fetch(`${running.url}/health`)).status).toBe(200)
    await running.close()
    expect(events).toEqual(['start:foyer.id', 'stop'])
    // The store was lent, so it stays open.
    expect((await store.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
  })
})
