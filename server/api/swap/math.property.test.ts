import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  bpsToPercent,
  getAmountIn,
  getAmountOut,
  getAmountsIn,
  getAmountsOut,
  maximumSold,
  minimumReceived,
  priceImpactBps,
} from './math.js'

// The reference is the pair contract's own check (UniswapV2Pair.swap): with the 0.3 % fee taken from the input,
// the balances after a trade must keep balanceIn·1000 − in·3 times balanceOut·1000 at or above reserveIn·reserveOut·1000².
const tradeAllowed = (amountIn: bigint, amountOut: bigint, rIn: bigint, rOut: bigint): boolean =>
  amountOut < rOut && (rIn * 1000n + amountIn * 997n) * (rOut - amountOut) * 1000n >= rIn * rOut * 1_000_000n

const reserve = fc.bigInt({ min: 1_000n, max: 2n ** 112n - 1n }) // uint112, as the pair stores them
const amount = fc.bigInt({ min: 0n, max: 2n ** 100n })

describe('Uniswap V2 constant-product quote (0.3 % fee)', () => {
  it('getAmountOut is the largest output the pair lets an input buy', () => {
    fc.assert(
      fc.property(reserve, reserve, amount, (rIn, rOut, amountIn) => {
        const out = getAmountOut(amountIn, rIn, rOut)
        expect(tradeAllowed(amountIn, out, rIn, rOut)).toBe(true)
        expect(tradeAllowed(amountIn, out + 1n, rIn, rOut)).toBe(false)
      }),
      { numRuns: 500 },
    )
  })

  it('getAmountIn pays for the output, at most one unit above the least input that does', () => {
    fc.assert(
      fc.property(reserve, reserve, fc.double({ min: 0, max: 0.999, noNaN: true }), (rIn, rOut, share) => {
        const out = (rOut * BigInt(Math.floor(share * 1e6))) / 1_000_000n
        const paid = getAmountIn(out, rIn, rOut)
        expect(tradeAllowed(paid, out, rIn, rOut)).toBe(true)
        expect(getAmountOut(paid, rIn, rOut)).toBeGreaterThanOrEqual(out)
        // least input: ceil(rIn·1000·out / (997·(rOut − out)))
        const num = rIn * 1000n * out
        const den = 997n * (rOut - out)
        const least = (num + den - 1n) / den
        expect(paid === least || paid === least + 1n).toBe(true)
        if (least > 0n) expect(tradeAllowed(least - 1n, out, rIn, rOut)).toBe(false)
      }),
      { numRuns: 500 },
    )
  })

  it('refuses an output the pool does not hold, and a pool without reserves', () => {
    expect(() => getAmountIn(10n, 100n, 10n)).toThrow(RangeError)
    expect(() => getAmountOut(10n, 0n, 10n)).toThrow(RangeError)
  })

  it('chains hops: each hop spends what the previous one bought, and exact-out covers its target', () => {
    const hop = fc.tuple(reserve, reserve)
    fc.assert(
      fc.property(fc.array(hop, { minLength: 1, maxLength: 3 }), amount, (hops, amountIn) => {
        const outs = getAmountsOut(amountIn, hops)
        hops.forEach(([rIn, rOut], i) => expect(outs[i + 1]).toBe(getAmountOut(outs[i], rIn, rOut)))
        const target = outs.at(-1)!
        if (target === 0n) return
        try {
          const ins = getAmountsIn(target, hops)
          expect(getAmountsOut(ins[0], hops).at(-1)!).toBeGreaterThanOrEqual(target)
        } catch (err) {
          expect(err).toBeInstanceOf(RangeError) // an intermediate hop cannot supply what the next one needs
        }
      }),
      { numRuns: 300 },
    )
  })

  it('price impact is 0–100 %, grows with the trade, and vanishes for tiny trades in deep pools', () => {
    fc.assert(
      fc.property(reserve, reserve, amount, amount, (rIn, rOut, a, b) => {
        const [small, large] = a <= b ? [a, b] : [b, a]
        const impact = (x: bigint) => priceImpactBps(x, getAmountOut(x, rIn, rOut), [[rIn, rOut]])
        expect(impact(small)).toBeGreaterThanOrEqual(0n)
        expect(impact(large)).toBeLessThanOrEqual(10_000n)
        // an output of a few units is mostly rounding: compare where rounding is below a hundredth of a basis point
        if (getAmountOut(small, rIn, rOut) > 1_000_000n)
          expect(impact(large) + 1n).toBeGreaterThanOrEqual(impact(small))
      }),
      { numRuns: 500 },
    )
    const deep = 10n ** 30n
    expect(priceImpactBps(10n ** 18n, getAmountOut(10n ** 18n, deep, deep), [[deep, deep]])).toBe(0n)
    expect(bpsToPercent(0n)).toBe('0.00')
    expect(bpsToPercent(1234n)).toBe('12.34')
    expect(bpsToPercent(5n)).toBe('0.05')
  })
})

describe('slippage bounds at 1 %', () => {
  it('minimum received is the quote less 1 %, rounded down; maximum sold the quote plus 1 %', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 128n }), (q) => {
        const min = minimumReceived(q)
        expect(min * 100n).toBeLessThanOrEqual(q * 99n)
        expect((min + 1n) * 100n).toBeGreaterThan(q * 99n)
        const max = maximumSold(q)
        expect(max * 100n).toBeLessThanOrEqual(q * 101n)
        expect((max + 1n) * 100n).toBeGreaterThan(q * 101n)
        expect(max).toBeGreaterThanOrEqual(q)
      }),
      { numRuns: 500 },
    )
    expect(minimumReceived(300_000_000n)).toBe(297_000_000n)
  })
})
