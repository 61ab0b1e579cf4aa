// A swap quote from the chain: the pools of the direct pair and of the route through the wrapped native token, read
// at one block; the route that gives the better price; the amounts from the router (getAmountsOut / getAmountsIn);
// price impact against the pools' mid prices and the 1 % slippage bound.
import { zeroAddress, type Address, type PublicClient } from 'viem'
import { uniswapV2FactoryAbi, uniswapV2PairAbi, uniswapV2RouterAbi } from '../../chains/amm.js'
import { rpcFailure } from '../chain-clients.js'
import { ApiError } from '../errors.js'
import {
  bpsToPercent,
  getAmountsIn,
  getAmountsOut,
  maximumSold,
  minimumReceived,
  priceImpactBps,
  SWAP_SLIPPAGE_PERCENT,
  type PathReserves,
} from './math.js'
import type { PoolToken, SwapChain } from './tokens.js'

/** Exact input (sell `fromAmount`) or exact output (buy `toAmount`). */
export type SwapKind = 'exactIn' | 'exactOut'

/** A quote: amounts in the tokens' smallest units, as decimal strings. */
export interface SwapQuote {
  kind: SwapKind
  fromAmount: string
  toAmount: string
  /** Token addresses the router trades through (the wrapped native token stands for ETH). */
  path: Address[]
  /** Percent with two decimals, e.g. "0.35": the loss to price movement, the 0.3 % LP fee excluded. */
  priceImpact: string
  /** SPEC §9 slippage tolerance in percent. */
  slippage: number
  /** exactIn: the least the swap may return (toAmount − 1 %). */
  minimumReceived?: string
  /** exactOut: the most the swap may take (fromAmount + 1 %). */
  maximumSold?: string
  /** The block the quote was read at. */
  blockNumber: string
}

interface Route {
  path: Address[]
  hops: PathReserves
}

function noLiquidity(from: PoolToken, to: PoolToken, detail: string): ApiError {
  return new ApiError(422, 'no_liquidity', `No liquidity for ${from.symbol} → ${to.symbol}`, [
    { field: 'to', description: `No liquidity for ${from.symbol} → ${to.symbol}: ${detail}` },
  ])
}

async function pairReserves(client: PublicClient, chain: SwapChain, a: Address, b: Address, blockNumber: bigint) {
  const pair = await client.readContract({
    address: chain.uniswapV2.factory,
    abi: uniswapV2FactoryAbi,
    functionName: 'getPair',
    args: [a, b],
    blockNumber,
  })
  if (pair === zeroAddress) return undefined
  const [[r0, r1], token0] = await Promise.all([
    client.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'getReserves', blockNumber }),
    client.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'token0', blockNumber }),
  ])
  if (r0 === 0n || r1 === 0n) return undefined
  return token0.toLowerCase() === a.toLowerCase() ? ([r0, r1] as const) : ([r1, r0] as const)
}

/** The routes with liquidity: the direct pool, and the two pools through the wrapped native token. */
async function routes(client: PublicClient, chain: SwapChain, a: Address, b: Address, block: bigint): Promise<Route[]> {
  const weth = chain.uniswapV2.weth
  const viaWeth = a !== weth && b !== weth
  const [direct, first, second] = await Promise.all([
    pairReserves(client, chain, a, b, block),
    viaWeth ? pairReserves(client, chain, a, weth, block) : undefined,
    viaWeth ? pairReserves(client, chain, weth, b, block) : undefined,
  ])
  const found: Route[] = []
  if (direct) found.push({ path: [a, b], hops: [direct] })
  if (first && second) found.push({ path: [a, weth, b], hops: [first, second] })
  return found
}

/** Quotes selling `amount` of `from` (exactIn) or buying `amount` of `to` (exactOut) on the chain's Uniswap V2. */
export async function quoteSwap(
  client: PublicClient,
  chain: SwapChain,
  from: PoolToken,
  to: PoolToken,
  kind: SwapKind,
  amount: bigint,
): Promise<SwapQuote> {
  let blockNumber: bigint
  let found: Route[]
  try {
    blockNumber = await client.getBlockNumber({ cacheTime: 0 })
    found = await routes(client, chain, from.pool, to.pool, blockNumber)
  } catch (err) {
    throw rpcFailure(chain, err)
  }
  if (found.length === 0) throw noLiquidity(from, to, 'no pool trades these tokens')
  // the better route by our reading of the reserves; the router then gives the amounts on chain
  const scored = found.flatMap((r) => {
    try {
      const amounts = kind === 'exactIn' ? getAmountsOut(amount, r.hops) : getAmountsIn(amount, r.hops)
      return [{ route: r, score: kind === 'exactIn' ? amounts.at(-1)! : -amounts[0] }]
    } catch {
      return [] // the pools hold less than the output asked for
    }
  })
  if (scored.length === 0) throw noLiquidity(from, to, `the pools hold less ${to.symbol} than asked for`)
  const { route } = scored.reduce((best, s) => (s.score > best.score ? s : best))
  let amounts: readonly bigint[]
  try {
    amounts = await client.readContract({
      address: chain.uniswapV2.router,
      abi: uniswapV2RouterAbi,
      functionName: kind === 'exactIn' ? 'getAmountsOut' : 'getAmountsIn',
      args: [amount, route.path],
      blockNumber,
    })
  } catch (err) {
    throw rpcFailure(chain, err)
  }
  const fromAmount = amounts[0]
  const toAmount = amounts.at(-1)!
  if (toAmount === 0n) throw noLiquidity(from, to, `${amount} is too small to buy any ${to.symbol}`)
  return {
    kind,
    fromAmount: String(fromAmount),
    toAmount: String(toAmount),
    path: route.path,
    priceImpact: bpsToPercent(priceImpactBps(fromAmount, toAmount, route.hops)),
    slippage: SWAP_SLIPPAGE_PERCENT,
    ...(kind === 'exactIn'
      ? { minimumReceived: String(minimumReceived(toAmount)) }
      : { maximumSold: String(maximumSold(fromAmount)) }),
    blockNumber: String(blockNumber),
  }
}
