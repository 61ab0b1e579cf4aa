// One contract for a wallet transport any plugin provides (as wagmi's `createConnector` does): the connector says, as
// plain data, which of its plugin's requests connect, restore, switch, call and end a connection, and which of its
// events report the wallet's own changes. The namespaces plugin (the owner of transports) routes every wallet request
// for the connector's id through them, so the embedded wallet, a third party's wallet and any number more coexist,
// each under its own names. The built-in transports (injected, Wallet Standard, sats-connect, WalletConnect) are
// connectors of the same shape that the namespaces plugin registers itself. Plain data keeps the event log
// serializable and lets a reload restore a connection before the providing plugin has loaded (the kernel loads it on
// the first of its requests).
import type { RequestInput, RequestName, RequestOutput } from '../types.js'
import type { BridgedRpcCall } from './wallet.js'

/** A request of the RequestMap whose input is `I` and whose output is `O` (so the names are type-checked). */
export type RequestWith<I, O> = {
  [K in RequestName]: [I] extends [RequestInput<K>] ? ([RequestOutput<K>] extends [O] ? K : never) : never
}[RequestName]

/**
 * A live connection as a connector reports it. A plugin's connector answers with a whole `BridgedConnection` (its
 * connector id, name and namespace too: the connection is adopted and listed); a built-in transport with this alone.
 */
export interface ConnectorConnection {
  address: string
  caipNetworkId: string
  accounts?: Array<{ address: string; type?: 'eoa' | 'smartAccount' | 'payment' | 'ordinal'; publicKey?: string }>
}

/**
 * What every request of a connector is asked about: the namespace and, for a connector serving many wallets
 * (`family`), the id of the wallet meant (a plugin's own connector may ignore it).
 */
export interface ConnectorTarget {
  namespace: string
  connectorId?: string
}

/** A connection made by a one-step sign-in, with the text the wallet signed and its signature. */
export interface ConnectorSignIn {
  connection: ConnectorConnection
  message: string
  signature: string
}

/** The requests a connector's plugin answers, by name. */
export interface ConnectorRequests {
  /** Asks the wallet for access in `namespace` (may prompt; a refusal rejects with code 4001). */
  connect?: RequestWith<ConnectorTarget, ConnectorConnection>
  /** Restores the connection of `namespace` without a prompt; undefined when the wallet no longer grants it. */
  reconnect: RequestWith<ConnectorTarget, ConnectorConnection | undefined>
  /** Ends the connection (one namespace, or all). */
  disconnect: RequestWith<{ namespace?: string; connectorId?: string }, void>
  /** Moves the wallet to another network (a transport that must add it first looks its definition up itself). */
  switchNetwork: RequestWith<{ caipNetworkId: string; connectorId?: string }, void>
  /** Runs a wallet JSON-RPC call in WalletConnect's vocabulary of the namespace (see {@link BridgedRpcCall}). */
  rpc: RequestWith<BridgedRpcCall & { connectorId?: string }, unknown>
  /**
   * Optional: connects and signs in with one prompt where the wallet can (Wallet Standard `solana:signIn`), asking
   * `siwx/signInFields` for the fields; undefined when this wallet cannot (it is then connected, then asked to sign).
   */
  signIn?: RequestWith<ConnectorTarget, ConnectorSignIn | undefined>
  /**
   * Optional: resolves true once the wallet `connectorId` is discovered, false after `timeoutMs` (a reload's restore
   * waits on it). Without it a connection of the connector is restored at once.
   */
  waitFor?: RequestWith<ConnectorTarget & { timeoutMs: number }, boolean>
}

/** The events a connector's plugin emits about the wallet (each optional), by name, with these payloads. */
export interface ConnectorEvents {
  /** `{ namespace, address, connectorId? }`: the wallet's account in `namespace` changed. */
  accountChanged?: string
  /** `{ caipNetworkId, connectorId? }`: the wallet moved to another network. */
  networkChanged?: string
  /** `{ namespace?, connectorId? }`: the wallet ended the connection (of one namespace, or all). */
  disconnected?: string
}

/** A wallet transport a plugin provides, as plain data (register it with `wallet/registerConnector`). */
export interface Connector {
  /** Stable id: the Connect row is `wallet-selector-<id>`, stored connections name it. */
  id: string
  name: string
  /** Rendered only when http(s) or data:image. */
  imageUrl?: string
  /**
   * `EXTERNAL`: a row in Connect's wallet list (needs `requests.connect`); `AUTH`: reached through its plugin's own
   * views (the embedded wallet's email and social login), which adopt the connection (`wallet/adoptConnection`).
   */
  type: 'EXTERNAL' | 'AUTH'
  /** The chain namespaces it serves (`eip155`, `solana`, `bip122`). */
  namespaces: string[]
  /**
   * Set by a transport serving many wallets under their own ids (EIP-6963 announces several): it serves every
   * connector id of its namespaces no connector is registered under, and each of its requests (and events) names the
   * wallet by `connectorId`. A family connector is no Connect row itself: its wallets are, as discovery lists them.
   */
  family?: boolean
  requests: ConnectorRequests
  events?: ConnectorEvents
}

/**
 * Types a connector (wagmi's `createConnector`, as data): the request names are checked against RequestMap here, and
 * the whole is checked when registered (`wallet/registerConnector` refuses a malformed one with a clear error).
 */
export function createConnector<C extends Connector>(c: C): C {
  return c
}

declare module '../types.js' {
  interface RequestMap {
    /**
     * Registers a plugin's wallet transport: an EXTERNAL one is listed on Connect in each of its namespaces, and every
     * wallet request on a connection of its id goes through its requests. Registering the same id again replaces it.
     */
    'wallet/registerConnector': { input: Connector; output: void }
  }
}
