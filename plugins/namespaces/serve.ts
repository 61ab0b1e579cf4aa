// A built-in transport behind the connector contract (kernel/contracts/connector.ts), as a third party's connector
// is: its code (an adapter, adapter.ts) answers the connector requests `<prefix>/connect`, `…/reconnect`, … and its
// wallets' own changes become the events `<prefix>/accountChanged`, `…/networkChanged`, `…/disconnected`. The
// namespaces plugin then reaches it only through the connector registry, the requests and the events.
import {
  createConnector,
  FoyerError,
  namespaceOf,
  type Connector,
  type Handler,
  type HandlerContext,
  type PluginContext,
} from '../../kernel/index.js'
import type { NamespaceAdapter, WalletRpcCall } from './adapter.js'
import { networkFor } from './network-definition.js'
import type { TransportPrefix } from './transport-names.js'

/** A built-in transport, described for {@link serveTransport}. */
export interface TransportSpec {
  prefix: TransportPrefix
  /** The connector's id: one wallet's (WalletConnect), or the family's when `family` (its wallets keep their ids). */
  id: string
  name: string
  namespaces: string[]
  family: boolean
  /** The transport's code for `namespace` (undefined when it does not serve it here). */
  adapter(namespace: string): NamespaceAdapter | undefined
}

/** A served transport: its connector (to register), its request handlers and its event following. */
export interface ServedTransport {
  connector: Connector
  handlers: Record<string, Handler<any>>
  /** Follows the wallet `connectorId`'s own changes in `namespace`, once, as the transport's events. */
  follow(namespace: string, connectorId: string): void
  dispose(): void
}

type Target = { namespace?: string; connectorId?: string }

/** Serves `spec`'s transport over the plugin's context. */
export function serveTransport(ctx: () => PluginContext, spec: TransportSpec): ServedTransport {
  const { prefix } = spec
  const name = (kind: string) => `${prefix}/${kind}`
  const following = new Map<string, () => void>()
  const key = (ns: string, id: string) => `${ns}\n${id}`
  const adapterOf = (namespace: string | undefined): NamespaceAdapter => {
    const a = namespace ? spec.adapter(namespace) : undefined
    if (!a)
      throw FoyerError.of('adapterOrConnectorNotFound', {
        reason: `${namespace} (${prefix})`,
        category: 'CONFIGURATION',
      })
    return a
  }
  const idOf = (t: Target) => t.connectorId ?? spec.id
  const unfollow = (ns: string, id: string) => {
    following.get(key(ns, id))?.()
    following.delete(key(ns, id))
  }
  const follow = (namespace: string, connectorId: string) => {
    if (following.has(key(namespace, connectorId))) return
    const emit = (kind: string, payload: object) =>
      ctx().emit(name(kind) as never, { ...payload, connectorId } as never)
    const ended = () => {
      unfollow(namespace, connectorId)
      emit('disconnected', { namespace })
    }
    following.set(
      key(namespace, connectorId),
      adapterOf(namespace).subscribe(connectorId, {
        // An empty list means access was revoked: the connection ended.
        accountsChanged: (addresses) =>
          addresses.length ? emit('accountChanged', { namespace, address: addresses[0] }) : ended(),
        chainChanged: (caipNetworkId) => emit('networkChanged', { caipNetworkId }),
        disconnected: ended,
      }),
    )
  }
  const followed = <T>(t: Target, got: T): T => {
    if (got) follow(t.namespace!, idOf(t))
    return got
  }
  const handlers = {
    [name('connect')]: async (t: Target) => followed(t, await adapterOf(t.namespace).connect(idOf(t))),
    [name('reconnect')]: async (t: Target) => followed(t, await adapterOf(t.namespace).reconnect(idOf(t))),
    // The wallet may have to add the network first (wallet_addEthereumChain): its whole definition is looked up here.
    [name('switchNetwork')]: ({ caipNetworkId, connectorId }: { caipNetworkId: string } & Target, hc: HandlerContext) =>
      adapterOf(namespaceOf(caipNetworkId)).switchNetwork(
        connectorId ?? spec.id,
        networkFor(caipNetworkId, hc.getState().config.networks, ctx().options),
      ),
    [name('rpc')]: ({ namespace, connectorId, ...call }: WalletRpcCall & Target) =>
      adapterOf(namespace).request(connectorId ?? spec.id, call),
    async [name('disconnect')](t: Target) {
      for (const ns of t.namespace ? [t.namespace] : spec.namespaces) {
        const a = spec.adapter(ns)
        if (!a) continue
        unfollow(ns, idOf(t))
        await a.disconnect(idOf(t))
      }
    },
    [name('signIn')]: async (t: Target, hc: HandlerContext) => {
      const a = adapterOf(t.namespace)
      const got = await a.signIn?.(idOf(t), (chainId) => hc.request('siwx/signInFields', { chainId }))
      return followed(t, got)
    },
    [name('waitFor')]: (t: Target & { timeoutMs: number }) =>
      adapterOf(t.namespace).waitFor?.(idOf(t), t.timeoutMs) ?? Promise.resolve(true),
  } as Record<string, Handler<any>>
  // The names are RequestMap's (transport-names.ts declares every prefix's); here they are built from the prefix.
  const named = (kind: string) => name(kind) as never
  const connector = createConnector({
    id: spec.id,
    name: spec.name,
    type: 'EXTERNAL',
    namespaces: spec.namespaces,
    ...(spec.family ? { family: true } : {}),
    requests: {
      connect: named('connect'),
      reconnect: named('reconnect'),
      switchNetwork: named('switchNetwork'),
      rpc: named('rpc'),
      disconnect: named('disconnect'),
      signIn: named('signIn'),
      waitFor: named('waitFor'),
    },
    events: {
      accountChanged: named('accountChanged'),
      networkChanged: named('networkChanged'),
      disconnected: named('disconnected'),
    },
  })
  return {
    connector,
    handlers,
    follow,
    dispose() {
      for (const off of following.values()) off()
      following.clear()
    },
  }
}
