// Pay with exchange on the wire: GET /v1/exchanges, POST /v1/exchanges/{id}/payments and
// GET /v1/exchanges/{id}/payments/{paymentId}, as the server's exchange adapters answer them (server/exchange/) and
// the pay plugin reads them (plugins/pay/). Type-only.

/** An exchange as GET /v1/exchanges lists it. */
export interface ExchangeInfo {
  id: string
  name: string
  /** Namespaces whose networks it pays on. */
  namespaces: string[]
}

/** GET /v1/exchanges. */
export interface ExchangesAnswer {
  exchanges: ExchangeInfo[]
}

/** A payment the modal asks an exchange for. `asset` is 'native' or a token address (EVM) or mint (Solana). */
export interface ExchangePaymentRequest {
  network: string
  asset: string
  /** In the asset's units, a decimal string (e.g. "3" for 3 USDC). */
  amount: string
  recipient: string
}

/** A payment opened: its id and the exchange's page where the visitor logs in and confirms. */
export interface OpenedPayment {
  id: string
  url: string
}

/** A payment as the API shows it. */
export interface ExchangePayment extends ExchangePaymentRequest {
  id: string
  exchange: string
  status: 'pending' | 'paying' | 'completed' | 'failed'
  transactionHash?: string
  reason?: string
}
