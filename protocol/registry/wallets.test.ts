import { describe, expect, it } from 'vitest'
import {
  fetchListedWallets,
  fetchWallets,
  filtersFrom,
  fitsNamespace,
  registryImageUrl,
  sanitizeWallets,
  type RegistryHttp,
} from './wallets.js'

const hex = (n: number) => n.toString(16).padStart(64, '0')

// Answers like GET /v1/wallets (featured first, include/exclude) and records what each request asked.
function stubHttp(calls: Array<Record<string, unknown>>): RegistryHttp {
  const all = Array.from({ length: 9 }, (_, i) => ({
    id: hex(i + 1),
    name: `Wallet ${i + 1}`,
    rdns: `test.wallet${i + 1}`,
    chains: ['eip155:1'],
    order: i,
    injected: [{ namespace: 'eip155', injectedId: 'isTest' }],
    homepage: 'https://wallet.test',
  }))
  return {
    async get<T>(req: { path: string; params?: Record<string, string | number | undefined> }): Promise<T> {
      const p = req.params ?? {}
      calls.push({ path: req.path, ...p })
      const list = (k: string) => (typeof p[k] === 'string' && p[k] ? String(p[k]).split(',') : [])
      const featured = list('featured')
      const rank = (w: { id: string }) => (featured.includes(w.id) ? featured.indexOf(w.id) : 100)
      const data = all
        .filter((w) => (!list('include').length || list('include').includes(w.id)) && !list('exclude').includes(w.id))
        .sort((a, b) => rank(a) - rank(b) || a.order - b.order)
      return { count: data.length, data: data.slice(0, Number(p.entries)) } as T
    },
  }
}

describe('registry wallets (client side)', () => {
  it('drops malformed wallets and unsafe image URLs', () => {
    const out = sanitizeWallets([
      { id: 'a', name: 'A', imageUrl: 'javascript:alert(1)', chains: ['eip155:1', 5] },
      { id: 'b', name: 'B', imageUrl: 'data:image/png;base64,xx', homepage: 'javascript:x' },
      { id: 'c', name: '' },
      null,
      'str',
      { name: 'no id' },
    ])
    expect(out).toEqual([
      { id: 'a', name: 'A', chains: ['eip155:1'] },
      { id: 'b', name: 'B', chains: [], imageUrl: 'data:image/png;base64,xx' },
    ])
  })

  it("reads the host's filters; ids that are not 64 hex digits are dropped", () => {
    expect(filtersFrom({ includeWalletIds: [hex(1), 'bad', 7], excludeWalletIds: 'x', featuredWalletIds: [] })).toEqual(
      { include: [hex(1)], exclude: undefined, featured: [] },
    )
  })

  it('both lists send one query: page, entries, search, include, exclude, featured', async () => {
    const calls: Array<Record<string, unknown>> = []
    const f = filtersFrom({ excludeWalletIds: [hex(2)], featuredWalletIds: [hex(5), hex(4)] })
    const page = await fetchWallets(stubHttp(calls), f, { page: 1, entries: 40, search: 'wallet' })
    expect(calls[0]).toEqual({
      path: 'v1/wallets',
      page: 1,
      entries: 40,
      search: 'wallet',
      include: undefined,
      exclude: hex(2),
      featured: `${hex(5)},${hex(4)}`,
    })
    expect(page.count).toBe(8)
    expect(page.data.map((w) => w.id).slice(0, 3)).toEqual([hex(5), hex(4), hex(1)])
  })

  it("Connect's featured and recommended wallets: one page of featured + 4, and the excluded wallets' rdns", async () => {
    const calls: Array<Record<string, unknown>> = []
    const f = filtersFrom({ excludeWalletIds: [hex(2)], featuredWalletIds: [hex(5), hex(4)] })
    const listed = await fetchListedWallets(stubHttp(calls), f)
    expect(calls.map((c) => [c.entries, c.include, c.exclude, c.featured])).toEqual([
      [6, undefined, hex(2), `${hex(5)},${hex(4)}`],
      [100, hex(2), undefined, undefined],
    ])
    expect(listed.featured.map((w) => w.id)).toEqual([hex(5), hex(4)])
    expect(listed.recommended.map((w) => w.id)).toEqual([hex(1), hex(3), hex(6), hex(7)])
    expect(listed.excludedRdns).toEqual(['test.wallet2'])
    // A listed wallet keeps what a list shows and hands on: no order, no injected data.
    expect(listed.featured[0]).toEqual({
      id: hex(5),
      name: 'Wallet 5',
      rdns: 'test.wallet5',
      chains: ['eip155:1'],
      homepage: 'https://wallet.test',
    })
  })

  it('fits a namespace by chains (none: EVM), and names the image the API serves', () => {
    expect(fitsNamespace({ chains: ['solana:mainnet'] }, 'solana')).toBe(true)
    expect(fitsNamespace({ chains: ['solana:mainnet'] }, 'eip155')).toBe(false)
    expect(fitsNamespace({ chains: [] }, 'eip155')).toBe(true)
    expect(fitsNamespace({}, 'bip122')).toBe(false)
    expect(fitsNamespace({ chains: ['bip122:x'] }, undefined)).toBe(true)
    expect(registryImageUrl('http://api.test//', 'ab/c')).toBe('http://api.test/v1/wallets/ab%2Fc/image')
    expect(registryImageUrl(undefined, 'a')).toBeUndefined()
  })
})
