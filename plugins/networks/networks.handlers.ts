// Choosing a network from the Networks view: the switch itself is the kernel's one `network/switch` request.
import type { Handler } from '../../kernel/index.js'

declare module '../../kernel/index.js' {
  interface RequestMap {
    'networks/select': { input: { caipNetworkId: string }; output: void }
  }
}

/** Handles `networks/select`: switches through the one `network/switch` rule, then returns to where Networks opened. */
export const selectNetwork: Handler<'networks/select'> = async ({ caipNetworkId }, ctx) => {
  await ctx.request('network/switch', { caipNetworkId })
  // The switch may have moved on by itself (SwitchActiveChain to connect another namespace): then stay there.
  const s = ctx.getState()
  if (s.modal.open && s.router.history.at(-1)?.view === 'Networks') await ctx.request('router/back')
}
