// When the swap plugin works: the Swap view opening (with the host's arguments) readies it; a changed network or
// account readies it again; a picked token asks for a quote; a mined swap reloads the balances and the quote (the
// trade moved the pool); the account's balance line and tokens follow `tokens/balancesChanged` (swap.execute.ts).
import { currentView, type KernelState, type Reaction } from '../../kernel/index.js'
import type { SwapArguments } from './swap.api.js'

const onSwap = (s: KernelState) => s.modal.open && currentView(s) === 'Swap'
const routeData = (s: KernelState) => s.router.history.at(-1)?.data as SwapArguments | undefined

/** The swap plugin's reactions. */
export const swapReactions: Reaction<any, any>[] = [
  { on: 'view/pushed', when: (_e, s) => onSwap(s), request: 'swap/prepare', input: (_e, s) => routeData(s) },
  { on: 'view/replaced', when: (_e, s) => onSwap(s), request: 'swap/prepare', input: (_e, s) => routeData(s) },
  { on: 'modal/opened', when: (_e, s) => onSwap(s), request: 'swap/prepare', input: (_e, s) => routeData(s) },
  { on: 'network/switched', when: (_e, s) => onSwap(s), request: 'swap/prepare' },
  { on: 'wallet/accountChanged', when: (_e, s) => onSwap(s), request: 'swap/prepare' },
  { on: 'swap/tokenSelected', request: 'swap/fetchQuote' },
  { on: 'swap/tokensSwitched', request: 'swap/fetchQuote' },
  { on: 'swap/approved', request: 'swap/fetchQuote' },
  { on: 'swap/succeeded', request: 'swap/loadBalances' },
  { on: 'swap/succeeded', request: 'swap/fetchQuote' },
]
