// WalletConnect's part of the `namespaces` slice: the pairing shown as a QR code, its expiry, and why it failed.
import type { SliceReducer } from '../../../kernel/index.js'
import type { WalletLinks } from '../../../protocol/registry/wallets.js'
import type { NamespacesState } from '../namespaces.state.js'

/** SPEC §4 wallet-connect status. */
export type WalletConnectStatus = 'disconnected' | 'connecting' | 'connected'

/** The pairing on screen. */
export interface WalletConnectState {
  status: WalletConnectStatus
  /** The `wc:` URI of the current pairing, once the relay accepted it. */
  uri?: string
  /** When the current pairing stops being offered (ms since epoch, from the kernel clock). */
  expiresAt?: number
  /** Why the last attempt failed, shown with a retry. */
  error?: string
  /** The registry wallet the visitor chose, when any. */
  wallet?: WalletLinks
  /** The deep link opened for that wallet (phones). */
  deepLink?: string
  /** The wallet app did not answer the deep link in time: offer the QR code, copy and store links. */
  unanswered?: boolean
}

declare module '../namespaces.state.js' {
  interface NamespacesState {
    walletConnect?: WalletConnectState
  }
}

declare module '../../../kernel/index.js' {
  interface EventMap {
    'walletConnect/pairingStarted': { wallet?: WalletLinks }
    'walletConnect/uriReceived': { uri: string; expiresAt: number }
    'walletConnect/pairingFailed': { message: string }
    'walletConnect/pairingCancelled': Record<string, never>
    'walletConnect/sessionApproved': { namespaces: string[] }
    'walletConnect/deepLinkOpened': { href: string }
    'walletConnect/deepLinkUnanswered': Record<string, never>
  }
}

/** The connector id WalletConnect sessions are stored under. */
export const WalletConnectId = 'walletConnect'

/** Pairing lifetime (SPEC §9). */
export const PairingLifetimeMs = 4 * 60_000
/** A pairing with less than this left counts as expired (SPEC §4). */
export const PairingExpiredUnderMs = 10_000
/**
 * How long the relay may take to hand out a pairing URI before the modal gives up (the SDK waits ~75 s; SPEC asks for
 * an error within 15 s, so this leaves room for loading the SDK).
 */
export const RelayTimeoutMs = 10_000

/** True when the pairing counts as expired at `now` (SPEC §4: under 10 s remaining). */
export function isPairingExpired(s: WalletConnectState | undefined, now: number): boolean {
  return !s?.expiresAt || s.expiresAt - now < PairingExpiredUnderMs
}

type R<
  E extends
    | 'walletConnect/pairingStarted'
    | 'walletConnect/uriReceived'
    | 'walletConnect/pairingFailed'
    | 'walletConnect/pairingCancelled'
    | 'walletConnect/sessionApproved'
    | 'walletConnect/deepLinkOpened'
    | 'walletConnect/deepLinkUnanswered'
    | 'wallet/disconnected',
> = SliceReducer<NamespacesState, E>

/** Reducers merged into the namespaces slice. */
export const walletConnectReducers: {
  'walletConnect/pairingStarted': R<'walletConnect/pairingStarted'>
  'walletConnect/uriReceived': R<'walletConnect/uriReceived'>
  'walletConnect/pairingFailed': R<'walletConnect/pairingFailed'>
  'walletConnect/pairingCancelled': R<'walletConnect/pairingCancelled'>
  'walletConnect/sessionApproved': R<'walletConnect/sessionApproved'>
  'walletConnect/deepLinkOpened': R<'walletConnect/deepLinkOpened'>
  'walletConnect/deepLinkUnanswered': R<'walletConnect/deepLinkUnanswered'>
  'wallet/disconnected': R<'wallet/disconnected'>
} = {
  'walletConnect/pairingStarted': (s, p) => {
    s.walletConnect = { status: 'connecting', ...(p.wallet ? { wallet: p.wallet } : {}) }
  },
  'walletConnect/uriReceived': (s, p) => {
    if (s.walletConnect) {
      s.walletConnect.uri = p.uri
      s.walletConnect.expiresAt = p.expiresAt
      delete s.walletConnect.error
    }
  },
  'walletConnect/pairingFailed': (s, p) => {
    s.walletConnect = { ...s.walletConnect, status: 'disconnected', error: p.message }
    delete s.walletConnect.uri
    delete s.walletConnect.expiresAt
  },
  'walletConnect/pairingCancelled': (s) => {
    delete s.walletConnect
  },
  'walletConnect/sessionApproved': (s) => {
    s.walletConnect = { status: 'connected' }
  },
  'walletConnect/deepLinkOpened': (s, p) => {
    if (s.walletConnect) s.walletConnect.deepLink = p.href
  },
  'walletConnect/deepLinkUnanswered': (s) => {
    if (s.walletConnect?.status === 'connecting') s.walletConnect.unanswered = true
  },
  // SPEC §4: the session is gone once no namespace is connected through it any more.
  'wallet/disconnected': (s, p, _e, root) => {
    if (s.walletConnect?.status !== 'connected') return
    const viaWc = Object.entries(root.account.namespaces).some(
      ([ns, c]) => ns !== p.namespace && c.status === 'connected' && c.connectorId === WalletConnectId,
    )
    if (!viaWc) s.walletConnect = { status: 'disconnected' }
  },
}
