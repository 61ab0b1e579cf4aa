// Properties of the amount rules (protocol/amounts.ts) against a bigint reference: balances truncated to 3 decimals,
// dollar values to 2, for random base-unit amounts and token decimals; sums and products exact as bigint says.
import fc from 'fast-check'
import { formatUnits, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  formatBaseUnits,
  multiplyDecimals,
  parseBaseUnits,
  sumDecimals,
  toBaseUnits,
  truncateDecimals,
} from './amounts.js'

// The reference: units / 10^decimals cut to `places`, written out by bigint division only.
function reference(units: bigint, decimals: number, places: number): string {
  const scaled =
    decimals >= places ? units / 10n ** BigInt(decimals - places) : units * 10n ** BigInt(places - decimals)
  const int = scaled / 10n ** BigInt(places)
  const frac = (scaled % 10n ** BigInt(places)).toString().padStart(places, '0')
  return places ? `${int}.${frac}` : `${int}`
}
const units = fc.bigInt({ min: 0n, max: 10n ** 40n })
const decimals = fc.integer({ min: 0, max: 36 })

describe('amount display against a bigint reference', () => {
  it('a balance shows 3 decimals, truncated', () => {
    fc.assert(
      fc.property(units, decimals, (u, d) => {
        expect(truncateDecimals(formatBaseUnits(u, d), 3)).toBe(reference(u, d, 3))
      }),
    )
  })

  it('a dollar value shows 2 decimals, truncated (grouped in the locale by shell/ui/amount.ts)', () => {
    fc.assert(
      fc.property(units, decimals, (u, d) => {
        expect(truncateDecimals(formatBaseUnits(u, d), 2)).toBe(reference(u, d, 2))
      }),
    )
  })

  it('base units round-trip through the decimal string', () => {
    fc.assert(
      fc.property(units, decimals, (u, d) => {
        expect(toBaseUnits(formatBaseUnits(u, d), d)).toBe(u)
      }),
    )
  })

  it('a sum is the bigint sum of the terms', () => {
    fc.assert(
      fc.property(fc.array(units, { maxLength: 8 }), decimals, (terms, d) => {
        const sum = terms.reduce((a, b) => a + b, 0n)
        expect(toBaseUnits(sumDecimals(terms.map((t) => formatBaseUnits(t, d))), d)).toBe(sum)
      }),
    )
  })

  it('a quantity times a price is the bigint product (exact within 18 places)', () => {
    fc.assert(
      fc.property(units, fc.integer({ min: 0, max: 16 }), fc.bigInt({ min: 0n, max: 10n ** 12n }), (u, d, cents) => {
        const product = multiplyDecimals(formatBaseUnits(u, d), formatBaseUnits(cents, 2))
        expect(toBaseUnits(product, d + 2)).toBe(u * cents)
      }),
    )
  })
})

describe('amount text ↔ base units (parseBaseUnits, formatBaseUnits)', () => {
  it('agree with viem both ways, in bigint, for any amount and decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 200n }), fc.integer({ min: 0, max: 30 }), (u, d) => {
        const text = formatBaseUnits(u, d)
        expect(text).toBe(formatUnits(u, d))
        expect(parseBaseUnits(text, d)).toBe(u)
        expect(parseBaseUnits(text, d)).toBe(parseUnits(text, d))
      }),
    )
  })

  it('cut (never round) to the shown decimals, and refuse what is not an amount of the token', () => {
    expect(formatBaseUnits(1_999_999n, 6, 2)).toBe('1.99')
    expect(formatBaseUnits('1999999', 6, 2)).toBe('1.99')
    expect(formatBaseUnits(-1_500_000n, 6)).toBe('-1.5')
    expect(formatBaseUnits(10n ** 18n, 18, 6)).toBe('1')
    expect(parseBaseUnits('.5', 6)).toBe(500_000n)
    expect(parseBaseUnits('1.', 6)).toBe(1_000_000n)
    expect(parseBaseUnits('3', 0)).toBe(3n)
    for (const bad of ['', '.', '1.0000001', '1e3', '-1', '0x10', '1,5', ' 1', '1 ', '1..2', '1.2.3'])
      expect(parseBaseUnits(bad, 6), bad).toBeUndefined()
  })
})
