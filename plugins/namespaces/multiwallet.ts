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
  }
}

declare module '../../kernel/index.js' {
  interface EventMap {
    'wallet/connectionDeleted': { namespace: string; connectorId: string }
  }
  interface RequestMap {
    'connections/list': { input: { namespace?: string } | undefined; output: ListedConnection[] }
    'connections/switch': { input: { namespace: string; connectorId: string }; output: void }
    'connections/delete': { input: { namespace: string; connectorId: string }; output: void }
  }
}

/** True when the host or remote config enabled multi-wallet (off by default, SPEC §9). */
export const multiWalletEnabled = (s: KernelState): boolean => s.config.features.multiWallet === true

/** Every known connection with its status; without multi-wallet only the active connector's. */
export function listConnections(s: KernelState, namespace?: string): ListedConnection[] {
  const all = namespacesOf(s).connections ?? {}
  const active = namespacesOf(s).activeConnectors ?? {}
  return Object.entries(all)
    .filter(([ns]) => !namespace || ns === namespace)
    .flatMap(([ns, list]) =>
      list
        .filter((c) => multiWalletEnabled(s) || c.connectorId === active[ns])
        .map((c) => ({
          ...c,
          namespace: ns,
          status: (c.connectorId === active[ns] && s.account.namespaces[ns]?.status === 'connected'
            ? 'connected'
            : 'active') as ConnectionStatus,
        })),
    )
}

/** SPEC §4: with multi-wallet the modal stays open on disconnect while other connections remain. */
export function keepsModalOpen(s: KernelState): boolean {
  return (
    multiWalletEnabled(s) &&
    (Object.values(s.account.namespaces).some((n) => n.status === 'connected') || listConnections(s).length > 0)
  )
}

const split = (caipAddress: string) => ({
  caipNetworkId: networkOfAddress(caipAddress) ?? '',
  address: addressOf(caipAddress) ?? '',
})

/** Reducers for known connections, composed into the namespaces slice. */
export const multiWalletReducers: SliceSpec<NamespacesState>['on'] = {
  'wallet/connected': (s, p, _e, root) => {
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
  'wallet/disconnected': (s, p) => {
    const id = s.activeConnectors?.[p.namespace]
    if (s.connections?.[p.namespace])
      s.connections[p.namespace] = s.connections[p.namespace].filter((c) => c.connectorId !== id)
    if (s.activeConnectors) delete s.activeConnectors[p.namespace]
  },
  'wallet/connectionDeleted': (s, p) => {
    if (s.connections?.[p.namespace])
      s.connections[p.namespace] = s.connections[p.namespace].filter((c) => c.connectorId !== p.connectorId)
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
      const s = ctx.getState()
      if (
        namespacesOf(s).activeConnectors?.[namespace] === connectorId &&
        s.account.namespaces[namespace]?.status === 'connected'
      ) {
        ctx.emit('wallet/activeNamespaceChanged', { namespace })
        return
      }
      const adapter = adapterOf(namespace)
      // A known connection comes back without a prompt; a wallet that forgot us asks again.
      const c = (await adapter.reconnect(connectorId).catch(() => undefined)) ?? (await adapter.connect(connectorId))
      env.sessions.established(adapter, connectorId, c)
    },
    async 'connections/delete'(
      { namespace, connectorId }: { namespace: string; connectorId: string },
      ctx: HandlerContext,
    ): Promise<void> {
      if (!(await gate(ctx))) return
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
