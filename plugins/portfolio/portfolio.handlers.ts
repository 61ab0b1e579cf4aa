// Loads the portfolio of the active account on the active network: balances through the kernel's loadBalances (shared
// with the Account's balance line: one request, the 30 s portfolio cache, "Token Balance Unavailable" with retries
// blocked 30 s) — or the wallet's own view when it answers EIP-7811 wallet_getAssets (wallet-assets.ts) —, NFTs from
// the API (EVM). Only networks the API serves and the host configured are looked up;
// testnets show nothing and make no lookup (SPEC §5). Prices fed by other plugins are kept 15 s (SPEC §9).
import {
  activeCaipAddress,
  CacheLifetimes,
  createTtlCache,
  loadBalances,
  multiplyDecimals,
  parseCaipAddress,
  StorageKeys,
  type FedPrice,
  type HandlerContext,
  type PortfolioNft,
  type TokenBalance,
} from '../../kernel/index.js'
import type { PortfolioKey } from './portfolio.state.js'
import { walletBalances } from './wallet-assets.js'

/** Namespaces the balance API serves (SPEC §9: balances on EVM and Solana). */
export const BalanceNamespaces: readonly string[] = ['eip155', 'solana']

type Ctx = Pick<HandlerContext, 'getState' | 'storage' | 'clock'>
type Target = { key: PortfolioKey; address: string; namespace: string; testnet: boolean }

// The active account and network, when the host configured that network.
function target(ctx: Ctx): Target | 'unconfigured' | undefined {
  const state = ctx.getState()
  const caipAddress = activeCaipAddress(state)
  const account = parseCaipAddress(caipAddress)
  if (!caipAddress || !account) return undefined
  const info = state.config.networks.find((n) => n.caipNetworkId === account.caipNetworkId)
  if (!info) return 'unconfigured'
  return {
    key: { caipAddress, caipNetworkId: account.caipNetworkId },
    address: account.address,
    namespace: account.namespace,
    testnet: !!info.testnet,
  }
}

const priceCache = (ctx: Ctx) =>
  createTtlCache<Omit<FedPrice, 'address'>>(
    ctx.storage,
    StorageKeys.tokenPriceCache,
    CacheLifetimes.tokenPrice,
    ctx.clock,
  )

/** Keeps prices fed by other plugins (swap quotes) for 15 s. */
export function rememberPrices(ctx: Ctx, caipNetworkId: string, prices: readonly FedPrice[]): void {
  const cache = priceCache(ctx)
  for (const p of prices) cache.set(`${caipNetworkId}|${p.address.toLowerCase()}`, { usd: p.usd, source: p.source })
}

// A fed price younger than 15 s wins over the server's: it is the fresher quote.
function withFedPrices(ctx: Ctx, balances: TokenBalance[]): TokenBalance[] {
  const cache = priceCache(ctx)
  return balances.map((b) => {
    const fed = cache.get(`${b.caipNetworkId}|${b.address.toLowerCase()}`)
    return fed ? { ...b, price: fed.usd, value: multiplyDecimals(b.quantity, fed.usd), priceSource: fed.source } : b
  })
}

// The account may have moved on while a request was in flight: its answer then belongs to nobody on screen.
const stillActive = (ctx: Ctx, t: Target) => activeCaipAddress(ctx.getState()) === t.key.caipAddress
const blocked = (err: unknown) => (err as { code?: unknown }).code === 'TOKEN_BALANCE_UNAVAILABLE'
const message = (err: unknown) => (err instanceof Error ? err.message : String(err))

