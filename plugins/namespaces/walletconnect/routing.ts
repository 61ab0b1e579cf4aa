// WalletConnect serves every namespace through one session: calls for the `walletConnect` connector go to its
// adapter view, everything else to the namespace's own adapter.
import type { NamespaceAdapter } from '../adapter.js'
import { WalletConnectId, type WalletConnectConnector } from './connector.js'
import { WalletConnectMethods } from './proposal.js'

// Optional adapter members (declared on the contract by the namespaces plugin).
type Extras = {
  signMessage?: (id: string, address: string, message: string) => Promise<string>
  waitFor?: (id: string, ms: number) => Promise<boolean>
}

/** `base` with each WalletConnect-capable namespace routed by connector id (WalletConnect vs the base adapter). */
export function withWalletConnect(
  base: NamespaceAdapter[],
  wc: WalletConnectConnector | undefined,
): NamespaceAdapter[] {
  if (!wc) return base
  const namespaces = [...new Set([...base.map((a) => a.namespace), ...Object.keys(WalletConnectMethods)])]
  return namespaces.map((namespace) => {
    const own = base.find((a) => a.namespace === namespace)
    if (!Object.hasOwn(WalletConnectMethods, namespace) && own) return own
    const viaWc = wc.adapter(namespace)
    const pick = (id: string): NamespaceAdapter => {
      if (id === WalletConnectId) return viaWc
      if (own) return own
      throw new Error(`No ${namespace} adapter for connector ${id}`)
    }
    const routed: NamespaceAdapter & Extras = {
      namespace,
      // A stored WalletConnect connection needs no announcement to be restored.
      waitFor: (id, ms) =>
        id === WalletConnectId
          ? Promise.resolve(true)
          : ((own as Extras | undefined)?.waitFor?.(id, ms) ?? Promise.resolve(false)),
      watchConnectors: (onChange) => (own ? own.watchConnectors(onChange) : () => {}),
      connect: async (id) => pick(id).connect(id),
      reconnect: async (id) => pick(id).reconnect(id),
      switchNetwork: async (id, network) => pick(id).switchNetwork(id, network),
      disconnect: async (id) => pick(id).disconnect(id),
      subscribe: (id, events) => (id === WalletConnectId || own ? pick(id).subscribe(id, events) : () => {}),
      signMessage: async (id: string, address: string, message: string) => {
        const a = pick(id) as NamespaceAdapter & Extras
        return a.signMessage
          ? a.signMessage(id, address, message)
          : Promise.reject(new Error(`${namespace} wallet cannot sign here`))
      },
    }
    return routed
  })
}
