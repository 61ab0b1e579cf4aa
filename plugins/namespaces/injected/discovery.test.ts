import { afterEach, describe, expect, it } from 'vitest'
import { discoverProviders, LegacyInjectedId, legacyWalletName, type DiscoveredProvider } from './discovery.js'

const request = async () => null
afterEach(() => {
  delete (window as unknown as { ethereum?: unknown }).ethereum
})

describe('legacy window.ethereum discovery', () => {
  it('names a Coinbase provider "Coinbase Wallet" (SPEC §9 fallback), MetaMask by its flag, others generically', () => {
    expect(legacyWalletName({ isCoinbaseWallet: true, isMetaMask: true })).toBe('Coinbase Wallet')
    expect(legacyWalletName({ isMetaMask: true })).toBe('MetaMask')
    expect(legacyWalletName({})).toBe('Browser Wallet')
  })

  it('lists window.ethereum as the injected connector under its fallback name', () => {
    Object.assign(window, { ethereum: { request, isCoinbaseWallet: true } })
    let found: DiscoveredProvider[] = []
    const stop = discoverProviders(window, (list) => {
      found = list
    })
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    stop()
    const legacy = found.find((p) => p.connector.id === LegacyInjectedId)
    expect(legacy?.connector.name).toBe('Coinbase Wallet')
  })
})

describe('EIP-6963 duplicates (one row per wallet)', () => {
  const announce = (uuid: string, rdns: string, name: string, provider: unknown) =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid, rdns, name, icon: '' }, provider } }),
    )

  it('merges two announcements with one rdns, and window.ethereum when the same wallet announced itself', () => {
    const metamask = { request, isMetaMask: true }
    Object.assign(window, { ethereum: { request, isMetaMask: true } })
    let found: DiscoveredProvider[] = []
    const stop = discoverProviders(window, (list) => {
      found = list
    })
    expect(found.map((p) => p.connector.id)).toEqual([LegacyInjectedId])
    announce('uuid-1', 'io.metamask', 'MetaMask', metamask)
    announce('uuid-2', 'io.metamask', 'MetaMask', { request })
    announce('uuid-3', 'me.rainbow', 'Rainbow', { request })
    stop()
    expect(found.map((p) => p.connector.id)).toEqual(['io.metamask', 'me.rainbow'])
  })
})
