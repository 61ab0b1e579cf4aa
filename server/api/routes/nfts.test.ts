import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChains, type LocalChains } from '../../chains/index.js'
import { LOCAL_COLLECTION_ADDRESS } from '../../chains/extras.js'
import { startIndexer, type Indexer } from '../../indexer/index.js'
import { createTestApi, type TestApi } from '../testing/harness.js'
import { decodeDataUrl } from './nfts.js'

const owner = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
let local: LocalChains
let api: TestApi
let indexer: Indexer

beforeAll(async () => {
  local = await startChains({ chains: [{ chainId: 1 }], fund: [owner] })
  api = await createTestApi({ config: { chains: local.chains } })
  indexer = startIndexer({ store: api.store, chains: local.chains, pollMs: 50 })
  await indexer.sync()
})

afterAll(async () => {
  await indexer?.stop()
  await local?.close()
  await api?.close()
})

describe('NFTs', () => {
  it("lists the address's ERC-721 tokens from the index, newest first, with images on this server", async () => {
    const res = await api.client.get<any>(`/v1/nfts/${owner}`, { query: { chainId: 'eip155:1' } })
    expect(res.status).toBe(200)
    expect(res.body.nfts.map((n: any) => n.name)).toEqual([
      'Foyer Lanterns #3',
      'Foyer Lanterns #2',
      'Foyer Lanterns #1',
    ])
    expect(res.body.nfts[2]).toEqual({
      id: `eip155:1:${LOCAL_COLLECTION_ADDRESS}:1`,
      chainId: 'eip155:1',
      contract: LOCAL_COLLECTION_ADDRESS,
      tokenId: '1',
      name: 'Foyer Lanterns #1',
      collection: { name: 'Foyer Lanterns', symbol: 'LANTERN' },
      imageUrl: `http://127.0.0.1:8787/v1/nfts/eip155:1/${LOCAL_COLLECTION_ADDRESS}/1/image`,
    })
    const empty = await api.client.get<any>('/v1/nfts/0x000000000000000000000000000000000000bEEF')
    expect(empty.body).toEqual({ nfts: [] })
  })

  it('serves the on-chain metadata and the SVG image, guarded by a CSP, and 404 for a token that does not exist', async () => {
    const meta = await api.client.get<any>(`/v1/nfts/eip155:1/${LOCAL_COLLECTION_ADDRESS}/2/metadata`)
    expect(meta.body).toMatchObject({
      name: 'Foyer Lanterns #2',
      image: `http://127.0.0.1:8787/v1/nfts/eip155:1/${LOCAL_COLLECTION_ADDRESS}/2/image`,
      attributes: [{ trait_type: 'Hue' }, { trait_type: 'Glow' }],
    })
    const image = await api.app.request(`/v1/nfts/eip155:1/${LOCAL_COLLECTION_ADDRESS}/2/image`)
    expect(image.headers.get('content-type')).toBe('image/svg+xml')
    expect(image.headers.get('content-security-policy')).toContain("default-src 'none'")
    const svg = await image.text()
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg).toContain('>#2</text>')
    const missing = await api.client.get<any>(`/v1/nfts/eip155:1/${LOCAL_COLLECTION_ADDRESS}/999/image`)
    expect([missing.status, missing.body.error]).toEqual([404, 'not_found'])
    const bad = await api.client.get<any>(`/v1/nfts/eip155:1/${LOCAL_COLLECTION_ADDRESS}/x1/metadata`)
    expect([bad.status, bad.body.error]).toEqual([400, 'invalid_token_id'])
  })

  it('decodes data: URLs, base64 or percent-encoded, and nothing else', () => {
    expect(decodeDataUrl('data:image/svg+xml;base64,PHN2Zy8+')).toEqual({
      type: 'image/svg+xml',
      bytes: Buffer.from('<svg/>'),
    })
    expect(decodeDataUrl('data:application/json,%7B%7D')?.bytes.toString()).toBe('{}')
    expect(decodeDataUrl('https://example.com/1.json')).toBeUndefined()
    expect(decodeDataUrl('ipfs://bafy/1')).toBeUndefined()
  })
})
