// Property tests: the name rule against a reference regex for random strings, and the ENSIP-11 coin type for random
// chain ids (against the server's own conversion, so client and server agree), with the 2^31 boundary.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { coinTypeToEvmChainId, evmChainIdToCoinType } from '../../protocol/coin-type.js'
import { evmCoinType, nameRuleError } from './names.rules.js'

// SPEC §5: at least 4 characters, letters, digits or hyphen only (and a DNS label's 63 at most).
const Reference = /^[a-zA-Z0-9-]{4,63}$/

const nameChars = fc.constantFrom(...'abcXYZ0189-_. éß'.split(''), '\u0000', '\u200b', '😀')

describe('name rule', () => {
  it('accepts exactly what the reference regex accepts, for any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: nameChars, maxLength: 70 })), (s) => {
        expect(nameRuleError(s) === undefined).toBe(Reference.test(s))
      }),
      { numRuns: 2000 },
    )
  })

  it('says why in one of three exact messages', () => {
    expect(nameRuleError('bob')).toBe('A name has at least 4 characters')
    expect(nameRuleError('bob_by')).toBe('A name may only contain letters, digits and hyphens')
    expect(nameRuleError('a'.repeat(64))).toBe('A name has at most 63 characters')
    expect(nameRuleError('Bob-42')).toBeUndefined()
  })
})

describe('ENSIP-11 coin type', () => {
  it('is 60 on Ethereum and 0x80000000 | chainId below 2^31, as the server computes it, and round-trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (chainId) => {
        const coinType = evmCoinType(chainId)
        expect(coinType).toBe(chainId === 1 ? 60 : 0x80000000 + chainId)
        expect(coinType).toBe(evmChainIdToCoinType(chainId))
        expect(coinTypeToEvmChainId(coinType)).toBe(chainId)
      }),
      { numRuns: 2000 },
    )
  })

  it('refuses chain ids from 2147483648 on with "Invalid chainId"', () => {
    expect(evmCoinType(2147483647)).toBe(0xffffffff)
    expect(() => evmCoinType(2147483648)).toThrow(/^Invalid chainId$/)
    fc.assert(
      fc.property(fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }), (chainId) => {
        expect(() => evmCoinType(chainId)).toThrow(/^Invalid chainId$/)
      }),
    )
  })
})
