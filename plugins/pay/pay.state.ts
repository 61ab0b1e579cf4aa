// The `pay` slice: the payment the host asked for (with its asset resolved), the exchanges that can pay it, and the
// progress of the attempt, from the wallet or an exchange, until the transaction is mined.
import type { KernelState, PaymentRequest, SliceSpec } from '../../kernel/index.js'
import type { ExchangeInfo } from '../../protocol/wire/exchange.js'

/** An exchange as the API lists it (the wire shape). */
export type PayExchange = ExchangeInfo

/** Where a payment stands. */
export type PayStatus = 'ready' | 'signing' | 'exchange' | 'confirming' | 'completed' | 'failed' | 'cancelled'

/** The `pay` slice. */
export interface PayState {
  payment: PaymentRequest | null
  /** The asset as shown: symbol and decimals (read from the chain for tokens). */
  asset: { symbol: string; decimals: number } | null
  exchanges: PayExchange[]
  status: PayStatus
  method?: 'wallet' | 'exchange'
  hash?: string
  reason?: string
}

declare module '../../kernel/index.js' {
  interface KernelState {
    pay?: PayState
  }
  interface EventMap {
    'pay/started': { payment: PaymentRequest; asset: { symbol: string; decimals: number } }
    'pay/exchangesReceived': { exchanges: PayExchange[] }
    'pay/progressed': { status: PayStatus; method?: 'wallet' | 'exchange'; hash?: string; reason?: string }
  }
}

const initial: PayState = { payment: null, asset: null, exchanges: [], status: 'ready' }

/** The slice spec. */
export const paySlice: SliceSpec<PayState> = {
  init: () => structuredClone(initial),
  on: {
    'pay/started': (s, p) => {
      Object.assign(s, structuredClone(initial), { payment: p.payment, asset: p.asset })
    },
    'pay/exchangesReceived': (s, p) => {
      s.exchanges = p.exchanges
    },
    'pay/progressed': (s, p) => {
      s.status = p.status
      if (p.method) s.method = p.method
      if (p.hash) s.hash = p.hash
      if (p.reason) s.reason = p.reason
      else delete s.reason
    },
  },
}

/** The slice, or the initial one before the plugin loaded. */
export const payOf = (s: KernelState): PayState => s.pay ?? initial
