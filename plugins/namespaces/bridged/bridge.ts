// Connections through connectors other plugins register (kernel/contracts/connector.ts): the embedded wallet, a
// third party's wallet. `wallet/adoptConnection` makes a connection its plugin made an ordinary connection here, an
// EXTERNAL connector connects from its Connect row, and every wallet request on either goes to the connector's own
// requests (routed.ts) — `rpc` in WalletConnect's method vocabulary, as every transport's.
// Which connector holds each namespace is remembered, so a reload restores it through the connector's `reconnect`,
// which also connects a namespace the session has not connected yet when the visitor switches to it (SPEC §4).
import type { BridgedConnection, Connector, HandlerContext, PluginContext } from '../../../kernel/index.js'
import type { AdapterConnection } from '../adapter.js'
import type { Routing } from '../routed.js'
import type { Sessions } from '../session.js'
import type { ConnectorRegistry } from './registry.js'

export { BridgedConnectorsKey, RegisteredConnectorsKey } from './registry.js'

const toConnection = (c: BridgedConnection): AdapterConnection => ({
  address: c.address,
  caipNetworkId: c.caipNetworkId,
  ...(c.accounts ? { accounts: c.accounts } : {}),
})

/** Creates the bridge's requests over the plugin's context, sessions, connector registry and routing. */
export function createBridge(
  ctx: () => PluginContext,
  sessions: Sessions,
  registry: ConnectorRegistry,
  routing: Routing,
) {
  const { adapterFor, register, restore } = routing
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
    sessions.established(adapterFor(namespace), c.connectorId, toConnection(c))
    return true
  }
  return {
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
        sessions.established(adapterFor(c.namespace), c.connectorId, toConnection(c))
      },
      /** Connects a namespace through the bridged session of another one (see connectOther). */
      'wallet/connectBridged'({ namespace }: { namespace: string }, _ctx: HandlerContext): Promise<boolean> {
        return connectOther(namespace)
      },
    },
  }
}
