// How amounts read in the visitor's locale, with SPEC's decimals: the kernel's amount rules cut the decimal string,
// `formatDecimal` (decimal.ts) groups it. Apart from decimal.ts so that module stays free of the kernel's rules (the
// secure frame and the on-ramp limits use it alone).
import { formatBaseUnits, truncateDecimals } from '../../kernel/index.js'
import { formatDecimal } from '../../protocol/decimal.js'

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

/**
 * `units` base units cut (never rounded) to `digits` significant digits, trailing zeros dropped, in the locale: a fee
 * of `21000000000000` wei reads `0.000021`, not `0.000021000000000`. The whole part is always kept.
 */
export function formatSignificant(units: bigint | string, decimals: number, digits = 4, locale?: string): string {
  const exact = formatBaseUnits(units, decimals)
  const [int, frac = ''] = exact.split('.')
  const lead = /^-?0$/.test(int) ? (/[1-9]/.exec(frac)?.index ?? frac.length) : 0
  const places = Math.max(0, lead + digits - (/^-?0$/.test(int) ? 0 : int.replace('-', '').length))
  return formatDecimal(formatBaseUnits(units, decimals, places), locale)
}
