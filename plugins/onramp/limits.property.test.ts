// Amounts are checked against the method limits in cents before any quote; the provider list option is validated.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { amountError, formatFiat, providerList, toCents } from './limits.js'

const card = { id: 'card', min: '10.00', max: '7500.00' }
const bank = { id: 'bank', min: '10.00', max: '25000.00' }

describe('on-ramp amount limits (SPEC §9)', () => {
  it('refuses 9.99 and 7,500.01 by card with the limits shown, allows the bounds and 25,000.00 by bank', () => {
    expect(amountError('9.99', card, 'USD')).toBe('Amount must be between 10.00 and 7,500.00 USD by card')
    expect(amountError('7500.01', card, 'USD')).toBe('Amount must be between 10.00 and 7,500.00 USD by card')
    expect(amountError('10', card, 'USD')).toBeNull()
    expect(amountError('7500.00', card, 'USD')).toBeNull()
    expect(amountError('25000.00', bank, 'USD')).toBeNull()
    expect(amountError('25000.01', bank, 'USD')).toMatch(/25,000.00 USD by bank/)
    expect(amountError('1e3', card, 'USD')).toBe('Enter an amount with at most two decimals')
    expect(amountError('-5', card, 'USD')).toBe('Enter an amount with at most two decimals')
  })

  it('agrees with a bigint reference for every amount in cents', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 9n }), fc.constantFrom(card, bank), (cents, limit) => {
        const text = `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`
        expect(toCents(text)).toBe(cents)
        const inside = cents * 1n >= 1000n && cents <= (limit.id === 'card' ? 750000n : 2500000n)
        expect(amountError(text, limit, 'USD') === null).toBe(inside)
      }),
      { numRuns: 2000 },
    )
    expect(formatFiat(2_500_000n, 'en-US')).toBe('25,000.00')
    expect(formatFiat(2_500_000n, 'de-DE')).toBe('25.000,00')
    expect(formatFiat(900_719_925_474_099_312n, 'de-DE')).toBe('9.007.199.254.740.993,12')
  })

  it('accepts only an array of strings (or a flag) as the provider list', () => {
    expect(providerList(undefined)).toBeNull()
    expect(providerList(true)).toBeNull()
    expect(providerList(false)).toEqual([])
    expect(providerList(['local', 'meld'])).toEqual(['local', 'meld'])
    for (const bad of ['local', [1], [null], { local: true }, 3])
      expect(() => providerList(bad)).toThrow(/Invalid configuration: features.onramp must be an array of provider ids/)
  })
})
