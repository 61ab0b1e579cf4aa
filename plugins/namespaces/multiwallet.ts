// SPEC §4/§6 multi-wallet: known connections per namespace (the active one "connected", others "active"), and the
// gate: listing, switching and deleting need the `multiWallet` feature, else an info alert and an empty result.
import {
  FoyerError,
  type HandlerContext,
  type KernelState,
  type SliceSpec,
  addressOf,
  networkOfAddress,
} from '../../kernel/index.js'
import type { NamespaceAdapter } from './adapter.js'
import type { NamespacesState } from './namespaces.state.js'
import type { Sessions } from './session.js'
import { namespacesOf } from './namespaces.state.js'
import { reconnectEnded } from './reconnect-ended.js'

/** A remembered connection (plain data). */
export interface KnownConnection {
  connectorId: string
  address: string
  caipNetworkId: string
}

/** SPEC §4 connection status per connector. */
export type ConnectionStatus = 'connected' | 'active' | 'disconnected'

/** A connection as the list requests return it. */
export interface ListedConnection extends KnownConnection {
  namespace: string
  status: ConnectionStatus
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

/**
 * Every known connection with its SPEC §4 status: `connected` (the namespace's active connector), `active` (known, not
 * the active one) and, with multi-wallet, `disconnected` (ended on this page). Without multi-wallet only the active
 * connector's.
 */
export function listConnections(s: KernelState, namespace?: string): ListedConnection[] {
  const all = namespacesOf(s).connections ?? {}
  const ended = multiWalletEnabled(s) ? (namespacesOf(s).ended ?? {}) : {}
  const active = namespacesOf(s).activeConnectors ?? {}
  const namespaces = [...new Set([...Object.keys(all), ...Object.keys(ended)])]
  return namespaces
    .filter((ns) => !namespace || ns === namespace)
    .flatMap((ns) => [
      ...(all[ns] ?? [])
        .filter((c) => multiWalletEnabled(s) || c.connectorId === active[ns])
        .map((c) => ({
          ...c,
          namespace: ns,
          status: (c.connectorId === active[ns] && s.account.namespaces[ns]?.status === 'connected'
            ? 'connected'
            : 'active') as ConnectionStatus,
        })),
      ...(ended[ns] ?? []).map((c) => ({ ...c, namespace: ns, status: 'disconnected' as const })),
    ])
}

/** The SPEC §4 status of one connector's connection; undefined when no such connection is known. */
export function connectionStatus(s: KernelState, namespace: string, connectorId: string): ConnectionStatus | undefined {
  return listConnections(s, namespace).find((c) => c.connectorId === connectorId)?.status
}

/** SPEC §4: with multi-wallet the modal stays open on disconnect while other connections remain. */
export function keepsModalOpen(s: KernelState): boolean {
  return (
    multiWalletEnabled(s) &&
    (Object.values(s.account.namespaces).some((n) => n.status === 'connected') ||
      listConnections(s).some((c) => c.status !== 'disconnected'))
  )
}

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

// SPEC §6: without the feature, an info alert and an empty result.
const gate = async (ctx: HandlerContext): Promise<boolean> => {
  if (multiWalletEnabled(ctx.getState())) return true
  await ctx.request('alert/show', { alert: 'multiWalletNotEnabled' })
  return false
}

/** The multi-wallet requests over the plugin's adapters and sessions. */
export function multiWalletHandlers(env: { adapters(): NamespaceAdapter[]; sessions: Sessions }) {
  const adapterOf = (namespace: string) => {
    const a = env.adapters().find((x) => x.namespace === namespace)
    if (!a) throw FoyerError.of('adapterOrConnectorNotFound', { reason: namespace, category: 'CONFIGURATION' })
    return a
  }
  return {
    async 'connections/list'(
      input: { namespace?: string } | undefined,
      ctx: HandlerContext,
    ): Promise<ListedConnection[]> {
      return (await gate(ctx)) ? listConnections(ctx.getState(), input?.namespace) : []
    },
    async 'connections/switch'(
      { namespace, connectorId }: { namespace: string; connectorId: string },
      ctx: HandlerContext,
    ): Promise<void> {
      if (!(await gate(ctx))) return
      const status = connectionStatus(ctx.getState(), namespace, connectorId)
      switch (status) {
        case 'connected':
          ctx.emit('wallet/activeNamespaceChanged', { namespace })
          return
        case 'active': {
          const adapter = adapterOf(namespace)
          // A known connection comes back without a prompt; a wallet that forgot us asks again.
          const c =
            (await adapter.reconnect(connectorId).catch(() => undefined)) ?? (await adapter.connect(connectorId))
          env.sessions.established(adapter, connectorId, c)
          return
        }
        case 'disconnected':
          return reconnectEnded(namespace, connectorId, ctx)
        default:
          // SPEC §8: a connection the list does not know has no status to switch from.
          throw FoyerError.of('invalidConnectionStatus', {
            reason: `no connection of ${connectorId} in ${namespace}`,
            category: 'WALLET',
          })
      }
    },
    async 'connections/delete'(
      { namespace, connectorId }: { namespace: string; connectorId: string },
      ctx: HandlerContext,
    ): Promise<void> {
      if (!(await gate(ctx))) return
      // A disconnected entry has nothing left to end: removing it forgets it.
      if (connectionStatus(ctx.getState(), namespace, connectorId) === 'disconnected') {
        ctx.emit('wallet/connectionForgotten', { namespace, connectorId })
        return
      }
      if (namespacesOf(ctx.getState()).activeConnectors?.[namespace] === connectorId) {
        await ctx.request('wallet/disconnect', { namespace })
        return
      }
      await adapterOf(namespace)
        .disconnect(connectorId)
        .catch(() => undefined)
      ctx.emit('wallet/connectionDeleted', { namespace, connectorId })
    },
  }
}
