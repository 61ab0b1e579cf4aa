// Why the form can't be swapped as it stands, in the order a visitor should fix things: the network, the amount,
// the balance, then what the server said of the quote; and how the last attempt ended, which blocks nothing.
import { parseBaseUnits, type KernelState } from '../../kernel/index.js'
import { currentQuote, formKey, swapOf, tokenOf, type SwapIssue } from './swap.state.js'

/** Price impact (percent) from which the form warns; Uniswap's interface warns from 3 %. */
export const PriceImpactWarningPercent = 3

/** What the form shows: its blocking issue, else how the last attempt failed. */
export function formIssue(state: KernelState): SwapIssue | undefined {
  return blockingIssue(state) ?? swapOf(state).failure
}

/** The first issue that keeps the form from being swapped, or undefined (also while it is still empty). */
export function blockingIssue(state: KernelState): SwapIssue | undefined {
  const s = swapOf(state)
  if (s.unsupported) {
    const name = state.config.networks.find((n) => n.caipNetworkId === s.unsupported)?.name ?? s.unsupported
    return {
      code: 'unsupported_network',
      message: `Swaps are not supported on ${name}. Switch to a supported network.`,
    }
  }
  const typed = tokenOf(s, s.side === 'from' ? s.from : s.to)
  if (s.amount === '' || !typed) return undefined
  const units = parseBaseUnits(s.amount, typed.decimals)
  if (units === undefined)
    return { code: 'invalid_amount', message: `Enter an amount with at most ${typed.decimals} decimals` }
  if (units === 0n) return { code: 'zero_amount', message: 'Enter an amount greater than 0' }
  const from = tokenOf(s, s.from)
  const held = from ? s.balances[from.address] : undefined
  const selling = s.side === 'from' ? units : BigInt(currentQuote(s)?.fromAmount ?? 0)
  if (from && held !== undefined && selling > BigInt(held))
    return { code: 'insufficient_balance', message: `Insufficient ${from.symbol} balance` }
  if (s.quoteIssue && s.quoteIssue.key === formKey(s)) return { code: s.quoteIssue.code, message: s.quoteIssue.message }
  return undefined
}

/** True when the current quote's price impact calls for a warning. */
export function highPriceImpact(state: KernelState): boolean {
  const q = currentQuote(swapOf(state))
  return !!q && Number(q.priceImpact) >= PriceImpactWarningPercent
}
