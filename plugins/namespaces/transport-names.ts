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

type R = TransportRequests
type E = TransportEvents

declare module '../../kernel/index.js' {
  interface RequestMap {
    /** Injected (EIP-1193/EIP-6963) transport: the connector requests, for the wallet `connectorId`. */
    'injected/connect': R['connect']
    'injected/reconnect': R['reconnect']
    'injected/switchNetwork': R['switchNetwork']
    'injected/rpc': R['rpc']
    'injected/disconnect': R['disconnect']
    'injected/signIn': R['signIn']
    'injected/waitFor': R['waitFor']
    /** Wallet Standard transport (Solana). */
    'standard/connect': R['connect']
    'standard/reconnect': R['reconnect']
    'standard/switchNetwork': R['switchNetwork']
    'standard/rpc': R['rpc']
    'standard/disconnect': R['disconnect']
    'standard/signIn': R['signIn']
    'standard/waitFor': R['waitFor']
    /** sats-connect / WBIP004 transport (Bitcoin). */
    'sats/connect': R['connect']
    'sats/reconnect': R['reconnect']
    'sats/switchNetwork': R['switchNetwork']
    'sats/rpc': R['rpc']
    'sats/disconnect': R['disconnect']
    'sats/signIn': R['signIn']
    'sats/waitFor': R['waitFor']
    /** WalletConnect transport: the paired session, per namespace. */
    'wcSession/connect': R['connect']
    'wcSession/reconnect': R['reconnect']
    'wcSession/switchNetwork': R['switchNetwork']
    'wcSession/rpc': R['rpc']
    'wcSession/disconnect': R['disconnect']
    'wcSession/signIn': R['signIn']
    'wcSession/waitFor': R['waitFor']
  }
  interface EventMap {
    /** A built-in transport's wallet changed account, network, or ended the connection. */
    'injected/accountChanged': E['accountChanged']
    'injected/networkChanged': E['networkChanged']
    'injected/disconnected': E['disconnected']
    'standard/accountChanged': E['accountChanged']
    'standard/networkChanged': E['networkChanged']
    'standard/disconnected': E['disconnected']
    'sats/accountChanged': E['accountChanged']
    'sats/networkChanged': E['networkChanged']
    'sats/disconnected': E['disconnected']
    'wcSession/accountChanged': E['accountChanged']
    'wcSession/networkChanged': E['networkChanged']
    'wcSession/disconnected': E['disconnected']
  }
}
