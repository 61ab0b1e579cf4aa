// The shape every on-ramp provider adapter has. The API's on-ramp routes (SPEC §7 "On-ramp options", "On-ramp
// quote") only talk to adapters; the local provider (local.ts) is the embedded default. An adapter for a real
// provider maps these calls onto its HTTP API (see server/README.md "On-ramp providers").
import type { PaymentMethodLimit } from './quote.js'

/** A network a purchase currency is delivered on (SPEC §3). */
export interface PurchaseNetwork {
  name: string
  display_name: string
  /** CAIP-2 id, e.g. eip155:1 or solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp. */
  chain_id: string
  /** Token contract or mint; empty for the native currency. */
  contract_address: string
}

/** A token the provider sells (SPEC §3 purchase currency). */
export interface PurchaseCurrency {
  id: string
  name: string
  symbol: string
  decimals: number
  networks: PurchaseNetwork[]
}

/** A fiat currency the provider takes (SPEC §3 payment currency). */
export interface PaymentCurrency {
  id: string
  payment_method_limits: PaymentMethodLimit[]
}

/** What a provider offers. */
export interface OnRampOptions {
  purchaseCurrencies: PurchaseCurrency[]
  paymentCurrencies: PaymentCurrency[]
}

/** A quote request (SPEC §7: purchaseCurrency, paymentCurrency, amount, network) plus the payment method. */
export interface QuoteRequest {
  purchaseCurrency: string
  paymentCurrency: string
  /** Fiat amount, decimal string with at most two decimals. */
  amount: string
  /** CAIP-2 id of the network to deliver on. */
  network: string
  paymentMethod: string
}

/** A provider's quote; the buyer receives exactly purchaseAmount.amount once the order completes. */
export interface OnRampQuote {
  id: string
  serviceProvider: string
  purchaseAmount: { amount: string; currency: string }
  paymentAmount: { amount: string; currency: string }
  fee: { amount: string; currency: string; bps: number }
  network: string
  paymentMethod: string
  expiresAt: string
}

/** An order's progress as the provider reports it. */
export interface OnRampOrder {
  externalCustomerId: string
  status: 'pending' | 'paid' | 'completed' | 'failed'
  quoteId: string
  purchaseAmount: string
  currency: string
  network: string
  walletAddress: string
  /** The delivering transaction (hash or signature) once completed. */
  transactionHash?: string
  /** Why the order failed. */
  reason?: string
}

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
