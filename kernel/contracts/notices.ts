// Snackbar notifications (SPEC §4: a new one hides the old, then shows after 150 ms) and the alert bar.
import type { ShowAlertInput } from '../alerts.js'
import { definePlugin } from '../plugin.js'
import { navigationCode, preloadNavigation } from './navigation.js'
import type { SnackbarTiming } from './snackbar-timing.js'

/** A snackbar variant. */
export type SnackbarVariant = 'loading' | 'success' | 'error'

/** The `snackbar` slice. */
export interface SnackbarState {
  open: boolean
  variant: SnackbarVariant
  message: string
  id: number
}

/** The `alert` slice. */
export interface AlertState {
  open: boolean
  variant: 'error' | 'warning' | 'info' | 'success'
  message: string
  code?: string
}

export type { ShowAlertInput } from '../alerts.js'

declare module '../types.js' {
  interface KernelState {
    snackbar: SnackbarState
    alert: AlertState
  }
  interface EventMap {
    'snackbar/shown': { variant: SnackbarVariant; message: string; id: number }
    'snackbar/hidden': { id: number }
    'alert/shown': { variant: AlertState['variant']; message: string; code?: string }
    'alert/dismissed': Record<string, never>
  }
  interface RequestMap {
    'snackbar/show': { input: { variant: SnackbarVariant; message: string }; output: void }
    'snackbar/hide': { input: void; output: void }
    'alert/show': { input: ShowAlertInput; output: void }
    'alert/dismiss': { input: void; output: void }
  }
}

/** Delay between hiding one snackbar and showing the next (SPEC §9). */
export const SnackbarSwapMs = 150
/** How long a success or error snackbar stays. */
export const SnackbarDurationMs = 2500

const leave = (s: SnackbarState) => {
  if (s.variant === 'success') s.open = false
}

/** The kernel-owned `snackbar` and `alert` slices with their requests. */
export function noticesPlugins() {
  // The timing arrives with the navigation code (at the visitor's intent); from then on a snackbar shows at once.
  let timing: SnackbarTiming | undefined
  const run = (act: (t: SnackbarTiming) => void): void | Promise<void> => {
    const code = navigationCode()
    if (!timing && code) timing = code.createSnackbarTiming()
    return timing ? act(timing) : preloadNavigation().then(() => run(act))
  }
  const shownOnce = new Set<string>()
  const snackbar = definePlugin({
    id: 'snackbar',
    state: {
      init: (): SnackbarState => ({ open: false, variant: 'success', message: '', id: 0 }),
      on: {
        'snackbar/shown': (_s, p) => ({ open: true, ...p }),
        'snackbar/hidden': (s, p) => {
          if (s.id === p.id) s.open = false
        },
        // A success note ("Address copied") belongs to the view it was shown on: it does not follow to the next.
        'view/pushed': leave,
        'view/popped': leave,
        'view/replaced': leave,
        'view/reset': leave,
        'modal/closed': leave,
      },
    },
    handlers: {
      'snackbar/show': (input, ctx) => run((t) => t.show(input, ctx)),
      'snackbar/hide': (_i, ctx) => run((t) => t.hide(ctx)),
    },
  })
  const alert = definePlugin({
    id: 'alert',
    state: {
      init: (): AlertState => ({ open: false, variant: 'info', message: '' }),
      on: {
        'alert/shown': (_s, p) => ({ open: true, ...p }),
        'alert/dismissed': (s) => {
          s.open = false
        },
      },
    },
    handlers: {
      async 'alert/show'(input, ctx) {
        // The catalogue arrives with the first alert; most pages never need it.
        const shown = (await import('../alerts.js')).presentAlert(
          input,
          ctx.getState().config.debug !== false,
          shownOnce,
        )
        if (shown) ctx.emit('alert/shown', shown)
      },
      'alert/dismiss'(_i, ctx) {
        ctx.emit('alert/dismissed', {})
      },
    },
  })
  return [snackbar, alert]
}
