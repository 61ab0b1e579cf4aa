// Choosing a network from the Networks view: the switch itself is the kernel's one `network/switch` request.
import { isConnected, namespaceOf, type Handler } from '../../kernel/index.js'

declare module '../../kernel/index.js' {
  interface RequestMap {
    'networks/select': { input: { caipNetworkId: string }; output: void }
  }
}

/** Handles `networks/select`: switches through the one `network/switch` rule, then returns to where Networks opened. */
export const selectNetwork: Handler<'networks/select'> = async ({ caipNetworkId }, ctx) => {
  const s0 = ctx.getState()
  const namespace = namespaceOf(caipNetworkId)
  // A namespace with no wallet yet while another is connected (SPEC §2/§4 SwitchActiveChain, as AppKit's Networks
  // view does): ask first, and keep the connected account active until a wallet of that namespace connects — unless
  // the embedded wallet the visitor is logged in with holds an account there (SPEC §4): that one connects at once.
  if (
    namespace &&
    s0.config.namespaces.includes(namespace) &&
    s0.account.namespaces[namespace]?.status !== 'connected' &&
    isConnected(s0) &&
    !(ctx.hasRequest('wallet/connectBridged') && (await ctx.request('wallet/connectBridged', { namespace })))
  ) {
    await ctx.request('router/push', { view: 'SwitchActiveChain', data: { caipNetworkId, namespace } })
    return
  }
  await ctx.request('network/switch', { caipNetworkId })
  // The switch may have moved on by itself (SwitchActiveChain to connect another namespace): then stay there.
  const s = ctx.getState()
  if (s.modal.open && s.router.history.at(-1)?.view === 'Networks') await ctx.request('router/back')
}
