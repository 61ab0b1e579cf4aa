// The social plugin's slice, events and requests, merged into the kernel's maps.

/** The `social` slice: the login in progress. */
export interface SocialState {
  /** The provider being signed in with. */
  provider?: string
  /** The Farcaster sign-in link (QR code) of the open channel. */
  farcasterUrl?: string
}

declare module '../../kernel/index.js' {
  interface KernelState {
    social?: SocialState
  }
  interface EventMap {
    /** A social login began (popup opened, redirect left, or a Farcaster channel asked for). */
    'social/started': { provider: string }
    /** The Farcaster channel is open: its link is for the Farcaster app. */
    'social/farcasterUriReceived': { url: string }
    /** SPEC §7 SOCIAL_LOGIN_SUCCESS: the embedded wallet is connected through `provider`. */
    'social/loggedIn': { provider: string; username?: string }
  }
  interface RequestMap {
    /** Logs in through the popup the click opened (`popup`: its id), or by full-page redirect without one (SPEC §4). */
    'social/connect': { input: { provider: string; popup?: string }; output: void }
    /** Finishes a login that went by redirect: reads `result_uri` from the address bar and removes it (SPEC §2). */
    'social/finishRedirect': { input: void; output: void }
    /** Farcaster: opens a channel, shows ConnectingFarcaster with its QR code, waits for the app. */
    'social/connectFarcaster': { input: void; output: void }
  }
}
