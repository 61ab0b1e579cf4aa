// The plugin's declared follow-ups: every lookup and re-check starts here, never in a view's effect.
import { activeCaipAddress, currentView, isConnected, type Reaction } from '../../kernel/index.js'

/** Reactions of the namespaces plugin. */
export const namespaceReactions: Reaction<any, any>[] = [
  // The native balance of the account shown on Account: after connecting, when the account or its network changes,
  // and when the modal opens on a connected account (the 30 s cache keeps that from asking the API again).
  { on: 'wallet/connected', request: 'account/fetchBalance' },
  { on: 'wallet/accountChanged', when: (_e, s) => isConnected(s), request: 'account/fetchBalance' },
  { on: 'modal/opened', when: (_e, s) => isConnected(s), request: 'account/fetchBalance' },
  // A transaction of the account settled (a swap, a send, a purchase): the header reads the chain's new balance now,
  // past the 30 s cache, so it agrees with the Tokens row (issue 33).
  {
    on: 'tokens/balancesChanged',
    when: (e, s) =>
      activeCaipAddress(s)?.toLowerCase() === `${e.payload.caipNetworkId}:${e.payload.address}`.toLowerCase(),
    request: 'account/fetchBalance',
    input: () => ({ fresh: true }),
  },
  // After the connect flow has closed its own views, so the unsupported view is not closed with them.
  { on: 'network/switched', after: 50, request: 'network/checkSupport' },
  // SwitchNetwork shows a switch in progress; once it went through, go back to where it was asked for.
  {
    on: 'network/switch/succeeded' as 'network/switched',
    when: (_e, s) => s.modal.open && currentView(s) === 'SwitchNetwork',
    request: 'router/back',
  },
]
