// Networks at run time (SPEC §5): a host adds or removes networks after creation. An added network passes the same
// check and gets the same picture as the networks given at start (kernel/contracts/networks.ts); adding or removing needs an
// adapter for the network's namespace. A removal never leaves the visitor on a network that is gone: the active one
// is left for the namespace's first other network first, and the last network of a namespace stays.
import {
  checkNetwork,
  ErrorMessages,
  namespaceOf,
  NetworkError,
  withNetworkImage,
  type Handler,
  type HandlerContext,
  type HostOptions,
} from '../../kernel/index.js'

function needAdapter(ctx: HandlerContext, namespace: string | undefined): void {
  if (!namespace || !ctx.getState().config.namespaces.includes(namespace))
    throw new NetworkError('adapterNotFound', `${ErrorMessages.adapterNotFound}: ${namespace ?? 'no namespace'}`)
}

/** The `networks/add` handler over the host's options (for the picture); a network already configured changes nothing. */
export function addNetworkHandler(options: () => Readonly<HostOptions>): Handler<'networks/add'> {
  return async ({ network }, ctx) => {
    const n = checkNetwork(network)
    needAdapter(ctx, n.chainNamespace)
    if (ctx.getState().config.networks.some((c) => c.caipNetworkId === n.caipNetworkId)) return
    ctx.emit('config/networkAdded', { network: withNetworkImage(n, options()) })
  }
}

/** Handles `networks/remove`. */
export const removeNetwork: Handler<'networks/remove'> = async ({ caipNetworkId }, ctx) => {
  const namespace = namespaceOf(caipNetworkId)
  needAdapter(ctx, namespace)
  const { config, account } = ctx.getState()
  if (!config.networks.some((n) => n.caipNetworkId === caipNetworkId))
    throw new NetworkError('networkNotFound', `${ErrorMessages.networkNotFound}: ${caipNetworkId}`)
  const others = config.networks.filter((n) => n.chainNamespace === namespace && n.caipNetworkId !== caipNetworkId)
  if (!others.length)
    throw new NetworkError('LAST_NETWORK', `Cannot remove ${caipNetworkId}: it is the last ${namespace} network`)
  // a refused switch rejects here and the network stays: nothing is lost
  if (account.activeCaipNetworkId === caipNetworkId)
    await ctx.request('network/switch', { caipNetworkId: others[0].caipNetworkId })
  ctx.emit('config/networkRemoved', { caipNetworkId })
}
