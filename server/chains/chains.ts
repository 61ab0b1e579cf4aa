// Starts local EVM chains (anvil) with the test tokens, Uniswap V2, an NFT collection and a spam airdrop deployed, and
// the given wallets funded.
import type { Address } from 'viem'
import type { ChainConfig } from '../types.js'
import { spawnAnvil, type AnvilNode } from './anvil.js'
import { seedExtras } from './extras.js'
import { seedChain } from './seed.js'
import { loadSeeded, saveSeeded } from './state-cache.js'

/** One chain to start. */
export interface LocalChainSpec {
  chainId: number
  /** Fixed port; a free one is chosen when absent. */
  port?: number
  name?: string
  /** Marks the chain as a testnet in its ChainConfig (balances and names are then not looked up). */
  testnet?: boolean
}

/** Options of startChains. */
export interface StartChainsOptions {
  chains: LocalChainSpec[]
  /** Addresses that receive native ETH and every test token (plus a little history). */
  fund?: Address[]
}

/** Running local chains. */
export interface LocalChains {
  chains: ChainConfig[]
  close(): Promise<void>
}

const KNOWN_NAMES: Record<number, string> = {
  1: 'Ethereum',
  10: 'OP Mainnet',
  137: 'Polygon',
  8453: 'Base',
  420: 'Optimism Goerli',
}

/** Spawns one anvil per chain, deploys USDC/USDT/DAI and Uniswap V2 on each, funds `fund`; close() stops every node. */
export async function startChains(opts: StartChainsOptions): Promise<LocalChains> {
  const nodes: AnvilNode[] = []
  const close = async (): Promise<void> => {
    await Promise.all(nodes.splice(0).map((n) => n.close()))
  }
  try {
    const started = await Promise.allSettled(opts.chains.map((c) => spawnAnvil({ chainId: c.chainId, port: c.port })))
    for (const s of started) if (s.status === 'fulfilled') nodes.push(s.value)
    const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected')
    if (failed) throw failed.reason
    const chains = await Promise.all(
      opts.chains.map(async (spec, i): Promise<ChainConfig> => {
        const node = nodes[i]
        const fund = opts.fund ?? []
        // a chain seeded before with the same inputs is loaded from its saved state (state-cache.ts)
        let seeded = await loadSeeded(node.rpcUrl, spec.chainId, fund)
        if (!seeded) {
          seeded = await seedChain(node.rpcUrl, spec.chainId, fund)
          await seedExtras(node.rpcUrl, spec.chainId, fund)
          await saveSeeded(node.rpcUrl, spec.chainId, fund, seeded)
        }
        const { tokens, uniswapV2 } = seeded
        return {
          chainId: spec.chainId,
          caipNetworkId: `eip155:${spec.chainId}`,
          name: spec.name ?? KNOWN_NAMES[spec.chainId] ?? `Local chain ${spec.chainId}`,
          rpcUrl: node.rpcUrl,
          nativeSymbol: 'ETH',
          nativeName: 'Ether',
          nativeDecimals: 18,
          testnet: spec.testnet ?? false,
          tokens,
          uniswapV2,
        }
      }),
    )
    return { chains, close }
  } catch (err) {
    await close()
    throw err
  }
}
