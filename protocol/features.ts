// The feature table client and server share (SPEC §3, §9): which features exist, which a project's server
// configures, and SPEC's defaults. The kernel decides from it whether a feature is on (kernel/contracts/features.ts).

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
