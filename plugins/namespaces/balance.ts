// The native balance of the active account from the API (SPEC §5: supported mainnets only; testnets show 0.00).
import { activeCaipAddress, type HandlerContext } from '../../kernel/index.js'
import { parseCaipAddress } from './caip.js'
import { networkById } from './networks.js'
import { truncateDecimals } from './namespaces.state.js'

declare module '../../kernel/index.js' {
  interface RequestMap {
    'account/fetchBalance': { input: void; output: void }
  }
}

/** Namespaces the balance API serves (SPEC §9). */
export const BalanceNamespaces: readonly string[] = ['eip155', 'solana']

interface ApiBalance { chainId?: unknown; address?: unknown; symbol?: unknown; quantity?: { numeric?: unknown } }

/** Handles `account/fetchBalance`: loads and records the active account's native balance. */
export async function fetchBalance(_input: void, ctx: HandlerContext): Promise<void> {
  const state = ctx.getState()
  const caipAddress = activeCaipAddress(state)
  const account = parseCaipAddress(caipAddress)
  if (!caipAddress || !account || !BalanceNamespaces.includes(account.namespace)) return
  const caipNetworkId = account.caipNetworkId
  const info = state.config.networks.find((n) => n.caipNetworkId === caipNetworkId)
  const known = networkById(caipNetworkId)
  const symbol = info?.nativeSymbol ?? known?.nativeCurrency.symbol ?? ''
  if (info?.testnet ?? known?.testnet) {
    ctx.emit('account/balanceLoaded', { caipAddress, caipNetworkId, value: '0.00', symbol })
    return
  }
  try {
    const res = await ctx.http.get<{ balances?: ApiBalance[] }>({ path: `v1/balances/${encodeURIComponent(account.address)}`, params: { chainId: caipNetworkId } })
    const native = (Array.isArray(res?.balances) ? res.balances : []).find((b) => !b.address && (b.chainId === undefined || b.chainId === caipNetworkId))
    const numeric = typeof native?.quantity?.numeric === 'string' ? native.quantity.numeric : '0'
    const sym = typeof native?.symbol === 'string' && native.symbol ? native.symbol.slice(0, 12) : symbol
    // The account may have moved on while the request was in flight.
    if (activeCaipAddress(ctx.getState()) !== caipAddress) return
    ctx.emit('account/balanceLoaded', { caipAddress, caipNetworkId, value: truncateDecimals(numeric, 3), symbol: sym })
  } catch (error) {
    ctx.emit('account/balanceFailed', { caipAddress, caipNetworkId, message: error instanceof Error ? error.message : 'Token Balance Unavailable' })
    throw error
  }
}
