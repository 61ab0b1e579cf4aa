import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildRegistry, walletId } from '../../registry/registry.js'
import { createTestApi, type TestApi } from '../testing/harness.js'

type Wallet = {
  id: string
  name: string
  order: number
  chains: string[]
  imageUrl: string
  mobileLink?: string
  desktopLink?: string
  webappLink?: string
  injected?: unknown[]
  rdns?: string
}
type Page = { count: number; data: Wallet[] }
type Err = { error: string; reasons: Array<{ field?: string; description: string }> }

const registry = buildRegistry()
const id = (slug: string) => walletId(slug)
let api: TestApi
beforeAll(async () => {
  api = await createTestApi()
})
afterAll(() => api?.close())

describe('GET /v1/wallets', () => {
  it('pages the whole registry in a stable order', async () => {
    const first = await api.client.get<Page>('/v1/wallets')
    expect(first.status).toBe(200)
    expect(first.body.count).toBe(registry.length)
    expect(first.body.data).toHaveLength(40)
    expect(first.body.data[0]).toMatchObject({ id: id('metamask'), name: 'MetaMask', rdns: 'io.metamask', order: 1 })
    expect(first.body.data[0].imageUrl).toBe(`http://localhost/v1/wallets/${id('metamask')}/image`)
    expect(first.headers.get('cache-control')).toBe('public, max-age=300')
    const seen = new Set<string>()
    for (let page = 1; ; page++) {
      const res = await api.client.get<Page>('/v1/wallets', { query: { page, entries: 100 } })
      res.body.data.forEach((w) => seen.add(w.id))
      if (res.body.data.length < 100) break
    }
    expect(seen.size).toBe(registry.length)
    const again = await api.client.get<Page>('/v1/wallets', { query: { page: 3, entries: 25 } })
    expect(again.body.data.map((w) => w.id)).toEqual(registry.slice(50, 75).map((w) => w.id))
  })

  it('answers an empty page past the end with the true count', async () => {
    const res = await api.client.get<Page>('/v1/wallets', { query: { page: 999, entries: 100 } })
    expect(res.body).toEqual({ count: registry.length, data: [] })
  })

  it('searches names case-insensitively, treating % and _ literally', async () => {
    const res = await api.client.get<Page>('/v1/wallets', { query: { search: 'WALLET' } })
    expect(res.body.count).toBe(registry.filter((w) => w.name.toLowerCase().includes('wallet')).length)
    expect(res.body.data.map((w) => w.name)).toContain('Trust Wallet')
    expect(
      (await api.client.get<Page>('/v1/wallets', { query: { search: 'metA' } })).body.data.map((w) => w.name),
    ).toEqual(['MetaMask'])
    expect((await api.client.get<Page>('/v1/wallets', { query: { search: '%' } })).body.count).toBe(0)
    expect((await api.client.get<Page>('/v1/wallets', { query: { search: '_' } })).body.count).toBe(0)
  })

  it('puts featured ids first in the given order, then the rest', async () => {
    const featured = [id('phantom'), id('zerion'), id('xverse')]
    const res = await api.client.get<Page>('/v1/wallets', { query: { featured: featured.join(','), entries: 5 } })
    expect(res.body.data.map((w) => w.id)).toEqual([...featured, id('metamask'), id('trust-wallet')])
    expect(res.body.count).toBe(registry.length)
  })

  it('filters by include, exclude, platform and chains', async () => {
    const include = await api.client.get<Page>('/v1/wallets', {
      query: { include: `${id('rainbow')},${id('metamask')}` },
    })
    expect(include.body.data.map((w) => w.name)).toEqual(['MetaMask', 'Rainbow'])
    const exclude = await api.client.get<Page>('/v1/wallets', { query: { exclude: id('metamask'), entries: 1 } })
    expect(exclude.body).toMatchObject({ count: registry.length - 1, data: [{ name: 'Trust Wallet' }] })
    for (const [platform, key] of [
      ['mobile', 'mobileLink'],
      ['desktop', 'desktopLink'],
      ['web', 'webappLink'],
      ['injected', 'injected'],
    ] as const) {
      const res = await api.client.get<Page>('/v1/wallets', { query: { platform, entries: 100 } })
      expect(res.body.count).toBe(registry.filter((w) => w[key] !== undefined).length)
      expect(res.body.data.every((w) => w[key] !== undefined)).toBe(true)
    }
    const btc = await api.client.get<Page>('/v1/wallets', {
      query: { chains: 'bip122:000000000019d6689c085ae165831e93', entries: 100 },
    })
    expect(btc.body.data.map((w) => w.name)).toEqual(expect.arrayContaining(['Xverse', 'Leather', 'Phantom']))
    expect(btc.body.data.map((w) => w.name)).not.toContain('Rainbow')
    expect(btc.body.data.every((w) => w.chains.some((c) => c.startsWith('bip122:')))).toBe(true)
  })

  it.each([
    [{ page: '0' }, 'page'],
    [{ page: 'two' }, 'page'],
    [{ entries: '101' }, 'entries'],
    [{ entries: '1.5' }, 'entries'],
    [{ platform: 'fridge' }, 'platform'],
    [{ include: 'metamask' }, 'include'],
    [{ exclude: 'ab'.repeat(31) }, 'exclude'],
    [{ featured: `${'a'.repeat(64)},nope` }, 'featured'],
    [{ chains: 'ethereum' }, 'chains'],
    [{ search: 'x'.repeat(101) }, 'search'],
    [{ search: 'a\u0000' }, 'search'],
  ])('400 for %j naming the parameter', async (query, field) => {
    const res = await api.client.get<Err>('/v1/wallets', { query })
    expect(res.status).toBe(400)
    expect(res.body.reasons[0].field).toBe(field)
  })
})

