import fc from 'fast-check'
import { formatUnits, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { fromUnits, toUnits } from './units.js'

describe('amount text ↔ token units', () => {
  it('agrees with viem both ways, in bigint, for any amount and decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 200n }), fc.integer({ min: 0, max: 30 }), (units, decimals) => {
        const text = fromUnits(units, decimals)
        expect(text).toBe(formatUnits(units, decimals))
        expect(toUnits(text, decimals)).toBe(units)
        expect(toUnits(text, decimals)).toBe(parseUnits(text, decimals))
      }),
    )
  })

  it('cuts (never rounds) to the shown decimals, and refuses what is not an amount of the token', () => {
    expect(fromUnits(1_999_999n, 6, 2)).toBe('1.99')
    expect(fromUnits(-1_500_000n, 6)).toBe('-1.5')
    expect(toUnits('.5', 6)).toBe(500_000n)
    expect(toUnits('1.', 6)).toBe(1_000_000n)
    for (const bad of ['', '.', '1.0000001', '1e3', '-1', '0x10', '1,5']) expect(toUnits(bad, 6), bad).toBeUndefined()
  })
})
