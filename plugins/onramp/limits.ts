// Amount checks before any quote (SPEC §9 limits per payment method), in integer cents: never floats.
import { formatDecimal } from '../../protocol/decimal.js'
import type { PaymentMethodLimit } from '../../protocol/wire/onramp.js'

/** Cents of a fiat amount with at most two decimals ("50", "7500.01"), or null when it is not one. */
export function toCents(amount: string): bigint | null {
  const m = /^(\d{1,12})(?:\.(\d{0,2}))?$/.exec(amount.trim())
  return m ? BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0')) : null
}

/** 750000n cents in the visitor's locale: "7,500.00" (en-US), "7.500,00" (de-DE). */
export function formatFiat(cents: bigint, locale?: string): string {
  return formatDecimal(`${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`, locale)
}

/** The message shown for an amount outside `limit` (bounds included), or null when it may be quoted. */
export function amountError(amount: string, limit: PaymentMethodLimit | undefined, currency: string): string | null {
  const cents = toCents(amount)
  if (cents === null) return 'Enter an amount with at most two decimals'
  if (!limit) return null
  const min = toCents(limit.min) ?? 0n
  const max = toCents(limit.max) ?? 0n
  if (cents < min || cents > max)
    return `Amount must be between ${formatFiat(min)} and ${formatFiat(max)} ${currency} by ${limit.id}`
  return null
}

/** SPEC §5: the provider list option is an array of strings; true or unset means every provider, false none. */
export function providerList(value: unknown): string[] | null {
  if (value === undefined || value === null || value === true) return null
  if (value === false) return []
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value
  throw new Error(
    `Invalid configuration: features.onramp must be an array of provider ids (strings) or a boolean, got ${JSON.stringify(value)}`,
  )
}
