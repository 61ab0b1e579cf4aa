// SPEC §9 orders of the Connect methods and the Account actions (read by the modal only, so they load with it).
import type { KernelState } from '../types.js'

/** True when a browser-extension wallet was found (SPEC §9: then the wallet method comes first on Connect). */
export function hasInjectedWallet(state: KernelState): boolean {
  return state.connectors.list.some((c) => c.type === 'INJECTED' || c.type === 'ANNOUNCED')
}

/** SPEC §9 connect method order. */
export const ConnectMethodOrder: readonly string[] = ['email', 'social', 'wallet']

/**
 * The Connect methods in display order: the host's `features.connectMethodsOrder` when set (methods it left out follow),
 * else SPEC §9's email, social, wallet — with wallet first when an injected wallet is found.
 */
export function connectMethodOrder(state: KernelState): string[] {
  const configured = state.config.features.connectMethodsOrder
  const valid =
    Array.isArray(configured) && configured.length > 0 && configured.every((m) => ConnectMethodOrder.includes(m))
  let order = valid ? [...(configured as string[])] : [...ConnectMethodOrder]
  if (!valid && hasInjectedWallet(state)) order = ['wallet', ...order.filter((m) => m !== 'wallet')]
  for (const m of ConnectMethodOrder) if (!order.includes(m)) order.push(m)
  return order
}

/** SPEC §9 wallet feature order, used for the Account actions. */
export const WalletFeatureOrder: readonly string[] = ['onramp', 'swaps', 'receive', 'send']

/** Sorts entries by a SPEC order of ids; ids the order does not name follow, by `order` then id. */
export function sortBySpecOrder<T extends { id: string; order?: number }>(
  entries: readonly T[],
  spec: readonly string[],
): T[] {
  const rank = (e: T) => (spec.includes(e.id) ? spec.indexOf(e.id) : spec.length)
  return [...entries].sort(
    (a, b) => rank(a) - rank(b) || (a.order ?? 100) - (b.order ?? 100) || a.id.localeCompare(b.id),
  )
}
