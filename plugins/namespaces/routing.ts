// Connections that are not a namespace's own wallet — a WalletConnect session, a connection bridged from another
// plugin (the embedded wallet) — serve several namespaces through one object each. Calls for their connector ids go to
// their adapter view of the namespace; every other connector id goes to the namespace's own adapter.
import { FoyerError } from '../../kernel/index.js'
import type { NamespaceAdapter } from './adapter.js'

/** A transport serving some connector ids in the namespaces it lists. */
export interface ConnectorRoute {
  namespaces: readonly string[]
  serves(connectorId: string, namespace: string): boolean
  adapter(namespace: string): NamespaceAdapter
}

type Waits = { waitFor?: (id: string, ms: number) => Promise<boolean> }

/** One adapter per namespace (own or routed), each dispatching by connector id. */
export function routeConnectors(base: NamespaceAdapter[], routes: ConnectorRoute[]): NamespaceAdapter[] {
  const namespaces = [...new Set([...base.map((a) => a.namespace), ...routes.flatMap((r) => r.namespaces)])]
  return namespaces.map((namespace) => {
    const own = base.find((a) => a.namespace === namespace)
    const route = (id: string) => routes.find((r) => r.namespaces.includes(namespace) && r.serves(id, namespace))
    const pick = (id: string): NamespaceAdapter => {
      const r = route(id)
      if (r) return r.adapter(namespace)
      if (own) return own
      throw FoyerError.of('adapterOrConnectorNotFound', { reason: `${namespace} (${id})`, category: 'CONFIGURATION' })
    }
    const routed: NamespaceAdapter & Waits = {
      namespace,
      // A stored session of a route needs no announcement to be restored.
      waitFor: (id, ms) =>
        route(id) ? Promise.resolve(true) : ((own as Waits | undefined)?.waitFor?.(id, ms) ?? Promise.resolve(false)),
      watchConnectors: (onChange) => (own ? own.watchConnectors(onChange) : () => {}),
      connect: async (id) => pick(id).connect(id),
      reconnect: async (id) => pick(id).reconnect(id),
      switchNetwork: async (id, network) => pick(id).switchNetwork(id, network),
      disconnect: async (id) => pick(id).disconnect(id),
      subscribe: (id, events) => (route(id) || own ? pick(id).subscribe(id, events) : () => {}),
      request: async (id, call) => pick(id).request(id, call),
      signIn: async (id, fields) => pick(id).signIn?.(id, fields),
    }
    return routed
  })
}
