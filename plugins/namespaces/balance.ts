// The native balance of the active account from the API (SPEC §5: supported mainnets only; testnets show 0.00),
// cached 30 s (SPEC §9); a failure shows "Token Balance Unavailable" and blocks retries for 30 s (SPEC §8).
import {
  activeCaipAddress,
  CacheLifetimes,
  createTtlCache,
  StorageKeys,
  type HandlerContext,
  type TtlCache,
  parseCaipAddress,
} from '../../kernel/index.js'
import { networkById } from './networks.js'
import { truncateDecimals } from './namespaces.state.js'

declare module '../../kernel/index.js' {
  interface RequestMap {
    'account/fetchBalance': { input: void; output: void }
  }
}

/** Namespaces the balance API serves (SPEC §9). */
export const BalanceNamespaces: readonly string[] = ['eip155', 'solana']

/** How long a failed lookup blocks retries (SPEC §8/§9). */
export const TokenBalanceRetryBlockMs = 30_000

/** The snackbar text of a failed lookup (SPEC §8). */
export const TokenBalanceUnavailable = 'Token Balance Unavailable'

/** A cached lookup: the balance, or the failure that blocks retries until it expires. */
type CachedBalance = { value: string; symbol: string } | { failed: true }

// Both entries live 30 s, so one cache under the native-balance key holds balances and retry blocks alike.
const cacheOf = (ctx: HandlerContext): TtlCache<CachedBalance> =>
  createTtlCache<CachedBalance>(
    ctx.storage,
    StorageKeys.nativeBalanceCache,
    Math.min(CacheLifetimes.nativeBalance, TokenBalanceRetryBlockMs),
    ctx.clock,
  )

interface ApiBalance {
  chainId?: unknown
  address?: unknown
  type?: unknown
  symbol?: unknown
  quantity?: { numeric?: unknown }
}

/** Handles `account/fetchBalance`: loads and records the active account's native balance. */
export async function fetchBalance(_input: void, ctx: HandlerContext): Promise<void> {
  const state = ctx.getState()
  const caipAddress = activeCaipAddress(state)
  const account = parseCaipAddress(caipAddress)
  if (!caipAddress || !account) return
  const caipNetworkId = account.caipNetworkId
  // SPEC §5/§9: balances only for namespaces the API serves and networks the host configured.
  const unavailable = () => ctx.emit('account/balanceUnavailable', { caipAddress, caipNetworkId })
  if (!BalanceNamespaces.includes(account.namespace)) return unavailable()
  const info = state.config.networks.find((n) => n.caipNetworkId === caipNetworkId)
  const known = networkById(caipNetworkId)
  const symbol = info?.nativeSymbol ?? known?.nativeCurrency.symbol ?? ''
  if (info?.testnet ?? known?.testnet) {
    ctx.emit('account/balanceLoaded', { caipAddress, caipNetworkId, value: '0.00', symbol })
    return
  }
  if (!info) return unavailable()
  const cache = cacheOf(ctx)
  const key = `${caipNetworkId}:${account.address.toLowerCase()}`
  const cached = cache.get(key)
  // A failure blocks retries for 30 s: say so again rather than asking the API.
  if (cached && 'failed' in cached) {
    ctx.emit('account/balanceFailed', { caipAddress, caipNetworkId, message: TokenBalanceUnavailable })
    return
  }
  if (cached) {
    ctx.emit('account/balanceLoaded', { caipAddress, caipNetworkId, ...cached })
    return
  }
  ctx.emit('account/balanceRequested', { caipAddress, caipNetworkId })
  try {
    const res = await ctx.http.get<{ balances?: ApiBalance[] }>({
      path: `v1/balances/${encodeURIComponent(account.address)}`,
      params: { chainId: caipNetworkId },
    })
    // the server marks the native token with type NATIVE (its address is `<chain>:native`); older ones left it out
    const native = (Array.isArray(res?.balances) ? res.balances : []).find(
      (b) => (b.type === 'NATIVE' || !b.address) && (b.chainId === undefined || b.chainId === caipNetworkId),
    )
    const numeric = typeof native?.quantity?.numeric === 'string' ? native.quantity.numeric : '0'
    const sym = typeof native?.symbol === 'string' && native.symbol ? native.symbol.slice(0, 12) : symbol
    // The account may have moved on while the request was in flight.
    const value = truncateDecimals(numeric, 3)
    cache.set(key, { value, symbol: sym })
    if (activeCaipAddress(ctx.getState()) !== caipAddress) return
    ctx.emit('account/balanceLoaded', { caipAddress, caipNetworkId, value, symbol: sym })
  } catch (error) {
    cache.set(key, { failed: true })
    ctx.emit('account/balanceFailed', {
      caipAddress,
      caipNetworkId,
      message: error instanceof Error ? error.message : TokenBalanceUnavailable,
    })
    await ctx.request('snackbar/show', { variant: 'error', message: TokenBalanceUnavailable })
    throw error
  }
}
