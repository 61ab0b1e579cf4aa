// WalletConnect inside the namespaces plugin: its views, requests, reducers and set-up as one part the plugin
// spreads into its definition. Nothing here imports the SDK; the connector `import()`s it on first pairing.
import type { KernelState, PluginContext, Reaction, ViewSpec, HostOptions } from '../../../kernel/index.js'
import type { ConnectorRoute } from '../routing.js'
import type { Sessions } from '../session.js'
import { ConnectingWalletConnectBasicView, ConnectingWalletConnectView } from '../views/deferred.js'
import { createWalletConnectConnector, WalletConnectId, type WalletConnectOptions } from './connector.js'
import { WalletConnectMethods } from './proposal.js'
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

// WalletConnect's metadata has every field; the host's may leave description, url and icons out.
const wcOptions = ({ projectId, relayUrl, metadata: m }: Readonly<HostOptions>): WalletConnectOptions => ({
  projectId: String(projectId ?? ''),
  ...(relayUrl ? { relayUrl } : {}),
  ...(m?.name
    ? {
        metadata: {
          name: m.name,
          description: m.description ?? '',
          url: m.url ?? location.origin,
          icons: m.icons ?? [],
        },
      }
    : {}),
})

/** Creates the part over the plugin's context and sessions. */
export function createWalletConnectPart(ctx: () => PluginContext, sessions: Sessions) {
  const wc = createWalletConnectConnector(() => wcOptions(ctx().options))
  /** Calls for the WalletConnect connector go to the session, in every namespace WalletConnect speaks. */
  const route: ConnectorRoute = {
    namespaces: Object.keys(WalletConnectMethods),
    serves: (id) => id === WalletConnectId,
    adapter: (namespace) => wc.adapter(namespace),
  }
  const handlers = walletConnectHandlers({ wc, sessions, options: () => ctx().options })
  return {
    views: walletConnectViews,
    handlers,
    reducers: walletConnectReducers,
    reactions: walletConnectReactions,
    route,
    /** Releases the session's listeners; returns the teardown. */
    setup(): () => void {
      return () => wc.dispose()
    },
  }
}
