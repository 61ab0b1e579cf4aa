// Feature gating (SPEC §6, §9): one place that says whether a feature is on, with SPEC's defaults for flags the host
// and the remote config left unset, and the SPEC §9 orders of Connect methods and Account actions.
import type { HostOptions } from '../options.js'
import type { KernelState } from '../types.js'
import { hasInjectedWallet } from './connectors.js'

/**
 * SPEC §9 defaults: features on (receive, send, analytics, allWallets) and remote-feature defaults (swaps, onramp,
 * email, socials and activity on; multi-wallet off). Flags missing here default to off.
 */
export const FeatureDefaults: Readonly<Record<string, boolean>> = {
  receive: true,
  send: true,
  analytics: true,
  allWallets: true,
  swaps: true,
  onramp: true,
  email: true,
  socials: true,
  activity: true,
  reownAuthentication: false,
  multiWallet: false,
  emailCapture: false,
  payWithExchange: false,
  payments: false,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
}

/** True when feature `name` is on: the host's or remote config's value, else SPEC's default. */
export function isFeatureEnabled(state: KernelState, name: string): boolean {
  const value = state.config.features[name]
  // A list (e.g. `socials: ['google', 'github']`) is on when it is not empty; any other value is read as a flag.
  if (Array.isArray(value)) return value.length > 0
  if (value === undefined || value === null) return FeatureDefaults[name] ?? false
  return value !== false
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

/** SPEC §4/§9 reconnect: on unless the host set `enableReconnect: false` or `features.reconnect: false`. */
export function reconnectEnabled(options: Readonly<HostOptions>): boolean {
  return options.enableReconnect !== false && options.features?.reconnect !== false
}
