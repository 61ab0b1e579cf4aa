// One viem public client per RPC URL for the chain-data routes, with the SPEC §9 RPC settings (retry 3 with
// back-off from 150 ms, 10 s timeout) and JSON-RPC batching so a balance lookup is one HTTP round trip.
import { createPublicClient, http, type PublicClient } from 'viem'
import type { ChainConfig } from '../types.js'
import type { ApiDeps } from './deps.js'
import { ApiError } from './errors.js'
import { httpPriceSource } from './price-sources/http.js'
import { uniswapV2PriceSource } from './price-sources/uniswap.js'
import { cachedPriceSource, firstPriceSource, tablePriceSource, type PriceSource } from './prices.js'

/** ApiDeps plus an optional price source for the chain-data routes (tests); see priceSourceOf for the default. */
export type ChainDeps = ApiDeps & { priceSource?: PriceSource }

/** Returns a function giving the cached client of a chain. */
export function chainClients(): (chain: ChainConfig) => PublicClient {
  const clients = new Map<string, PublicClient>()
  return (chain) => {
    let client = clients.get(chain.rpcUrl)
    if (!client) {
      const transport = http(chain.rpcUrl, {
        batch: { batchSize: 1000 },
        retryCount: 3,
        retryDelay: 150,
        timeout: 10_000,
      })
      client = createPublicClient({ transport }) as PublicClient
      clients.set(chain.rpcUrl, client)
    }
    return client
  }
}

/** What the chain-data routes read prices and pool liquidity from. */
export interface Market {
  prices: PriceSource
  /** Whether a token has a Uniswap V2 pair with reserves (against USDC or WETH) on the chain. */
  hasLiquidity(chain: ChainConfig, token: string): Promise<boolean>
}

const markets = new WeakMap<ApiDeps['config'], Market>()

/**
 * The market of these deps, one per config: prices from config.priceTable, then the chains' Uniswap V2 pools, then
 * config.priceApiUrl, each answer kept 15 s (SPEC §9); or deps.priceSource alone when given.
 */
export function marketOf(deps: ChainDeps): Market {
  const market = configMarket(deps.config)
  return deps.priceSource ? { ...market, prices: deps.priceSource } : market
}

/** The market of a config alone (the local on-ramp sells at it), one per config. */
export function configMarket(config: ApiDeps['config']): Market {
  let market = markets.get(config)
  if (!market) {
    const uniswap = uniswapV2PriceSource(config.chains, chainClients())
    const sources = [tablePriceSource(config.priceTable), uniswap]
    if (config.priceApiUrl) sources.push(httpPriceSource({ url: config.priceApiUrl }))
    market = { prices: cachedPriceSource(firstPriceSource(sources)), hasLiquidity: uniswap.hasLiquidity }
    markets.set(config, market)
  }
  return market
}

/** The price source of these deps (see marketOf). */
export function priceSourceOf(deps: ChainDeps): PriceSource {
  return marketOf(deps).prices
}

/** Wraps an RPC failure as 502 rpc_unavailable, naming the chain. */
export function rpcFailure(chain: Pick<ChainConfig, 'caipNetworkId'>, err: unknown): ApiError {
  const detail = err instanceof Error ? err.message.split('\n')[0] : String(err)
  return new ApiError(502, 'rpc_unavailable', `The RPC node of ${chain.caipNetworkId} did not answer`, [
    { field: 'chainId', description: `RPC node of ${chain.caipNetworkId} failed: ${detail}` },
  ])
}
