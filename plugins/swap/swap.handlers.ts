// Opening a swap (network check, tokens from the server, balances from the chain, the host's arguments), editing the
// form, and quotes for it. Quotes answer the form they were asked for; an answer for an older form is dropped.
import {
  activeCaipAddress,
  formatBaseUnits,
  HttpError,
  namespaceOf,
  parseBaseUnits,
  referenceOf,
  type HandlerContext,
} from '../../kernel/index.js'
import { accountAddress, sanitizeTokens, type SwapArguments } from './swap.api.js'
import { currentQuote, formKey, swapOf, tokenOf, type SwapSide, type SwapState } from './swap.state.js'

// What a visitor may type into an amount field: digits with one optional point.
const AmountPattern = /^\d*\.?\d*$/

declare module '../../kernel/index.js' {
  interface RequestMap {
    /** Readies the Swap view for the active network and account, with AppKit's `open` arguments if given. */
    'swap/prepare': { input: SwapArguments | undefined; output: void }
    /** Reads the visitor's balance of every swap token on the network. */
    'swap/loadBalances': { input: void; output: void }
    'swap/selectToken': { input: { side: SwapSide; address: string }; output: void }
    /** The visitor typed `value` (a decimal string) into the `side` field. */
    'swap/enterAmount': { input: { side: SwapSide; value: string }; output: void }
    'swap/switchTokens': { input: void; output: void }
    /** Quotes the form as it stands (`key`: only if the form is still the one that key names). */
    'swap/fetchQuote': { input: { key?: string } | undefined; output: void }
  }
}

/** SPEC §9: the 12 networks swaps are offered on. */
export const SwapNetworkIds: readonly number[] = [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554]

/** How often an open Swap view asks for a fresh quote (the pools move with every trade). */
export const QuoteRefreshMs = 10_000

/** The pause after a keystroke before the amount is quoted. */
export const QuoteDebounceMs = 300

/** A quote older than this is dropped rather than shown (the refresh replaces it well before). */
export const QuoteTtlMs = 30_000

