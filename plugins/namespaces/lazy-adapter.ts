// An adapter whose code arrives when it is first used: discovery (its watch) runs from the start, so the Connect list
// and reload restores see the wallets; connecting, signing and the rest `import()` the adapter's chunk first.
import type { NamespaceAdapter } from './adapter.js'
import type { ConnectorWatch } from './watch.js'

/** `namespace`'s adapter over `watch`, its code loaded by `load` on first use (again after a failed download). */
export function deferAdapter(
  namespace: string,
  watch: ConnectorWatch<unknown>,
  load: () => Promise<NamespaceAdapter>,
): NamespaceAdapter & { waitFor(connectorId: string, timeoutMs: number): Promise<boolean> } {
  let loaded: NamespaceAdapter | undefined
  let loading: Promise<NamespaceAdapter> | undefined
  const get = async () =>
    loaded ??
    (await (loading ??= load().then(
      (a) => (loaded = a),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )))
  return {
    namespace,
    watchConnectors: (onChange) => watch.watch(onChange),
    waitFor: (id, ms) => watch.waitFor(id, ms),
    connect: async (id) => (await get()).connect(id),
    reconnect: async (id) => (await get()).reconnect(id),
    switchNetwork: async (id, network) => (await get()).switchNetwork(id, network),
    disconnect: async (id) => (await get()).disconnect(id),
    request: async (id, call) => (await get()).request(id, call),
    signIn: async (id, fields) => (await get()).signIn?.(id, fields),
    // A session is only followed after a connect or reconnect, which loaded the code: subscribe at once then.
    subscribe(id, events) {
      if (loaded) return loaded.subscribe(id, events)
      let off: (() => void) | undefined
      let stopped = false
      get().then(
        (a) => {
          if (!stopped) off = a.subscribe(id, events)
        },
        () => undefined,
      )
      return () => {
        stopped = true
        off?.()
      }
    },
  }
}
