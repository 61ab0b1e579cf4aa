// The wallets plugin: the registry (AllWallets) loaded lazily the first time the view opens.
import { definePlugin, type PluginDefinition } from '../../kernel/index.js'
import { fetchPageHandler, filtersFrom, type WalletFilters } from './wallets.handlers.js'
import { walletsSlice, type WalletsState } from './wallets.state.js'
import { AllWalletsView } from './views/AllWalletsView.js'

/** Creates the wallets plugin (one per kernel: it keeps the host's registry filters). */
export function createWalletsPlugin(): PluginDefinition<WalletsState> {
  let filters: WalletFilters = {}
  return definePlugin<WalletsState>({
    id: 'wallets',
    state: walletsSlice,
    views: { AllWallets: { component: AllWalletsView } },
    handlers: { 'wallets/fetchPage': fetchPageHandler(() => filters) },
    setup(ctx) {
      filters = filtersFrom(ctx.options)
    },
  })
}
