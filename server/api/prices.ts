// Token prices and icons for the chain-data routes. Prices come from a PriceSource; the default is the fixed local
// table (token priceUsd, then config.priceTable by symbol). Icons are data: URLs because no image host is reachable
// from a self-hosted install: the token's real mark when one ships (server/icons), else a disc with its letters.
import type { ServerConfig } from '../config.js'
import { tokenIconDataUrl } from '../icons/icons.js'
import type { ChainConfig } from '../types.js'

/** What a price is asked for: the chain and the token (address null = the chain's native token). */
export interface PriceQuery {
  chain: ChainConfig
  symbol: string
  address: string | null
}

/** Looks up USD prices; returns 0 for a token it does not know. */
export interface PriceSource {
  priceUsd(q: PriceQuery): Promise<number>
}

/** The fixed local price table: per-token `priceUsd`, then `nativePriceUsd`, then `config.priceTable[symbol]`, else 0. */
export function fixedPriceSource(config: Pick<ServerConfig, 'priceTable'>): PriceSource {
  return {
    async priceUsd({ chain, symbol, address }) {
      if (address === null && chain.nativePriceUsd !== undefined) return chain.nativePriceUsd
      const token =
        address === null ? undefined : chain.tokens.find((t) => t.address.toLowerCase() === address.toLowerCase())
      return token?.priceUsd ?? config.priceTable[symbol] ?? config.priceTable[symbol.toUpperCase()] ?? 0
    },
  }
}

const COLORS: Record<string, string> = { ETH: '#627EEA', USDC: '#2775CA', USDT: '#26A17B', DAI: '#F5AC37' }

/** The token's logo as a data: URL: its real mark when one ships, else a coloured disc with its first letters. */
export function tokenIconUrl(symbol: string): string {
  const mark = tokenIconDataUrl(symbol)
  if (mark) return mark
  const label =
    symbol
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 4)
      .toUpperCase() || '?'
  const color = COLORS[label] ?? `hsl(${[...label].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 360, 7)} 55% 45%)`
  const size = label.length > 3 ? 11 : 13
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<circle cx="32" cy="32" r="32" fill="${color}"/>` +
    `<text x="32" y="37" font-family="sans-serif" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle">${label}</text></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

/** Multiplies a decimal-string quantity by a USD price without losing the small amounts. */
export function usdValue(numeric: string, price: number): number {
  const value = Number(numeric) * price
  return Number.isFinite(value) ? Math.round(value * 1e6) / 1e6 : 0
}
