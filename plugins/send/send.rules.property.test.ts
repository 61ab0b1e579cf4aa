// Properties of send's rules: amounts round-trip exactly for any decimals 0–36 and any value up to 2^256−1 (checked
// against viem's parseUnits/formatUnits), and the address rules agree with viem's isAddress (strict checksum) and with
// a base58 decoder (@scure/base) for random strings.
import { base58 } from '@scure/base'
import fc from 'fast-check'
import { formatUnits, getAddress, isAddress, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { formatBaseUnits } from '../../kernel/index.js'
import { evmCandidate, hasAddressShape, parseAmount } from './send.rules.js'

const MaxUint256 = 2n ** 256n - 1n
const hex = '0123456789abcdefABCDEF'
const b58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Our full EVM rule: SPEC shape, and a correct checksum when the letters mix cases. */
const evmOk = (s: string) => {
  const c = evmCandidate(s)
  return !!c && (!c.mixed || getAddress(c.address.toLowerCase()) === c.address)
}

describe('send amounts', () => {
  it('round-trip any value up to 2^256−1 at any decimals 0–36, as viem formats and parses them', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MaxUint256 }), fc.integer({ min: 0, max: 36 }), (value, decimals) => {
        const text = formatBaseUnits(value, decimals)
        expect(text).toBe(formatUnits(value, decimals))
        expect(parseAmount(text, decimals)).toBe(value)
        expect(parseAmount(text, decimals)).toBe(parseUnits(text, decimals))
      }),
      { numRuns: 2000 },
    )
  })

  it('refuses what is not a plain decimal or has more places than the token, never rounding', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 36 }), (text, decimals) => {
        const parsed = parseAmount(text, decimals)
        const plain = /^(\d+\.?\d*|\.\d+)$/.test(text.trim())
        const places = text.trim().split('.')[1]?.length ?? 0
        if (!plain || places > decimals) expect(parsed).toBeUndefined()
        else expect(parsed).toBe(parseUnits(text.trim().replace(/^\./, '0.'), decimals))
      }),
      { numRuns: 2000 },
    )
    expect(parseAmount('1.5', 0)).toBeUndefined()
    expect(parseAmount('12.345', 6)).toBe(12_345_000n)
    expect(parseAmount('1e3', 18)).toBeUndefined()
  })
})

describe('send addresses', () => {
  it('EVM: agrees with viem isAddress (strict) for random hex strings, with and without 0x, with case flips', () => {
    const body = fc.string({ unit: fc.constantFrom(...hex), minLength: 38, maxLength: 42 })
    const checksummed = fc
      .string({ unit: fc.constantFrom(...hex.slice(0, 16)), minLength: 40, maxLength: 40 })
      .map((h) => getAddress(`0x${h}`).slice(2))
    const flipped = checksummed.chain((h) =>
      fc
        .nat({ max: 39 })
        .map(
          (i) =>
            h.slice(0, i) + (h[i] === h[i].toLowerCase() ? h[i].toUpperCase() : h[i].toLowerCase()) + h.slice(i + 1),
        ),
    )
    fc.assert(
      fc.property(
        fc.oneof(
          body,
          checksummed,
          flipped,
          checksummed.map((h) => h.toUpperCase()),
        ),
        fc.boolean(),
        (h, prefix) => {
          const s = prefix ? `0x${h}` : h
          expect(evmOk(s)).toBe(isAddress(`0x${h}`, { strict: true }))
          expect(hasAddressShape('eip155', s)).toBe(isAddress(`0x${h}`, { strict: false }))
        },
      ),
      { numRuns: 3000 },
    )
  })

  it('Solana: 32–44 base58 characters exactly when the decoder reads it and the length fits', () => {
    const near = fc.string({
      unit: fc.constantFrom(...b58, '0', 'O', 'I', 'l', '+', '/'),
      minLength: 28,
      maxLength: 48,
    })
    fc.assert(
      fc.property(fc.oneof(near, fc.string()), (s) => {
        let decodes = true
        try {
          base58.decode(s)
        } catch {
          decodes = false
        }
        expect(hasAddressShape('solana', s)).toBe(decodes && s.length >= 32 && s.length <= 44)
      }),
      { numRuns: 3000 },
    )
  })
})
