// SPEC §4 switching to a disconnected connection: it comes back the way it was made — the auth route (the visitor logs
// in again by email or social), WalletConnect (a new pairing), or the external connector's own prompt.
import { FoyerError, isFeatureEnabled, type HandlerContext } from '../../kernel/index.js'
import { WalletConnectId } from './walletconnect/wc.state.js'

/** The SPEC §3 type of the connector a connection was made with (undefined when the connector is gone). */
function typeOf(ctx: HandlerContext, namespace: string, connectorId: string) {
  const list = ctx.getState().connectors.list
  const c =
    list.find((x) => x.id === connectorId && x.namespace === namespace) ?? list.find((x) => x.id === connectorId)
  return c?.type ?? (connectorId === WalletConnectId ? 'WALLET_CONNECT' : undefined)
}

/** Reconnects the disconnected connection of `connectorId` in `namespace` through its route. */
export async function reconnectEnded(namespace: string, connectorId: string, ctx: HandlerContext): Promise<void> {
  const type = typeOf(ctx, namespace, connectorId)
  if (type === 'AUTH') {
    // SPEC §8: the embedded wallet is the auth connector where email or social login is on; without it no way back.
    const s = ctx.getState()
    if (!ctx.hasRequest('auth/connectEmail') || (!isFeatureEnabled(s, 'email') && !isFeatureEnabled(s, 'socials')))
      throw FoyerError.of('noAuthConnector', { reason: connectorId, category: 'CONFIGURATION' })
    // The visitor logs in again on Connect's email and social methods.
    if (ctx.getState().modal.open) await ctx.request('router/push', { view: 'Connect' })
    else await ctx.request('modal/open', { view: 'Connect' })
    return
  }
  if (type === 'WALLET_CONNECT') {
    if (!ctx.hasRequest('walletConnect/connect')) throw FoyerError.of('walletConnectConnectorNotFound')
    if (!ctx.getState().modal.open) await ctx.request('modal/open', { view: 'Connect' })
    await ctx.request('walletConnect/connect', {})
    return
  }
  // An external, announced or injected wallet asks the visitor again (its connect fails clearly when it is gone).
  await ctx.request('wallet/connect', { connectorId })
}
