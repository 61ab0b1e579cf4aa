// WalletConnect inside the namespaces plugin: its views, requests, reducers and set-up as one part the plugin
// spreads into its definition. Nothing here imports the SDK; the connector `import()`s it on first pairing.
import type { PluginContext, ViewSpec } from '../../../kernel/index.js'
import type { NamespaceAdapter } from '../adapter.js'
import type { Sessions } from '../session.js'
import { ConnectingWalletConnectBasicView } from '../views/ConnectingWalletConnectBasicView.js'
import { ConnectingWalletConnectView } from '../views/ConnectingWalletConnectView.js'
import { createWalletConnectConnector, type WalletConnectOptions } from './connector.js'
import { withWalletConnect } from './routing.js'
import { walletConnectHandlers } from './wc.handlers.js'
import { walletConnectReducers } from './wc.state.js'

/** Views the part adds. */
export const walletConnectViews: Record<string, ViewSpec> = {
  ConnectingWalletConnect: {
    component: ConnectingWalletConnectView,
    title: (s) => s.namespaces.walletConnect?.wallet?.name ?? 'WalletConnect',
  },
  ConnectingWalletConnectBasic: { component: ConnectingWalletConnectBasicView, title: 'Connect Wallet' },
}

/** Request names the part handles (for the plugin's manifest). */
export const WalletConnectRequests = ['walletConnect/connect', 'walletConnect/cancel'] as const

const wcOptions = (o: Readonly<Record<string, unknown>>): WalletConnectOptions => ({
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
    adapters,
    /** Stops the pairing when the visitor leaves its view; returns the teardown. */
    setup(c: PluginContext): () => void {
      const stop = () => {
        if (c.getState().namespaces.walletConnect?.status === 'connecting')
          c.request('walletConnect/cancel').catch(() => undefined)
      }
      const offs = [
        c.on('modal/closed', stop),
        c.on('view/popped', (e) => {
          if (e.payload.from.startsWith('ConnectingWalletConnect')) stop()
        }),
      ]
      return () => {
        for (const off of offs) off()
        wc.dispose()
      }
    },
  }
}
