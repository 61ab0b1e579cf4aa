// Requests that move the modal: open, close, push, replace, reset, back, the transaction stack, shake and loading.
import { FoyerError } from '../errors.js'
import type { TimerHandle } from '../clock.js'
import { definePlugin, type HandlerContext } from '../plugin.js'
import type { KernelState } from '../types.js'
import { isConnected } from './account.js'
import { ShakeMs } from './modal.js'
import { currentView, isCloseBlocked, type OpenOptions, type RouteEntry } from './router.js'

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

const knownView = (ctx: HandlerContext, view: string) => {
  if (!ctx.hasView(view))
    throw new FoyerError(`Unknown view "${view}"`, { code: 'UNKNOWN_VIEW', category: 'CONFIGURATION' })
}

const entry = (input: RouteEntry): RouteEntry =>
  input.data === undefined ? { view: input.view } : { view: input.view, data: input.data }

const close = (ctx: HandlerContext): boolean => {
  const state = ctx.getState()
  if (isCloseBlocked(state)) {
    ctx.emit('modal/closeRefused', { view: currentView(state) })
    return false
  }
  ctx.emit('modal/closed', { rejectPending: state.router.transactionStack.length === 0 })
  return true
}

/** The kernel-owned navigation requests and their follow-ups. */
export function navigationPlugin() {
  let shakeTimer: TimerHandle | undefined
  return definePlugin({
    id: 'navigation',
    handlers: {
      'modal/open'(input, ctx) {
        const o = input ?? {}
        if (o.view) knownView(ctx, o.view)
        if (o.namespace && !ctx.getState().config.namespaces.includes(o.namespace)) {
          throw FoyerError.of('adapterNotFound', { reason: o.namespace, category: 'CONFIGURATION' })
        }
        const data = o.data ?? o.arguments
        ctx.emit('modal/opened', {
          ...(o.view ? { view: o.view } : {}),
          ...(o.namespace ? { namespace: o.namespace } : {}),
          ...(data !== undefined ? { data } : {}),
        })
      },
      'modal/close': (_i, ctx) => close(ctx),
      'modal/shake'(_i, ctx) {
        if (shakeTimer) ctx.clock.clearTimeout(shakeTimer)
        ctx.emit('modal/shakeStarted', {})
        shakeTimer = ctx.clock.setTimeout(() => {
          shakeTimer = undefined
          ctx.emit('modal/shakeEnded', {})
        }, ShakeMs)
      },
      'modal/startLoading'(_i, ctx) {
        ctx.emit('modal/loadingStarted', {})
      },
      'modal/stopLoading'(_i, ctx) {
        ctx.emit('modal/loadingFinished', {})
      },
      'modal/setEmbeddedMode'(input, ctx) {
        ctx.emit('modal/embeddedModeChanged', { embedded: !!input.embedded })
      },
      'router/push'(input, ctx) {
        knownView(ctx, input.view)
        ctx.emit('view/pushed', entry(input))
      },
      'router/replace'(input, ctx) {
        knownView(ctx, input.view)
        ctx.emit('view/replaced', entry(input))
      },
      'router/reset'(input, ctx) {
        knownView(ctx, input.view)
        ctx.emit('view/reset', entry(input))
      },
      'router/back'(_i, ctx) {
        const state = ctx.getState()
        if (state.router.history.length <= 1) {
          close(ctx)
          return
        }
        ctx.emit('view/popped', { from: currentView(state) })
      },
      'router/pushTransaction'(input, ctx) {
        ctx.emit('router/transactionPushed', { id: input.id })
      },
      'router/popTransaction'(input, ctx) {
        ctx.emit('router/transactionPopped', input)
      },
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
