// The approve and swap transactions a wallet signs, the user's balance and allowance, gas prices from the chain's
// fee history, and gas limits: an estimate plus the 20 % margin Uniswap's interface adds (a swap mined in a later
// second than its estimate writes the pools' price accumulators and costs more).
import { encodeFunctionData, erc20Abi, type Address, type Hex, type PublicClient } from 'viem'
import { uniswapV2RouterAbi } from '../../chains/amm.js'
import { maximumSold, minimumReceived } from './math.js'
import type { SwapKind } from './quote.js'
import type { PoolToken, SwapChain } from './tokens.js'

/** A transaction ready to sign; amounts are decimal strings (wei). */
export interface SwapTransaction {
  from: Address
  to: Address
  data: Hex
  value: string
  /** Gas limit with a 20 % margin; absent when it cannot be estimated yet (a swap still waiting for its approval). */
  gas?: string
}

/** Fee per gas levels in wei: the next block's base fee plus the 25th, 50th and 90th percentile tips of late blocks. */
export interface GasPrice {
  standard: string
  fast: string
  instant: string
}

/** Uniswap's default: a swap is valid for 20 minutes after it is built. */
export const SWAP_DEADLINE_SECONDS = 1200n

/**
 * The deadline of a swap built now: 20 minutes after the later of the chain's latest block and the server's clock. The
 * latest block alone can be old (a quiet chain, or a local chain loaded from a saved state hours after it was mined),
 * and a deadline already past when the next block is mined reverts the swap ("EXPIRED").
 */
export function swapDeadline(latestBlockTime: bigint, nowMs = Date.now()): bigint {
  const now = BigInt(Math.floor(nowMs / 1000))
  return (latestBlockTime > now ? latestBlockTime : now) + SWAP_DEADLINE_SECONDS
}

/** The most the router may take: the input (exactIn) or the input plus slippage (exactOut); what to approve. */
export function spendLimit(kind: SwapKind, fromAmount: bigint): bigint {
  return kind === 'exactIn' ? fromAmount : maximumSold(fromAmount)
}

/** What the user must hold to send the swap: ETH sent as value covers the whole limit (the router refunds the rest). */
export function amountNeeded(token: PoolToken, kind: SwapKind, fromAmount: bigint): bigint {
  return token.native ? spendLimit(kind, fromAmount) : fromAmount
}

/** The user's balance of the token to sell (native balance for ETH). */
export async function balanceOf(client: PublicClient, token: PoolToken, user: Address): Promise<bigint> {
  if (!token.erc20) return client.getBalance({ address: user })
  return client.readContract({ address: token.erc20, abi: erc20Abi, functionName: 'balanceOf', args: [user] })
}

/** How much of `token` the router may spend for `user` (unlimited for the native token, which needs no approval). */
export async function routerAllowance(
  client: PublicClient,
  chain: SwapChain,
  token: PoolToken,
  user: Address,
): Promise<bigint | null> {
  if (!token.erc20) return null
  return client.readContract({
    address: token.erc20,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [user, chain.uniswapV2.router],
  })
}

/** `approve(router, amount)` on the token, from the user. */
export function approveTransaction(chain: SwapChain, token: Address, user: Address, amount: bigint): SwapTransaction {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [chain.uniswapV2.router, amount] })
  return { from: user, to: token, data, value: '0' }
}

/** The router call for a quoted swap, bounded by the quote and the 1 % slippage, paying out to the user. */
export function swapTransaction(
  chain: SwapChain,
  opts: {
    from: PoolToken
    to: PoolToken
    kind: SwapKind
    fromAmount: bigint
    toAmount: bigint
    path: Address[]
    user: Address
    deadline: bigint
  },
): SwapTransaction {
  const { from, to, kind, fromAmount, toAmount, path, user, deadline } = opts
  const minOut = minimumReceived(toAmount)
  const maxIn = maximumSold(fromAmount)
  const abi = uniswapV2RouterAbi
  const tx = (data: Hex, value = 0n): SwapTransaction => ({
    from: user,
    to: chain.uniswapV2.router,
    data,
    value: String(value),
  })
  if (kind === 'exactIn') {
    if (from.native)
      return tx(
        encodeFunctionData({ abi, functionName: 'swapExactETHForTokens', args: [minOut, path, user, deadline] }),
        fromAmount,
      )
    const functionName = to.native ? 'swapExactTokensForETH' : 'swapExactTokensForTokens'
    return tx(encodeFunctionData({ abi, functionName, args: [fromAmount, minOut, path, user, deadline] }))
  }
  // the router refunds the ETH it did not need
  if (from.native)
    return tx(
      encodeFunctionData({ abi, functionName: 'swapETHForExactTokens', args: [toAmount, path, user, deadline] }),
      maxIn,
    )
  const functionName = to.native ? 'swapTokensForExactETH' : 'swapTokensForExactTokens'
  return tx(encodeFunctionData({ abi, functionName, args: [toAmount, maxIn, path, user, deadline] }))
}

/** The transaction with its estimated gas limit (+20 %); rejects as the node does when the call would revert. */
export async function withGas(client: PublicClient, tx: SwapTransaction): Promise<SwapTransaction> {
  const gas = await client.estimateGas({ account: tx.from, to: tx.to, data: tx.data, value: BigInt(tx.value) })
  return { ...tx, gas: String((gas * 12n) / 10n) }
}

/** Gas used by each transaction run in order on the latest state (eth_simulateV1), or null where the node can't. */
export async function simulatedGas(client: PublicClient, txs: SwapTransaction[]): Promise<bigint[] | null> {
  try {
    const { results } = await client.simulateCalls({
      account: txs[0].from,
      calls: txs.map((t) => ({ to: t.to, data: t.data, value: BigInt(t.value) })),
    })
    return results.every((r) => r.status === 'success') ? results.map((r) => r.gasUsed) : null
  } catch {
    return null
  }
}

/** Gas price levels from eth_feeHistory; chains without EIP-1559 answer eth_gasPrice at every level. */
export async function gasPrice(client: PublicClient): Promise<GasPrice> {
  const history = await client.getFeeHistory({ blockCount: 5, rewardPercentiles: [25, 50, 90] })
  const base = history.baseFeePerGas.at(-1)
  if (base === undefined || base === 0n) {
    const price = String(await client.getGasPrice())
    return { standard: price, fast: price, instant: price }
  }
  const rewards = history.reward ?? []
  const tip = (i: number) =>
    rewards.length === 0 ? 0n : rewards.reduce((sum, r) => sum + (r[i] ?? 0n), 0n) / BigInt(rewards.length)
  return { standard: String(base + tip(0)), fast: String(base + tip(1)), instant: String(base + tip(2)) }
}
