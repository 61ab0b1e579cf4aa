// WBIP004 provider discovery (`window.btc_providers`): runs when the Connect list opens; the Bitcoin adapter (loaded
// when a Bitcoin wallet is used) takes the providers it finds. No SDK needed.
import { safeImageUrl } from '../../../kernel/index.js'
import type { ConnectorInfo } from '../adapter.js'

/** A WBIP004 provider entry; `id` is a dot path on `window` to the provider object. */
export interface BtcProviderInfo {
  id: string
  name: string
  icon?: string
  webUrl?: string
  methods?: string[]
}

/** Connector id prefix: WBIP004 ids are dot paths, so Foyer's ids read `bip122:<provider id>`. */
export const BitcoinConnectorPrefix = 'bip122:'

/** The connectors listed in `win.btc_providers` (malformed entries skipped, first of a duplicate id kept). */
export function readBtcProviders(win: Window): ConnectorInfo[] {
  const list = (win as unknown as { btc_providers?: unknown }).btc_providers
  const out: ConnectorInfo[] = []
  for (const p of Array.isArray(list) ? (list as Array<Partial<BtcProviderInfo> | null>) : []) {
    if (!p || typeof p.id !== 'string' || !p.id || typeof p.name !== 'string' || !p.name) continue
    const id = `${BitcoinConnectorPrefix}${p.id}`
    if (out.some((c) => c.id === id)) continue
    const icon = safeImageUrl(p.icon)
    out.push({
      id,
      name: p.name.slice(0, 100),
      type: 'ANNOUNCED',
      namespace: 'bip122',
      ...(icon ? { imageUrl: icon } : {}),
    })
  }
  return out
}

/** The WBIP004 provider id of a connector id. */
export function providerIdOf(connectorId: string): string {
  return connectorId.startsWith(BitcoinConnectorPrefix) ? connectorId.slice(BitcoinConnectorPrefix.length) : connectorId
}
