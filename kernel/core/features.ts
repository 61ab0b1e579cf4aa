// Feature gating (SPEC §6, §9): one place that says whether a feature is on, with SPEC's defaults for flags the host
// and the remote config left unset, and the SPEC §9 orders of Connect methods and Account actions.
import type { KernelState } from '../types.js'

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

/** True when feature `name` is on: the host's or remote config's value, else SPEC's default (payments turns email and socials off). */
export function isFeatureEnabled(state: KernelState, name: string): boolean {
  // SPEC §6: turning payments on disables email and socials.
  if ((name === 'email' || name === 'socials') && isFeatureEnabled(state, 'payments')) return false
  const value = state.config.features[name]
  // A list (e.g. `socials: ['google', 'github']`) is on when it is not empty; any other value is read as a flag.
  if (Array.isArray(value)) return value.length > 0
  if (value === undefined || value === null) return FeatureDefaults[name] ?? false
  return value !== false
}
