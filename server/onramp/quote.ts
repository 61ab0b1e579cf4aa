// On-ramp arithmetic in integers only (bigint): fiat amounts in cents, the provider fee in basis points, prices in
// micro-dollars, token amounts in base units. Floats never touch money here.
import type { PaymentMethodLimit } from '../../protocol/wire/onramp.js'

// Payment method limits of one fiat currency, as decimal strings: the wire shape (SPEC §3 payment_method_limits).
export type { PaymentMethodLimit } from '../../protocol/wire/onramp.js'

/** SPEC §9: USD by card 10.00–7,500.00, by bank account 10.00–25,000.00. */
export const USD_LIMITS: readonly PaymentMethodLimit[] = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'bank', min: '10.00', max: '25000.00' },
]

/** SPEC §9: the single provider's fee lies between 1 % and 2 % (in basis points). */
export const FEE_RANGE_BPS = { min: 100, max: 200 } as const

const FIAT = /^(\d{1,12})(?:\.(\d{1,2}))?$/

/** Parses a fiat amount ("50", "50.5", "7,500.00" is refused: no separators) into cents; null when malformed. */
export function parseCents(amount: string): bigint | null {
  const m = FIAT.exec(amount.trim())
  if (!m) return null
  return BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'))
}

/** Formats cents as a decimal string with two decimals. */
export function formatCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : ''
  const abs = cents < 0n ? -cents : cents
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`
}

/** Formats base units of a token with `decimals` as a decimal string without trailing zeros. */
export function formatUnits(units: bigint, decimals: number): string {
  const base = 10n ** BigInt(decimals)
  const frac = (units % base).toString().padStart(decimals, '0').replace(/0+$/, '')
  return frac ? `${units / base}.${frac}` : `${units / base}`
}

/** Parses a USD price ("1", "150.25") into micro-dollars; null when malformed or not positive. */
export function parseMicroUsd(price: string): bigint | null {
  const m = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(price)
  if (!m) return null
  const micro = BigInt(m[1]) * 1_000_000n + BigInt((m[2] ?? '').padEnd(6, '0'))
  return micro > 0n ? micro : null
}

/** Why an amount is outside a method's limits, or null when it is inside (bounds included). */
export function limitViolation(cents: bigint, limit: PaymentMethodLimit): string | null {
  const min = parseCents(limit.min)!
  const max = parseCents(limit.max)!
  if (cents < min) return `The minimum is ${formatCents(min)}`
  if (cents > max) return `The maximum is ${formatCents(max)}`
  return null
}

/** What a quote is made of. */
export interface QuoteFigures {
  /** Fee in cents: the amount times the fee, rounded up to the cent. */
  feeCents: bigint
  /** Base units of the token the buyer receives: (amount − fee) ÷ price, rounded down. */
  purchaseUnits: bigint
}

/** The provider's quote: fee rounded up to the cent, tokens rounded down to the base unit. */
export function quoteFigures(cents: bigint, feeBps: number, priceMicroUsd: bigint, decimals: number): QuoteFigures {
  const feeCents = (cents * BigInt(feeBps) + 9_999n) / 10_000n
  // (cents − fee) / 100 dollars × 10^6 micro / price micro-dollars per token × 10^decimals units per token
  const purchaseUnits = ((cents - feeCents) * 10_000n * 10n ** BigInt(decimals)) / priceMicroUsd
  return { feeCents, purchaseUnits }
}
