// The namespaces plugin: wallet transports (EVM, Solana, Bitcoin; injected, Wallet Standard, sats-connect,
// WalletConnect, bridged), all connectors of one registry, behind the kernel's wallet requests and events. This chunk is what opening the modal downloads: the slice, discovery and the Connect
// list. Every other request loads the transports (transports.ts, through prefetch.ts) on first use.
import {
  definePlugin,
  StorageKeys,
  type Handler,
  type PluginContext,
  type PluginDefinition,
} from '../../kernel/index.js'
import { transportsCode } from './prefetch.js'
import { composeSlice } from './compose.js'
import type { Transports } from './transports.js'
import { transportRequestNames } from './transport-names.js'
import { listedReactions, listedReducers, loadListedWallets, wantsListed } from './listed.js'
import { namespacesManifest } from './manifest.js'
import { multiWalletReducers } from './multiwallet.state.js'
import { namespaceReactions } from './namespaces.reactions.js'
import { namespacesSlice, type NamespacesState, type RecentWallet } from './namespaces.state.js'
import { networkSupportReducers } from './network-support.js'
import { AccountBalanceView } from './views/AccountBalanceView.js'
import { ConnectingExternalView } from './views/ConnectingExternalView.js'
import { ConnectWalletsView } from './views/ConnectWalletsView.js'
import {
  ProfileWalletsView,
  SwitchActiveChainView,
  NetworksView,
  SwitchNetworkView,
  UnsupportedChainView,
} from './views/lazy-views.js'
import { walletConnectReactions, walletConnectViews } from './walletconnect/index.js'
import { WalletConnectId, walletConnectReducers } from './walletconnect/wc.state.js'
import { walletConnectEnabled } from './walletconnect/WalletConnectItem.js'
import { bitcoinWatch, injectedWatch, standardWatch, type Watches } from './watches.js'

/** Creates the namespaces plugin (one per kernel: it owns that kernel's providers). */
export function createNamespacesPlugin(): PluginDefinition<NamespacesState> {
  let pctx: PluginContext | undefined
  let watches: Watches = {}
  let live: Promise<Transports> | undefined
  let ready: Transports | undefined
  const ctx = () => {
    if (!pctx) throw new Error('namespaces plugin is not set up')
    return pctx
  }
  const started = () =>
    (live ??= transportsCode().then(
      (m) => (ready = m.createTransports(ctx, watches)),
      (error: unknown) => {
        live = undefined
        throw error
      },
    ))
  const later =
    (name: string): Handler<any> =>
    async (input, hc) =>
      ((ready ?? (await started())).handlers[name] as Handler<any>)(input, hc)
  const listed = loadListedWallets(() => ctx().options)
  return definePlugin<NamespacesState>({
    id: 'namespaces',
    state: composeSlice(
      namespacesSlice,
      walletConnectReducers,
      networkSupportReducers,
      multiWalletReducers,
      listedReducers,
    ),
    // Titles, footers and back buttons live in the manifest, so the shell knows them before this chunk loads.
    views: {
      ConnectWallets: { component: ConnectWalletsView },
      ConnectingExternal: { component: ConnectingExternalView },
      AccountBalance: { component: AccountBalanceView },
      UnsupportedChain: { component: UnsupportedChainView },
      SwitchNetwork: { component: SwitchNetworkView },
      SwitchActiveChain: { component: SwitchActiveChainView },
      ProfileWallets: { component: ProfileWalletsView },
      Networks: { component: NetworksView },
      ...walletConnectViews,
    },
    // The manifest lists every request: the Connect list's own here, each other one through the transports (with
    // the built-in transports' connector requests, which a production manifest leaves out: see manifest.ts).
    handlers: Object.fromEntries(
      [...new Set([...(namespacesManifest.requests ?? []), ...transportRequestNames()])].map((name) => [
        name,
        name === 'wallet/loadListedWallets' ? listed : later(name),
      ]),
    ),
    reactions: [...namespaceReactions, ...walletConnectReactions, ...listedReactions],
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
      const win = typeof window !== 'undefined' ? window : undefined
      // The host's own wallets (`connectors`) are listed even with EIP-6963 discovery off.
      const hosts = Array.isArray(c.options.connectors) ? c.options.connectors : []
      const eip6963 = c.options.enableEIP6963 !== false
      watches = {
        ...(win && namespaces.includes('eip155') && (eip6963 || hosts.length)
          ? { eip155: injectedWatch(win, c.clock, hosts, eip6963) }
          : {}),
        ...(win && namespaces.includes('solana') ? { solana: standardWatch(win, c.clock) } : {}),
        ...(win && namespaces.includes('bip122') ? { bip122: bitcoinWatch(win, c.clock) } : {}),
      }
      // SPEC §3 WALLET_CONNECT connector: one per namespace a WalletConnect session can serve here.
      if (walletConnectEnabled(c.options))
        c.emit('connectors/registered', {
          connectors: namespaces
            // KnownNamespaces' three, spelled here: importing it would carry caip.ts into the modal-open chunk
            .filter((ns) => ns === 'eip155' || ns === 'solana' || ns === 'bip122')
            .map((namespace) => ({
              id: WalletConnectId,
              name: 'WalletConnect',
              type: 'WALLET_CONNECT' as const,
              namespace,
            })),
        })
      const stops = (Object.entries(watches) as Array<[string, NonNullable<Watches[keyof Watches]>]>).map(
        ([namespace, watch]) => watch.watch((connectors) => c.emit('connectors/discovered', { namespace, connectors })),
      )
      return () => {
        // Transports still downloading is torn down as soon as it arrives.
        if (ready) ready.dispose()
        else live?.then((l) => l.dispose()).catch(() => undefined)
        for (const s of stops.reverse()) s()
        watches = {}
        ready = live = undefined
        pctx = undefined
      }
    },
  })
}
