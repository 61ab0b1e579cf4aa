// The `swap` slice: the network's swap tokens and the visitor's balances, the form (tokens, the amount and the field it
// was typed in), the quote for exactly that form, and how the last swap went. A quote belongs to the form it was asked
// for (its key): once the form changes or the quote expires it is no longer shown as current.
import { formatBaseUnits, type KernelState, type SliceSpec } from '../../kernel/index.js'

/** A token the server offers for swaps on the network. */
export interface SwapToken {
  symbol: string
  name: string
  /** CAIP-10 id; the native token uses the 0xeeee… placeholder. */
  address: string
  decimals: number
  logoUri: string
  suggested: boolean
}

/** Which field the visitor typed the amount in: sell exactly (`from`) or buy exactly (`to`). */
export type SwapSide = 'from' | 'to'

/** A quote as the server gave it (amounts in units), with the form it answers. */
export interface SwapQuote {
  key: string
  kind: 'exactIn' | 'exactOut'
  fromAmount: string
  toAmount: string
  priceImpact: string
  slippage: number
  minimumReceived?: string
  maximumSold?: string
  approvalRequired?: boolean
  networkFee?: { fee: string; feeUsd: number | null }
  /** When it arrived (event time), for its expiry. */
  receivedAt: number
}

/** Why the form can't be swapped as it stands. */
export interface SwapIssue {
  code: string
  message: string
}

/** What a finished swap did (amounts in units). */
export interface SwapResult {
  fromAmount: string
  toAmount: string
  fromSymbol: string
  toSymbol: string
  fromDecimals: number
  toDecimals: number
  hashes: string[]
}

/** The `swap` slice. */
export interface SwapState {
  /** Network and account the tokens and balances belong to. */
  caipNetworkId?: string
  caipAddress?: string
  /** Set when the active network is not one swaps run on. */
  unsupported?: string
  tokens: SwapToken[]
  tokensStatus: 'idle' | 'loading' | 'ready' | 'error'
  /** Balances in units by token address (CAIP-10). */
  balances: Record<string, string>
  from?: string
  to?: string
  side: SwapSide
  /** The amount as typed (a decimal string). */
  amount: string
  quote?: SwapQuote
  /** The server's refusal of a form (no liquidity, insufficient balance, …), by form key. */
  quoteIssue?: SwapIssue & { key: string }
  /** Whether the connected wallet sends calls atomically in one prompt (EIP-5792). */
  batches: boolean
  /** The step a swap in progress is at. */
  step?: 'approving' | 'swapping'
  success?: SwapResult
  failure?: SwapIssue
}

declare module '../../kernel/index.js' {
  interface KernelState {
    /** Present once the swap plugin has loaded (read it through {@link swapOf}). */
    swap?: SwapState
  }
  interface EventMap {
    'swap/opened': { caipNetworkId: string; caipAddress?: string; unsupported: boolean }
    'swap/tokensLoaded': { caipNetworkId: string; tokens: SwapToken[] }
    'swap/tokensFailed': { caipNetworkId: string; message: string }
    'swap/balancesLoaded': { caipNetworkId: string; caipAddress: string; balances: Record<string, string> }
    'swap/tokenSelected': { side: SwapSide; address: string }
    'swap/tokensSwitched': { amount: string }
    'swap/amountEntered': { side: SwapSide; value: string }
    'swap/quoteReceived': { quote: Omit<SwapQuote, 'receivedAt'> }
    'swap/quoteRefused': { key: string; code: string; message: string }
    'swap/quoteExpired': { key: string }
    'swap/capabilitiesRead': { caipNetworkId: string; batches: boolean }
    'swap/stepStarted': { step: 'approving' | 'swapping' }
    'swap/approved': { hash: string }
    /** A swap was mined: balances and activity of `caipAddress` on `caipNetworkId` changed. */
    'swap/succeeded': SwapResult & { caipNetworkId: string; caipAddress: string }
    'swap/failed': SwapIssue
  }
}

const Empty: SwapState = Object.freeze({
  tokens: [],
  tokensStatus: 'idle',
  balances: {},
  side: 'from',
  amount: '',
  batches: false,
}) as SwapState
const fresh = (): SwapState => ({ ...Empty, tokens: [], balances: {} })

