// SPEC §4/§6 multi-wallet state: known connections per namespace, the connector each is connected through and, with
// multi-wallet, the ones that ended on this page. Loaded with the Connect list; the queries and the requests that read
// it (./multiwallet.ts) load with the connection code.
import { addressOf, networkOfAddress, type KernelState, type SliceSpec } from '../../kernel/index.js'
import type { ConnectedAccount, NamespacesState } from './namespaces.state.js'

/** A remembered connection (plain data). */
export interface KnownConnection {
  connectorId: string
  address: string
  caipNetworkId: string
  /** SPEC §3 Connection accounts: every granted account, typed when the wallet says (Bitcoin payment and ordinal). */
  accounts?: ConnectedAccount[]
}

/** SPEC §4 connection status per connector. */
export type ConnectionStatus = 'connected' | 'active' | 'disconnected'

/** A connection as the list requests return it (SPEC §3 Connection, with its SPEC §4 status). */
export interface ListedConnection extends KnownConnection {
  namespace: string
  status: ConnectionStatus
  accounts: ConnectedAccount[]
  /** The embedded wallet's connection: who is signed in (email, else the social username). */
  auth?: { name: string }
}

declare module './namespaces.state.js' {
  interface NamespacesState {
    /** Known connections per namespace, most recent first. */
    connections?: Record<string, KnownConnection[]>
    /** The connector each namespace is connected through. */
    activeConnectors?: Record<string, string>
    /** Connections that ended on this page (SPEC §4 status "disconnected"), most recent first; multi-wallet only. */
    ended?: Record<string, KnownConnection[]>
  }
}

declare module '../../kernel/index.js' {
  interface EventMap {
    'wallet/connectionDeleted': { namespace: string; connectorId: string }
    /** A disconnected connection was removed from the list. */
    'wallet/connectionForgotten': { namespace: string; connectorId: string }
  }
  interface RequestMap {
    'connections/list': { input: { namespace?: string } | undefined; output: ListedConnection[] }
    'connections/switch': { input: { namespace: string; connectorId: string }; output: void }
    'connections/delete': { input: { namespace: string; connectorId: string }; output: void }
  }
}

/** True when the host or remote config enabled multi-wallet (off by default, SPEC §9). */
export const multiWalletEnabled = (s: KernelState): boolean => s.config.features.multiWallet === true

/** How many ended connections a namespace keeps listed. */
export const EndedConnectionsKept = 5

const split = (caipAddress: string) => ({
  caipNetworkId: networkOfAddress(caipAddress) ?? '',
  address: addressOf(caipAddress) ?? '',
})

// An ended connection joins the namespace's disconnected ones (multi-wallet only: without it nothing is listed).
const endConnection = (s: NamespacesState, namespace: string, c: KnownConnection | undefined, root: KernelState) => {
  if (!c || root.config.features.multiWallet !== true) return
  const ended = (s.ended ??= {})
  ended[namespace] = [{ ...c }, ...(ended[namespace] ?? []).filter((x) => x.connectorId !== c.connectorId)].slice(
    0,
    EndedConnectionsKept,
  )
}

/** Reducers for known connections, composed into the namespaces slice. */
export const multiWalletReducers: SliceSpec<NamespacesState>['on'] = {
  'wallet/connected': (s, p, _e, root) => {
    if (s.ended?.[p.namespace])
      s.ended[p.namespace] = s.ended[p.namespace].filter((c) => c.connectorId !== p.connectorId)
    const list = (s.connections ??= {})
    const keepOthers = root.config.features.multiWallet === true
    const entry = { connectorId: p.connectorId, ...split(p.caipAddress) }
    list[p.namespace] = [
      entry,
      ...(keepOthers ? (list[p.namespace] ?? []).filter((c) => c.connectorId !== p.connectorId) : []),
    ]
    ;(s.activeConnectors ??= {})[p.namespace] = p.connectorId
  },
  'wallet/accountsListed': (s, p) => {
    const id = s.activeConnectors?.[p.namespace]
    const c = s.connections?.[p.namespace]?.find((x) => x.connectorId === id)
    if (c) c.accounts = p.accounts.map((a) => ({ ...a }))
  },
  'wallet/accountChanged': (s, p) => {
    const id = s.activeConnectors?.[p.namespace]
    const c = s.connections?.[p.namespace]?.find((x) => x.connectorId === id)
    if (c) Object.assign(c, split(p.caipAddress))
  },
  'wallet/disconnected': (s, p, _e, root) => {
    const id = s.activeConnectors?.[p.namespace]
    endConnection(
      s,
      p.namespace,
      s.connections?.[p.namespace]?.find((c) => c.connectorId === id),
      root,
    )
    if (s.connections?.[p.namespace])
      s.connections[p.namespace] = s.connections[p.namespace].filter((c) => c.connectorId !== id)
    if (s.activeConnectors) delete s.activeConnectors[p.namespace]
  },
  'wallet/connectionDeleted': (s, p, _e, root) => {
    endConnection(
      s,
      p.namespace,
      s.connections?.[p.namespace]?.find((c) => c.connectorId === p.connectorId),
      root,
    )
    if (s.connections?.[p.namespace])
      s.connections[p.namespace] = s.connections[p.namespace].filter((c) => c.connectorId !== p.connectorId)
  },
  'wallet/connectionForgotten': (s, p) => {
    if (s.ended?.[p.namespace])
      s.ended[p.namespace] = s.ended[p.namespace].filter((c) => c.connectorId !== p.connectorId)
  },
}
