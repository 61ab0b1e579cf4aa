// WalletConnect inside the namespaces plugin, the part the Connect list carries: its views (their code loads on
// first use) and reactions. The requests, the connector and its route arrive with the plugin's transports (./transport.ts).
import type { KernelState, Reaction, ViewSpec } from '../../../kernel/index.js'
import { ConnectingWalletConnectBasicView, ConnectingWalletConnectView } from '../views/lazy-views.js'

/** Views the part adds (their titles are in the plugin's manifest). */
export const walletConnectViews: Record<string, ViewSpec> = {
  ConnectingWalletConnect: { component: ConnectingWalletConnectView },
  ConnectingWalletConnectBasic: { component: ConnectingWalletConnectBasicView },
}

const pairing = (s: KernelState) => s.namespaces?.walletConnect?.status === 'connecting'

/** Stops offering the pairing when the visitor leaves it: the modal closes, or they go back from its view. */
export const walletConnectReactions: Reaction<any, any>[] = [
  { on: 'modal/closed', when: (_e, s) => pairing(s), request: 'walletConnect/cancel' },
  {
    on: 'view/popped',
    when: (e, s) => (e.payload as { from: string }).from.startsWith('ConnectingWalletConnect') && pairing(s),
    request: 'walletConnect/cancel',
  },
]
