// The namespaces plugin's transports, one folder each — injected (EIP-1193/EIP-6963), Wallet Standard (standard/)
// and sats-connect (sats/) in chunks of their own (built-in.ts), WalletConnect (walletconnect/), and connectors other
// plugins register (bridged/: the embedded wallet, a third party's), all connectors of one registry that every wallet
// call goes through (routed.ts) — with connect/reconnect/disconnect, one-step sign-in, network switching, balances,
// multi-wallet, the bridge and the wallet requests. Loaded on first use (a click on a wallet, a stored connection, any
// request but the Connect list's), so opening the modal downloads only the list (index.ts).
import { KnownNamespaces, type Handler, type PluginContext } from '../../kernel/index.js'
import { fetchBalance } from './balance.js'
import { createBridge } from './bridged/bridge.js'
import { createConnectorRegistry } from './bridged/registry.js'
import { builtInTransports, isServed } from './built-in.js'
import { multiWalletHandlers } from './multiwallet.js'
import { namespaceHandlers } from './namespaces.handlers.js'
import { checkSupport } from './network-support.js'
import { walletRequestHandlers } from './requests/handlers.js'
import { createRouting } from './routed.js'
import { createSessions } from './session.js'
import { addNetworkHandler, removeNetwork } from './network-runtime.js'
import { selectNetwork } from './network-select.js'
import { transferHandlers } from './transfer/index.js'
import { createWalletConnectPart } from './walletconnect/transport.js'
import type { Watches } from './watches.js'

/** The live part of one plugin instance: every request handler but the Connect list's, and its teardown. */
export interface Transports {
  handlers: Record<string, Handler<any>>
  dispose(): void
}

/** Creates the live part over the plugin's context and the discovery its set-up started. */
export function createTransports(ctx: () => PluginContext, watches: Watches): Transports {
  const sessions = createSessions(ctx)
  // One registry for every transport: the built-in ones register here as a third party's connector does.
  const registry = createConnectorRegistry(ctx)
  const routing = createRouting(ctx, registry, KnownNamespaces)
  const { adapters, adapterFor } = routing
  const wc = createWalletConnectPart(ctx, sessions, adapterFor)
  const bridge = createBridge(ctx, sessions, registry, routing)
  const own = builtInTransports(ctx, watches)
  for (const t of own) if (isServed(t, watches)) registry.provide(t.connector)
  registry.provide(wc.connector)
  const handlers = namespaceHandlers({
    adapters,
    sessions,
    options: () => ctx().options,
    connectBridged: bridge.connectOther,
    waitFor: routing.waitFor,
  })
  return {
    handlers: {
      ...handlers,
      ...walletRequestHandlers({ adapters, options: () => ctx().options, clients: new Map() }),
      ...bridge.handlers,
      ...transferHandlers,
      'account/fetchBalance': fetchBalance,
      'network/checkSupport': (_i: void, hc) => checkSupport(() => ctx().options, hc),
      // the Networks list and the host's addNetwork/removeNetwork (the networks plugin before issue 34)
      'networks/select': selectNetwork,
      'networks/add': addNetworkHandler(() => ctx().options),
      'networks/remove': removeNetwork,
      ...multiWalletHandlers({ adapters, sessions }),
      ...wc.handlers,
      ...Object.assign({}, ...own.map((t) => t.handlers)),
    } as Record<string, Handler<any>>,
    dispose() {
      sessions.disposeAll()
      for (const t of own) t.dispose()
      wc.dispose()
    },
  }
}
