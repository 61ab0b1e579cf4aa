import { describe, expect, it, vi } from 'vitest'
import {
  corePlugins,
  createHttp,
  createKernel,
  createStorage,
  memoryBackend,
  preloadHttp,
  type HttpClient,
  type HttpRequest,
} from '../../kernel/index.js'
import { createWalletsPlugin } from './index.js'
import { hasMoreWallets } from './wallets.state.js'

const hex = (n: number) => n.toString(16).padStart(64, '0')
const registry = Array.from({ length: 95 }, (_, i) => ({
  id: hex(i + 1),
  name: i % 10 === 0 ? `Zeta ${i}` : `Wallet ${i}`,
  imageUrl: `https://img/${i}.svg`,
  chains: ['eip155:1'],
  homepage: 'https://x',
}))

function stubHttp(calls: HttpRequest[], fail = false): HttpClient {
  const get = async <T>(req: HttpRequest): Promise<T> => {
    calls.push(req)
    if (fail) throw new Error('HTTP status code 500')
    const p = req.params ?? {}
    const q = String(p.search ?? '').toLowerCase()
    const list = registry.filter((w) => w.name.toLowerCase().includes(q))
    const page = Number(p.page),
      n = Number(p.entries)
    return { count: list.length, data: list.slice((page - 1) * n, page * n) } as T
  }
  return { get, getBlob: async () => new Blob(), post: get, put: get, delete: get, url: () => '' } as HttpClient
}

const kernelWith = (http: HttpClient, options: Record<string, unknown> = {}) =>
  createKernel({
    plugins: [
      ...corePlugins({ config: { projectId: 'p', networks: [], namespaces: ['eip155'], mobile: false, features: {} } }),
      createWalletsPlugin(),
    ],
    http,
    storage: createStorage(memoryBackend()),
    options,
  })

describe('wallets plugin', () => {
  it('loads pages of 40, appends, and stops at the count', async () => {
    const calls: HttpRequest[] = []
    const k = kernelWith(stubHttp(calls))
    await k.request('wallets/fetchPage', undefined)
    expect(k.getState().wallets!.items).toHaveLength(40)
    await k.request('wallets/fetchPage', undefined)
    await k.request('wallets/fetchPage', undefined)
    const s = k.getState().wallets!
    expect(s.items).toHaveLength(95)
    expect(s.count).toBe(95)
    expect(hasMoreWallets(s)).toBe(false)
    await k.request('wallets/fetchPage', undefined)
    expect(calls.map((c) => c.params?.page)).toEqual([1, 2, 3])
    expect(calls[0]).toMatchObject({ path: 'v1/wallets', params: { entries: 40 } })
    k.dispose()
  })

  it('a search starts a new list; a late answer for an old query is ignored', async () => {
    const k = kernelWith(stubHttp([]))
    await k.request('wallets/fetchPage', undefined)
    await k.request('wallets/fetchPage', { search: 'zeta' })
    expect(k.getState().wallets!.items.map((w) => w.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Zeta ${i * 10}`),
    )
    k.emit('wallets/pageLoaded', { query: '', page: 2, count: 95, data: [{ id: 'x', name: 'Stale', chains: [] }] })
    expect(k.getState().wallets!.items.some((w) => w.name === 'Stale')).toBe(false)
    k.dispose()
  })

  it('passes include/exclude/featured ids from the options and records failures', async () => {
    const calls: HttpRequest[] = []
    const k = kernelWith(stubHttp(calls, true), {
      includeWalletIds: [hex(1), 'bad'],
      excludeWalletIds: [hex(2)],
      featuredWalletIds: [hex(3), hex(4)],
    })
    await expect(k.request('wallets/fetchPage', undefined)).rejects.toThrow('HTTP status code 500')
    expect(calls[0].params).toMatchObject({ include: hex(1), exclude: hex(2), featured: `${hex(3)},${hex(4)}` })
    expect(k.getState().wallets).toMatchObject({ status: 'error', error: 'HTTP status code 500' })
    k.dispose()
  })

  it('All Wallets shows its error state when the API never answers (10 s time-out, issue 20 #11)', async () => {
    // As after a visitor's intent: the client's sending code is here, so the 10 s wait starts with the request.
    await preloadHttp()
    vi.useFakeTimers()
    try {
      // An API that accepts the connection and never answers: only the request's signal ends the wait.
      const silent = ((_url: string, init: RequestInit) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        )) as unknown as typeof fetch
      const k = kernelWith(createHttp({ baseUrl: 'https://api.test/', fetch: silent }))
      const page = k.request('wallets/fetchPage', undefined).catch((e: unknown) => e)
      await vi.advanceTimersByTimeAsync(9_900)
      expect(k.getState().wallets).toMatchObject({ status: 'loading' })
      await vi.advanceTimersByTimeAsync(200)
      expect(await page).toBeInstanceOf(Error)
      expect(k.getState().wallets).toMatchObject({ status: 'error' })
      expect(k.getState().wallets!.error).toMatch(/time/i)
      k.dispose()
    } finally {
      vi.useRealTimers()
    }
  })
})
