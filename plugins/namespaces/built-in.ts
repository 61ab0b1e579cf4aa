// The built-in transports of the namespaces plugin's own wallets, each a connector of the registry like a third
// party's (serve.ts): injected EIP-1193/EIP-6963 (eip155), Wallet Standard (solana) and sats-connect (bip122) — one
// family connector each, serving every wallet its discovery lists under the wallet's own id. Wallet Standard's and
// sats-connect's code arrives in chunks of their own on first use (lazy-adapter.ts); discovery runs from the start.
import type { PluginContext } from '../../kernel/index.js'
import type { NamespaceAdapter } from './adapter.js'
import { createInjectedAdapter } from './injected/adapter.js'
import { deferAdapter } from './lazy-adapter.js'
import { serveTransport, type ServedTransport, type TransportSpec } from './serve.js'
import type { Watches } from './watches.js'

/** Serves the three built-in wallet transports over the discovery the plugin's set-up started. */
export function builtInTransports(ctx: () => PluginContext, watches: Watches): ServedTransport[] {
  const configured = (ns: string) => () =>
    ctx()
      .getState()
      .config.networks.filter((n) => n.chainNamespace === ns)
      .map((n) => n.caipNetworkId)
  const injected = watches.eip155 && createInjectedAdapter(watches.eip155)
  const sol = watches.solana
  const solana =
    sol &&
    deferAdapter('solana', sol, () =>
      import('./standard/adapter.js').then((m) =>
        m.createSolanaAdapter(
          { networks: configured('solana'), active: () => ctx().getState().account.activeCaipNetworkId },
          sol,
        ),
      ),
    )
  const btc = watches.bip122
  const bitcoin =
    btc &&
    deferAdapter('bip122', btc, () =>
      import('./sats/adapter.js').then((m) => m.createBitcoinAdapter(window, { networks: configured('bip122') }, btc)),
    )
  const family = (prefix: TransportSpec['prefix'], name: string, namespace: string, a?: NamespaceAdapter) =>
    serveTransport(ctx, {
      prefix,
      id: prefix,
      name,
      namespaces: [namespace],
      family: true,
      adapter: (ns) => (ns === namespace ? a : undefined),
    })
  return [
    family('injected', 'Browser wallet', 'eip155', injected),
    family('standard', 'Wallet Standard', 'solana', solana),
    family('sats', 'Bitcoin wallet', 'bip122', bitcoin),
  ]
}

/** Whether `t` has its wallets here (its namespace is configured and discovery runs). */
export const isServed = (t: ServedTransport, watches: Watches): boolean =>
  t.connector.namespaces.some((ns) => !!watches[ns as keyof Watches])
