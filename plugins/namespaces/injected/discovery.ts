// EIP-6963 multi-injected-provider discovery, plus the legacy `window.ethereum` as a fallback connector.
import { safeImageUrl } from '../../../kernel/index.js'
import type { ConnectorInfo } from '../adapter.js'

/** The EIP-1193 provider surface Foyer uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): void
  removeListener?(event: string, listener: (...args: any[]) => void): void
}

/** EIP-6963 provider info. */
export interface Eip6963Info {
  uuid: string
  name: string
  icon: string
  rdns: string
}

/** A discovered provider and its connector description. */
export interface DiscoveredProvider {
  connector: ConnectorInfo
  provider: Eip1193Provider
}

/** Id of the legacy `window.ethereum` connector. */
export const LegacyInjectedId = 'injected'

/** The name shown for a legacy `window.ethereum` provider; Coinbase's falls back to "Coinbase Wallet" (SPEC §9). */
export function legacyWalletName(provider: { isCoinbaseWallet?: unknown; isMetaMask?: unknown }): string {
  if (provider.isCoinbaseWallet) return 'Coinbase Wallet'
  return provider.isMetaMask ? 'MetaMask' : 'Browser Wallet'
}

/** Listens for EIP-6963 announcements and asks wallets to announce; `onChange` gets every provider known so far. */
export function discoverProviders(win: Window, onChange: (found: DiscoveredProvider[]) => void): () => void {
  const announced = new Map<string, DiscoveredProvider>()
  const list = (): DiscoveredProvider[] => {
    const out = [...announced.values()]
    const legacy = (win as unknown as { ethereum?: Eip1193Provider }).ethereum
    const name = legacy ? legacyWalletName(legacy as never) : ''
    // The same wallet injected and announced is one row: same provider object, or the announced wallet of that name.
    const announcedToo = out.some((p) => p.provider === legacy || p.connector.name === name)
    if (legacy && typeof legacy.request === 'function' && !announcedToo) {
      out.push({ provider: legacy, connector: { id: LegacyInjectedId, name, type: 'INJECTED', namespace: 'eip155' } })
    }
    return out
  }
  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<{ info?: Partial<Eip6963Info>; provider?: Eip1193Provider }>).detail
    const info = detail?.info
    if (!info || !detail.provider || typeof detail.provider.request !== 'function') return
    const id = typeof info.rdns === 'string' && info.rdns ? info.rdns : typeof info.uuid === 'string' ? info.uuid : ''
    if (!id || typeof info.name !== 'string') return
    const connector: ConnectorInfo = {
      id,
      name: info.name.slice(0, 100),
      type: 'ANNOUNCED',
      namespace: 'eip155',
      ...(info.rdns ? { rdns: info.rdns } : {}),
    }
    const icon = safeImageUrl(info.icon)
    if (icon) connector.imageUrl = icon
    // SPEC §3 connector info: what the announcement said (the icon only when it is one we would render).
    connector.info = { ...(info.rdns ? { rdns: info.rdns } : {}), ...(icon ? { icon } : {}) }
    announced.set(id, { connector, provider: detail.provider })
    onChange(list())
  }
  win.addEventListener('eip6963:announceProvider', onAnnounce)
  win.dispatchEvent(new Event('eip6963:requestProvider'))
  onChange(list())
  return () => win.removeEventListener('eip6963:announceProvider', onAnnounce)
}
