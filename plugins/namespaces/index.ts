// The namespaces plugin: wallet adapters (EVM, Solana, Bitcoin; injected, WalletConnect, bridged) behind the kernel's
// wallet requests and events.
import {
  definePlugin,
  KnownNamespaces,
  StorageKeys,
  type PluginContext,
  type PluginDefinition,
} from '../../kernel/index.js'
import type { NamespaceAdapter } from './adapter.js'
import { fetchBalance } from './balance.js'
import { createBitcoinAdapter, type BitcoinAdapter } from './bip122/adapter.js'
import { createInjectedAdapter, type InjectedAdapter } from './eip155/injected.js'
import { namespaceHandlers } from './namespaces.handlers.js'
import { namespacesSlice, type NamespacesState, type RecentWallet } from './namespaces.state.js'
import { createSessions } from './session.js'
import { composeSlice } from './compose.js'
import { checkSupport, networkSupportReducers } from './network-support.js'
import { multiWalletHandlers, multiWalletReducers } from './multiwallet.js'
import { createSolanaAdapter, type SolanaAdapter } from './solana/adapter.js'
import { AccountBalanceView } from './views/AccountBalanceView.js'
import { ConnectingExternalView } from './views/ConnectingExternalView.js'
import { ConnectWalletsView } from './views/ConnectWalletsView.js'
import { ProfileWalletsView, SwitchActiveChainView, SwitchNetworkView, UnsupportedChainView } from './views/deferred.js'
import { createWalletConnectPart } from './walletconnect/index.js'
import { namespaceReactions } from './namespaces.reactions.js'
import { listedReactions, listedReducers, loadListedWallets, wantsListed } from './listed.js'
import { createBridge } from './bridge.js'
import { walletRequestHandlers } from './requests/handlers.js'
import { routeConnectors } from './routing.js'

/** Creates the namespaces plugin (one per kernel: it owns that kernel's providers). */
export function createNamespacesPlugin(): PluginDefinition<NamespacesState> {
  let pctx: PluginContext | undefined
  let evm: InjectedAdapter | undefined
  let sol: SolanaAdapter | undefined
  let btc: BitcoinAdapter | undefined
  const ctx = () => {
    if (!pctx) throw new Error('namespaces plugin is not set up')
    return pctx
  }
  const sessions = createSessions(ctx)
  const wc = createWalletConnectPart(ctx, sessions)
  const bridge = createBridge(ctx, sessions, KnownNamespaces)
  const adapters = (): NamespaceAdapter[] =>
    routeConnectors(
      [evm, sol, btc].filter((a): a is NonNullable<typeof a> => !!a),
      [wc.route, bridge.route],
    )
  const handlers = namespaceHandlers({
    adapters,
    sessions,
    options: () => ctx().options,
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
  return definePlugin<NamespacesState>({
    id: 'namespaces',
    state: composeSlice(namespacesSlice, wc.reducers, networkSupportReducers, multiWalletReducers, listedReducers),
    // Titles, footers and back buttons live in the manifest, so the shell knows them before this chunk loads.
    views: {
      ConnectWallets: { component: ConnectWalletsView },
      ConnectingExternal: { component: ConnectingExternalView },
      AccountBalance: { component: AccountBalanceView },
      UnsupportedChain: { component: UnsupportedChainView },
      SwitchNetwork: { component: SwitchNetworkView },
      SwitchActiveChain: { component: SwitchActiveChainView },
      ProfileWallets: { component: ProfileWalletsView },
      ...wc.views,
    },
    handlers: {
      ...handlers,
      ...walletRequestHandlers({ adapters, options: () => ctx().options, clients: new Map() }),
      ...bridge.handlers,
      'account/fetchBalance': fetchBalance,
      'wallet/loadListedWallets': loadListedWallets(() => ctx().options),
      'network/checkSupport': (_i: void, hc) => checkSupport(() => ctx().options, hc),
      ...multiWalletHandlers({ adapters, sessions }),
      ...wc.handlers,
    },
    reactions: [...namespaceReactions, ...wc.reactions, ...listedReactions],
    setup(c) {
      pctx = c
      const recent = c.storage.get<RecentWallet[]>(StorageKeys.recentWallets)
      if (Array.isArray(recent))
        c.emit('wallet/recentWalletsRestored', {
          recent: recent.filter((r) => r && typeof r.id === 'string' && typeof r.name === 'string'),
        })
      // Loaded by the modal's opening: the `modal/opened` reaction was not registered yet, so ask here.
      if (wantsListed(c.getState())) c.request('wallet/loadListedWallets').catch(() => undefined)
      const namespaces = c.getState().config.namespaces
      const stops: Array<() => void> = [wc.setup()]
      if (namespaces.includes('eip155') && typeof window !== 'undefined' && c.options.enableEIP6963 !== false) {
        evm = createInjectedAdapter(window, c.clock)
        stops.push(
          evm.watchConnectors((connectors) => c.emit('connectors/discovered', { namespace: 'eip155', connectors })),
        )
      }
      const configured = (ns: string) => () =>
        c
          .getState()
          .config.networks.filter((n) => n.chainNamespace === ns)
          .map((n) => n.caipNetworkId)
      if (namespaces.includes('solana') && typeof window !== 'undefined') {
        sol = createSolanaAdapter(window, {
          clock: c.clock,
          networks: configured('solana'),
          active: () => c.getState().account.activeCaipNetworkId,
        })
        stops.push(
          sol.watchConnectors((connectors) => c.emit('connectors/discovered', { namespace: 'solana', connectors })),
        )
      }
      if (namespaces.includes('bip122') && typeof window !== 'undefined') {
        btc = createBitcoinAdapter(window, { clock: c.clock, networks: configured('bip122') })
        stops.push(
          btc.watchConnectors((connectors) => c.emit('connectors/discovered', { namespace: 'bip122', connectors })),
        )
      }
      return () => {
        sessions.disposeAll()
        for (const s of stops.reverse()) s()
        evm = sol = btc = undefined
        pctx = undefined
      }
    },
  })
}
