// SPEC §4 "Network switch", owned once: the host API (foyer.switchNetwork), the Networks view, the unsupported-network
// flow and the wallet's own chain change all end up here.
import {
  addressOf,
  ErrorMessages,
  NetworkError,
  isConnected,
  namespaceOf,
  type HandlerContext,
  type PluginContext,
} from '../../kernel/index.js'
import type { NamespaceAdapter } from './adapter.js'
import type { NetworkDefinition } from './networks.js'

/** What switching needs from the plugin's closure. */
export interface SwitchEnv {
  adapterFor(namespace: string): NamespaceAdapter
  networkFor(caipNetworkId: string): NetworkDefinition
  /** Connects `namespace` through an embedded-wallet session connected in another one; false when there is none. */
  connectBridged?(namespace: string): Promise<boolean>
}

/**
 * Records that `namespace`'s wallet is now on `caipNetworkId`: its account moves with it and the network becomes the
 * active one. Used after our own switch request and when the wallet changes chain by itself.
 */
export function recordChainChange(
  k: Pick<PluginContext, 'emit' | 'getState'>,
  namespace: string,
  caipNetworkId: string,
): void {
  const conn = k.getState().account.namespaces[namespace]
  const address = addressOf(conn?.caipAddress)
  if (address && conn?.caipAddress !== `${caipNetworkId}:${address}`)
    k.emit('wallet/accountChanged', { namespace, caipAddress: `${caipNetworkId}:${address}` })
  if (k.getState().account.activeCaipNetworkId !== caipNetworkId) k.emit('network/switched', { caipNetworkId })
}

/** Handles `network/switch` (see its contract in the kernel). */
export async function switchNetwork(env: SwitchEnv, { caipNetworkId }: { caipNetworkId: string }, ctx: HandlerContext) {
  const state = ctx.getState()
  // SPEC §5: an id that is not in the configured list opens the switch-network-not-found alert.
  if (!state.config.networks.some((n) => n.caipNetworkId === caipNetworkId)) {
    await ctx.request('alert/show', { alert: 'switchNetworkNotFound' })
    throw new NetworkError('networkNotFound', `${ErrorMessages.networkNotFound}: ${caipNetworkId}`)
  }
  const namespace = namespaceOf(caipNetworkId)!
  // SPEC §5: switching needs a known namespace with an adapter.
  if (!state.config.namespaces.includes(namespace))
    throw new NetworkError('adapterNotFound', `${ErrorMessages.adapterNotFound}: ${namespace}`)
  const conn = state.account.namespaces[namespace]
  if (conn?.status === 'connected' && conn.connectorId) {
    // Same namespace with a connected address: the wallet is asked (the adapter adds the chain on 4902/5000/32603).
    if (conn.caipAddress?.startsWith(`${caipNetworkId}:`) === false)
      await env.adapterFor(namespace).switchNetwork(conn.connectorId, env.networkFor(caipNetworkId))
    recordChainChange(ctx, namespace, caipNetworkId)
    if (ctx.getState().account.activeNamespace !== namespace) ctx.emit('wallet/activeNamespaceChanged', { namespace })
    return
  }
  // Nothing connected in that namespace: the active network changes (and with it the active namespace).
  const connectedElsewhere = isConnected(state)
  ctx.emit('network/switched', { caipNetworkId })
  if (!connectedElsewhere) return
  // SPEC §4: an embedded-wallet session connects the other namespace first (one login holds keys for both), on the
  // network just chosen; only when it cannot is the visitor asked to connect a wallet there.
  if (await env.connectBridged?.(namespace)) {
    if (ctx.getState().account.activeNamespace !== namespace) ctx.emit('wallet/activeNamespaceChanged', { namespace })
    return
  }
  // SPEC §2/§4: a namespace that is not connected while another is: offer to connect it (SwitchActiveChain).
  const route = { view: 'SwitchActiveChain', data: { caipNetworkId, namespace } }
  await (ctx.getState().modal.open ? ctx.request('router/push', route) : ctx.request('modal/open', route))
}
