// The part of a quote that depends on who swaps: the balance it is checked against (above-balance amounts are
// refused), the router allowance and whether an approval must come first, and the network fee of approve (if needed)
// and swap, simulated in order on the latest state.
import { formatUnits, type Address, type PublicClient } from 'viem'
import { ApiError } from '../errors.js'
import { usdValue, type PriceSource } from '../prices.js'
import type { SwapQuote } from './quote.js'
import type { PoolToken, SwapChain } from './tokens.js'
import {
  amountNeeded,
  approveTransaction,
  balanceOf,
  gasPrice,
  routerAllowance,
  simulatedGas,
  spendLimit,
  swapTransaction,
  swapDeadline,
} from './transactions.js'

/** The network fee of a swap (and its approval), all decimal strings except the USD value. */
export interface NetworkFee {
  gas: string
  gasPrice: string
  fee: string
  feeUsd: number | null
}

/** What a quote adds for a given user. */
export interface QuoteForUser {
  balance: string
  /** null for the native token (sent as value, nothing to approve). */
  allowance: string | null
  approvalRequired: boolean
  /** Absent when the node cannot simulate the calls. */
  networkFee?: NetworkFee
}

/** 422 insufficient_balance, saying how much is needed and held. */
export function insufficientBalance(token: PoolToken, have: bigint, want: bigint): ApiError {
  const fmt = (n: bigint) => `${formatUnits(n, token.decimals)} ${token.symbol}`
  return new ApiError(422, 'insufficient_balance', `Insufficient ${token.symbol} balance`, [
    { field: 'amount', description: `Insufficient ${token.symbol} balance: ${fmt(want)} needed, ${fmt(have)} held` },
  ])
}

/** Balance check, allowance and network fee of `quote` for `user`; throws insufficientBalance above the balance. */
export async function quoteForUser(
  client: PublicClient,
  chain: SwapChain,
  opts: { from: PoolToken; to: PoolToken; quote: SwapQuote; user: Address; prices: PriceSource },
): Promise<QuoteForUser> {
  const { from, to, quote, user } = opts
  const fromAmount = BigInt(quote.fromAmount)
  const [balance, allowance, levels, block] = await Promise.all([
    balanceOf(client, from, user),
    routerAllowance(client, chain, from, user),
    gasPrice(client),
    client.getBlock(),
  ])
  const needed = amountNeeded(from, quote.kind, fromAmount)
  if (balance < needed) throw insufficientBalance(from, balance, needed)
  const limit = spendLimit(quote.kind, fromAmount)
  const approvalRequired = allowance !== null && allowance < limit
  const swap = swapTransaction(chain, {
    from,
    to,
    kind: quote.kind,
    fromAmount,
    toAmount: BigInt(quote.toAmount),
    path: quote.path,
    user,
    deadline: swapDeadline(block.timestamp),
  })
  const txs = approvalRequired ? [approveTransaction(chain, from.erc20!, user, limit), swap] : [swap]
  const used = await simulatedGas(client, txs)
  const out: QuoteForUser = {
    balance: String(balance),
    allowance: allowance === null ? null : String(allowance),
    approvalRequired,
  }
  if (!used) return out
  const gas = used.reduce((a, b) => a + b, 0n)
  const fee = gas * BigInt(levels.standard)
  const native = { token: null, symbol: chain.nativeSymbol, decimals: chain.nativeDecimals }
  const nativePrice = await opts.prices.price({ caipNetworkId: chain.caipNetworkId, ...native })
  // an unknown price gives no fee in dollars (shown "–"), never $0.00
  const feeUsd = nativePrice ? Number(usdValue(formatUnits(fee, chain.nativeDecimals), nativePrice.usd)) : null
  return { ...out, networkFee: { gas: String(gas), gasPrice: levels.standard, fee: String(fee), feeUsd } }
}
