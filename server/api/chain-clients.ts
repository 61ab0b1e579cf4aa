// One viem public client per RPC URL for the chain-data routes, with the SPEC §9 RPC settings (retry 3 with
// back-off from 150 ms, 10 s timeout) and JSON-RPC batching so a balance lookup is one HTTP round trip.
import { createPublicClient, http, type PublicClient } from 'viem'
import type { ChainConfig } from '../types.js'
import type { ApiDeps } from './deps.js'
import { ApiError } from './errors.js'
import { fixedPriceSource, type PriceSource } from './prices.js'

/** ApiDeps plus the optional price source the chain-data routes read (defaults to the fixed price table). */
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

/** The price source of these deps. */
export function priceSourceOf(deps: ChainDeps): PriceSource {
  return deps.priceSource ?? fixedPriceSource(deps.config)
}

/** Wraps an RPC failure as 502 rpc_unavailable, naming the chain. */
export function rpcFailure(chain: ChainConfig, err: unknown): ApiError {
  const detail = err instanceof Error ? err.message.split('\n')[0] : String(err)
  return new ApiError(502, 'rpc_unavailable', `The RPC node of ${chain.caipNetworkId} did not answer`, [
    { field: 'chainId', description: `RPC node of ${chain.caipNetworkId} failed: ${detail}` },
  ])
}
