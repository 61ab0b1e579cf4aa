// WalletConnect's requests and its session's transport (a connector of the registry, `wcSession/…`), created with the
// plugin's transports (../transports.ts) on first use. Nothing here imports the SDK; the connector `import()`s it on
// first pairing.
import type { PluginContext, HostOptions } from '../../../kernel/index.js'
import type { NamespaceAdapter } from '../adapter.js'
import { serveTransport } from '../serve.js'
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

/** Creates the part over the plugin's context, sessions and routed adapters. */
export function createWalletConnectPart(
  ctx: () => PluginContext,
  sessions: Sessions,
  adapterFor: (namespace: string) => NamespaceAdapter,
) {
  const wc = createWalletConnectConnector(() => wcOptions(ctx().options))
  const namespaces = Object.keys(WalletConnectMethods)
  /** The session, in every namespace WalletConnect speaks: one connector of the registry under its one id. */
  const transport = serveTransport(ctx, {
    prefix: 'wcSession',
    id: WalletConnectId,
    name: 'WalletConnect',
    namespaces,
    family: false,
    adapter: (namespace) => (namespaces.includes(namespace) ? wc.adapter(namespace) : undefined),
  })
  const handlers = walletConnectHandlers({
    wc,
    sessions,
    options: () => ctx().options,
    adapterFor,
    follow: (namespace) => transport.follow(namespace, WalletConnectId),
  })
  return {
    handlers: { ...handlers, ...transport.handlers },
    connector: transport.connector,
    /** Releases the session's listeners. */
    dispose: () => {
      transport.dispose()
      wc.dispose()
    },
  }
}
