// The NFTs an address holds (from the index: the receiver of each token id's latest transfer) and their metadata and
// images, which this server serves itself: it reads the contract's tokenURI and resolves data: URLs (on-chain
// metadata, as the local collection has). It never fetches a tokenURI's http(s) or ipfs URL — a contract must not be
// able to make the server call arbitrary hosts — so such tokens show their name without an image.
import { Hono } from 'hono'
import { getAddress, parseAbi, type Address } from 'viem'
import { readNftHoldings, readTokens } from '../../indexer/tokens.js'
import type { ChainConfig } from '../../types.js'
import { chainClients, type ChainDeps } from '../chain-clients.js'
import { chainsForQuery, configuredChain, parseEvmAddress } from '../chain-params.js'
import { ApiError, invalidField, notFound } from '../errors.js'
import { baseUrl, clip } from '../params.js'

const tokenUriAbi = parseAbi(['function tokenURI(uint256 tokenId) view returns (string)'])
const IMAGE_TYPES = new Set(['image/svg+xml', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'])
const MAX_CACHED = 2000

/** One NFT of the list. */
export interface NftItem {
  /** `<CAIP-2>:<contract>:<token id>`. */
  id: string
  chainId: string
  contract: string
  tokenId: string
  name: string
  collection: { name: string; symbol: string }
  imageUrl: string
}

/** Metadata of a token, as its tokenURI gave it (image replaced by this server's URL). */
interface NftMetadata {
  name?: string
  description?: string
  image: string | null
  attributes?: unknown
}

/** The path of a token's image on this API. */
export const nftImagePath = (caip2: string, contract: string, tokenId: string): string =>
  `/v1/nfts/${caip2}/${getAddress(contract)}/${tokenId}/image`

/** Decodes a data: URL (base64 or percent-encoded) to its type and bytes; undefined for any other URL. */
export function decodeDataUrl(url: string): { type: string; bytes: Buffer } | undefined {
  const m = /^data:([^;,]*)((?:;[^;,]*)*?)(;base64)?,(.*)$/s.exec(url)
  if (!m) return undefined
  const bytes = m[3] ? Buffer.from(m[4], 'base64') : Buffer.from(decodeURIComponent(m[4]), 'utf8')
  return { type: (m[1] || 'text/plain').toLowerCase(), bytes }
}

/** GET /v1/nfts/{address}, /v1/nfts/{chainId}/{contract}/{tokenId}/metadata and /image. */
export function nftsRoutes(deps: ChainDeps): Hono {
  const app = new Hono()
  const clientOf = chainClients()
  const uris = new Map<string, Promise<string | null>>()

  // tokenURI of a token (null when the token does not exist or the contract has none), remembered per process
  const tokenUri = (chain: ChainConfig, contract: Address, tokenId: bigint): Promise<string | null> => {
    const key = `${chain.chainId}:${contract}:${tokenId}`
    let uri = uris.get(key)
    if (!uri) {
      if (uris.size > MAX_CACHED) uris.clear()
      uri = clientOf(chain)
        .readContract({ address: contract, abi: tokenUriAbi, functionName: 'tokenURI', args: [tokenId] })
        .catch(() => null)
      uris.set(key, uri)
      void uri.then((u) => u === null && uris.delete(key))
    }
    return uri
  }
  const metadataOf = async (chain: ChainConfig, contract: Address, tokenId: bigint): Promise<NftMetadata> => {
    const uri = await tokenUri(chain, contract, tokenId)
    if (uri === null) throw notFound(`Token ${tokenId} of ${contract} on ${chain.caipNetworkId}`)
    const data = decodeDataUrl(uri)
    if (!data || !data.type.includes('json')) return { image: null }
    try {
      const json = JSON.parse(data.bytes.toString('utf8')) as Record<string, unknown>
      return {
        name: typeof json.name === 'string' ? json.name : undefined,
        description: typeof json.description === 'string' ? json.description : undefined,
        image: typeof json.image === 'string' ? json.image : null,
        attributes: json.attributes,
      }
    } catch {
      return { image: null }
    }
  }
  const tokenParams = (p: { chainId: string; contract: string; tokenId: string }) => {
    const chain = configuredChain(deps.config.chains, p.chainId)
    const contract = parseEvmAddress(p.contract, 'contract')
    if (!/^\d{1,78}$/.test(p.tokenId))
      throw invalidField('invalid_token_id', 'tokenId', `"${clip(p.tokenId)}" is not a token id (a decimal number)`)
    return { chain, contract, tokenId: BigInt(p.tokenId) }
  }

  app.get('/v1/nfts/:address', async (c) => {
    const owner = parseEvmAddress(c.req.param('address'))
    const chains = chainsForQuery(deps.config.chains, c.req.query('chainId')).filter((ch) => !ch.testnet)
    const chainIds = chains.map((ch) => ch.chainId)
    const held = await readNftHoldings(deps.store, owner, chainIds)
    const collections = await readTokens(deps.store, chainIds, [...new Set(held.map((h) => h.contract))])
    const base = baseUrl(c, deps)
    const nfts: NftItem[] = held.map((h) => {
      const chain = chains.find((ch) => ch.chainId === h.chainId)!
      const meta = collections.get(`${h.chainId}:${h.contract}`)
      const collection = { name: meta?.name ?? 'Unknown collection', symbol: meta?.symbol ?? '' }
      return {
        id: `${chain.caipNetworkId}:${getAddress(h.contract)}:${h.tokenId}`,
        chainId: chain.caipNetworkId,
        contract: getAddress(h.contract),
        tokenId: h.tokenId,
        name: `${collection.name} #${h.tokenId}`,
        collection,
        imageUrl: `${base}${nftImagePath(chain.caipNetworkId, h.contract, h.tokenId)}`,
      }
    })
    return c.json({ nfts })
  })

  app.get('/v1/nfts/:chainId/:contract/:tokenId/metadata', async (c) => {
    const { chain, contract, tokenId } = tokenParams(c.req.param())
    const meta = await metadataOf(chain, contract, tokenId)
    const image = meta.image && `${baseUrl(c, deps)}${nftImagePath(chain.caipNetworkId, contract, String(tokenId))}`
    return c.json({ ...meta, image })
  })

  app.get('/v1/nfts/:chainId/:contract/:tokenId/image', async (c) => {
    const { chain, contract, tokenId } = tokenParams(c.req.param())
    const meta = await metadataOf(chain, contract, tokenId)
    const image = meta.image ? decodeDataUrl(meta.image) : undefined
    if (!image || !IMAGE_TYPES.has(image.type))
      throw new ApiError(404, 'no_image', `Token ${tokenId} of ${contract} has no image this server can serve`)
    c.header('Cache-Control', 'public, max-age=3600')
    // an SVG opened directly must not run anything on the API's origin
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
    return c.body(new Uint8Array(image.bytes), 200, { 'Content-Type': image.type })
  })
  return app
}
