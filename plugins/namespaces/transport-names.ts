// The names of the built-in transports' connector requests and events (kernel/contracts/connector.ts): each transport
// answers the same requests under its own prefix, so the Connect list's chunk (index.ts) can list them for the kernel
// without carrying the transports' code. WalletConnect's session is `wcSession/…`: `walletConnect/connect` already
// names the pairing request, and two prefixes differing only in case would be read as one.
import type { ConnectorConnection, ConnectorSignIn, ConnectorTarget, BridgedRpcCall } from '../../kernel/index.js'

/** The built-in transports' prefixes: injected (EIP-1193/6963), Wallet Standard, sats-connect, WalletConnect. */
export const TransportPrefixes = ['injected', 'standard', 'sats', 'wcSession'] as const

/** One built-in transport's prefix. */
export type TransportPrefix = (typeof TransportPrefixes)[number]

/** The connector requests every built-in transport answers (`<prefix>/<kind>`). */
export const TransportRequestKinds = [
  'connect',
  'reconnect',
  'switchNetwork',
  'rpc',
  'disconnect',
  'signIn',
  'waitFor',
] as const

/** Every built-in transport's request names. */
export const transportRequestNames = (): string[] =>
  TransportPrefixes.flatMap((p) => TransportRequestKinds.map((k) => `${p}/${k}`))

/** The requests of one built-in transport, typed for RequestMap. */
export interface TransportRequests {
  connect: { input: ConnectorTarget; output: ConnectorConnection }
  reconnect: { input: ConnectorTarget; output: ConnectorConnection | undefined }
  switchNetwork: { input: { caipNetworkId: string; connectorId?: string }; output: void }
  rpc: { input: BridgedRpcCall & { connectorId?: string }; output: unknown }
  disconnect: { input: { namespace?: string; connectorId?: string }; output: void }
  signIn: { input: ConnectorTarget; output: ConnectorSignIn | undefined }
  waitFor: { input: ConnectorTarget & { timeoutMs: number }; output: boolean }
}

/** The events of one built-in transport, typed for EventMap. */
export interface TransportEvents {
  accountChanged: { namespace: string; address: string; connectorId: string }
  networkChanged: { caipNetworkId: string; connectorId: string }
  disconnected: { namespace: string; connectorId: string }
}

/** `T`'s entries under `<prefix>/`. */
type Prefixed<P extends TransportPrefix, T> = { [K in keyof T & string as `${P}/${K}`]: T[K] }
type Requests = Prefixed<'injected', TransportRequests> &
  Prefixed<'standard', TransportRequests> &
  Prefixed<'sats', TransportRequests> &
  Prefixed<'wcSession', TransportRequests>
type Events = Prefixed<'injected', TransportEvents> &
  Prefixed<'standard', TransportEvents> &
  Prefixed<'sats', TransportEvents> &
  Prefixed<'wcSession', TransportEvents>

declare module '../../kernel/index.js' {
  /** Every built-in transport's connector requests (`injected/connect`, …, `wcSession/waitFor`). */
  interface RequestMap extends Requests {}
  /** Every built-in transport's events (`injected/accountChanged`, …, `wcSession/disconnected`). */
  interface EventMap extends Events {}
}
