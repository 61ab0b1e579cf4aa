// Where a registry wallet is installed from: its browser-extension stores (Chrome Web Store, Firefox Add-ons, Edge
// Add-ons; this browser's first) and its phone app stores. Shared by the not-installed screen (namespaces) and Get a
// wallet (wallets); loaded with them, not with the modal. Links are untrusted server data: https only. Framework-free.
import type { RegistryWallet } from './wallets.js'

/** One place to install a wallet from. */
export interface InstallLink {
  kind: 'chrome' | 'firefox' | 'edge' | 'ios' | 'android'
  label: string
  href: string
}

type Stores = Pick<RegistryWallet, 'chromeStore' | 'firefoxStore' | 'edgeStore' | 'appStore' | 'playStore'>

const https = (v: unknown): string | undefined =>
  typeof v === 'string' && /^https:\/\/[^\s]+$/i.test(v.trim()) ? v.trim() : undefined

/** The extension store this user agent installs from (Edge and Firefox by their tokens, other Chromiums Chrome). */
export function browserStore(userAgent: string): 'chrome' | 'firefox' | 'edge' | undefined {
  if (/\bEdg(e|A|iOS)?\//.test(userAgent)) return 'edge'
  if (/\bFirefox\//.test(userAgent)) return 'firefox'
  return /\b(Headless)?Chrom(e|ium)\//.test(userAgent) ? 'chrome' : undefined
}

/** The wallet's extension stores, the one for this browser first. */
export function extensionLinks(wallet: Stores, userAgent = ''): InstallLink[] {
  const all: InstallLink[] = []
  const add = (kind: InstallLink['kind'], label: string, href: unknown) => {
    const safe = https(href)
    if (safe) all.push({ kind, label, href: safe })
  }
  add('chrome', 'Chrome Web Store', wallet.chromeStore)
  add('firefox', 'Firefox Add-ons', wallet.firefoxStore)
  add('edge', 'Edge Add-ons', wallet.edgeStore)
  const mine = browserStore(userAgent)
  return [...all.filter((l) => l.kind === mine), ...all.filter((l) => l.kind !== mine)]
}

/** The wallet's phone app stores (App Store, Google Play). */
export function appLinks(wallet: Stores): InstallLink[] {
  const out: InstallLink[] = []
  const ios = https(wallet.appStore)
  const android = https(wallet.playStore)
  if (ios) out.push({ kind: 'ios', label: 'App Store', href: ios })
  if (android) out.push({ kind: 'android', label: 'Google Play', href: android })
  return out
}
