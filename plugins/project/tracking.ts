// Which kernel facts become SPEC §7 analytics events: a connection the visitor made (not a restored one), a social
// login, a disconnection, an internal error.
import { connectorById, isPending, parseCaipAddress, type KernelState, type PluginContext } from '../../kernel/index.js'
import type { Analytics } from './analytics.js'

// SPEC §7 CONNECT_SUCCESS `method`, by connector type.
const methodOf = (type: string | undefined) =>
  type === 'WALLET_CONNECT' ? 'qrcode' : type === 'AUTH' ? 'email' : type ? 'browser' : 'unknown'

// A restore at start-up (SPEC §4 reconnect) is not the visitor connecting.
const restoring = (s: KernelState) => isPending(s, 'wallet/reconnect') || isPending(s, 'auth/reconnect')

/** Subscribes the analytics events to the kernel's facts; returns the unsubscribe function. */
export function trackKernelFacts(ctx: PluginContext, analytics: Analytics): () => void {
  const offs = [
    ctx.on('wallet/connected', (e) => {
      const s = ctx.getState()
      if (restoring(s)) return
      const connector = connectorById(s, e.payload.connectorId)
      const parsed = parseCaipAddress(e.payload.caipAddress)
      void analytics.track('CONNECT_SUCCESS', {
        address: parsed?.address,
        properties: {
          method: methodOf(connector?.type ?? (e.payload.connectorId === 'auth' ? 'AUTH' : undefined)),
          name: connector?.name ?? e.payload.connectorId,
          namespace: e.payload.namespace,
          reconnect: false,
          ...(parsed ? { caipNetworkId: parsed.caipNetworkId } : {}),
        },
      })
    }),
    ctx.on('auth/loggedIn', (e) => {
      const provider = e.payload.user.socialProvider
      if (provider && !e.payload.restored)
        void analytics.track('SOCIAL_LOGIN_SUCCESS', { address: e.payload.user.address, properties: { provider } })
    }),
    ctx.on('wallet/disconnected', (e) => {
      void analytics.track('DISCONNECT_SUCCESS', { properties: { namespace: e.payload.namespace } })
    }),
    ctx.on('error/reported', (e) => {
      if (e.payload.error.category === 'INTERNAL_SDK_ERROR')
        void analytics.track('INTERNAL_SDK_ERROR', { properties: { message: e.payload.error.message } })
    }),
  ]
  return () => offs.forEach((off) => off())
}
