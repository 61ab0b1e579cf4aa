// The swap plugin: the Swap view (AppKit's `open({ view: 'Swap', arguments })` and the Account action `swaps`),
// quoting and swapping on the project server's Uniswap V2 routes, refreshed while the view is open.
import { currentView, definePlugin, isPending, type PluginDefinition, type TimerHandle } from '../../kernel/index.js'
import { executeHandlers } from './swap.execute.js'
import { formHandlers, QuoteRefreshMs } from './swap.handlers.js'
import { swapReactions } from './swap.reactions.js'
import { swapSlice, type SwapState } from './swap.state.js'
import { SwapView } from './views/SwapView.js'

/** Creates the swap plugin. */
export function createSwapPlugin(): PluginDefinition<SwapState> {
  return definePlugin<SwapState>({
    id: 'swap',
    state: swapSlice,
    views: { Swap: { component: SwapView } },
    handlers: { ...formHandlers, ...executeHandlers },
    reactions: swapReactions,
    setup(ctx) {
      const open = () => ctx.getState().modal.open && currentView(ctx.getState()) === 'Swap'
      // the view may have opened before this chunk arrived: its reactions missed that, so ready it now
      if (open())
        ctx.request('swap/prepare', ctx.getState().router.history.at(-1)?.data as never).catch(() => undefined)
      let timer: TimerHandle
      const refresh = () => {
        timer = ctx.clock.setTimeout(refresh, QuoteRefreshMs)
        if (open() && !isPending(ctx.getState(), 'swap/execute'))
          ctx.request('swap/fetchQuote', undefined).catch(() => undefined)
      }
      timer = ctx.clock.setTimeout(refresh, QuoteRefreshMs)
      return () => ctx.clock.clearTimeout(timer)
    },
  })
}
