// Connections through connectors other plugins register (kernel/contracts/connector.ts): the embedded wallet, a
// third party's wallet. `wallet/adoptConnection` makes a connection its plugin made an ordinary connection here, an
// EXTERNAL connector connects from its Connect row, and every wallet request on either goes to the connector's own
// requests — `rpc` in WalletConnect's method vocabulary, so the namespaces' wallet requests need no third code path.
// Which connector holds each namespace is remembered, so a reload restores it through the connector's `reconnect`,
// which also connects a namespace the session has not connected yet when the visitor switches to it (SPEC §4).
import {
  FoyerError,
  namespaceOf,
  type BridgedConnection,
  type Connector,
  type HandlerContext,
  type PluginContext,
} from '../../../kernel/index.js'
import type { AdapterConnection, NamespaceAdapter } from '../adapter.js'
import type { ConnectorRoute } from '../routing.js'
import type { Sessions } from '../session.js'
import { createConnectorRegistry } from './registry.js'

export { BridgedConnectorsKey, RegisteredConnectorsKey } from './registry.js'

const toConnection = (c: BridgedConnection): AdapterConnection => ({
  address: c.address,
  caipNetworkId: c.caipNetworkId,
  ...(c.accounts ? { accounts: c.accounts } : {}),
})

/** Creates the bridge over the plugin's context and sessions: its connector route and its requests. */
export function createBridge(ctx: () => PluginContext, sessions: Sessions, namespaces: readonly string[]) {
  const registry = createConnectorRegistry(ctx)
  // A connector's requests are RequestMap names checked where the connector is written; here they are data.
  const call = <T>(name: string, input: unknown) => ctx().request(name as never, input as never) as Promise<T>
  const has = (name: string | undefined) => !!name && ctx().hasRequest(name as never)
  const need = (id: string): Connector => {
    const c = registry.get(id)
    if (!c) throw FoyerError.of('noConnectorForConnection', { reason: id, category: 'WALLET' })
    return c
  }
  // SPEC §3 AUTH connector: a connection's connector becomes one the kernel lists (status, names, analytics).
  const register = (c: BridgedConnection) => {
    if (c.connector) registry.register(c.connector)
    if (need(c.connectorId).type === 'EXTERNAL') return
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
  }
  const restore = async (id: string, namespace: string): Promise<BridgedConnection | undefined> => {
    const c = registry.get(id)
    if (!c?.namespaces.includes(namespace) || !has(c.requests.reconnect)) return undefined
    const got = await call<BridgedConnection | undefined>(c.requests.reconnect, { namespace })
    if (got) register(got)
    return got
  }
  const adapter = (namespace: string): NamespaceAdapter => ({
    namespace,
    watchConnectors: () => () => {},
    async connect(id) {
      const c = need(id)
      // An AUTH connector connects in its plugin's own views, which then adopt the connection here.
      if (!c.requests.connect) throw new Error(`Connect ${namespace} through the plugin that provides it`)
      const got = await call<BridgedConnection>(c.requests.connect, { namespace })
      registry.remember(namespace, id)
      return toConnection(got)
    },
    reconnect: async (id) => {
      const got = await restore(id, namespace)
      return got ? toConnection(got) : undefined
    },
    switchNetwork: (id, network) => call(need(id).requests.switchNetwork, { caipNetworkId: network.caipNetworkId }),
    async disconnect(id) {
      registry.remember(namespace, undefined)
      const name = registry.get(id)?.requests.disconnect
      if (has(name)) await call(name!, { namespace })
    },
    subscribe(id, events) {
      const k = ctx()
      const names = registry.get(id)?.events ?? {}
      const on = (name: string | undefined, fn: (payload: any) => void) =>
        name ? k.on(name as never, (e: { payload: unknown }) => fn(e.payload)) : () => {}
      const offs = [
        on(names.accountChanged, (p: { namespace: string; address: string }) => {
          if (p.namespace === namespace) events.accountsChanged([p.address])
        }),
        on(names.networkChanged, (p: { caipNetworkId: string }) => {
          if (namespaceOf(p.caipNetworkId) === namespace) events.chainChanged(p.caipNetworkId)
        }),
        on(names.disconnected, (p: { namespace?: string }) => {
          if (p.namespace && p.namespace !== namespace) return
          registry.remember(namespace, undefined)
          events.disconnected()
        }),
      ]
      return () => {
        for (const off of offs) off()
      }
    },
    request: (id, rpc) => call(need(id).requests.rpc, { namespace, ...rpc }),
  })
  const route: ConnectorRoute = {
    namespaces,
    // A connection held in `ns`, or a connector that connects from its own Connect row there.
    serves: (id, ns) =>
      registry.known()[ns] === id ||
      (!!registry.get(id)?.requests.connect && !!registry.get(id)?.namespaces.includes(ns)),
    adapter,
  }
  /** Connects `namespace` through a bridged session connected in another namespace; false when there is none. */
  async function connectOther(namespace: string): Promise<boolean> {
    const { account } = ctx().getState()
    const held = Object.entries(registry.known()).find(
      ([ns, id]) =>
        ns !== namespace &&
        account.namespaces[ns]?.status === 'connected' &&
        account.namespaces[ns]?.connectorId === id,
    )
    // a namespace the session cannot serve stays for the visitor to connect otherwise
    const c = held ? await restore(held[1], namespace).catch(() => undefined) : undefined
    if (!c || c.namespace !== namespace) return false
    registry.remember(namespace, c.connectorId)
    sessions.established(adapter(namespace), c.connectorId, toConnection(c))
    return true
  }
  return {
    route,
    connectOther,
    handlers: {
      /** Registers a plugin's wallet transport (kernel/contracts/connector.ts). */
      'wallet/registerConnector'(c: Connector, _ctx: HandlerContext): void {
        registry.register(c)
      },
      /** Adopts a connection another plugin made: it becomes the namespace's connection. */
      'wallet/adoptConnection'(c: BridgedConnection, _ctx: HandlerContext): void {
        register(c)
        registry.remember(c.namespace, c.connectorId)
        sessions.established(adapter(c.namespace), c.connectorId, toConnection(c))
      },
      /** Connects a namespace through the bridged session of another one (see connectOther). */
      'wallet/connectBridged'({ namespace }: { namespace: string }, _ctx: HandlerContext): Promise<boolean> {
        return connectOther(namespace)
      },
    },
  }
}
