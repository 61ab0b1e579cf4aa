// The wallets plugin: the registry (AllWallets) loaded lazily the first time the view opens.
import { currentView, definePlugin, type KernelState, type PluginDefinition } from '../../kernel/index.js'
import { filtersFrom, type WalletFilters } from '../../protocol/registry/wallets.js'
import { fetchPageHandler } from './wallets.handlers.js'
import { walletsOf, walletsSlice, type WalletsState } from './wallets.state.js'
import { lazy } from 'react'

// The list view is its own chunk: the Connect list needs only the handlers (featured, recommended) when the modal
// opens, and the modal-open budget pays for nothing more.
const AllWalletsView = lazy(() => import('./views/AllWalletsView.js').then((m) => ({ default: m.AllWalletsView })))
const GetWalletView = lazy(() => import('./views/GetWalletView.js').then((m) => ({ default: m.GetWalletView })))

// Both views list the registry; Get a wallet shows its first page (the popular wallets), not an earlier search.
const needsPage = (view: string, s: KernelState) =>
  view === 'AllWallets'
    ? walletsOf(s).pages === 0
    : view === 'GetWallet' && (walletsOf(s).pages === 0 || !!walletsOf(s).query)
const listView = (s: KernelState) => (s.modal.open ? currentView(s) : '')
const firstPage = (view: string) => (view === 'GetWallet' ? { search: '' } : undefined)

/** Creates the wallets plugin (one per kernel: it keeps the host's registry filters). */
export function createWalletsPlugin(): PluginDefinition<WalletsState> {
  let filters: WalletFilters = {}
  return definePlugin<WalletsState>({
    id: 'wallets',
    state: walletsSlice,
    views: { AllWallets: { component: AllWalletsView }, GetWallet: { component: GetWalletView } },
    handlers: { 'wallets/fetchPage': fetchPageHandler(() => filters) },
    // The first page loads when the list is shown; the reaction covers later openings, set-up the one that loaded us.
    reactions: [
      {
        on: 'view/pushed',
        when: (e, s) => needsPage(e.payload.view, s),
        request: 'wallets/fetchPage',
        input: (e) => firstPage(e.payload.view),
      },
      {
        on: 'modal/opened',
        when: (_e, s) => needsPage(listView(s), s),
        request: 'wallets/fetchPage',
        input: (_e, s) => firstPage(listView(s)),
      },
    ],
    setup(ctx) {
      filters = filtersFrom(ctx.options)
      const view = listView(ctx.getState())
      if (needsPage(view, ctx.getState()) && walletsOf(ctx.getState()).status === 'idle')
        ctx.request('wallets/fetchPage', firstPage(view)).catch(() => undefined)
    },
  })
}
