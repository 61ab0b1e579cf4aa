// Every wallet call of the plugin — connect, reconnect, switch, rpc, disconnect, the wallet's own events — goes to the
// connector the registry names for the connection's id and namespace (bridged/registry.ts `resolve`), through that
// connector's requests and events: a built-in transport's (serve.ts) and a plugin's alike. The handlers see one
// adapter per namespace (adapter.ts's shape) that does exactly that.
import {
  FoyerError,
  namespaceOf,
  type BridgedConnection,
  type Connector,
  type ConnectorConnection,
  type PluginContext,
} from '../../kernel/index.js'
import type { AdapterConnection, NamespaceAdapter, SignedIn } from './adapter.js'
import type { ConnectorRegistry } from './bridged/registry.js'

const toConnection = (c: ConnectorConnection): AdapterConnection => ({
  address: c.address,
  caipNetworkId: c.caipNetworkId,
  ...(c.accounts ? { accounts: c.accounts } : {}),
})

/** The routing over the plugin's context and connector registry. */
export function createRouting(ctx: () => PluginContext, registry: ConnectorRegistry, namespaces: readonly string[]) {
  // A connector's requests are RequestMap names checked where the connector is written; here they are data.
  const call = <T>(name: string, input: unknown) => ctx().request(name as never, input as never) as Promise<T>
  const has = (name: string | undefined) => !!name && ctx().hasRequest(name as never)
  const resolve = (id: string, namespace: string) => {
    const r = registry.resolve(id, namespace)
    if (!r)
      throw FoyerError.of('adapterOrConnectorNotFound', { reason: `${namespace} (${id})`, category: 'CONFIGURATION' })
    return r
  }
  // A family connector is told which of its wallets is meant; a plugin's own connector gets its inputs unchanged.
  const target = (c: Connector, id: string) => (c.family ? { connectorId: id } : {})

  // SPEC §3 AUTH connector: a plugin's connection's connector becomes one the kernel lists (status, names, analytics).
  const register = (c: BridgedConnection) => {
    if (c.connector) registry.register(c.connector)
    const known = registry.get(c.connectorId)
    if (!known) throw FoyerError.of('noConnectorForConnection', { reason: c.connectorId, category: 'WALLET' })
    if (known.type === 'EXTERNAL') return
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
  /** Restores a plugin connector's connection of `namespace` (listing its connector), if it grants one. */
  const restore = async (id: string, namespace: string): Promise<BridgedConnection | undefined> => {
    const c = registry.get(id)
    if (!c?.namespaces.includes(namespace) || !has(c.requests.reconnect)) return undefined
    const got = await call<BridgedConnection | undefined>(c.requests.reconnect, { namespace })
    if (got) register(got)
    return got
  }

  const adapterFor = (namespace: string): NamespaceAdapter => {
    const on = (id: string) => resolve(id, namespace)
    // A plugin's connection is remembered per namespace (a reload restores it before its plugin has loaded).
    const forget = (id: string) => {
      if (registry.known()[namespace] === id) registry.remember(namespace, undefined)
    }
    return {
      namespace,
      watchConnectors: () => () => {},
      async connect(id) {
        const { connector: c, plugin } = on(id)
        // An AUTH connector connects in its plugin's own views, which then adopt the connection here.
        if (!c.requests.connect) throw new Error(`Connect ${namespace} through the plugin that provides it`)
        const got = await call<ConnectorConnection>(c.requests.connect, { namespace, ...target(c, id) })
        if (plugin) registry.remember(namespace, id)
        return toConnection(got)
      },
      async reconnect(id) {
        const { connector: c, plugin } = on(id)
        const got = plugin
          ? await restore(id, namespace)
          : await call<ConnectorConnection | undefined>(c.requests.reconnect, { namespace, ...target(c, id) })
        return got ? toConnection(got) : undefined
      },
      switchNetwork: async (id, network) => {
        const c = on(id).connector
        await call(c.requests.switchNetwork, { caipNetworkId: network.caipNetworkId, ...target(c, id) })
      },
      async disconnect(id) {
        // A plugin's connection whose connector is no longer registered ends on our side alone.
        const gone = !registry.resolve(id, namespace) && registry.known()[namespace] === id
        forget(id)
        if (gone) return
        const c = on(id).connector
        if (has(c.requests.disconnect)) await call(c.requests.disconnect, { namespace, ...target(c, id) })
      },
      subscribe(id, events) {
        const k = ctx()
        const names = on(id).connector.events ?? {}
        // A family's events name their wallet; a plugin's name none (its connector holds one connection).
        const mine = (p: { connectorId?: string }) => p.connectorId === undefined || p.connectorId === id
        const listen = (name: string | undefined, fn: (payload: any) => void) =>
          name ? k.on(name as never, (e: { payload: any }) => (mine(e.payload) ? fn(e.payload) : undefined)) : () => {}
        const offs = [
          listen(names.accountChanged, (p: { namespace: string; address: string }) => {
            if (p.namespace === namespace) events.accountsChanged([p.address])
          }),
          listen(names.networkChanged, (p: { caipNetworkId: string }) => {
            if (namespaceOf(p.caipNetworkId) === namespace) events.chainChanged(p.caipNetworkId)
          }),
          listen(names.disconnected, (p: { namespace?: string }) => {
            if (p.namespace && p.namespace !== namespace) return
            forget(id)
            events.disconnected()
          }),
        ]
        return () => {
          for (const off of offs) off()
        }
      },
      request: (id, rpc) => {
        const c = on(id).connector
        return call(c.requests.rpc, { namespace, ...rpc, ...target(c, id) })
      },
      async signIn(id, _fields) {
        const c = on(id).connector
        if (!c.requests.signIn) return undefined
        const got = await call<SignedIn | undefined>(c.requests.signIn, { namespace, ...target(c, id) })
        return got && { ...got, connection: toConnection(got.connection) }
      },
    }
  }

  /** True once the connector serving `id` has it (a stored connection of a plugin's needs no announcement). */
  const waitFor = async (id: string, ms: number): Promise<boolean> => {
    const rs = namespaces.flatMap((ns) => {
      const r = registry.resolve(id, ns)
      return r ? [{ ns, c: r.connector }] : []
    })
    if (rs.some(({ c }) => !c.family || !c.requests.waitFor)) return rs.length > 0
    // True as soon as any transport discovers the wallet; false once all have waited `ms`.
    return new Promise((resolve) => {
      const waits = rs.map(({ ns, c }) =>
        call<boolean>(c.requests.waitFor!, { namespace: ns, connectorId: id, timeoutMs: ms }).then(
          (ok) => {
            if (ok) resolve(true)
          },
          () => undefined,
        ),
      )
      void Promise.all(waits).then(() => resolve(false))
    })
  }

  return {
    adapterFor,
    adapters: (): NamespaceAdapter[] => namespaces.map(adapterFor),
    waitFor,
    restore,
    register,
  }
}

/** The routing's interface. */
export type Routing = ReturnType<typeof createRouting>
