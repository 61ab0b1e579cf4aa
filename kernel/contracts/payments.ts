// The payment checkout the host starts with `foyer.pay` (SPEC §2 optional section "payments"): declared here so the
// shell can name the request; the pay plugin answers it.

/** A payment the host asks for: `amount` of `asset` to `recipient` on `network`. */
export interface PaymentRequest {
  /** The address paid. */
  recipient: string
  /** 'native', or the token's contract address (EVM) or mint (Solana). */
  asset: string
  /** In the asset's units, as a decimal string (e.g. "3" for 3 USDC); never a float. */
  amount: string
  /** CAIP-2 id of a configured network. */
  network: string
}

/** A payment made: the transaction hash (EVM) or signature (Solana), once mined. */
export interface PaymentResult {
  hash: string
  caipNetworkId: string
}

declare module '../types.js' {
  interface RequestMap {
    /** Opens the Pay checkout; resolves once the payment is mined, rejects with the reason it was not made. */
    'pay/checkout': { input: PaymentRequest; output: PaymentResult }
  }
}
