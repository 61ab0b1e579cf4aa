// The connected wallet of a namespace as the wallet requests use it: its account and network, and one `call` that
// reaches the wallet through whichever transport connected it (injected, WalletConnect, bridged), refusals as 4001.
import {
  addressOf,
  DisconnectedError,
  FoyerError,
  isConnected,
  UnauthorizedError,
  namespaceOf,
  networkOfAddress,
  type HandlerContext,
  type HostOptions,
} from '../../../kernel/index.js'
import type { NamespaceAdapter } from '../adapter.js'
import { walletError } from '../wallet-errors.js'

/** What the wallet requests need from the plugin's closure. */
export interface RequestEnv {
  adapters(): NamespaceAdapter[]
  options(): Readonly<HostOptions>
  /** Read clients per network, created on first use (see reads.ts). */
  clients: Map<string, Promise<unknown>>
}

/** A connected account and the way to its wallet. */
export interface WalletSession {
  namespace: string
  connectorId: string
  address: string
  caipNetworkId: string
  /** A call in WalletConnect's vocabulary of the namespace (see `WalletRpcCall`). */
  call<T = unknown>(method: string, params: unknown): Promise<T>
}

/** The connected account of `namespace`, or a failure naming the namespace when none is connected. */
export function connectedAccount(ctx: HandlerContext, namespace: string) {
  const conn = ctx.getState().account.namespaces[namespace]
  const address = addressOf(conn?.caipAddress)
  const caipNetworkId = networkOfAddress(conn?.caipAddress)
  if (conn?.status !== 'connected' || !conn.connectorId || !address || !caipNetworkId)
    throw FoyerError.of('noActiveCaipAddress', { reason: namespace, category: 'WALLET' })
  return { connectorId: conn.connectorId, address, caipNetworkId }
}

/**
 * The wallet session of `namespace` on `caipNetworkId` (default: the network it is on). A wallet on another network is
 * switched first through `network/switch` (the wallet may prompt), so a request never runs on the wrong chain.
 */
export async function walletSession(
  env: RequestEnv,
  ctx: HandlerContext,
  namespace: string,
  caipNetworkId?: string,
): Promise<WalletSession> {
  if (caipNetworkId && namespaceOf(caipNetworkId) !== namespace)
    throw FoyerError.of('caipNetworkNotFound', { reason: `${caipNetworkId} is not a ${namespace} network` })
  let account = connectedAccount(ctx, namespace)
  if (caipNetworkId && caipNetworkId !== account.caipNetworkId) {
    await ctx.request('network/switch', { caipNetworkId })
    account = connectedAccount(ctx, namespace)
    if (account.caipNetworkId !== caipNetworkId)
      throw FoyerError.of('chainNotSupported', { reason: caipNetworkId, category: 'WALLET' })
  }
  const adapter = env.adapters().find((a) => a.namespace === namespace)
  if (!adapter) throw FoyerError.of('adapterOrConnectorNotFound', { reason: namespace, category: 'CONFIGURATION' })
  const { connectorId } = account
  return {
    namespace,
    ...account,
    async call<T>(method: string, params: unknown): Promise<T> {
      try {
        return (await adapter.request(connectorId, { method, params, caipNetworkId: account.caipNetworkId })) as T
      } catch (error) {
        const e = walletError(namespace, error)
        if (e instanceof UnauthorizedError || e instanceof DisconnectedError)
          await lapsed(ctx, namespace, connectorId, e)
        throw e
      }
    },
  }
}

/**
 * EIP-1193 4100 and 4900, each with its own handling: unauthorized keeps the connection (the wallet may allow another
 * request or account) and tells the visitor to connect again; disconnected means the connection is gone, so it ends
 * here too (Connect shows again) before the visitor is told.
 */
async function lapsed(ctx: HandlerContext, namespace: string, connectorId: string, e: Error): Promise<void> {
  // the connection may have moved on while the wallet answered: only the one that failed ends; an open modal stays
  // open, so the visitor reads why Connect is back
  if (e instanceof DisconnectedError && ctx.getState().account.namespaces[namespace]?.connectorId === connectorId) {
    await ctx.request('wallet/disconnect', { namespace, keepModalOpen: true }).catch(() => undefined)
    const s = ctx.getState()
    if (s.modal.open && !isConnected(s)) await ctx.request('router/reset', { view: 'Connect' }).catch(() => undefined)
  }
  await ctx.request('snackbar/show', { variant: 'error', message: e.message }).catch(() => undefined)
}
