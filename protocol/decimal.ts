// A decimal string in the visitor's locale, and a typed amount read back from it, on its own (no imports): whatever
// shows or takes an amount loads it, the first paint does not (the Connect button shows no amount). With no locale given
// the browser's is used (Intl's default, navigator.language), as this tree has no locale option yet.

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

/** The locale's decimal mark with Latin digits: "." in en, "," in de, fr, pt-BR, tr, ru (the browser's by default). */
export function decimalMark(locale?: string): string {
  const nf = new Intl.NumberFormat(locale, { numberingSystem: 'latn' } as Intl.NumberFormatOptions)
  return nf.formatToParts(0.5).find((p) => p.type === 'decimal')?.value ?? '.'
}

/**
 * A typed amount as a plain decimal string: the locale's decimal mark (or Arabic's "٫") becomes ".", Arabic-Indic and
 * Persian digits become Latin ("1,5" in de → "1.5"; "١٫٥" → "1.5"). Anything else is left for the caller to reject.
 * Group marks are never removed: "1.234,5" in de becomes "1.234.5", which the form refuses, because a visitor used to
 * "." for decimals who types "1.5" in de must get 1.5 (kept as it is), never 15.
 */
export function normalizeDecimalInput(text: string, locale?: string): string {
  const mark = decimalMark(locale)
  let out = text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String((d.charCodeAt(0) - 0x0660) % 0x90))
  out = out.replace(/\u066b/g, '.')
  return mark === '.' ? out : out.split(mark).join('.')
}
