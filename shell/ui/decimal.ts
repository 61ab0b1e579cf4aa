// A decimal string in the visitor's locale, on its own (no imports): whatever shows an amount loads it, the first
// paint does not (the Connect button shows no amount).

/**
 * A decimal string (already cut to its SPEC decimals) in the visitor's locale: `10009.749` → `10,009.749` in en-US,
 * `10.009,749` in de-DE. Digits go through BigInt and string slices, never a float; anything that is not a plain
 * decimal string is returned as it is.
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