/** The `swap` slice, or its empty default while the chunk is not loaded. */
export function swapOf(s: KernelState): SwapState {
  return s.swap ?? Empty
}

/** The token with `address` among the network's swap tokens. */
export function tokenOf(s: SwapState, address: string | undefined): SwapToken | undefined {
  return address ? s.tokens.find((t) => t.address === address) : undefined
}

/** The key of the quote the form needs now: network, account, tokens, side and amount. */
export function formKey(s: SwapState): string {
  return [s.caipNetworkId, s.caipAddress, s.from, s.to, s.side, s.amount].join('|')
}

/** The quote for the form as it stands, or undefined (none yet, or one for another form). */
export function currentQuote(s: SwapState): SwapQuote | undefined {
  return s.quote && s.quote.key === formKey(s) ? s.quote : undefined
}

/** The amount of the quote for the field the visitor did not type in, as field text. */
export function quotedText(s: SwapState, side: SwapSide): string {
  const q = currentQuote(s)
  const token = tokenOf(s, side === 'from' ? s.from : s.to)
  if (!q || !token) return ''
  return formatBaseUnits(side === 'from' ? q.fromAmount : q.toAmount, token.decimals)
}

const formChanged = (s: SwapState): void => {
  delete s.success
  delete s.failure
}

/** The slice spec. */
export const swapSlice: SliceSpec<SwapState> = {
  init: fresh,
  on: {
    'swap/opened': (s, p) => {
      // the same network and account keep the form; another starts afresh
      if (s.caipNetworkId === p.caipNetworkId && s.caipAddress === p.caipAddress) return formChanged(s)
      const base = { ...fresh(), caipNetworkId: p.caipNetworkId, caipAddress: p.caipAddress }
      return p.unsupported ? { ...base, unsupported: p.caipNetworkId } : { ...base, tokensStatus: 'loading' }
    },
    'swap/tokensLoaded': (s, p) => {
      if (p.caipNetworkId !== s.caipNetworkId) return
      s.tokens = p.tokens
      s.tokensStatus = 'ready'
      if (!tokenOf(s, s.from)) s.from = p.tokens[0]?.address
    },
    'swap/tokensFailed': (s, p) => {
      if (p.caipNetworkId === s.caipNetworkId) s.tokensStatus = 'error'
    },
    'swap/balancesLoaded': (s, p) => {
      if (p.caipNetworkId === s.caipNetworkId && p.caipAddress === s.caipAddress) s.balances = p.balances
    },
    'swap/tokenSelected': (s, p) => {
      const other = p.side === 'from' ? s.to : s.from
      // picking the other side's token swaps the two, as a visitor expects
      if (p.address === other) [s.from, s.to] = [s.to, s.from]
      else s[p.side] = p.address
      formChanged(s)
    },
    'swap/tokensSwitched': (s, p) => {
      // what was bought is now what is sold: the amount follows the field it was in
      ;[s.from, s.to] = [s.to, s.from]
      s.amount = p.amount
      formChanged(s)
    },
    'swap/amountEntered': (s, p) => {
      s.side = p.side
      s.amount = p.value
      formChanged(s)
    },
    'swap/quoteReceived': (s, p, e) => {
      s.quote = { ...p.quote, receivedAt: e.meta.at }
      if (s.quoteIssue?.key === p.quote.key) delete s.quoteIssue
    },
    'swap/quoteRefused': (s, p) => {
      s.quoteIssue = { key: p.key, code: p.code, message: p.message }
      if (s.quote?.key === p.key) delete s.quote
    },
    'swap/quoteExpired': (s, p) => {
      if (s.quote?.key === p.key) delete s.quote
    },
    'swap/capabilitiesRead': (s, p) => {
      if (p.caipNetworkId === s.caipNetworkId) s.batches = p.batches
    },
    'swap/approved': (s) => {
      delete s.step
    },
    'swap/stepStarted': (s, p) => {
      s.step = p.step
      formChanged(s)
    },
    'swap/succeeded': (s, p) => {
      delete s.step
      delete s.quote // it priced the pools before this trade
      const { caipNetworkId: _n, caipAddress: _a, ...result } = p
      s.success = result
    },
    'swap/failed': (s, p) => {
      delete s.step
      s.failure = { code: p.code, message: p.message }
    },
  },
}
