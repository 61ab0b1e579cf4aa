// The locale's grouping and decimal mark over decimal strings, checked against a bigint reference: no float on the way.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatAmount, formatSignificant, formatUsd } from './amount.js'
import { decimalMark, formatDecimal, normalizeDecimalInput } from '../../protocol/decimal.js'

// en-US by hand: groups of three with commas, a point before the fraction.
const withCommas = (s: string) => {
  const [int, frac] = s.split('.')
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac === undefined ? '' : `.${frac}`}`
}
const digits = fc.bigInt({ min: 0n, max: 10n ** 40n })

describe('amounts in the locale', () => {
  it('groups a decimal string in the locale without going through a float', () => {
    expect(formatDecimal('10009.749', 'en-US')).toBe('10,009.749')
    expect(formatDecimal('10009.749', 'de-DE')).toBe('10.009,749')
    expect(formatDecimal('0.000', 'en-US')).toBe('0.000')
    expect(formatDecimal('-1234', 'en-US')).toBe('-1,234')
    // Beyond 2^53 a float would lose digits; BigInt keeps every one.
    expect(formatDecimal('123456789012345678901.123', 'en-US')).toBe('123,456,789,012,345,678,901.123')
    expect(formatDecimal('123456789012345678901.123', 'de-DE')).toBe('123.456.789.012.345.678.901,123')
    expect(formatDecimal('not a number')).toBe('not a number')
    expect(formatDecimal('1,234.5', 'en-US')).toBe('1,234.5')
  })

  it('writes the fraction in the locale digits too', () => {
    expect(formatDecimal('1234.05', 'ar-EG')).toBe('١٬٢٣٤٫٠٥')
  })

  it('reads a typed amount with the locale decimal mark or Arabic digits (issue 33)', () => {
    expect(normalizeDecimalInput('1,5', 'de-DE')).toBe('1.5')
    expect(normalizeDecimalInput('1.5', 'en-US')).toBe('1.5')
    expect(normalizeDecimalInput('١٫٥', 'ar')).toBe('1.5')
    expect(normalizeDecimalInput('0,25', 'fr')).toBe('0.25')
  })

  it('keeps "." a decimal point in every locale and never drops a group mark (issue 32)', () => {
    expect(decimalMark('de-DE')).toBe(',')
    expect(decimalMark('en-US')).toBe('.')
    // a visitor used to "." who types 1.5 in de means 1.5, not 15
    expect(normalizeDecimalInput('1.5', 'de-DE')).toBe('1.5')
    expect(normalizeDecimalInput('0,01', 'de-DE')).toBe('0.01')
    // grouping and a decimal mark together is ambiguous: it becomes two points, which the forms refuse
    expect(normalizeDecimalInput('1.234,5', 'de-DE')).toBe('1.234.5')
    expect(normalizeDecimalInput('1,234.5', 'en-US')).toBe('1,234.5')
    // Persian digits and "٫" too; in en a comma stays what it is
    expect(normalizeDecimalInput('۱۲٫۵', 'fa')).toBe('12.5')
    expect(normalizeDecimalInput('1,5', 'en-US')).toBe('1,5')
  })

  it('cuts balances to 3 decimals and dollar values to 2, never rounding, zeros kept', () => {
    expect(formatAmount('10009.7499', 3, 'en-US')).toBe('10,009.749')
    expect(formatAmount('2500', 3, 'en-US')).toBe('2,500.000')
    expect(formatAmount('2500', 3, 'de-DE')).toBe('2.500,000')
    expect(formatUsd('30029249.749', 'en-US')).toBe('30,029,249.74')
    expect(formatUsd('30029249.749', 'de-DE')).toBe('30.029.249,74')
    expect(formatUsd('9007199254740993.999', 'en-US')).toBe('9,007,199,254,740,993.99')
    expect(formatUsd('9007199254740993.999', 'de-DE')).toBe('9.007.199.254.740.993,99')
  })

  it('keeps every digit of any amount (en-US against a bigint reference)', () => {
    fc.assert(
      fc.property(digits, fc.integer({ min: 0, max: 30 }), (n, scale) => {
        const s = n.toString().padStart(scale + 1, '0')
        const decimal = scale ? `${s.slice(0, -scale)}.${s.slice(-scale)}` : s
        expect(formatDecimal(decimal, 'en-US')).toBe(withCommas(decimal))
        expect(formatDecimal(decimal, 'de-DE').replace(/\./g, '').replace(',', '.')).toBe(decimal)
      }),
    )
  })

  it('a fee reads with a few significant digits, cut, never all 18 decimals (issue 33)', () => {
    expect(formatSignificant(21_000_000_000_000n, 18, 4, 'en-US')).toBe('0.000021')
    expect(formatSignificant(21_123_456_789_012n, 18, 4, 'en-US')).toBe('0.00002112')
    expect(formatSignificant(2_044_280n, 9, 4, 'en-US')).toBe('0.002044')
    expect(formatSignificant(1_234_567_890_000_000_000n, 18, 4, 'en-US')).toBe('1.234')
    expect(formatSignificant(12_345_670_000_000_000_000_000n, 18, 4, 'en-US')).toBe('12,345')
    expect(formatSignificant(0n, 18, 4, 'en-US')).toBe('0')
    expect(formatSignificant(21_000_000_000_000n, 18, 4, 'de-DE')).toBe('0,000021')
  })
})
