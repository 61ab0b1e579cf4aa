// How amounts read in the visitor's locale: grouping and decimal mark from Intl, digits from the decimal string through
// BigInt and string slices, never a float (DESIGN §2). Its own module so the first-click bundle carries none of it.
import { formatBaseUnits, truncateDecimals } from '../../kernel/index.js'

/**
 * A decimal string (already cut to its SPEC decimals) in the visitor's locale: `10009.749` → `10,009.749` in en-US,
 * `10.009,749` in de-DE. Anything that is not a plain decimal string is returned as it is.
 */
export function formatDecimal(value: string, locale?: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value)
  if (!m) return value
  const nf = new Intl.NumberFormat(locale)
  const point = nf.formatToParts(0.5).find((p) => p.type === 'decimal')?.value ?? '.'
  // fraction digits one by one, so a locale with its own digits (ar-EG) writes both parts alike
  const frac = m[3] ? point + m[3].replace(/\d/g, (d) => nf.format(Number(d))) : ''
  return `${m[1]}${nf.format(BigInt(m[2]))}${frac}`
}

/** A decimal string cut (never rounded) to `places` decimals, zeros kept, in the locale: SPEC §5 balances show 3. */
export function formatAmount(value: string, places = 3, locale?: string): string {
  return formatDecimal(truncateDecimals(value, places), locale)
}

/** A dollar value with 2 decimals, truncated, in the locale, without the sign: `30029249.745` → `30,029,249.74`. */
export function formatUsd(value: string, locale?: string): string {
  return formatAmount(value, 2, locale)
}

/** `units` base units of a token with `decimals` decimals, cut to `maxDecimals` places, in the locale: `1,234.5 ETH`. */
export function formatTokenAmount(
  units: bigint | string,
  decimals: number,
  maxDecimals = decimals,
  locale?: string,
): string {
  return formatDecimal(formatBaseUnits(units, decimals, maxDecimals), locale)
}
