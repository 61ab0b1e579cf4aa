// SPEC §7 analytics and error reports, loaded with the visitor's first act (the modal's first opening, a connection,
// an error): the sender, and which kernel facts become events (a connection the visitor made, not a restored one; a
// social login; a disconnection; an internal error). The plugin's core notes each fact with the state it happened in.
import { addressOf, connectorById, networkOfAddress, type KernelState } from '../../kernel/index.js'
import { createAnalytics, type Analytics } from './analytics.js'
import type { TrackedFact } from './facts.js'

export { createAnalytics }

// SPEC §7 CONNECT_SUCCESS `method`, by connector type.
const methodOf = (type: string | undefined) =>
  type === 'WALLET_CONNECT' ? 'qrcode' : type === 'AUTH' ? 'email' : type ? 'browser' : 'unknown'

// A restore at start-up (SPEC §4 reconnect) is not the visitor connecting.
// (Read from the requests slice here: the request-status chunk is not worth loading with the modal for this.)
const restoring = (s: KernelState) =>
  ['wallet/reconnect', 'auth/reconnect'].some((r) => (s.requests?.[r]?.pending ?? 0) > 0)

/** Sends the analytics event `fact` calls for, judged on `s`, the state when the fact happened. */
export function trackFact(analytics: Analytics, fact: TrackedFact, s: KernelState): Promise<void> | undefined {
  if (fact.type === 'wallet/connected') {
    const e = fact.payload
    if (restoring(s)) return
    const connector = connectorById(s, e.connectorId)
    // The kernel checked the CAIP-10 id before recording the connection: its parts are all this needs.
    const network = networkOfAddress(e.caipAddress)
    return analytics.track(
      'CONNECT_SUCCESS',
      {
        address: addressOf(e.caipAddress),
        properties: {
          method: methodOf(connector?.type ?? (e.connectorId === 'auth' ? 'AUTH' : undefined)),
          name: connector?.name ?? e.connectorId,
          namespace: e.namespace,
          reconnect: false,
          ...(network ? { caipNetworkId: network } : {}),
        },
      },
      s,
    )
  }
  if (fact.type === 'auth/loggedIn') {
    const provider = fact.payload.user.socialProvider
    if (provider && !fact.payload.restored)
      return analytics.track(
        'SOCIAL_LOGIN_SUCCESS',
        { address: fact.payload.user.address, properties: { provider } },
        s,
      )
    return
  }
  if (fact.type === 'wallet/disconnected')
    return analytics.track('DISCONNECT_SUCCESS', { properties: { namespace: fact.payload.namespace } }, s)
  if (fact.payload.error.category === 'INTERNAL_SDK_ERROR')
    return analytics.track('INTERNAL_SDK_ERROR', { properties: { message: fact.payload.error.message } }, s)
}