const ERC20_BALANCE = [
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const

const isNative = (caip10: string) => /:0xe{40}$/i.test(caip10)

/** The token of the network a host argument names (symbol, address or CAIP-10 id). */
function tokenByArgument(s: SwapState, arg: string | undefined): string | undefined {
  if (!arg) return undefined
  const a = arg.toLowerCase()
  return s.tokens.find((t) => t.symbol.toLowerCase() === a || t.address.toLowerCase().endsWith(a))?.address
}

async function prepare(input: SwapArguments | undefined, ctx: HandlerContext): Promise<void> {
  const state = ctx.getState()
  const caipNetworkId = state.account.activeCaipNetworkId
  if (!caipNetworkId) return
  const caipAddress = activeCaipAddress(state)
  const unsupported =
    namespaceOf(caipNetworkId) !== 'eip155' || !SwapNetworkIds.includes(Number(referenceOf(caipNetworkId)))
  ctx.emit('swap/opened', { caipNetworkId, ...(caipAddress ? { caipAddress } : {}), unsupported })
  if (unsupported) return
  if (swapOf(ctx.getState()).tokensStatus !== 'ready') {
    try {
      const res = await ctx.http.get<unknown>({ path: 'v1/convert/tokens', params: { chainId: caipNetworkId } })
      ctx.emit('swap/tokensLoaded', { caipNetworkId, tokens: sanitizeTokens(res) })
    } catch (error) {
      ctx.emit('swap/tokensFailed', { caipNetworkId, message: error instanceof Error ? error.message : 'Failed' })
      throw error
    }
  }
  const s = swapOf(ctx.getState())
  const from = tokenByArgument(s, input?.fromToken)
  const to = tokenByArgument(s, input?.toToken)
  if (from) ctx.emit('swap/tokenSelected', { side: 'from', address: from })
  if (to) ctx.emit('swap/tokenSelected', { side: 'to', address: to })
  if (input?.amount !== undefined && AmountPattern.test(input.amount))
    ctx.emit('swap/amountEntered', { side: 'from', value: input.amount })
  await Promise.all([loadBalances(ctx), fetchQuote(undefined, ctx), readCapabilities(ctx, caipNetworkId)])
}

async function readCapabilities(ctx: HandlerContext, caipNetworkId: string): Promise<void> {
  if (!activeCaipAddress(ctx.getState())) return
  const caps = await ctx.request('wallet/getCapabilities', { caipNetworkId }).catch(() => undefined)
  ctx.emit('swap/capabilitiesRead', { caipNetworkId, batches: !!caps && caps.atomic !== 'unsupported' })
}

async function loadBalances(ctx: HandlerContext): Promise<void> {
  const { caipNetworkId, caipAddress, tokens } = swapOf(ctx.getState())
  if (!caipNetworkId || !caipAddress || tokens.length === 0) return
  const owner = accountAddress(caipAddress)
  const amounts = await Promise.all(
    tokens.map(async (t) =>
      isNative(t.address)
        ? BigInt(
            String(
              await ctx.request('chain/read', { caipNetworkId, method: 'eth_getBalance', params: [owner, 'latest'] }),
            ),
          ).toString()
        : String(
            await ctx.request('chain/readContract', {
              caipNetworkId,
              address: accountAddress(t.address),
              abi: ERC20_BALANCE,
              functionName: 'balanceOf',
              args: [owner],
            }),
          ),
    ),
  )
  const balances = Object.fromEntries(tokens.map((t, i) => [t.address, amounts[i]]))
  ctx.emit('swap/balancesLoaded', { caipNetworkId, caipAddress, balances })
}

async function fetchQuote(input: { key?: string } | undefined, ctx: HandlerContext): Promise<void> {
  const s = swapOf(ctx.getState())
  const key = formKey(s)
  if (input?.key !== undefined && input.key !== key) return // the visitor typed on: a later call quotes that
  const from = tokenOf(s, s.from)
  const to = tokenOf(s, s.to)
  const typed = tokenOf(s, s.side === 'from' ? s.from : s.to)
  const units = typed ? parseBaseUnits(s.amount, typed.decimals) : undefined
  if (s.unsupported || !s.caipNetworkId || !from || !to || !units) return
  const held = s.balances[from.address]
  // above the balance the price is still shown (without the user's part); the form says what is missing
  const short = s.side === 'from' && held !== undefined && units > BigInt(held)
  const old = currentQuote(s)
  if (old && ctx.clock.now() - old.receivedAt > QuoteTtlMs) ctx.emit('swap/quoteExpired', { key })
  let res: { quote?: Record<string, unknown> }
  try {
    res = await ctx.http.get({
      path: 'v1/convert/quotes',
      params: {
        chainId: s.caipNetworkId,
        from: from.address,
        to: to.address,
        [s.side === 'from' ? 'amount' : 'toAmount']: units.toString(),
        userAddress: s.caipAddress && !short ? accountAddress(s.caipAddress) : undefined,
      },
    })
  } catch (error) {
    if (formKey(swapOf(ctx.getState())) !== key) return
    const code =
      error instanceof HttpError ? String((error.body as { error?: unknown })?.error ?? error.code) : 'network'
    const message = error instanceof HttpError ? (error.reason ?? error.message) : 'Could not get a quote'
    ctx.emit('swap/quoteRefused', { key, code, message })
    return
  }
  if (formKey(swapOf(ctx.getState())) !== key) return
  const q = res?.quote ?? {}
  const str = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? v : undefined)
  const fromAmount = str(q.fromAmount)
  const toAmount = str(q.toAmount)
  if (!fromAmount || !toAmount) return
  const fee = q.networkFee as { fee?: unknown; feeUsd?: unknown } | undefined
  ctx.emit('swap/quoteReceived', {
    quote: {
      key,
      kind: q.kind === 'exactOut' ? 'exactOut' : 'exactIn',
      fromAmount,
      toAmount,
      priceImpact: typeof q.priceImpact === 'string' ? q.priceImpact : '0.00',
      slippage: typeof q.slippage === 'number' ? q.slippage : 1,
      ...(str(q.minimumReceived) ? { minimumReceived: str(q.minimumReceived) } : {}),
      ...(str(q.maximumSold) ? { maximumSold: str(q.maximumSold) } : {}),
      ...(typeof q.approvalRequired === 'boolean' ? { approvalRequired: q.approvalRequired } : {}),
      ...(fee && str(fee.fee)
        ? { networkFee: { fee: str(fee.fee)!, feeUsd: typeof fee.feeUsd === 'number' ? fee.feeUsd : null } }
        : {}),
    },
  })
}

/** The handlers of the form and its quotes. */
export const formHandlers = {
  'swap/prepare': prepare,
  'swap/loadBalances': (_input: void, ctx: HandlerContext) => loadBalances(ctx),
  'swap/fetchQuote': fetchQuote,
  'swap/selectToken'(input: { side: SwapSide; address: string }, ctx: HandlerContext) {
    if (tokenOf(swapOf(ctx.getState()), input.address)) ctx.emit('swap/tokenSelected', input)
  },
  async 'swap/enterAmount'(input: { side: SwapSide; value: string }, ctx: HandlerContext) {
    const value = input.value.trim().replace(',', '.')
    if (value.length > 40 || !AmountPattern.test(value)) return
    ctx.emit('swap/amountEntered', { side: input.side, value })
    // quote once the visitor pauses: a later keystroke changes the form, and this call then quotes nothing
    const key = formKey(swapOf(ctx.getState()))
    await new Promise<void>((resolve) => ctx.clock.setTimeout(resolve, QuoteDebounceMs))
    await fetchQuote({ key }, ctx)
  },
  'swap/switchTokens'(_input: void, ctx: HandlerContext) {
    const s = swapOf(ctx.getState())
    const q = currentQuote(s)
    const other = tokenOf(s, s.side === 'from' ? s.to : s.from)
    // the bought amount becomes the amount to sell, and the other way round
    const amount =
      q && other ? formatBaseUnits(s.side === 'from' ? q.toAmount : q.fromAmount, other.decimals) : s.amount
    ctx.emit('swap/tokensSwitched', { amount })
  },
}
