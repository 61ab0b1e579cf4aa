// SPEC §4/§6 multi-wallet: each known connection's status (the active one "connected", others "active", ended ones
// "disconnected"), and the gate: listing, switching and deleting need the `multiWallet` feature, else an info alert
// and an empty result. The state these read is ./multiwallet.state.ts.
import { connectorById, FoyerError, type HandlerContext, type KernelState } from '../../kernel/index.js'
import type { NamespaceAdapter } from './adapter.js'
import type { Sessions } from './session.js'
import { namespacesOf } from './namespaces.state.js'
import {
  multiWalletEnabled,
  type ConnectionStatus,
  type KnownConnection,
  type ListedConnection,
} from './multiwallet.state.js'
import { reconnectEnded } from './reconnect-ended.js'

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
  const user = s.auth?.user
  const name = user?.email ?? user?.username
  // SPEC §3 Connection: the accounts as granted (one untyped address when the wallet listed none), and the auth name.
  const listed = (c: KnownConnection, ns: string, status: ConnectionStatus): ListedConnection => ({
    ...c,
    namespace: ns,
    status,
    accounts: c.accounts ?? [{ address: c.address }],
    ...(name && connectorById(s, c.connectorId)?.type === 'AUTH' ? { auth: { name } } : {}),
  })
  return namespaces
    .filter((ns) => !namespace || ns === namespace)
    .flatMap((ns) => [
      ...(all[ns] ?? [])
        .filter((c) => multiWalletEnabled(s) || c.connectorId === active[ns])
        .map((c) =>
          listed(
            c,
            ns,
            c.connectorId === active[ns] && s.account.namespaces[ns]?.status === 'connected' ? 'connected' : 'active',
          ),
        ),
      ...(ended[ns] ?? []).map((c) => listed(c, ns, 'disconnected')),
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
