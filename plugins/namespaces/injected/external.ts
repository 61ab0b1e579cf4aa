// The host's own EVM wallets (the `connectors` option, SPEC §3 EXTERNAL): plain connector data for the kernel, their
// providers for the injected adapter, which speaks EIP-1193 to them exactly as to an installed wallet.
import { safeImageUrl, type ConnectorInfo, type HostConnector } from '../../../kernel/index.js'
import type { Discovered } from '../watch.js'
import type { Eip1193Provider } from './discovery.js'

/** The SPEC §3 connector of a host's wallet (type EXTERNAL, namespace eip155). */
export function hostConnectorInfo(h: HostConnector): ConnectorInfo {
  const image = safeImageUrl(h.imageUrl)
  return {
    id: h.id,
    name: h.name.slice(0, 100),
    type: 'EXTERNAL',
    namespace: 'eip155',
    ...(h.chains?.length ? { chains: [...h.chains] } : {}),
    ...(h.rdns ? { rdns: h.rdns, info: { rdns: h.rdns } } : {}),
    ...(image ? { imageUrl: image } : {}),
    ...(h.imageId ? { imageId: h.imageId } : {}),
    ...(h.explorerId ? { explorerId: h.explorerId } : {}),
  }
}

/** What discovery found, then the host's wallets; a discovered wallet with a host wallet's id is the host's. */
export function withHostConnectors(
  hosts: readonly HostConnector[],
  found: readonly Discovered<Eip1193Provider>[],
): Discovered<Eip1193Provider>[] {
  const own = hosts.map((h) => ({ connector: hostConnectorInfo(h), value: h.provider as Eip1193Provider }))
  const ids = new Set(own.map((o) => o.connector.id))
  return [...found.filter((d) => !ids.has(d.connector.id)), ...own]
}
