// The view stack as a reducer implementing SPEC §2's open, close and back rules.
import { definePlugin } from '../plugin.js'
import type { KernelState } from '../types.js'
import { isConnected } from './account.js'

/** One entry of the view history. */
export interface RouteEntry {
  view: string
  data?: unknown
}

/** The `router` slice: history (last entry is the current view) and the transaction stack. */
export interface RouterState {
  history: RouteEntry[]
  transactionStack: string[]
}

/** What `open` accepts (SPEC §2 "Opening"). */
export interface OpenOptions {
  view?: string
  namespace?: string
  data?: unknown
  /** AppKit's name for `data` (e.g. `{ fromToken, toToken, amount }` for Swap): the opened view's data. */
  arguments?: unknown
}

declare module '../types.js' {
  interface KernelState {
    router: RouterState
  }
  interface EventMap {
    'modal/opened': OpenOptions
    'modal/closed': { rejectPending: boolean }
    'view/pushed': RouteEntry
    'view/replaced': RouteEntry
    'view/reset': RouteEntry
    'view/popped': { from: string }
    'router/transactionPushed': { id: string }
    'router/transactionPopped': { id: string; status: 'success' | 'error' | 'cancel' }
  }
}

/** The views on which closing is refused while sign-in is required and no session exists. */
export const SignViews: readonly string[] = ['SIWXSignMessage', 'ApproveTransaction']

/** The view `open` shows for the given options and state. */
export function resolveOpenView(state: KernelState, o: OpenOptions): string {
  if (o.view) return o.view
  if (o.namespace) return state.account.namespaces[o.namespace]?.status === 'connected' ? 'Account' : 'Connect'
  if (isConnected(state)) return 'Account'
  if (state.config.namespaces.length === 0) return state.config.mobile ? 'AllWallets' : 'ConnectingWalletConnectBasic'
  return 'Connect'
}

/** The view the modal rests on after closing. */
export function restingView(state: KernelState): string {
  return state.modal.embedded && isConnected(state) ? 'Account' : 'Connect'
}

/** The current view id. */
export function currentView(state: KernelState): string {
  return state.router.history.at(-1)?.view ?? 'Connect'
}

/** What a view opened without its needs lacks: a connected account, or its flow's context (route data or state). */
export type UnmetNeed = 'connection' | 'context'

const isSet = (state: KernelState, path: string): boolean =>
  !!path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], state)

/** The first of a view's `needs` (ViewMeta) that `state` and the route's `data` do not meet; undefined when all are. */
export function unmetNeed(
  needs: readonly string[] | undefined,
  state: KernelState,
  data: unknown,
): UnmetNeed | undefined {
  for (const need of needs ?? []) {
    if (need === 'connection') {
      if (!isConnected(state)) return 'connection'
    } else if (need === 'data' ? data == null : !isSet(state, need)) return 'context'
  }
  return undefined
}

/** True when closing is refused now (SPEC §2). */
export function isCloseBlocked(state: KernelState): boolean {
  return SignViews.includes(currentView(state)) && state.account.sessionRequired && state.account.sessionCount === 0
}

// Back one step; SPEC §2: when that lands on Connect while connected, Account is shown instead.
const popView = (s: RouterState, root: KernelState) => {
  if (s.history.length > 1) s.history.pop()
  if (s.history.at(-1)?.view === 'Connect' && isConnected(root)) s.history[s.history.length - 1] = { view: 'Account' }
}

/** The kernel-owned `router` slice. */
export const routerPlugin = definePlugin({
  id: 'router',
  state: {
    init: (): RouterState => ({ history: [{ view: 'Connect' }], transactionStack: [] }),
    on: {
      'modal/opened': (s, p, _e, root) => {
        s.history = [
          p.data === undefined ? { view: resolveOpenView(root, p) } : { view: resolveOpenView(root, p), data: p.data },
        ]
      },
      'modal/closed': (s, _p, _e, root) => {
        s.history = [{ view: restingView(root) }]
        s.transactionStack = []
      },
      'view/pushed': (s, p) => {
        // Pushing the view already shown is a no-op, so double clicks don't stack duplicates.
        if (s.history.at(-1)?.view !== p.view) s.history.push(p)
      },
      'view/replaced': (s, p) => {
        s.history[Math.max(0, s.history.length - 1)] = p
      },
      'view/reset': (s, p) => {
        s.history = [p]
      },
      'view/popped': (s, _p, _e, root) => {
        popView(s, root)
      },
      'router/transactionPushed': (s, p) => {
        s.transactionStack.push(p.id)
      },
      'router/transactionPopped': (s, p, _e, root) => {
        // Popping a transaction that is not on the stack is a no-op; error and cancel go back one step (AppKit's goBack).
        if (!s.transactionStack.includes(p.id)) return
        s.transactionStack = s.transactionStack.filter((id) => id !== p.id)
        if (p.status !== 'success' && s.history.length > 1) popView(s, root)
      },
    },
  },
})
