// The `send` slice: the form (token, amount as typed, receiver as typed), the reviewed transfer the preview shows,
// the last refusal's message, and the last success. Any edit returns to the form and clears the old outcome; a success
// resets the form (SPEC §4).
import { portfolioOf, type KernelState, type SliceSpec, type TokenBalance } from '../../kernel/index.js'

/** A transfer checked and priced, as the preview shows it (amounts in base units). */
export interface SendReview {
  caipNetworkId: string
  networkName: string
  token: string
  symbol: string
  decimals: number
  amount: string
  /** The receiver's address (resolved when a name was typed). */
  to: string
  /** The name typed, when the receiver was resolved from one. */
  name?: string
  /** Estimated network fee in base units of the native token. */
  fee: string
  feeSymbol: string
  feeDecimals: number
  /** The fee in USD (decimal string), when the native token's price is known. */
  feeUsd?: string
}

/** A mined transfer. */
export interface SendSuccess {
  hash: string
  caipNetworkId: string
  symbol: string
  decimals: number
  amount: string
  to: string
  explorerUrl?: string
}

/** The `send` slice. */
export interface SendState {
  caipNetworkId?: string
  caipAddress?: string
  /** CAIP-10 id of the picked token (as in the portfolio's balances). */
  token?: string
  amount: string
  receiver: string
  review?: SendReview
  error?: string
  success?: SendSuccess
}

/** A change the visitor made to the form. */
export type SendEdit = { token?: string; amount?: string; receiver?: string }

declare module '../../kernel/index.js' {
  interface KernelState {
    send?: SendState
  }
  interface EventMap {
    'send/opened': { caipNetworkId: string; caipAddress: string }
    'send/edited': SendEdit
    'send/reviewed': SendReview
    'send/reviewClosed': Record<string, never>
    'send/refused': { message: string }
    /** A transfer was mined: balances and activity of `caipAddress` changed. */
    'send/succeeded': SendSuccess & { caipAddress: string }
  }
}

const Empty: SendState = Object.freeze({ amount: '', receiver: '' }) as SendState

/** The `send` slice, or its empty default while the chunk is not loaded. */
export function sendOf(s: KernelState): SendState {
  return s.send ?? Empty
}

const rank = (t: TokenBalance) => (t.type === 'NATIVE' ? 0 : 1)

/** The tokens the account can send on the form's network: the native token first, then by symbol. */
export function sendTokens(s: KernelState): TokenBalance[] {
  const { caipNetworkId, caipAddress } = sendOf(s)
  const p = portfolioOf(s)
  if (!caipNetworkId || p.caipAddress !== caipAddress) return []
  return p.balances.items
    .filter((t) => t.caipNetworkId === caipNetworkId)
    .sort((a, b) => rank(a) - rank(b) || a.symbol.localeCompare(b.symbol))
}

/** The picked token's balance entry. */
export function pickedToken(s: KernelState): TokenBalance | undefined {
  const token = sendOf(s).token
  return token ? sendTokens(s).find((t) => t.address === token) : undefined
}

const cleared = (s: SendState) => {
  delete s.review
  delete s.error
  delete s.success
}

/** The slice spec. */
export const sendSlice: SliceSpec<SendState> = {
  init: () => ({ amount: '', receiver: '' }),
  on: {
    'send/opened': (s, p) => {
      if (s.caipNetworkId === p.caipNetworkId && s.caipAddress === p.caipAddress) return cleared(s)
      return { amount: '', receiver: '', ...p }
    },
    'send/edited': (s, p) => {
      if (p.token !== undefined) s.token = p.token
      if (p.amount !== undefined) s.amount = p.amount
      if (p.receiver !== undefined) s.receiver = p.receiver
      cleared(s)
    },
    'send/reviewed': (s, p) => {
      s.review = p
      delete s.error
    },
    'send/reviewClosed': (s) => cleared(s),
    'send/refused': (s, p) => {
      s.error = p.message
    },
    'send/succeeded': (s, p) => {
      const { caipAddress: _a, ...success } = p
      return { caipNetworkId: s.caipNetworkId, caipAddress: s.caipAddress, amount: '', receiver: '', success }
    },
  },
}
