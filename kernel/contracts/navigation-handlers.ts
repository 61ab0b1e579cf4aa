// The work of the navigation requests (open, close, push, replace, reset, back, the transaction stack, shake and
// loading). navigation.ts loads it at the visitor's intent or the first such request, so the first-paint chunk does
// not carry it.
import type { TimerHandle } from '../clock.js'
import { FoyerError } from '../errors.js'
import type { Handler, HandlerContext } from '../plugin.js'
import { ShakeMs } from './modal.js'
import { currentView, isCloseBlocked, type RouteEntry } from './router.js'
import type { NavigationRequest } from './navigation.js'

// The snackbar's timing loads with this chunk: both only matter once the modal is open.
export { createSnackbarTiming } from './snackbar-timing.js'

/** One handler per navigation request. */
export type NavigationHandlers = { [R in NavigationRequest]: Handler<R> }

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

/** The navigation handlers of one kernel (with their own shake timer). */
export function createNavigationHandlers(): NavigationHandlers {
  let shakeTimer: TimerHandle | undefined
  let projectRead = false
  return {
    async 'modal/open'(input, ctx) {
      const o = input ?? {}
      if (o.view) knownView(ctx, o.view)
      if (o.namespace && !ctx.getState().config.namespaces.includes(o.namespace)) {
        throw FoyerError.of('adapterNotFound', { reason: o.namespace, category: 'CONFIGURATION' })
      }
      // SPEC §4: the remote features and the origin check decide before the modal shows anything, whoever opens it
      // (foyer.open or a plugin); the modal's loading flag is up meanwhile (SPEC §4 modal flags).
      if (!projectRead && ctx.hasRequest('project/init')) {
        ctx.emit('modal/loadingStarted', {})
        await ctx.request('project/init').catch(() => undefined)
        projectRead = true
        ctx.emit('modal/loadingFinished', {})
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
  }
}
