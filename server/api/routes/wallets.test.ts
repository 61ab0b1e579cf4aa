import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shippedRegistry } from '../../registry/data.js'
import { fixtureRegistry } from '../../registry/fixture.js'
import { createTestApi, type TestApi } from '../testing/harness.js'

type Wallet = {
  id: string
  name: string
  order: number
  chains: string[]
  imageUrl: string
  source: string
  mobileLink?: string
  desktopLink?: string
  webappLink?: string
  injected?: unknown[]
  rdns?: string
}
type Page = { count: number; data: Wallet[] }
type Err = { error: string; reasons: Array<{ field?: string; description: string }> }

// The shipped registry for what a visitor sees; a test fixture for filters the shipped data has no values for.
const registry = shippedRegistry().wallets
const fixture = fixtureRegistry(120)
const byName = (name: string) => registry.find((w) => w.name === name)!.id
const id = (i: number) => fixture.wallets[i - 1].id
let api: TestApi
let fx: TestApi
beforeAll(async () => {
  api = await createTestApi()
  fx = await createTestApi({ registry: fixture })
})
afterAll(async () => {
  await api?.close()
  await fx?.close()
})

describe('GET /v1/wallets', () => {
  it('pages the whole shipped registry in its order, each wallet naming its source', async () => {
    const first = await api.client.get<Page>('/v1/wallets')
    expect(first.status).toBe(200)
    expect(first.body.count).toBe(registry.length)
    expect(first.body.data).toHaveLength(40)
    const metamask = registry.find((w) => w.name === 'MetaMask')!
    expect(first.body.data.find((w) => w.name === 'MetaMask')).toMatchObject({
      id: metamask.id,
      rdns: 'io.metamask',
      order: metamask.order,
      source: metamask.source,
      imageUrl: `http://127.0.0.1:8787/v1/wallets/${metamask.id}/image`,
    })
    expect(first.headers.get('cache-control')).toBe('public, max-age=300')
    const seen = new Set<string>()
    for (let page = 1; ; page++) {
      const res = await api.client.get<Page>('/v1/wallets', { query: { page, entries: 100 } })
      res.body.data.forEach((w) => seen.add(w.id))
      if (res.body.data.length < 100) break
    }
    expect(seen).toEqual(new Set(registry.map((w) => w.id)))
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
      (await api.client.get<Page>('/v1/wallets', { query: { search: 'metamA' } })).body.data.map((w) => w.name),
    ).toEqual(registry.filter((w) => w.name.toLowerCase().includes('metama')).map((w) => w.name))
    expect((await api.client.get<Page>('/v1/wallets', { query: { search: '%' } })).body.count).toBe(0)
    expect((await api.client.get<Page>('/v1/wallets', { query: { search: '_' } })).body.count).toBe(0)
  })

  it('puts featured ids first in the given order, then the rest', async () => {
    const featured = [byName('Rainbow'), byName('Zerion'), byName('MetaMask')]
    const res = await api.client.get<Page>('/v1/wallets', { query: { featured: featured.join(','), entries: 5 } })
    const rest = registry.filter((w) => !featured.includes(w.id)).slice(0, 2)
    expect(res.body.data.map((w) => w.id)).toEqual([...featured, ...rest.map((w) => w.id)])
    expect(res.body.count).toBe(registry.length)
  })

  it('filters by include and exclude', async () => {
    const include = await api.client.get<Page>('/v1/wallets', {
      query: { include: `${byName('Rainbow')},${byName('MetaMask')}` },
    })
    expect(include.body.data.map((w) => w.name).sort()).toEqual(['MetaMask', 'Rainbow'])
    const exclude = await api.client.get<Page>('/v1/wallets', { query: { exclude: registry[0].id, entries: 1 } })
    expect(exclude.body).toMatchObject({ count: registry.length - 1, data: [{ id: registry[1].id }] })
  })

  it('filters by platform and chains (fixture registry)', async () => {
    for (const [platform, key] of [
      ['mobile', 'mobileLink'],
      ['desktop', 'desktopLink'],
      ['web', 'webappLink'],
      ['injected', 'injected'],
    ] as const) {
      const res = await fx.client.get<Page>('/v1/wallets', { query: { platform, entries: 100 } })
      expect(res.body.count).toBe(fixture.wallets.filter((w) => w[key] !== undefined).length)
      expect(res.body.data.every((w) => w[key] !== undefined)).toBe(true)
    }
    const btc = await fx.client.get<Page>('/v1/wallets', {
      query: { chains: 'bip122:000000000019d6689c085ae165831e93', entries: 100 },
    })
    expect(btc.body.data.map((w) => w.id)).toEqual(
      fixture.wallets.filter((w) => w.chains.some((c) => c.startsWith('bip122:'))).map((w) => w.id),
    )
    expect(btc.body.data.map((w) => w.id)).toContain(id(7))
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
  it('answers one wallet as shipped, with publicUrl in imageUrl when configured', async () => {
    const rainbow = registry.find((w) => w.name === 'Rainbow')!
    const res = await api.client.get<Wallet>(`/v1/wallets/${rainbow.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ...rainbow, imageUrl: `http://127.0.0.1:8787/v1/wallets/${rainbow.id}/image` })
    const pub = await createTestApi({ store: api.store, config: { publicUrl: 'https://api.example.com/' } })
    const viaPublic = await pub.client.get<Wallet>(`/v1/wallets/${rainbow.id}`)
    expect(viaPublic.body.imageUrl).toBe(`https://api.example.com/v1/wallets/${rainbow.id}/image`)
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
  it('serves the shipped icon bytes from our own store', async () => {
    const metamask = byName('MetaMask')
    const icon = shippedRegistry().icons.get(metamask)!
    const res = await api.app.request(`/v1/wallets/${metamask}/image`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe(icon.type)
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(icon.data)
  })

  it('400 for a malformed id, 404 for an unknown one', async () => {
    expect((await api.client.get(`/v1/wallets/zz/image`)).status).toBe(400)
    expect((await api.client.get(`/v1/wallets/${'f'.repeat(64)}/image`)).status).toBe(404)
  })
})

describe('wallet imageUrls and the Host header (issue 20 #9)', () => {
  const get = (app: TestApi['app'], path: string, host: string) =>
    app.request(`http://${host}${path}`, { headers: { host } })

  it('without publicUrl, imageUrls name the configured listen address, never the Host header (issue 30 #10)', async () => {
    for (const path of ['/v1/wallets?entries=2', `/v1/wallets/${registry[0].id}`]) {
      const res = await get(api.app, path, 'attacker.example')
      expect(res.headers.get('cache-control')).toContain('public')
      expect(await res.text(), path).not.toContain('attacker.example')
    }
    const one = (await (await get(api.app, `/v1/wallets/${registry[0].id}`, 'attacker.example')).json()) as Wallet
    expect(one.imageUrl).toBe(`http://127.0.0.1:8787/v1/wallets/${one.id}/image`)
  })

  it('with publicUrl, imageUrls name the public URL whatever the Host header says', async () => {
    const pub = await createTestApi({ store: api.store, config: { publicUrl: 'https://api.example.com/' } })
    const list = (await (await get(pub.app, '/v1/wallets?entries=2', 'attacker.example')).json()) as Page
    for (const w of list.data) expect(w.imageUrl).toBe(`https://api.example.com/v1/wallets/${w.id}/image`)
    const one = (await (await get(pub.app, `/v1/wallets/${registry[0].id}`, 'attacker.example')).json()) as Wallet
    expect(one.imageUrl).toBe(`https://api.example.com/v1/wallets/${one.id}/image`)
  })
})
