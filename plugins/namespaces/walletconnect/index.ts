// WalletConnect inside the namespaces plugin: its views, requests, reducers and set-up as one part the plugin
// spreads into its definition. Nothing here imports the SDK; the connector `import()`s it on first pairing.
import type { KernelState, PluginContext, Reaction, ViewSpec, HostOptions } from '../../../kernel/index.js'
import type { NamespaceAdapter } from '../adapter.js'
import type { Sessions } from '../session.js'
import { ConnectingWalletConnectBasicView, ConnectingWalletConnectView } from '../views/deferred.js'
import { createWalletConnectConnector, type WalletConnectOptions } from './connector.js'
import { withWalletConnect } from './routing.js'
import { walletConnectHandlers } from './wc.handlers.js'
import { walletConnectReducers } from './wc.state.js'

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

/** Request names the part handles (for the plugin's manifest). */
export const WalletConnectRequests = ['walletConnect/connect', 'walletConnect/cancel'] as const

const wcOptions = (o: Readonly<HostOptions>): WalletConnectOptions => ({
  projectId: String(o.projectId ?? ''),
  ...(typeof o.relayUrl === 'string' && o.relayUrl ? { relayUrl: o.relayUrl } : {}),
  ...(o.metadata && typeof o.metadata === 'object' ? { metadata: o.metadata as WalletConnectOptions['metadata'] } : {}),
})

/** Creates the part over the plugin's context and sessions. */
export function createWalletConnectPart(ctx: () => PluginContext, sessions: Sessions) {
  const wc = createWalletConnectConnector(() => wcOptions(ctx().options))
  /** `base` with calls for the WalletConnect connector routed to the session. */
  const adapters = (base: NamespaceAdapter[]) => withWalletConnect(base, wc)
  const handlers = walletConnectHandlers({ wc, sessions, options: () => ctx().options })
  return {
    views: walletConnectViews,
    handlers,
    reducers: walletConnectReducers,
    reactions: walletConnectReactions,
    adapters,
    /** Releases the session's listeners; returns the teardown. */
    setup(): () => void {
      return () => wc.dispose()
    },
  }
}
