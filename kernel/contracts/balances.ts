// The one way balances are read from the API, shared by the Account's balance line (namespaces) and the Tokens tab
// (portfolio): SPEC §5 asset validation, tokens with 0 decimals dropped, the portfolio cache (30 s, SPEC §9), one
// request in flight per account, and SPEC §8 "Token Balance Unavailable": a failure shows the snackbar once and
// blocks retries for 30 s, for every reader.
// Amounts are decimal strings, never floats: their arithmetic is protocol/amounts.ts.
import { DecimalPattern, formatBaseUnits, multiplyDecimals } from '../../protocol/amounts.js'
import { CacheLifetimes, createTtlCache } from '../cache.js'
import { FoyerError } from '../errors.js'
import type { HandlerContext } from '../plugin.js'
import type { Storage } from '../storage.js'
import { StorageKeys } from '../storage.js'
import type { TokenBalance } from './portfolio.js'

/** How long a failed lookup blocks retries (SPEC §8/§9). */
export const TokenBalanceRetryBlockMs = 30_000

/** The snackbar text of a failed lookup (SPEC §8). */
export const TokenBalanceUnavailable = 'Token Balance Unavailable'

type Cached = { balances: TokenBalance[] } | { failed: true }
type Ctx = Pick<HandlerContext, 'http' | 'storage' | 'clock' | 'request'>

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * SPEC §5: a wallet asset is valid only with a string address, a string balance, type ERC20 or NATIVE, and metadata
 * with name, symbol, decimals, price and iconUrl of the right types (strings, an integer, a decimal string or null).
 */
export function isValidAsset(v: unknown): boolean {
  if (!isRecord(v) || typeof v.address !== 'string' || typeof v.balance !== 'string') return false
  if (!/^\d+$/.test(v.balance) || (v.type !== 'ERC20' && v.type !== 'NATIVE') || !isRecord(v.metadata)) return false
  const m = v.metadata
  return (
    typeof m.name === 'string' &&
    typeof m.symbol === 'string' &&
    typeof m.decimals === 'number' &&
    Number.isInteger(m.decimals) &&
    m.decimals >= 0 &&
    m.decimals <= 255 &&
    (m.price === null || (typeof m.price === 'string' && DecimalPattern.test(m.price))) &&
    typeof m.iconUrl === 'string'
  )
}

/** The valid assets of an API answer on `caipNetworkId` as balances; 0-decimal tokens are dropped (low quality). */
export function toTokenBalances(body: unknown, caipNetworkId: string): TokenBalance[] {
  const list = isRecord(body) && Array.isArray(body.balances) ? body.balances : []
  const out: TokenBalance[] = []
  for (const a of list) {
    if (!isValidAsset(a) || (a.chainId !== undefined && a.chainId !== caipNetworkId)) continue
    const m = a.metadata as { name: string; symbol: string; decimals: number; price: string | null; iconUrl: string }
    if (m.decimals === 0) continue
    const quantity = formatBaseUnits(BigInt(a.balance as string), m.decimals)
    const priced = m.price === null ? {} : { price: m.price, value: multiplyDecimals(quantity, m.price) }
    const source = typeof a.priceSource === 'string' && m.price !== null ? { priceSource: a.priceSource } : {}
    out.push({
      caipNetworkId,
      address: a.address as string,
      type: a.type as TokenBalance['type'],
      name: m.name.slice(0, 64),
      symbol: m.symbol.slice(0, 16),
      decimals: m.decimals,
      balance: a.balance as string,
      quantity,
      ...priced,
      ...source,
      iconUrl: m.iconUrl,
    })
  }
  return out
}

// Lookups in flight, per kernel (its storage), so the balance line and the Tokens tab share one request.
const inFlight = new WeakMap<Storage, Map<string, Promise<TokenBalance[]>>>()

/** Thrown while retries are blocked after a failure (SPEC §8). */
export function balanceUnavailable(): FoyerError {
  return new FoyerError(TokenBalanceUnavailable, { code: 'TOKEN_BALANCE_UNAVAILABLE', category: 'NETWORK' })
}

/**
 * The balances of `address` on `caipNetworkId` from the API, cached; a failure snackbars once and blocks 30 s.
 * `fresh` asks the API again (the balances changed on chain; a failure's 30 s block still holds) and refreshes the
 * cache for every reader.
 */
export function loadBalances(ctx: Ctx, address: string, caipNetworkId: string, fresh = false): Promise<TokenBalance[]> {
  // both entries live 30 s (SPEC §9 portfolio cache, SPEC §8 retry block), so one cache holds them
  const cache = createTtlCache<Cached>(
    ctx.storage,
    StorageKeys.portfolioCache,
    Math.min(CacheLifetimes.portfolio, TokenBalanceRetryBlockMs),
    ctx.clock,
  )
  const key = `${caipNetworkId}:${address.toLowerCase()}`
  const cached = cache.get(key)
  if (cached && 'failed' in cached) return Promise.reject(balanceUnavailable())
  if (cached && !fresh) return Promise.resolve(cached.balances)
  let running = inFlight.get(ctx.storage)
  if (!running) inFlight.set(ctx.storage, (running = new Map()))
  const pending = running.get(key)
  if (pending && !fresh) return pending
  const lookup = (async () => {
    try {
      const body = await ctx.http.get<unknown>({
        path: `v1/balances/${encodeURIComponent(address)}`,
        params: { chainId: caipNetworkId, currency: 'usd' },
      })
      const balances = toTokenBalances(body, caipNetworkId)
      cache.set(key, { balances })
      return balances
    } catch (error) {
      cache.set(key, { failed: true })
      await ctx.request('snackbar/show', { variant: 'error', message: TokenBalanceUnavailable }).catch(() => undefined)
      throw error
    }
  })()
  running.set(key, lookup)
  // a fresh lookup may have replaced this one meanwhile: only the latest leaves the table
  const done = () => void (running.get(key) === lookup && running.delete(key))
  lookup.then(done, done)
  return lookup
}
