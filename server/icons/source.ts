// Where the shipped logos come from: the `@web3icons/core` npm package (MIT), which publishes each network, token and
// wallet mark as an SVG string module (`dist/svgs/<kind>/<variant>/<name>.svg.js`). `npm run icons:import` fetches the
// pinned version with `npm pack` (scripts/icons.ts) and keeps only the marks listed here; nothing else of it ships.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { IconData } from './icons.js'

/** The package and version the shipped icons are taken from. */
export const IconPackage = { name: '@web3icons/core', version: '4.0.56', license: 'MIT' } as const

// The "background" variant: the mark on its brand colour, filling a round avatar the way wallets' icons do.
const VARIANT = 'background'

/** CAIP-2 network id → the package's network name (SPEC §9's networks and the local stack's). */
export const NETWORK_ICONS: Record<string, string> = {
  'eip155:1': 'ethereum',
  'eip155:10': 'optimism',
  'eip155:56': 'binance-smart-chain',
  'eip155:100': 'gnosis',
  'eip155:137': 'polygon',
  'eip155:250': 'fantom',
  'eip155:324': 'zksync',
  'eip155:8217': 'kaia',
  'eip155:8453': 'base',
  'eip155:42161': 'arbitrum-one',
  'eip155:43114': 'avalanche',
  'eip155:1313161554': 'aurora',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana',
  'bip122:000000000019d6689c085ae165831e93': 'bitcoin',
}

/** Token symbols whose marks ship (the local chains' tokens and the swap networks' native currencies). */
export const TOKEN_ICONS = [
  'ETH',
  'USDC',
  'USDT',
  'DAI',
  'WBTC',
  'BTC',
  'SOL',
  'POL',
  'MATIC',
  'BNB',
  'ARB',
  'OP',
  'AVAX',
  'FTM',
  'KLAY',
  'LINK',
  'UNI',
]

/** Wallet-ish marks the modal draws itself (the registry serves the wallets' own icons). */
export const WALLET_ICONS: Record<string, string> = { walletconnect: 'wallet-connect' }

/** Reads the listed marks out of the unpacked package at `pkg`. */
export function iconsFromPackage(pkg: string): IconData {
  const svg = (kind: string, name: string) => {
    const file = join(pkg, 'dist/svgs', kind, VARIANT, `${name}.svg.js`)
    // Each module is `var x = '<svg …>'; export { x as default }`: read the string literal instead of running it.
    const literal = /=\s*('(?:[^'\\]|\\.)*')/.exec(readFileSync(file, 'utf8'))?.[1]
    if (!literal) throw new Error(`icons: no SVG string in ${file}`)
    return (JSON.parse(`"${literal.slice(1, -1).replace(/"/g, '\\"').replace(/\\'/g, "'")}"`) as string)
      .replace(/\s*class="web3icons"/, '')
      .trim()
  }
  const map = (entries: Array<[string, string]>, kind: string) =>
    Object.fromEntries(entries.map(([key, name]) => [key, svg(kind, name)]))
  return {
    source: `npm:${IconPackage.name}@${IconPackage.version}`,
    license: IconPackage.license,
    networks: map(Object.entries(NETWORK_ICONS), 'networks'),
    tokens: map(
      TOKEN_ICONS.map((s) => [s, s]),
      'tokens',
    ),
    wallets: map(Object.entries(WALLET_ICONS), 'wallets'),
  }
}
