import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { initials, walletIconSvg } from './icon.js'
import { REGISTRY_SIZE, buildRegistry, walletId } from './registry.js'

describe('wallet registry', () => {
  const wallets = buildRegistry()

  it('has at least 500 wallets with unique ids and names', () => {
    expect(wallets.length).toBe(REGISTRY_SIZE)
    expect(wallets.length).toBeGreaterThanOrEqual(500)
    expect(new Set(wallets.map((w) => w.id)).size).toBe(wallets.length)
    expect(new Set(wallets.map((w) => w.name.toLowerCase())).size).toBe(wallets.length)
    for (const w of wallets) {
      expect(w.id).toMatch(/^[0-9a-f]{64}$/)
      expect(w.chains.length).toBeGreaterThan(0)
      expect(() => new URL(w.homepage)).not.toThrow()
    }
  })

  it('starts with the well-known wallets, real names first', () => {
    const names = wallets.filter((w) => !w.generated).map((w) => w.name)
    for (const n of [
      'MetaMask',
      'Trust Wallet',
      'Rainbow',
      'Coinbase Wallet',
      'Phantom',
      'Rabby Wallet',
      'OKX Wallet',
      'Zerion',
      'Ledger Live',
      'Uniswap Wallet',
      'Xverse',
      'Leather',
      'Solflare',
      'Backpack',
    ]) {
      expect(names).toContain(n)
    }
    expect(wallets[0].name).toBe('MetaMask')
    expect(wallets[0].id).toBe(walletId('metamask'))
    const firstGenerated = wallets.findIndex((w) => w.generated)
    expect(wallets.slice(firstGenerated).every((w) => w.generated && w.homepage.endsWith('.wallet.example'))).toBe(true)
  })

  it('is deterministic: ids derive from slugs and the generated names are pinned', () => {
    expect(wallets.every((w) => w.id === walletId(w.slug))).toBe(true)
    const fingerprint = createHash('sha256')
      .update(wallets.map((w) => w.name).join('|'))
      .digest('hex')
      .slice(0, 16)
    // If this changes, the registry changed: ids stay stable, but order and generated names shift for clients.
    expect(fingerprint).toBe('d4a0431f0f597fa2')
  })

  it('draws icons with initials and escapes names', () => {
    expect(initials('Trust Wallet')).toBe('TW')
    expect(initials('imToken')).toBe('IM')
    expect(initials('Safe{Wallet}')).toBe('SW')
    const svg = walletIconSvg('ab'.repeat(32), '<script>')
    expect(svg).toContain('&#60;script&#62;')
    expect(svg).not.toContain('<script>')
    expect(walletIconSvg('ab'.repeat(32), 'X')).toBe(walletIconSvg('ab'.repeat(32), 'X'))
  })
})
