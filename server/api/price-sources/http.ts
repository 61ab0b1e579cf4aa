// Prices from a public price API that a deployment points at (config.priceApiUrl), in the shape of DefiLlama's
// keyless coins API (https://coins.llama.fi): GET {url}/prices/current/{coin,...} answers
// { coins: { "<coin>": { price, symbol, decimals, timestamp, confidence } } } where a coin is "<chain>:<token address>"
// or "coingecko:<id>" for a native token. Chains map by CAIP-2 id; unknown chains and coins have no price.
import { decimalOf, type Price, type PriceSource } from '../prices.js'

/** DefiLlama chain names of CAIP-2 ids (tokens), and the coingecko ids of native tokens. */
export const LLAMA_CHAINS: Record<string, { chain: string; native: string }> = {
  'eip155:1': { chain: 'ethereum', native: 'coingecko:ethereum' },
  'eip155:10': { chain: 'optimism', native: 'coingecko:ethereum' },
  'eip155:137': { chain: 'polygon', native: 'coingecko:matic-network' },
  'eip155:8453': { chain: 'base', native: 'coingecko:ethereum' },
  'eip155:42161': { chain: 'arbitrum', native: 'coingecko:ethereum' },
  'eip155:43114': { chain: 'avax', native: 'coingecko:avalanche-2' },
  'eip155:100': { chain: 'xdai', native: 'coingecko:xdai' },
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': { chain: 'solana', native: 'coingecko:solana' },
}

/** Options of {@link httpPriceSource}. */
export interface HttpPriceOptions {
  /** Base URL of a DefiLlama-compatible coins API, e.g. https://coins.llama.fi. */
  url: string
  /** Give up after this long (default 5 s): a slow price API must not hold balances back. */
  timeoutMs?: number
  fetch?: typeof fetch
}

/** Prices from a DefiLlama-compatible HTTP API. */
export function httpPriceSource(opts: HttpPriceOptions): PriceSource {
  const base = opts.url.replace(/\/+$/, '')
  const get = opts.fetch ?? fetch
  return {
    async price(q): Promise<Price | undefined> {
      const chain = LLAMA_CHAINS[q.caipNetworkId]
      if (!chain) return undefined
      const coin = q.token === null ? chain.native : `${chain.chain}:${q.token}`
      const res = await get(`${base}/prices/current/${encodeURIComponent(coin)}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
      })
      if (!res.ok) return undefined
      const body = (await res.json()) as { coins?: Record<string, { price?: unknown }> }
      const entry =
        body.coins?.[coin] ??
        Object.entries(body.coins ?? {}).find(([k]) => k.toLowerCase() === coin.toLowerCase())?.[1]
      const price = entry?.price
      if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return undefined
      return { usd: decimalOf(price), source: base }
    },
  }
}
