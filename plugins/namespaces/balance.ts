// The native balance of the active account from the API (SPEC §5: supported mainnets only; testnets show 0.00),
// cached 30 s (SPEC §9). The lookup is the kernel's loadBalances, which the Tokens tab shares: one request, the
// portfolio cache, and SPEC §8's "Token Balance Unavailable" snackbar with retries blocked 30 s for both.
import {
  activeCaipAddress,
  CacheLifetimes,
  createTtlCache,
  loadBalances,
  StorageKeys,
  TokenBalanceUnavailable,
  truncateDecimals,
  type HandlerContext,
  type TtlCache,
  parseCaipAddress,
} from '../../kernel/index.js'
import { networkById } from './networks.js'

declare module '../../kernel/index.js' {
  interface RequestMap {
    /** `fresh`: the balance changed on chain (a transaction settled), so neither cache answers. */
    'account/fetchBalance': { input: { fresh?: boolean } | void; output: void }
  }
}

/** Namespaces the balance API serves (SPEC §9). */
export const BalanceNamespaces: readonly string[] = ['eip155', 'solana']

/** A cached native balance. */
type CachedBalance = { value: string; symbol: string }

const cacheOf = (ctx: HandlerContext): TtlCache<CachedBalance> =>
  createTtlCache<CachedBalance>(ctx.storage, StorageKeys.nativeBalanceCache, CacheLifetimes.nativeBalance, ctx.clock)

/** Handles `account/fetchBalance`: loads and records the active account's native balance. */
export async function fetchBalance(input: { fresh?: boolean } | void, ctx: HandlerContext): Promise<void> {
  const fresh = !!input?.fresh
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
  const cached = fresh ? undefined : cache.get(key)
  if (cached) {
    ctx.emit('account/balanceLoaded', { caipAddress, caipNetworkId, ...cached })
    return
  }
  ctx.emit('account/balanceRequested', { caipAddress, caipNetworkId })
  try {
    const native = (await loadBalances(ctx, account.address, caipNetworkId, fresh)).find((b) => b.type === 'NATIVE')
    const value = truncateDecimals(native?.quantity ?? '0', 3)
    const sym = native?.symbol || symbol
    cache.set(key, { value, symbol: sym })
    // The account may have moved on while the request was in flight.
    if (activeCaipAddress(ctx.getState()) !== caipAddress) return
    ctx.emit('account/balanceLoaded', { caipAddress, caipNetworkId, value, symbol: sym })
  } catch (error) {
    const message = error instanceof Error ? error.message : TokenBalanceUnavailable
    ctx.emit('account/balanceFailed', { caipAddress, caipNetworkId, message })
    // while retries are blocked the failure is known and already said: no new rejection
    if ((error as { code?: unknown }).code !== 'TOKEN_BALANCE_UNAVAILABLE') throw error
  }
}
