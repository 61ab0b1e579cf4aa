// Feature gating (SPEC §6, §9): one place that says whether a feature is on, with SPEC's defaults for flags the host
// and the remote config left unset, and SPEC §6's rules on top (basic mode, payments, the origin check).
import type { KernelState } from '../types.js'
import type {} from './project.js'

/**
 * SPEC §9 defaults: features on (receive, send, analytics, allWallets) and remote-feature defaults (swaps, onramp,
 * email, socials, activity and branding on; multi-wallet off), and passkeys off. Flags missing here default to off.
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
  reownBranding: true,
  reownAuthentication: false,
  multiWallet: false,
  emailCapture: false,
  payWithExchange: false,
  payments: false,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  // issue 36: passkey login of the embedded wallet, off unless the operator turns it on
  passkeys: false,
  // SPEC §9 `wallets` (the host's `enableWallets`): wallets on Connect
  wallets: true,
}

/** SPEC §3 remote features: what a project's server configures and basic mode turns off. */
export const RemoteFeatureIds = [
  'email',
  'socials',
  'swaps',
  'onramp',
  'activity',
  'reownBranding',
  'multiWallet',
  'emailCapture',
  'payWithExchange',
  'payments',
  'reownAuthentication',
  'passkeys',
] as const

/** One remote feature id (SPEC §3). */
export type RemoteFeatureId = (typeof RemoteFeatureIds)[number]

/** True when `name` is one of SPEC §3's remote features. */
export const isRemoteFeature = (name: string): name is RemoteFeatureId =>
  (RemoteFeatureIds as readonly string[]).includes(name)

/**
 * True when feature `name` is on: the host's or remote config's value, else SPEC's default; off in basic mode for
 * remote features; email, socials and passkeys also need payments off and this page's origin allowed (SPEC §6).
 */
export function isFeatureEnabled(state: KernelState, name: string): boolean {
  if (state.config.basic && isRemoteFeature(name)) return false
  if (
    (name === 'email' || name === 'socials' || name === 'passkeys') &&
    (state.project?.originAllowed === false || isFeatureEnabled(state, 'payments'))
  )
    return false
  const value = state.config.features[name]
  // A list (e.g. `socials: ['google', 'github']`) is on when it is not empty; any other value is read as a flag.
  if (Array.isArray(value)) return value.length > 0
  if (value === undefined || value === null) return FeatureDefaults[name] ?? false
  return value !== false
}
