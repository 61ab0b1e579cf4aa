// WalletConnect's requests, connector and connector route, created with the plugin's transports (../transports.ts) on first
// use. Nothing here imports the SDK; the connector `import()`s it on first pairing.
import type { PluginContext, HostOptions } from '../../../kernel/index.js'
import type { ConnectorRoute } from '../routing.js'
import type { Sessions } from '../session.js'
import { createWalletConnectConnector, WalletConnectId, type WalletConnectOptions } from './connector.js'
import { WalletConnectMethods } from './proposal.js'
import { walletConnectHandlers } from './wc.handlers.js'

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
    handlers,
    route,
    /** Releases the session's listeners. */
    dispose: () => wc.dispose(),
  }
}
