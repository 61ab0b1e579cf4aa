// Token prices for the chain-data routes. A PriceSource answers the USD price of one token, or nothing when it does
// not know it; every price says where it came from. The API asks, in order: the operator's fixed table by chain and
// address (config.priceTable, source "config"), the chains' own Uniswap V2 pools (price-sources/uniswap.ts, source
// "uniswap-v2:<chain>"), then a public price API when one is configured (price-sources/http.ts). A token none of
// them knows has no price, and clients show "–" for it, never $0.00. Amounts and prices are decimal strings.
import { formatUnits, parseUnits } from 'viem'

/** What a price is asked for: the chain, and the token (null = the chain's native token). */
export interface PriceQuery {
  /** CAIP-2 id of the chain, e.g. "eip155:1" or "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp". */
  caipNetworkId: string
  /** Contract address or mint; null for the native token. */
  token: string | null
  symbol: string
  decimals: number
}

/** A USD price and where it came from. */
export interface Price {
  /** USD per whole token, as a decimal string. */
  usd: string
  /** Where the price came from, e.g. "uniswap-v2:eip155:1", "config", "https://coins.llama.fi". */
  source: string
}

/** Looks up USD prices; resolves undefined for a token it has no price for. */
export interface PriceSource {
  price(q: PriceQuery): Promise<Price | undefined>
}

/** Decimal places kept in prices and USD values. */
export const PRICE_DECIMALS = 12

/** The key of a token in the operator's table: "<CAIP-2>:<address>" (EVM addresses in lower case) or "<CAIP-2>:native". */
export function priceTableKey(caipNetworkId: string, token: string | null): string {
  if (token === null) return `${caipNetworkId}:native`
  return `${caipNetworkId}:${caipNetworkId.startsWith('eip155:') ? token.toLowerCase() : token}`
}

/**
 * The operator's fixed prices by chain and token address (config.priceTable). Never by symbol: anyone can deploy a
 * token called "USDC", and a priced token is never classed spam.
 */
export function tablePriceSource(table: Readonly<Record<string, number | string>>): PriceSource {
  const byKey = new Map(
    Object.entries(table).map(([k, v]) => {
      const [ns, ref, token] = k.split(':')
      return [priceTableKey(`${ns}:${ref}`, token === 'native' ? null : token), v]
    }),
  )
  return {
    async price({ caipNetworkId, token }) {
      const v = byKey.get(priceTableKey(caipNetworkId, token))
      return v === undefined ? undefined : { usd: decimalOf(v), source: 'config' }
    },
  }
}

/** The first answer of `sources`, asked in order; a source that fails counts as not knowing. */
export function firstPriceSource(sources: readonly PriceSource[]): PriceSource {
  return {
    async price(q) {
      for (const s of sources) {
        const p = await s.price(q).catch(() => undefined)
        if (p) return p
      }
      return undefined
    },
  }
}

/** Remembers answers (and the lack of one) for `ttlMs` (SPEC §9: token prices live 15 s). */
export function cachedPriceSource(source: PriceSource, ttlMs = 15_000, now: () => number = Date.now): PriceSource {
  const cache = new Map<string, { at: number; value: Promise<Price | undefined> }>()
  return {
    price(q) {
      const key = `${q.caipNetworkId}|${q.token?.toLowerCase() ?? 'native'}`
      const hit = cache.get(key)
      if (hit && now() - hit.at < ttlMs) return hit.value
      if (cache.size > 10_000) cache.clear()
      const value = source.price(q)
      cache.set(key, { at: now(), value })
      return value
    },
  }
}

/** A number or decimal string as a plain decimal string (no exponent); throws on anything else. */
export function decimalOf(v: number | string): string {
  const s = typeof v === 'number' ? v.toFixed(PRICE_DECIMALS) : v.trim()
  if (!/^\d+(\.\d+)?$/.test(s)) throw new Error(`not a non-negative decimal: ${String(v)}`)
  return formatUnits(parseUnits(s, PRICE_DECIMALS), PRICE_DECIMALS)
}

/** quantity × price in USD, both decimal strings, rounded down to PRICE_DECIMALS places. */
export function usdValue(quantity: string, price: string): string {
  const q = parseUnits(quantity, PRICE_DECIMALS)
  const p = parseUnits(price, PRICE_DECIMALS)
  return formatUnits((q * p) / 10n ** BigInt(PRICE_DECIMALS), PRICE_DECIMALS)
}

/** `numerator / denominator` (base units of two tokens) as a decimal string, rounded down to PRICE_DECIMALS. */
export function ratio(numerator: bigint, numeratorDecimals: number, denominator: bigint, denominatorDecimals: number) {
  const scaled =
    (numerator * 10n ** BigInt(denominatorDecimals + PRICE_DECIMALS)) / (denominator * 10n ** BigInt(numeratorDecimals))
  return formatUnits(scaled, PRICE_DECIMALS)
}
