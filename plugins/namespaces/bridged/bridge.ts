// Connections another plugin provides (the embedded wallet): `wallet/adoptConnection` makes them ordinary connections
// here, and every wallet request on them goes to the provider's `auth/*` requests — `auth/rpc` with WalletConnect's
// method vocabulary, so the namespaces' wallet requests need no third code path. Which connector ids are bridged is
// remembered, so a reload restores them through `auth/reconnect`, which also connects a namespace the session has not
// connected yet when the visitor switches to it (SPEC §4).
import { namespaceOf, type BridgedConnection, type HandlerContext, type PluginContext } from '../../../kernel/index.js'
import type { AdapterConnection, NamespaceAdapter } from '../adapter.js'
import type { ConnectorRoute } from '../routing.js'
import type { Sessions } from '../session.js'

/** Storage key (under the kernel's prefix) of the bridged connector id per namespace. */
export const BridgedConnectorsKey = 'bridged_connectors'

const toConnection = (c: BridgedConnection): AdapterConnection => ({
  address: c.address,
  caipNetworkId: c.caipNetworkId,
  ...(c.accounts ? { accounts: c.accounts } : {}),
})

/** Creates the bridge over the plugin's context and sessions: its connector route and `wallet/adoptConnection`. */
export function createBridge(ctx: () => PluginContext, sessions: Sessions, namespaces: readonly string[]) {
  const known = () => ctx().storage.get<Record<string, string>>(BridgedConnectorsKey) ?? {}
  const remember = (namespace: string, connectorId: string | undefined) => {
    const next = { ...known() }
    if (connectorId) next[namespace] = connectorId
    else delete next[namespace]
    ctx().storage.set(BridgedConnectorsKey, next)
  }
  // SPEC §3 AUTH connector: the provider's connection becomes a connector the kernel lists (status, names, analytics).
  const register = (c: BridgedConnection) =>
    ctx().emit('connectors/registered', {
      connectors: [
        {
          id: c.connectorId,
          name: c.name,
          type: 'AUTH',
          namespace: c.namespace,
          ...(c.imageUrl ? { imageUrl: c.imageUrl } : {}),
        },
      ],
    })
  const adapter = (namespace: string): NamespaceAdapter => ({
    namespace,
    watchConnectors: () => () => {},
    // Connecting happens in the plugin that provides the connection; it then adopts it here.
    connect: () => Promise.reject(new Error(`Connect ${namespace} through the plugin that provides it`)),
    async reconnect() {
      if (!ctx().hasRequest('auth/reconnect')) return undefined
      const c = await ctx().request('auth/reconnect', { namespace })
      if (c) register(c)
      return c ? toConnection(c) : undefined
    },
    switchNetwork: (_id, network) => ctx().request('auth/switchNetwork', { caipNetworkId: network.caipNetworkId }),
    async disconnect() {
      remember(namespace, undefined)
      if (ctx().hasRequest('auth/disconnect')) await ctx().request('auth/disconnect', { namespace })
    },
    subscribe(_id, events) {
      const k = ctx()
      const offs = [
        k.on('auth/accountChanged', (e) => {
          if (e.payload.namespace === namespace) events.accountsChanged([e.payload.address])
        }),
        k.on('auth/networkChanged', (e) => {
          if (namespaceOf(e.payload.caipNetworkId) === namespace) events.chainChanged(e.payload.caipNetworkId)
        }),
        k.on('auth/signedOut', (e) => {
          if (e.payload.namespace && e.payload.namespace !== namespace) return
          remember(namespace, undefined)
          events.disconnected()
        }),
      ]
      return () => {
        for (const off of offs) off()
      }
    },
    request: (_id, call) => ctx().request('auth/rpc', { namespace, ...call }),
  })
  const route: ConnectorRoute = { namespaces, serves: (id, ns) => known()[ns] === id, adapter }
  /** Connects `namespace` through a bridged session connected in another namespace; false when there is none. */
  async function connectOther(namespace: string): Promise<boolean> {
    const k = ctx()
    const { account } = k.getState()
    const session = Object.entries(known()).some(
      ([ns, id]) =>
        ns !== namespace &&
        account.namespaces[ns]?.status === 'connected' &&
        account.namespaces[ns]?.connectorId === id,
    )
    if (!session || !namespaces.includes(namespace) || !k.hasRequest('auth/reconnect')) return false
    // a namespace the session cannot serve stays for the visitor to connect otherwise
    const c = await k.request('auth/reconnect', { namespace }).catch(() => undefined)
    if (!c || c.namespace !== namespace) return false
    remember(namespace, c.connectorId)
    register(c)
    sessions.established(adapter(namespace), c.connectorId, toConnection(c))
    return true
  }
  return {
    route,
    connectOther,
    handlers: {
      /** Adopts a connection another plugin made: it becomes the namespace's connection. */
      'wallet/adoptConnection'(c: BridgedConnection, _ctx: HandlerContext): void {
        remember(c.namespace, c.connectorId)
        register(c)
        sessions.established(adapter(c.namespace), c.connectorId, toConnection(c))
      },
      /** Connects a namespace through the embedded-wallet session of another one (see connectOther). */
      'wallet/connectBridged'({ namespace }: { namespace: string }, _ctx: HandlerContext): Promise<boolean> {
        return connectOther(namespace)
      },
    },
  }
}
