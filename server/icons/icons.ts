// The logos the API serves itself (GET /v1/icons/{kind}/{name}): networks, tokens and WalletConnect, from the shipped
// data/icons.json (generated from a published icon package, see data/README.md). No image host is reached at run time.
import { readFileSync } from 'node:fs'

/** The shipped icon set: SVG text per key. */
export interface IconData {
  /** Where the marks come from, e.g. npm:@web3icons/core@4.0.56. */
  source: string
  license: string
  /** By CAIP-2 network id. */
  networks: Record<string, string>
  /** By token symbol (upper case). */
  tokens: Record<string, string>
  /** By name (`walletconnect`). */
  wallets: Record<string, string>
}

/** The kinds of icon the API serves. */
export const ICON_KINDS = ['networks', 'tokens', 'wallets'] as const
/** One of {@link ICON_KINDS}. */
export type IconKind = (typeof ICON_KINDS)[number]

/** Path of the shipped icon set. */
export const ICONS_FILE = new URL('./data/icons.json', import.meta.url)

let shipped: IconData | undefined
const icons = (): IconData => (shipped ??= JSON.parse(readFileSync(ICONS_FILE, 'utf8')) as IconData)

/** The SVG of a shipped icon, or undefined. Token symbols match case-insensitively. */
export function iconSvg(kind: IconKind, key: string): string | undefined {
  const set = icons()[kind]
  const k = kind === 'tokens' ? key.toUpperCase() : key
  return Object.prototype.hasOwnProperty.call(set, k) ? set[k] : undefined
}