/** Handles `portfolio/fetchBalances`. */
export async function fetchBalances(input: { fresh?: boolean } | void, ctx: HandlerContext): Promise<TokenBalance[]> {
  const t = target(ctx)
  if (!t) return []
  if (t === 'unconfigured' || !BalanceNamespaces.includes(t.namespace)) {
    const caipAddress = activeCaipAddress(ctx.getState())!
    const caipNetworkId = parseCaipAddress(caipAddress)!.caipNetworkId
    ctx.emit('portfolio/balancesUnavailable', { caipAddress, caipNetworkId })
    return []
  }
  if (t.testnet) {
    ctx.emit('portfolio/balancesLoaded', { ...t.key, balances: [] })
    return []
  }
  ctx.emit('portfolio/balancesRequested', t.key)
  try {
    // the wallet's own view of its assets when it offers one (EIP-7811), else the operator's API
    const own =
      t.namespace === 'eip155' ? await walletBalances(ctx, t.address, t.key.caipNetworkId, !!input?.fresh) : undefined
    const balances = withFedPrices(
      ctx,
      own ?? (await loadBalances(ctx, t.address, t.key.caipNetworkId, !!input?.fresh)),
    )
    if (stillActive(ctx, t)) ctx.emit('portfolio/balancesLoaded', { ...t.key, balances })
    return balances
  } catch (err) {
    if (stillActive(ctx, t)) ctx.emit('portfolio/balancesFailed', { ...t.key, message: message(err) })
    // while retries are blocked the failure was already said (the snackbar): answer nothing, quietly
    if (blocked(err)) return []
    throw err
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The well-formed NFTs of an API answer on `caipNetworkId`; anything else is dropped. */
export function toNfts(body: unknown, caipNetworkId: string): PortfolioNft[] {
  const list = isRecord(body) && Array.isArray(body.nfts) ? body.nfts : []
  return list.flatMap((n): PortfolioNft[] => {
    if (!isRecord(n) || n.chainId !== caipNetworkId || !isRecord(n.collection)) return []
    const { id, contract, tokenId, name, imageUrl } = n
    if (typeof id !== 'string' || typeof contract !== 'string' || typeof name !== 'string') return []
    if (typeof tokenId !== 'string' || !/^\d+$/.test(tokenId) || typeof n.collection.name !== 'string') return []
    const image = typeof imageUrl === 'string' ? { imageUrl } : {}
    return [{ id, caipNetworkId, contract, tokenId, name: name.slice(0, 80), collection: n.collection.name, ...image }]
  })
}

/** Handles `portfolio/fetchNfts` (EVM networks; cached 30 s like the balances). */
export async function fetchNfts(_input: void, ctx: HandlerContext): Promise<PortfolioNft[]> {
  const t = target(ctx)
  if (!t) return []
  if (t === 'unconfigured' || t.namespace !== 'eip155') {
    const caipAddress = activeCaipAddress(ctx.getState())!
    const caipNetworkId = parseCaipAddress(caipAddress)!.caipNetworkId
    ctx.emit('portfolio/nftsUnavailable', { caipAddress, caipNetworkId })
    return []
  }
  if (t.testnet) {
    ctx.emit('portfolio/nftsLoaded', { ...t.key, nfts: [] })
    return []
  }
  const cache = createTtlCache<PortfolioNft[]>(
    ctx.storage,
    StorageKeys.portfolioCache,
    CacheLifetimes.portfolio,
    ctx.clock,
  )
  const key = `nfts:${t.key.caipNetworkId}:${t.address.toLowerCase()}`
  const cached = cache.get(key)
  if (cached) {
    ctx.emit('portfolio/nftsLoaded', { ...t.key, nfts: cached })
    return cached
  }
  ctx.emit('portfolio/nftsRequested', t.key)
  try {
    const body = await ctx.http.get<unknown>({
      path: `v1/nfts/${encodeURIComponent(t.address)}`,
      params: { chainId: t.key.caipNetworkId },
    })
    const nfts = toNfts(body, t.key.caipNetworkId)
    cache.set(key, nfts)
    if (stillActive(ctx, t)) ctx.emit('portfolio/nftsLoaded', { ...t.key, nfts })
    return nfts
  } catch (err) {
    if (stillActive(ctx, t)) ctx.emit('portfolio/nftsFailed', { ...t.key, message: message(err) })
    throw err
  }
}
