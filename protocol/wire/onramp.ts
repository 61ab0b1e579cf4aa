// The on-ramp on the wire (SPEC §7 "On-ramp options", "On-ramp quote"): GET /v1/onramp/options, POST
// /v1/onramp/quotes and GET /v1/onramp/orders/{provider}/{quoteId}, as the server's provider adapters answer them
// (server/onramp/adapter.ts) and the onramp plugin reads them (plugins/onramp/). Field names in snake_case are SPEC's.
// Type-only.

/** One payment method's limits, decimal strings (SPEC §3 payment_method_limits). */
export interface PaymentMethodLimit {
  id: string
  min: string
  max: string
}

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

/** A provider as GET /v1/onramp/options lists it. */
export interface OnRampProviderInfo {
  id: string
  name: string
  /** The provider's fee in basis points (SPEC §9: 100–200). */
  feeBps: number
  /** Namespaces it delivers to (SPEC §9: eip155 and solana). */
  namespaces: string[]
  /** The provider's public key for its checkout page (SPEC §7 publicKey). */
  publicKey: string
  /** Base URL of its checkout page; the client adds the SPEC §7 query parameters. */
  url: string
}

/** GET /v1/onramp/options: the providers and what they offer together. */
export interface OnRampOptionsAnswer extends OnRampOptions {
  providers: OnRampProviderInfo[]
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

/** The body of POST /v1/onramp/quotes: a quote request, to the providers named (all when absent). */
export interface QuotesBody extends QuoteRequest {
  providers?: string[]
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

/** The answer of POST /v1/onramp/quotes: one quote per provider that could quote. */
export interface QuotesAnswer {
  quotes: OnRampQuote[]
}

/** An order's progress as the provider reports it (GET /v1/onramp/orders/{provider}/{quoteId}). */
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
