// The payment checkout the host starts with `foyer.pay` (SPEC §2 optional section "payments"): declared here so the
// shell can name the request; the pay plugin answers it. Its failures are PaymentErrors, named by code (as viem names an
// action's errors), so a host tells "cancelled" from "not mined" without reading the visitor's text.
import { FoyerError, type ErrorCategory } from '../errors.js'

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

/** Why a payment request failed, by code. */
export const PaymentErrorCategories = {
  /** `features.payments` is off. */
  PAYMENTS_OFF: 'CONFIGURATION',
  /** The host's payment is malformed: an unknown network, a bad address, amount or asset. */
  INVALID_PAYMENT: 'CONFIGURATION',
  /** A checkout is open already: one payment at a time. */
  PAYMENT_OPEN: 'INTERNAL_SDK_ERROR',
  /** Paying was asked for with no checkout open. */
  NO_PAYMENT: 'INTERNAL_SDK_ERROR',
  /** Paying was asked for while the payment is being signed, made on an exchange or confirmed. */
  PAYMENT_UNDER_WAY: 'INTERNAL_SDK_ERROR',
  /** No wallet is connected on the payment's namespace. */
  WALLET_NOT_CONNECTED: 'WALLET',
  /** The token to pay with is not on the payment's network. */
  TOKEN_NOT_FOUND: 'NETWORK',
  /** The exchange refused to open the payment (its reason is the message). */
  EXCHANGE_REFUSED: 'SERVER',
  /** The exchange answered a link that is not an http(s) page. */
  EXCHANGE_LINK_UNSAFE: 'SERVER',
  /** The payment was not made: the transaction reverted, or the exchange could not pay. */
  PAYMENT_FAILED: 'INTERNAL_SDK_ERROR',
  /** The visitor closed the checkout before paying. */
  PAYMENT_CANCELLED: 'INTERNAL_SDK_ERROR',
} as const satisfies Record<string, ErrorCategory>

/** A code of {@link PaymentError}. */
export type PaymentErrorCode = keyof typeof PaymentErrorCategories

/** A `pay/checkout` (the host's `foyer.pay`) failure; `code` says which, the message is what the visitor reads. */
export class PaymentError extends FoyerError {
  override name = 'PaymentError'
  declare readonly code: PaymentErrorCode
  constructor(code: PaymentErrorCode, message: string, cause?: unknown) {
    super(message, { code, category: PaymentErrorCategories[code], cause })
  }
}

declare module '../types.js' {
  interface RequestMap {
    /** Opens the Pay checkout; resolves once the payment is mined, rejects with the reason it was not made. */
    'pay/checkout': { input: PaymentRequest; output: PaymentResult; error: PaymentError }
  }
}
