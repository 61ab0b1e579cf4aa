// Decimal strings to token units and back, in bigint: amounts never pass through floats.

/** What a visitor may type into an amount field (digits with one optional point). */
export const AmountPattern = /^\d*\.?\d*$/

/** Parses a decimal string ("0.1", "25", ".5") into units of a token with `decimals`; undefined when it can't. */
export function toUnits(value: string, decimals: number): bigint | undefined {
  if (!AmountPattern.test(value) || value === '' || value === '.') return undefined
  const [whole, fraction = ''] = value.split('.')
  if (fraction.length > decimals) return undefined
  return BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0')
}

/** Formats units of a token as a decimal string, cut (not rounded) to `maxDecimals`, without trailing zeros. */
export function fromUnits(units: bigint | string, decimals: number, maxDecimals = decimals): string {
  const n = BigInt(units)
  const sign = n < 0n ? '-' : ''
  const abs = n < 0n ? -n : n
  const base = 10n ** BigInt(decimals)
  const fraction = (abs % base).toString().padStart(decimals, '0').slice(0, maxDecimals).replace(/0+$/, '')
  return `${sign}${abs / base}${fraction ? `.${fraction}` : ''}`
}
