// The wallets plugin: the registry (AllWallets) loaded lazily the first time the view opens.
import {
  currentView,
  definePlugin,
  filtersFrom,
  type KernelState,
  type PluginDefinition,
  type WalletFilters,
} from '../../kernel/index.js'
import { fetchPageHandler } from './wallets.handlers.js'
import { walletsOf, walletsSlice, type WalletsState } from './wallets.state.js'
import { lazy } from 'react'

// The list view is its own chunk: the Connect list needs only the handlers (featured, recommended) when the modal
// opens, and the modal-open budget pays for nothing more.
const AllWalletsView = lazy(() => import('./views/AllWalletsView.js').then((m) => ({ default: m.AllWalletsView })))

const showsAllWallets = (s: KernelState) => s.modal.open && currentView(s) === 'AllWallets'

/** Creates the wallets plugin (one per kernel: it keeps the host's registry filters). */
export function createWalletsPlugin(): PluginDefinition<WalletsState> {
  let filters: WalletFilters = {}
  return definePlugin<WalletsState>({
    id: 'wallets',
    state: walletsSlice,
    views: { AllWallets: { component: AllWalletsView } },
    handlers: { 'wallets/fetchPage': fetchPageHandler(() => filters) },
    // The first page loads when the list is shown; the reaction covers later openings, set-up the one that loaded us.
    reactions: [
      {
        on: 'view/pushed',
        when: (e, s) => e.payload.view === 'AllWallets' && walletsOf(s).pages === 0,
        request: 'wallets/fetchPage',
      },
      {
        on: 'modal/opened',
        when: (_e, s) => showsAllWallets(s) && walletsOf(s).pages === 0,
        request: 'wallets/fetchPage',
      },
    ],
    setup(ctx) {
      filters = filtersFrom(ctx.options)
      if (showsAllWallets(ctx.getState()) && walletsOf(ctx.getState()).status === 'idle')
        ctx.request('wallets/fetchPage', undefined).catch(() => undefined)
    },
  })
}
