// The quote arithmetic against its definition: the fee is the smallest whole cent not below amount × fee, and the
// tokens are the largest whole base unit whose price does not exceed what is left. Limits hold exactly at the bounds.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatCents, formatUnits, limitViolation, parseCents, quoteFigures, USD_LIMITS } from './quote.js'

describe('on-ramp quote arithmetic', () => {
  it('rounds the fee up to the cent and the tokens down to the base unit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.integer({ min: 100, max: 200 }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.constantFrom(0, 6, 9, 18),
        (cents, bps, price, decimals) => {
          const { feeCents, purchaseUnits } = quoteFigures(cents, bps, price, decimals)
          const exact = cents * BigInt(bps) // fee × 10,000
          expect(feeCents * 10_000n >= exact && (feeCents - 1n) * 10_000n < exact).toBe(true)
          // value of the tokens in micro-dollars × 10^decimals, against what is left after the fee
          const left = (cents - feeCents) * 10_000n * 10n ** BigInt(decimals)
          expect(purchaseUnits * price <= left && (purchaseUnits + 1n) * price > left).toBe(true)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('formats and parses cents both ways', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 13n }), (cents) => {
        expect(parseCents(formatCents(cents))).toBe(cents)
      }),
    )
    expect(formatUnits(49_250_000n, 6)).toBe('49.25')
    expect(formatUnits(1n, 18)).toBe('0.000000000000000001')
    expect(parseCents('7,500.00')).toBeNull()
    expect(parseCents('1.234')).toBeNull()
  })

  it('accepts the limits themselves and refuses one cent beyond (SPEC §9)', () => {
    const [card, bank] = USD_LIMITS
    expect(limitViolation(parseCents('9.99')!, card)).toBe('The minimum is 10.00')
    expect(limitViolation(parseCents('10.00')!, card)).toBeNull()
    expect(limitViolation(parseCents('7500.00')!, card)).toBeNull()
    expect(limitViolation(parseCents('7500.01')!, card)).toBe('The maximum is 7500.00')
    expect(limitViolation(parseCents('25000.00')!, bank)).toBeNull()
    expect(limitViolation(parseCents('25000.01')!, bank)).toBe('The maximum is 25000.00')
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 8n }), fc.constantFrom(...USD_LIMITS), (cents, limit) => {
        const inside = cents >= parseCents(limit.min)! && cents <= parseCents(limit.max)!
        expect(limitViolation(cents, limit) === null).toBe(inside)
      }),
    )
  })
})
