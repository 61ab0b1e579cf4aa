// Uniswap V2 arithmetic in bigint: the constant-product amounts with the 0.3 % LP fee exactly as UniswapV2Library
// computes them, price impact against the pools' mid price, and the slippage bounds of a quote.

/** SPEC §9: swap slippage tolerance, in percent. */
export const SWAP_SLIPPAGE_PERCENT = 1

/** UniswapV2Library.getAmountOut: what `amountIn` buys from a pool, after the 0.3 % fee (0 in → 0 out). */
export function getAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (reserveIn <= 0n || reserveOut <= 0n) throw new RangeError('a pool without liquidity')
  const inWithFee = amountIn * 997n
  return (inWithFee * reserveOut) / (reserveIn * 1000n + inWithFee)
}

/** UniswapV2Library.getAmountIn: what to pay for `amountOut`, rounded up; throws when the pool cannot give it. */
export function getAmountIn(amountOut: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (reserveIn <= 0n || reserveOut <= 0n) throw new RangeError('a pool without liquidity')
  if (amountOut >= reserveOut) throw new RangeError('more than the pool holds')
  return (reserveIn * amountOut * 1000n) / ((reserveOut - amountOut) * 997n) + 1n
}

/** The reserves of each hop of a path, in the path's direction. */
export type PathReserves = ReadonlyArray<readonly [reserveIn: bigint, reserveOut: bigint]>

/** UniswapV2Library.getAmountsOut over a path's hops: the amount after each hop, input first. */
export function getAmountsOut(amountIn: bigint, hops: PathReserves): bigint[] {
  const amounts = [amountIn]
  for (const [rIn, rOut] of hops) amounts.push(getAmountOut(amounts.at(-1)!, rIn, rOut))
  return amounts
}

/** UniswapV2Library.getAmountsIn over a path's hops: the amount before each hop, input first. */
export function getAmountsIn(amountOut: bigint, hops: PathReserves): bigint[] {
  const amounts = [amountOut]
  for (const [rIn, rOut] of [...hops].reverse()) amounts.unshift(getAmountIn(amounts[0], rIn, rOut))
  return amounts
}

/**
 * Price impact in basis points: how much less `amountOut` is than `amountIn` would buy at the pools' mid prices
 * after the LP fee (the fee itself is not impact, as Uniswap's interface shows it). Never negative.
 */
export function priceImpactBps(amountIn: bigint, amountOut: bigint, hops: PathReserves): bigint {
  let num = amountIn
  let den = 1n
  for (const [rIn, rOut] of hops) {
    num *= rOut * 997n
    den *= rIn * 1000n
  }
  // ideal = num / den; impact = 1 - out / ideal = (num - out·den) / num
  if (num === 0n) return 0n
  const shortfall = num - amountOut * den
  return shortfall <= 0n ? 0n : (shortfall * 10_000n) / num
}

/** Basis points as a percent string with two decimals ("0.35"). */
export function bpsToPercent(bps: bigint): string {
  return `${bps / 100n}.${(bps % 100n).toString().padStart(2, '0')}`
}

/** The least an exact-input swap may return: the quoted output less the slippage tolerance, rounded down. */
export function minimumReceived(amountOut: bigint, slippagePercent = SWAP_SLIPPAGE_PERCENT): bigint {
  return (amountOut * BigInt(100 - slippagePercent)) / 100n
}

/** The most an exact-output swap may take: the quoted input plus the slippage tolerance, rounded down. */
export function maximumSold(amountIn: bigint, slippagePercent = SWAP_SLIPPAGE_PERCENT): bigint {
  return (amountIn * BigInt(100 + slippagePercent)) / 100n
}
