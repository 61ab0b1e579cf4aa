// The shape every on-ramp provider adapter has. The API's on-ramp routes (SPEC §7 "On-ramp options", "On-ramp
// quote") only talk to adapters; the local provider (local.ts) is the embedded default. An adapter for a real
// provider maps these calls onto its HTTP API (see server/README.md "On-ramp providers").
import type { OnRampOptions, OnRampOrder, OnRampQuote, QuoteRequest } from '../../protocol/wire/onramp.js'

// What the API answers (options, quote requests and quotes, orders) is the wire shape the client reads too.
export type {
  OnRampOptions,
  OnRampOrder,
  OnRampQuote,
  PaymentCurrency,
  PurchaseCurrency,
  PurchaseNetwork,
  QuoteRequest,
} from '../../protocol/wire/onramp.js'

/** One provider, as the API sees it. */
export interface OnRampProviderAdapter {
  /** Stable id, e.g. "local"; the client's provider list names it. */
  id: string
  name: string
  /** The provider's fee in basis points (SPEC §9: 100–200). */
  feeBps: number
  /** Namespaces it delivers to (SPEC §9: eip155 and solana). */
  namespaces: string[]
  /** The provider's public key for its checkout page (SPEC §7 publicKey). */
  publicKey: string
  /** Base URL of its checkout page; the client adds the SPEC §7 query parameters. */
  checkoutUrl: string
  options(): Promise<OnRampOptions>
  /** Throws OnRampError for a request it cannot quote (limits, unknown currency or network). */
  quote(req: QuoteRequest): Promise<OnRampQuote>
  /** The order opened for this quote on the checkout page, or null when none exists yet. */
  order(quoteId: string): Promise<OnRampOrder | null>
}

/** A request the provider refuses; `field` names the input at fault. */
export class OnRampError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message)
    this.name = 'OnRampError'
  }
}
