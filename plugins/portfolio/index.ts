// The portfolio plugin: the Account's Tokens and NFTs tabs, and the kernel's portfolio contract (state.portfolio,
// portfolio/fetchBalances, portfolio/fetchNfts, tokens/pricesReceived) that other plugins read and feed.
import {
  activeCaipAddress,
  definePlugin,
  isConnected,
  type PluginDefinition,
  type PortfolioState,
} from '../../kernel/index.js'
import { fetchBalances, fetchNfts, rememberPrices } from './portfolio.handlers.js'
import { portfolioSlice } from './portfolio.state.js'
import { NftsView } from './views/NftsView.js'
import { TokensView } from './views/TokensView.js'

const connected = (_e: unknown, s: Parameters<typeof isConnected>[0]) => isConnected(s)
const both = ['portfolio/fetchBalances', 'portfolio/fetchNfts'] as const
// the lists follow the account: a new connection, account or network, and each opening of the modal (the caches
// answer when nothing is due)
const triggers = [
  { on: 'wallet/connected' },
  { on: 'wallet/accountChanged', when: connected },
  { on: 'network/switched', when: connected },
  { on: 'modal/opened', when: connected },
] as const

/** Creates the portfolio plugin. */
export function createPortfolioPlugin(): PluginDefinition<PortfolioState> {
  return definePlugin<PortfolioState>({
    id: 'portfolio',
    state: portfolioSlice,
    views: { AccountTokens: { component: TokensView }, AccountNfts: { component: NftsView } },
    handlers: { 'portfolio/fetchBalances': fetchBalances, 'portfolio/fetchNfts': fetchNfts },
    reactions: [
      ...triggers.flatMap((t) => both.map((request) => ({ ...t, request }))),
      // tokens arrived or left on chain (a purchase or payment settled): the balances shown are read afresh
      {
        on: 'tokens/balancesChanged',
        when: (e, s) =>
          activeCaipAddress(s)?.toLowerCase() === `${e.payload.caipNetworkId}:${e.payload.address}`.toLowerCase(),
        request: 'portfolio/fetchBalances',
        input: () => ({ fresh: true }),
      },
    ],
    setup(ctx) {
      // the plugin loads when a tab is first shown: load what it shows now
      if (isConnected(ctx.getState())) for (const r of both) ctx.request(r).catch(() => undefined)
      return ctx.on('tokens/pricesReceived', (e) => rememberPrices(ctx, e.payload.caipNetworkId, e.payload.prices))
    },
  })
}
