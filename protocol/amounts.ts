// Amounts as decimal strings, never floats (DESIGN §2): base units ↔ decimal, exact sums and products through bigint,
// balances with 3 decimals truncated, dollar values with 2 (the UI kit's shell/ui/amount.ts writes them in the
// visitor's locale, with protocol/decimal.ts). Framework-free and import-free: the balance lookup
// (kernel/contracts/balances.ts), send, swap, pay and the UI kit all count with it.

/** A non-negative decimal string ("12", "0.5"), as the server and the portfolio carry amounts and prices. */
export const DecimalPattern = /^\d+(\.\d+)?$/

const split = (decimal: string): [string, string] => {
  const [int, frac = ''] = decimal.trim().split('.')
  return [int.replace(/^0+(?=\d)/, '') || '0', frac]
}

/**
 * `units` base units of a token with `decimals` decimals as a decimal string without trailing zeros, cut (never
 * rounded) to `maxDecimals` places.
 */
export function formatBaseUnits(units: bigint | string, decimals: number, maxDecimals = decimals): string {
  const n = BigInt(units)
  const negative = n < 0n
  const s = (negative ? -n : n).toString().padStart(decimals + 1, '0')
  const int = s.slice(0, s.length - decimals)
  const frac = s
    .slice(s.length - decimals)
    .slice(0, maxDecimals)
    .replace(/0+$/, '')
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`
}

/** A decimal string scaled to `decimals` places as an integer (extra places are cut, not rounded). */
export function toBaseUnits(decimal: string, decimals: number): bigint {
  const [int, frac] = split(decimal)
  return BigInt(int + frac.slice(0, decimals).padEnd(decimals, '0'))
}

/**
 * An amount typed or passed as text ("3", "0.5", ".5", "1.") in base units of a token with `decimals`, exactly;
 * undefined when it is not a plain decimal or has more places than the token.
 */
export function parseBaseUnits(text: string, decimals: number): bigint | undefined {
  return /^(\d+\.?\d*|\.\d+)$/.test(text) && split(text)[1].length <= decimals ? toBaseUnits(text, decimals) : undefined
}

/** Truncates a decimal string to `decimals` places without rounding (SPEC §5: balances show 3 decimals, truncated). */
export function truncateDecimals(numeric: string, decimals = 3): string {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(numeric.trim())
  if (!m) return (0).toFixed(decimals)
  const int = (m[2] || '0').replace(/^0+(?=\d)/, '')
  const frac = (m[3] ?? '').slice(0, decimals).padEnd(decimals, '0')
  return `${m[1] && /[1-9]/.test(int + frac) ? '-' : ''}${int}${decimals ? `.${frac}` : ''}`
}

// Places kept in products (a USD value of a token amount) before the 2-decimal display cut.
const PRODUCT_PLACES = 18

/** a × b for two decimal strings, exact up to 18 places (the rest cut). */
export function multiplyDecimals(a: string, b: string): string {
  const product = toBaseUnits(a, PRODUCT_PLACES) * toBaseUnits(b, PRODUCT_PLACES)
  return formatBaseUnits(product / 10n ** BigInt(PRODUCT_PLACES), PRODUCT_PLACES)
}

/** The exact sum of decimal strings. */
export function sumDecimals(values: readonly string[]): string {
  const places = Math.max(0, ...values.map((v) => split(v)[1].length))
  return formatBaseUnits(
    values.reduce((sum, v) => sum + toBaseUnits(v, places), 0n),
    places,
  )
}
