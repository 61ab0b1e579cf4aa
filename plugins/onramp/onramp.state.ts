// The on-ramp slice: what the providers offer, the visitor's choices, the quote (with its loading flag, SPEC §4) and
// the order opened on a provider's page, followed until the tokens arrive.
import type { KernelState, SliceSpec } from '../../kernel/index.js'
import type {
  OnRampOptionsAnswer,
  OnRampOrder,
  OnRampProviderInfo,
  OnRampQuote as WireQuote,
} from '../../protocol/wire/onramp.js'

/** A provider as the API lists it (the wire shape). */
export type OnRampProvider = OnRampProviderInfo

/** What the providers offer (SPEC §3 purchase and payment currencies): GET /v1/onramp/options's answer. */
export type OnRampOffer = OnRampOptionsAnswer

/** A provider's quote (the wire shape). */
export type OnRampQuote = WireQuote

/** An order opened on a provider's page. */
export interface OnRampOrderState {
  provider: string
  quoteId: string
  /** 'opened' until the provider reports the order, then the provider's status. */
  status: 'opened' | OnRampOrder['status']
  amount: string
  currency: string
  network: string
  transactionHash?: string
  reason?: string
  /** The token balance read after delivery. */
  balance?: string
}

/** The `onramp` slice. */
export interface OnRampState {
  offer: OnRampOffer | null
  token: string | null
  fiat: string
  method: string
  amount: string
  limitError: string | null
  quoteLoading: boolean
  quotes: OnRampQuote[]
  quoteError: string | null
  order: OnRampOrderState | null
}

declare module '../../kernel/index.js' {
  interface KernelState {
    onramp?: OnRampState
  }
  interface EventMap {
    'onramp/offerReceived': { offer: OnRampOffer }
    'onramp/tokenSelected': { id: string }
    'onramp/fiatSelected': { id: string }
    'onramp/methodSelected': { id: string }
    'onramp/amountChanged': { amount: string; limitError: string | null }
    'onramp/quoteRequested': Record<string, never>
    'onramp/quoteReceived': { quotes: OnRampQuote[] }
    'onramp/quoteFailed': { message: string }
    'onramp/quoteReset': Record<string, never>
    'onramp/orderUpdated': { order: OnRampOrderState }
  }
}

const initial: OnRampState = {
  offer: null,
  token: null,
  fiat: 'USD',
  method: 'card',
  amount: '',
  limitError: null,
  quoteLoading: false,
  quotes: [],
  quoteError: null,
  order: null,
}

const reset = (s: OnRampState) => {
  s.quoteLoading = false
  s.quotes = []
  s.quoteError = null
}

/** The slice spec. */
export const onrampSlice: SliceSpec<OnRampState> = {
  init: () => structuredClone(initial),
  on: {
    'onramp/offerReceived': (s, p) => {
      s.offer = p.offer
    },
    'onramp/tokenSelected': (s, p) => {
      s.token = p.id
    },
    'onramp/fiatSelected': (s, p) => {
      s.fiat = p.id
    },
    'onramp/methodSelected': (s, p) => {
      s.method = p.id
    },
    'onramp/amountChanged': (s, p) => {
      s.amount = p.amount
      s.limitError = p.limitError
    },
    'onramp/quoteRequested': (s) => {
      reset(s)
      s.quoteLoading = true
    },
    'onramp/quoteReceived': (s, p) => {
      s.quoteLoading = false
      s.quotes = p.quotes
    },
    'onramp/quoteFailed': (s, p) => {
      reset(s)
      s.quoteError = p.message
    },
    'onramp/quoteReset': reset,
    'onramp/orderUpdated': (s, p) => {
      s.order = p.order
    },
  },
}

/** The slice, or the initial one before the plugin loaded. */
export const onrampOf = (s: KernelState): OnRampState => s.onramp ?? initial
