// Requests that move the modal: open, close, push, replace, reset, back, the transaction stack, shake and loading. Their
// work (navigation-handlers.ts) loads at the visitor's intent; what stays here is what the kernel needs from the start.
import { definePlugin, type Handler } from '../plugin.js'
import type { KernelState } from '../types.js'
import { isConnected } from './account.js'
import type { NavigationHandlers } from './navigation-handlers.js'
import { currentView, type OpenOptions, type RouteEntry } from './router.js'

declare module '../types.js' {
  interface RequestMap {
    'modal/open': { input: OpenOptions | undefined; output: void }
    /** Resolves true when closed, false when closing was refused. */
    'modal/close': { input: void; output: boolean }
    'modal/shake': { input: void; output: void }
    'modal/startLoading': { input: void; output: void }
    'modal/stopLoading': { input: void; output: void }
    'modal/setEmbeddedMode': { input: { embedded: boolean }; output: void }
    'router/push': { input: RouteEntry; output: void }
    'router/replace': { input: RouteEntry; output: void }
    'router/reset': { input: RouteEntry; output: void }
    'router/back': { input: void; output: void }
    'router/pushTransaction': { input: { id: string }; output: void }
    'router/popTransaction': { input: { id: string; status: 'success' | 'error' | 'cancel' }; output: void }
    /** Provided by the embedded-wallet plugin; rejects requests waiting for approval. */
    'wallet/rejectPendingRequests': { input: void; output: void }
    /** Provided by the auth plugin; reloads its connector (frame) state. */
    'auth/reloadConnector': { input: void; output: void }
  }
}

/** Delay before the auth connector reloads after leaving ConnectingFarcaster while disconnected (SPEC §9). */
export const FarcasterReloadMs = 100

/** The requests {@link navigationPlugin} answers. */
export type NavigationRequest =
  | 'modal/open'
  | 'modal/close'
  | 'modal/shake'
  | 'modal/startLoading'
  | 'modal/stopLoading'
  | 'modal/setEmbeddedMode'
  | 'router/push'
  | 'router/replace'
  | 'router/reset'
  | 'router/back'
  | 'router/pushTransaction'
  | 'router/popTransaction'

/** Starts loading the navigation requests' code (the visitor's intent calls it: opening then waits for no download). */
export const preloadNavigation = () => import('./navigation-handlers.js').then((m) => (code = m))
let code: typeof import('./navigation-handlers.js') | undefined

/** That code once it has loaded (the snackbar's timing comes with it), else undefined. */
export const navigationCode = () => code

/** The kernel-owned navigation requests and their follow-ups. */
export function navigationPlugin() {
  // Once the code is here (after the visitor's intent) a request runs at once, as if it had always been eager.
  let handlers: NavigationHandlers | undefined
  const lazy =
    <R extends NavigationRequest>(name: R): Handler<R> =>
    (input, ctx) => {
      if (!handlers && code) handlers = code.createNavigationHandlers()
      if (handlers) return (handlers[name] as Handler<R>)(input, ctx)
      return preloadNavigation().then(() => lazy(name)(input, ctx))
    }
  return definePlugin({
    id: 'navigation',
    handlers: {
      'modal/open': lazy('modal/open'),
      'modal/close': lazy('modal/close'),
      'modal/shake': lazy('modal/shake'),
      'modal/startLoading': lazy('modal/startLoading'),
      'modal/stopLoading': lazy('modal/stopLoading'),
      'modal/setEmbeddedMode': lazy('modal/setEmbeddedMode'),
      'router/push': lazy('router/push'),
      'router/replace': lazy('router/replace'),
      'router/reset': lazy('router/reset'),
      'router/back': lazy('router/back'),
      'router/pushTransaction': lazy('router/pushTransaction'),
      'router/popTransaction': lazy('router/popTransaction'),
    },
    reactions: [
      { on: 'modal/closeRefused', request: 'modal/shake' },
      // SPEC §2: closing with an empty transaction stack rejects pending wallet requests.
      {
        on: 'modal/closed',
        when: (e) => e.payload.rejectPending,
        request: 'wallet/rejectPendingRequests',
        optional: true,
      },
      {
        on: 'view/popped',
        after: FarcasterReloadMs,
        optional: true,
        request: 'auth/reloadConnector',
        when: (e, state) => e.payload.from === 'ConnectingFarcaster' && !isConnected(state),
      },
      // Back with no history closes instead of popping; leaving ConnectingFarcaster so reloads too (AppKit's goBack).
      {
        on: 'router/back/started',
        after: FarcasterReloadMs,
        optional: true,
        request: 'auth/reloadConnector',
        when: (_e: unknown, state: KernelState) =>
          state.router.history.length <= 1 && currentView(state) === 'ConnectingFarcaster' && !isConnected(state),
      },
    ],
  })
}
