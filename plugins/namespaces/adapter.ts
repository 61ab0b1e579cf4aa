// The shape of a wallet transport's code inside the namespaces plugin: EVM injected, Solana Wallet Standard, Bitcoin
// WBIP004, and the views WalletConnect gives of one session per namespace. It is NOT a second contract: serve.ts
// turns each built-in transport's adapter into a connector of the one registry (kernel/contracts/connector.ts), and
// the handlers reach every transport through routed.ts, which presents the registry in this same shape.
//
// An adapter owns the live objects of one chain namespace (providers, sockets) and speaks its wallet protocol.
// It never touches kernel state: its connector's requests call it, and what it reports becomes the connector's
// events, which the plugin turns into `wallet/connected`, `wallet/accountChanged`, `network/switched`, … Rules:
// - Heavy SDKs are `import()`ed inside methods, never at a module's top level (DESIGN §2.6).
// - A user rejection rejects with an error whose `code` is 4001 (or a `UserRejectedError`); the UI goes back.
// - Everything passed to callbacks is plain data (addresses, CAIP ids), never a provider object.
// - `request` speaks WalletConnect's method vocabulary of the namespace whatever the transport, so the wallet requests
//   (wallet/sendTransaction, solana/*, bitcoin/*, …) are written once per namespace, not once per transport.
import type { BridgedRpcCall, ConnectorInfo, SIWXMessageData } from '../../kernel/index.js'
import type { ConnectedAccount } from './namespaces.state.js'
import type { NetworkDefinition } from './networks.js'

/**
 * A wallet JSON-RPC call in WalletConnect's vocabulary for the namespace: eip155 `eth_sendTransaction`,
 * `personal_sign`, `wallet_sendCalls`, …; solana `solana_signMessage` (`{ message, pubkey }`, base58),
 * `solana_signTransaction` / `solana_signAndSendTransaction` (`{ transaction }`, base64); bip122 `signMessage`,
 * `sendTransfer`, `signPsbt` (`{ account, … }`). `caipNetworkId` is the network the call is for.
 */
export type WalletRpcCall = Omit<BridgedRpcCall, 'namespace'>

// One description of a connector for the kernel and the adapters (SPEC §3 "Connector"): the kernel's.
export type { ConnectedAccount } from './namespaces.state.js'
export type { ConnectorInfo, ConnectorType } from '../../kernel/index.js'

/** A live connection, as plain data. */
export interface AdapterConnection {
  /** The namespace's address format (EVM: 0x-prefixed hex). */
  address: string
  /** CAIP-2 id of the wallet's current network. */
  caipNetworkId: string
  /** Every account the wallet granted, in the namespace's order (Bitcoin: index 0 payment, index 1 ordinal). */
  accounts?: ConnectedAccount[]
}

/** What a connected wallet reports on its own. */
export interface AdapterEvents {
  /** The wallet's accounts changed; an empty list means access was revoked. */
  accountsChanged(addresses: string[]): void
  /** The wallet moved to another network (CAIP-2). */
  chainChanged(caipNetworkId: string): void
  /** The wallet dropped the connection. */
  disconnected(): void
}

/** One chain namespace's wallet layer. */
export interface NamespaceAdapter {
  readonly namespace: string
  /** Starts discovery; `onChange` receives the full connector list whenever it changes. Returns stop. */
  watchConnectors(onChange: (connectors: ConnectorInfo[]) => void): () => void
  /** Asks the wallet for access (may prompt); rejects with code 4001 when the visitor declines. */
  connect(connectorId: string): Promise<AdapterConnection>
  /** Restores a connection without prompting; undefined when the wallet no longer grants access. */
  reconnect(connectorId: string): Promise<AdapterConnection | undefined>
  /** Moves the wallet to `network`, adding it first when the wallet does not know it. */
  switchNetwork(connectorId: string, network: NetworkDefinition): Promise<void>
  /** Ends the connection on the wallet's side where the protocol allows it. */
  disconnect(connectorId: string): Promise<void>
  /** Follows the wallet's events for `connectorId`; returns unsubscribe. */
  subscribe(connectorId: string, events: AdapterEvents): () => void
  /** Runs a wallet call through the wallet of `connectorId` (see {@link WalletRpcCall}); the wallet may prompt. */
  request(connectorId: string, call: WalletRpcCall): Promise<unknown>
  /** Resolves true once `connectorId` is discovered, false after `timeoutMs` (reload restores wait on it). */
  waitFor?(connectorId: string, timeoutMs: number): Promise<boolean>
  /**
   * Connects and signs in with one prompt where the wallet can (Wallet Standard `solana:signIn`): `fields` gives the
   * sign-in fields for the network the wallet will be on. Undefined when this wallet cannot (connect, then sign).
   */
  signIn?(connectorId: string, fields: (chainId: string) => Promise<SIWXMessageData>): Promise<SignedIn | undefined>
}

/** A connection made by a one-step sign-in, with the text the wallet signed and its signature. */
export interface SignedIn {
  connection: AdapterConnection
  message: string
  signature: string
}
