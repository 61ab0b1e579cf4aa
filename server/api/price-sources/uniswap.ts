// Prices from the chains' own Uniswap V2 pools (the swap issue deploys them on the local chains; a deployment may
// configure real ones in ChainConfig.uniswapV2): a token's USD price is its mid price in USDC, read from the reserves
// of its USDC pair, or of its WETH pair times WETH's USDC price. USDC, the quote asset, counts as 1 USD. A token
// without such a pair, or whose pairs hold no reserves, has no price here (and no liquidity, for the spam rule).
import { getAddress, type Address, type PublicClient } from 'viem'
import { uniswapV2FactoryAbi, uniswapV2PairAbi } from '../../chains/amm.js'
import type { ChainConfig } from '../../types.js'
import { ratio, type Price, type PriceSource } from '../prices.js'

const ZERO = '0x0000000000000000000000000000000000000000'

/** The reserves of a pair, each on the side of the token asked for, or undefined when there is no live pair. */
async function reserves(
  client: PublicClient,
  factory: Address,
  token: Address,
  other: Address,
): Promise<[bigint, bigint] | undefined> {
  const pair = await client.readContract({
    address: factory,
    abi: uniswapV2FactoryAbi,
    functionName: 'getPair',
    args: [token, other],
  })
  if (pair === ZERO) return undefined
  const [r0, r1] = await client.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'getReserves' })
  if (r0 === 0n || r1 === 0n) return undefined
  // token0 is the lower address
  return BigInt(token) < BigInt(other) ? [r0, r1] : [r1, r0]
}

/** Reads prices and liquidity from Uniswap V2 pools on the chains that have them. */
export interface UniswapV2Prices extends PriceSource {
  /** Whether `token` has a pair with reserves against USDC or WETH on the chain. */
  hasLiquidity(chain: ChainConfig, token: string): Promise<boolean>
}

/** Prices quoted in each chain's USDC through its Uniswap V2 pools. */
export function uniswapV2PriceSource(chains: readonly ChainConfig[], clientOf: (c: ChainConfig) => PublicClient) {
  const byId = new Map(chains.filter((c) => c.uniswapV2).map((c) => [c.caipNetworkId, c]))
  const usdcOf = (chain: ChainConfig) => chain.tokens.find((t) => t.symbol === 'USDC')

  async function usdPrice(chain: ChainConfig, token: Address, decimals: number): Promise<string | undefined> {
    const usdc = usdcOf(chain)
    const amm = chain.uniswapV2!
    if (!usdc) return undefined
    if (token.toLowerCase() === usdc.address.toLowerCase()) return '1'
    const client = clientOf(chain)
    const direct = await reserves(client, amm.factory, token, usdc.address)
    if (direct) return ratio(direct[1], usdc.decimals, direct[0], decimals)
    if (token.toLowerCase() === amm.weth.toLowerCase()) return undefined
    const [viaWeth, wethUsdc] = await Promise.all([
      reserves(client, amm.factory, token, amm.weth),
      reserves(client, amm.factory, amm.weth, usdc.address),
    ])
    if (!viaWeth || !wethUsdc) return undefined
    // (WETH per token) × (USDC per WETH), in base units: the WETH decimals cancel out
    return ratio(viaWeth[1] * wethUsdc[1], 18 + usdc.decimals, viaWeth[0] * wethUsdc[0], decimals + 18)
  }

  const source: UniswapV2Prices = {
    async price(q): Promise<Price | undefined> {
      const chain = byId.get(q.caipNetworkId)
      if (!chain) return undefined
      const token = q.token === null ? chain.uniswapV2!.weth : getAddress(q.token)
      const usd = await usdPrice(chain, token, q.token === null ? 18 : q.decimals)
      return usd === undefined ? undefined : { usd, source: `uniswap-v2:${chain.caipNetworkId}` }
    },
    async hasLiquidity(chain, token) {
      const amm = chain.uniswapV2
      const usdc = usdcOf(chain)
      if (!amm) return false
      const client = clientOf(chain)
      const t = getAddress(token)
      for (const other of [usdc?.address, amm.weth]) {
        if (other && other.toLowerCase() !== t.toLowerCase() && (await reserves(client, amm.factory, t, other)))
          return true
      }
      return false
    },
  }
  return source
}
