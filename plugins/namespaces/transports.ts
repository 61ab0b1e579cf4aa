// The namespaces plugin's transports, one folder each — injected (EIP-1193/EIP-6963, here), Wallet Standard
// (standard/) and sats-connect (sats/) in chunks of their own, WalletConnect (walletconnect/), and connectors other
// plugins register (bridged/: the embedded wallet, a third party's) — with connect/reconnect/disconnect, one-step sign-in, network switching, balances, multi-wallet, the
// bridge and the wallet requests. Loaded on first use (a click on a wallet, a stored connection, any request but the
// Connect list's), so opening the modal downloads only the list (index.ts).
import { KnownNamespaces, type Handler, type PluginContext } from '../../kernel/index.js'
import type { NamespaceAdapter } from './adapter.js'
import { fetchBalance } from './balance.js'
import { createBridge } from './bridged/bridge.js'
import { deferAdapter } from './lazy-adapter.js'
import { createInjectedAdapter } from './injected/adapter.js'
import { multiWalletHandlers } from './multiwallet.js'
import { namespaceHandlers } from './namespaces.handlers.js'
import { checkSupport } from './network-support.js'
import { walletRequestHandlers } from './requests/handlers.js'
import { routeConnectors } from './routing.js'
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
  const wc = createWalletConnectPart(ctx, sessions)
  const bridge = createBridge(ctx, sessions, KnownNamespaces)
  const configured = (ns: string) => () =>
    ctx()
      .getState()
      .config.networks.filter((n) => n.chainNamespace === ns)
      .map((n) => n.caipNetworkId)
  const own: NamespaceAdapter[] = []
  if (watches.eip155) own.push(createInjectedAdapter(watches.eip155))
  if (watches.solana) {
    const watch = watches.solana
    own.push(
      deferAdapter('solana', watch, () =>
        import('./standard/adapter.js').then((m) =>
          m.createSolanaAdapter(
            { networks: configured('solana'), active: () => ctx().getState().account.activeCaipNetworkId },
            watch,
          ),
        ),
      ),
    )
  }
  if (watches.bip122) {
    const watch = watches.bip122
    own.push(
      deferAdapter('bip122', watch, () =>
        import('./sats/adapter.js').then((m) =>
          m.createBitcoinAdapter(window, { networks: configured('bip122') }, watch),
        ),
      ),
    )
  }
  const adapters = (): NamespaceAdapter[] => routeConnectors(own, [wc.route, bridge.route])
  const handlers = namespaceHandlers({
    adapters,
    sessions,
    options: () => ctx().options,
    connectBridged: bridge.connectOther,
    // True as soon as any adapter discovers the connector; false once all have waited `ms`.
    waitFor: (id, ms) =>
      new Promise((resolve) => {
        const waits = adapters().map((a) =>
          a.waitFor?.(id, ms).then((ok) => {
            if (ok) resolve(true)
          }),
        )
        void Promise.all(waits).then(() => resolve(false))
      }),
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
    } as Record<string, Handler<any>>,
    dispose() {
      sessions.disposeAll()
      wc.dispose()
    },
  }
}
