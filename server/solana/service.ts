// The local Solana chain as a service (config.localSolana; `npm start` runs it): a litesvm-backed JSON-RPC node,
// seeded with one SPL token and the funded wallets. The API reads it (balances, the project RPC) through
// solanaChainsOf(), like the anvil chains through chainsOf().
import { defineService, type ServiceContext } from '../compose.js'
import type { SolanaChainConfig } from '../types.js'
import { startSolanaNode, type RunningSolanaNode } from './node.js'
import { SolanaRuntime } from './runtime.js'
import { seedSolana } from './seed.js'

/** The running local chain: its node and the chain config the API serves. */
export interface LocalSolana extends RunningSolanaNode {
  chain: SolanaChainConfig
}

declare module '../compose.js' {
  interface ServiceMap {
    solana: LocalSolana
  }
}

/** CAIP-2 id of the local chain: Solana mainnet's, as the local anvil chains carry mainnet ids. */
export const LOCAL_SOLANA_NETWORK = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

/** The Solana chains a service should serve: config.solanaChains, the local one (if running) in place of its id. */
export function solanaChainsOf(ctx: Pick<ServiceContext, 'config' | 'get'>): SolanaChainConfig[] {
  const local = ctx.get('solana')?.chain
  const configured = ctx.config.solanaChains.filter((c) => c.caipNetworkId !== local?.caipNetworkId)
  return local ? [...configured, local] : configured
}

/** Starts and seeds the local Solana node; off unless config.localSolana. */
export const solanaService = defineService({
  name: 'solana',
  async start({ config }) {
    if (!config.localSolana) return undefined
    const runtime = new SolanaRuntime()
    const tokens = seedSolana(runtime, config.solanaFund)
    const node = await startSolanaNode({ port: config.solanaPort, runtime })
    const chain = { caipNetworkId: LOCAL_SOLANA_NETWORK, name: 'Solana', rpcUrl: node.url, testnet: false, tokens }
    return { ...node, chain }
  },
  describe: (s) => [`solana ${s.url}`],
})
