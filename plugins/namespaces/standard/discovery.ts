// Wallet Standard discovery over its window-event protocol (`wallet-standard:app-ready` from the app,
// `wallet-standard:register-wallet` from wallets), keeping Solana wallets that can connect. No SDK needed; it runs when
// the Connect list opens, the Solana adapter (loaded when a Solana wallet is used) takes the wallets it finds.
import { safeImageUrl } from '../../../kernel/index.js'
import type { ConnectorInfo } from '../adapter.js'

/** A Wallet Standard account (the fields Foyer reads). */
export interface StandardAccount {
  address: string
  publicKey: Uint8Array
  chains: readonly string[]
  features: readonly string[]
  label?: string
}

/** A Wallet Standard wallet (the fields Foyer reads); features are looked up by name. */
export interface StandardWallet {
  version: string
  name: string
  icon?: string
  chains: readonly string[]
  features: Readonly<Record<string, unknown>>
  accounts: readonly StandardAccount[]
}

/** A discovered wallet and its connector description. */
export interface DiscoveredWallet {
  connector: ConnectorInfo
  wallet: StandardWallet
}

/** True for a wallet Foyer can use for Solana: it connects (`standard:connect`) and lists a `solana:` chain. */
export function isSolanaWallet(w: unknown): w is StandardWallet {
  const x = w as Partial<StandardWallet> | null
  return (
    !!x &&
    typeof x.name === 'string' &&
    !!x.name &&
    Array.isArray(x.chains) &&
    x.chains.some((c) => typeof c === 'string' && c.startsWith('solana:')) &&
    !!x.features &&
    typeof x.features === 'object' &&
    typeof (x.features['standard:connect'] as { connect?: unknown } | undefined)?.connect === 'function'
  )
}

/** The connector id of a wallet: `solana:` plus a slug of its name (Wallet Standard wallets carry no id). */
export function solanaConnectorId(name: string): string {
  return `solana:${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'wallet'
  }`
}

/** Listens for Wallet Standard registrations and announces the app; `onChange` gets every usable wallet so far. */
export function discoverStandardWallets(win: Window, onChange: (found: DiscoveredWallet[]) => void): () => void {
  const registered = new Set<StandardWallet>()
  const list = (): DiscoveredWallet[] => {
    const out: DiscoveredWallet[] = []
    for (const wallet of registered) {
      if (!isSolanaWallet(wallet)) continue
      let id = solanaConnectorId(wallet.name)
      for (let n = 2; out.some((d) => d.connector.id === id); n++) id = `${solanaConnectorId(wallet.name)}-${n}`
      const icon = safeImageUrl(wallet.icon)
      out.push({
        wallet,
        connector: {
          id,
          name: wallet.name.slice(0, 100),
          type: 'ANNOUNCED',
          namespace: 'solana',
          ...(icon ? { imageUrl: icon } : {}),
        },
      })
    }
    return out
  }
  let live = true
  const register = (...wallets: unknown[]) => {
    const added = wallets.filter(
      (w): w is StandardWallet => !!w && typeof w === 'object' && !registered.has(w as StandardWallet),
    )
    for (const w of added) registered.add(w)
    if (added.length && live) onChange(list())
    return () => {
      for (const w of added) registered.delete(w)
      if (live) onChange(list())
    }
  }
  const api = Object.freeze({ register, get: () => [...registered], on: () => () => {} })
  const onRegister = (event: Event) => {
    const callback = (event as CustomEvent<unknown>).detail
    if (typeof callback === 'function') {
      try {
        callback(api)
      } catch {
        /* a broken wallet must not break discovery */
      }
    }
  }
  win.addEventListener('wallet-standard:register-wallet', onRegister)
  win.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
  onChange(list())
  return () => {
    live = false
    win.removeEventListener('wallet-standard:register-wallet', onRegister)
  }
}
