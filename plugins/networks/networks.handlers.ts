// Choosing a network from the Networks view. Switching a connected wallet belongs to the namespace adapters;
// this plugin asks them when one is there, and otherwise records the choice for the next connection.
import { Alerts, FoyerError, type Handler, namespaceOf } from '../../kernel/index.js'

declare module '../../kernel/index.js' {
  interface RequestMap {
    'networks/select': { input: { caipNetworkId: string }; output: void }
    /** Provided by the namespace adapters: switch the connected wallet to a network. */
    'wallet/switchNetwork': { input: { caipNetworkId: string }; output: void }
  }
}

/** Handles `networks/select`: checks the id is configured, switches, then returns to the previous view. */
export const selectNetwork: Handler<'networks/select'> = async ({ caipNetworkId }, ctx) => {
  const state = ctx.getState()
  if (!state.config.networks.some((n) => n.caipNetworkId === caipNetworkId)) {
    await ctx.request('alert/show', { alert: 'switchNetworkNotFound' })
    throw new FoyerError(Alerts.switchNetworkNotFound.longMessage, {
      code: Alerts.switchNetworkNotFound.code,
      category: 'CONFIGURATION',
    })
  }
  const namespace = namespaceOf(caipNetworkId) ?? ''
  const connected = state.account.namespaces[namespace]?.status === 'connected'
  if (connected && ctx.hasRequest('wallet/switchNetwork')) await ctx.request('wallet/switchNetwork', { caipNetworkId })
  else ctx.emit('network/switched', { caipNetworkId })
  await ctx.request('router/back')
}