describe('GET /v1/wallets/{id}', () => {
  it('answers one wallet, with publicUrl in imageUrl when configured', async () => {
    const res = await api.client.get<Wallet>(`/v1/wallets/${id('rainbow')}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ name: 'Rainbow', rdns: 'me.rainbow', mobileLink: 'rainbow://' })
    const pub = await createTestApi({ store: api.store, config: { publicUrl: 'https://api.example.com/' } })
    const viaPublic = await pub.client.get<Wallet>(`/v1/wallets/${id('rainbow')}`)
    expect(viaPublic.body.imageUrl).toBe(`https://api.example.com/v1/wallets/${id('rainbow')}/image`)
  })

  it('400 for a malformed id, 404 for an unknown one', async () => {
    expect((await api.client.get<Err>('/v1/wallets/metamask')).body.error).toBe('invalid_wallet_id')
    const missing = await api.client.get<Err>(`/v1/wallets/${'0'.repeat(64)}`)
    expect(missing.status).toBe(404)
    // Errors must not be cached like answers.
    expect(missing.headers.get('cache-control')).toBeNull()
    expect(missing.body.error).toBe('not_found')
  })
})

describe('GET /v1/wallets/{id}/image', () => {
  it('serves a deterministic SVG with a long cache lifetime', async () => {
    const res = await api.client.get<string>(`/v1/wallets/${id('metamask')}/image`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('image/svg+xml')
    expect(res.headers.get('cache-control')).toContain('max-age=31536000')
    expect(res.text).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(res.text).toContain('>ME</text>')
    expect((await api.client.get<string>(`/v1/wallets/${id('metamask')}/image`)).text).toBe(res.text)
  })

  it('400 for a malformed id, 404 for an unknown one', async () => {
    expect((await api.client.get(`/v1/wallets/zz/image`)).status).toBe(400)
    expect((await api.client.get(`/v1/wallets/${'f'.repeat(64)}/image`)).status).toBe(404)
  })
})
