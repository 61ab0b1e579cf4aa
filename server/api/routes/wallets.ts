// The wallet registry: paged list with search and filters, one wallet, and its icon (served from our own store).
import { Hono, type Context } from 'hono'
import { getWallet, getWalletIcon, listWallets, type StoredWallet, type WalletFilter } from '../../registry/query.js'
import type { ApiDeps } from '../deps.js'
import { invalidField, notFound } from '../errors.js'
import { baseUrl, CAIP2_PATTERN, WALLET_ID_PATTERN, clip, intParam, listParam, rejectNul } from '../params.js'

const PLATFORMS = ['mobile', 'desktop', 'web', 'injected'] as const
// The registry only changes when a new release seeds it; five minutes lets browsers and CDNs absorb repeat reads.
const LIST_CACHE = 'public, max-age=300'
const MAX_SEARCH = 100

function withImage(w: StoredWallet, base: string): StoredWallet & { imageUrl: string } {
  return { ...w, imageUrl: `${base}/v1/wallets/${w.id}/image` }
}

function walletIdParam(c: Context): string {
  const id = c.req.param('id') ?? ''
  if (!WALLET_ID_PATTERN.test(id))
    throw invalidField('invalid_wallet_id', 'id', `"${clip(id)}" is not a wallet id: expected 64 hex digits`)
  return id.toLowerCase()
}

function parseFilter(c: Context): WalletFilter {
  const search = c.req.query('search')?.trim()
  if (search && search.length > MAX_SEARCH)
    throw invalidField('invalid_query', 'search', `at most ${MAX_SEARCH} characters`)
  if (search) rejectNul(search, 'search', 'invalid_query')
  const platform = c.req.query('platform')
  if (platform !== undefined && platform !== '' && !(PLATFORMS as readonly string[]).includes(platform)) {
    throw invalidField('invalid_query', 'platform', `expected one of ${PLATFORMS.join(', ')}, got "${clip(platform)}"`)
  }
  const ids = (name: string) =>
    listParam(c, name, WALLET_ID_PATTERN, 'a wallet id (64 hex digits)')?.map((s) => s.toLowerCase())
  return {
    page: intParam(c, 'page', 1, 1, 100_000),
    entries: intParam(c, 'entries', 40, 1, 100),
    search: search || undefined,
    include: ids('include'),
    exclude: ids('exclude'),
    featured: ids('featured'),
    platform: (platform || undefined) as WalletFilter['platform'],
    chains: listParam(c, 'chains', CAIP2_PATTERN, 'a CAIP-2 chain id such as eip155:1', 50),
  }
}

/** GET /v1/wallets, /v1/wallets/{id}, /v1/wallets/{id}/image. */
export function walletsRoutes(deps: ApiDeps): Hono {
  const app = new Hono()
  app.get('/v1/wallets', async (c) => {
    const { count, data } = await listWallets(deps.store, parseFilter(c))
    const base = baseUrl(c, deps)
    c.header('Cache-Control', LIST_CACHE)
    return c.json({ count, data: data.map((w) => withImage(w, base)) })
  })
  app.get('/v1/wallets/:id', async (c) => {
    const wallet = await getWallet(deps.store, walletIdParam(c))
    if (!wallet) throw notFound('Wallet')
    c.header('Cache-Control', LIST_CACHE)
    return c.json(withImage(wallet, baseUrl(c, deps)))
  })
  app.get('/v1/wallets/:id/image', async (c) => {
    const icon = await getWalletIcon(deps.store, walletIdParam(c))
    if (!icon) throw notFound('Wallet icon')
    return c.body(new Uint8Array(icon.data), 200, {
      'Content-Type': icon.type,
      // Icons change only with a new release or a registry sync; a day of caching absorbs repeat reads.
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
      // An SVG opened directly must not run script.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    })
  })
  return app
}
