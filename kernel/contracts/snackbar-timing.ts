// The snackbar's timing (SPEC §4: a new message hides the old, then shows after 150 ms; success and error hide
// themselves). It loads with the navigation code (navigation-handlers.ts), so the first-paint chunk does not carry it.
import type { TimerHandle } from '../clock.js'
import type { HandlerContext } from '../plugin.js'
import { SnackbarDurationMs, SnackbarSwapMs, type SnackbarVariant } from './notices.js'

/** One kernel's snackbar handlers, with their own id counter and timer. */
export interface SnackbarTiming {
  show(input: { variant: SnackbarVariant; message: string }, ctx: HandlerContext): void
  hide(ctx: HandlerContext): void
}

/** Creates the snackbar handlers of one kernel. */
export function createSnackbarTiming(): SnackbarTiming {
  let nextId = 1
  let timer: TimerHandle | undefined
  return {
    show(input, ctx) {
      const { open, id: openId } = ctx.getState().snackbar
      const id = nextId++
      if (timer) ctx.clock.clearTimeout(timer)
      const show = () => {
        ctx.emit('snackbar/shown', { variant: input.variant, message: input.message, id })
        timer =
          input.variant === 'loading'
            ? undefined
            : ctx.clock.setTimeout(() => ctx.emit('snackbar/hidden', { id }), SnackbarDurationMs)
      }
      if (!open) return show()
      ctx.emit('snackbar/hidden', { id: openId })
      timer = ctx.clock.setTimeout(show, SnackbarSwapMs)
    },
    hide(ctx) {
      if (timer) ctx.clock.clearTimeout(timer)
      ctx.emit('snackbar/hidden', { id: ctx.getState().snackbar.id })
    },
  }
}
