// SPEC §4 initialization: options, adapters, reconnect, remote features, origin check, the optional authentication
// module, modal injection, then `initialized`. Foyer runs the start-up part at once (options, adapters, the stored
// connection's restore — the embedded wallet's included) and sets `initialized` when it has settled; remote features,
// the origin check and the modal wait for the visitor's first intent (no request leaves a page before the visitor
// acts), in that order: the modal first opens once they are decided. `steps` records each step as it completes.
import { definePlugin } from '../plugin.js'
import type { Kernel } from '../kernel.js'
import { isConnecting } from './account.js'

/** A step of SPEC §4's initialization. */
export type InitStep = 'options' | 'adapters' | 'reconnect' | 'remoteFeatures' | 'originCheck' | 'modal'

/** The `initialization` slice. */
export interface InitializationState {
  /** True once start-up has settled: options checked, adapters registered, any stored connection restored or not. */
  initialized: boolean
  /** The steps done so far, in the order they completed. */
  steps: InitStep[]
}

declare module '../types.js' {
  interface KernelState {
    initialization: InitializationState
  }
  interface EventMap {
    /** One SPEC §4 initialization step completed. */
    'app/initStepCompleted': { step: InitStep }
    /** Start-up settled (SPEC §4 `initialized`). */
    'app/initialized': Record<string, never>
  }
}

const done = (s: InitializationState, step: InitStep) => {
  if (!s.steps.includes(step)) s.steps.push(step)
}

/** The kernel-owned `initialization` slice (the remote steps are read off the project plugin's facts). */
export const initializationPlugin = definePlugin({
  id: 'initialization',
  state: {
    init: (): InitializationState => ({ initialized: false, steps: [] }),
    on: {
      'app/initStepCompleted': (s, p) => done(s, p.step),
      'app/initialized': (s) => {
        s.initialized = true
      },
      'project/configApplied': (s) => done(s, 'remoteFeatures'),
      'project/originChecked': (s) => done(s, 'originCheck'),
      // The modal's element joins the page at the visitor's intent; the modal is in place once it first opens.
      'modal/opened': (s) => done(s, 'modal'),
    },
  },
})

/**
 * Runs the start-up part on a kernel whose manifests have booted (a stored connection shows "connecting" by then):
 * options and adapters are done, and `initialized` follows once no namespace is connecting any more. Returns stop.
 */
export function startInitialization(kernel: Kernel): () => void {
  const step = (s: InitStep) => kernel.emit('app/initStepCompleted', { step: s })
  step('options')
  step('adapters')
  const settle = () => {
    if (isConnecting(kernel.getState()) || kernel.getState().initialization.initialized) return
    stop()
    step('reconnect')
    kernel.emit('app/initialized', {})
  }
  const stop = kernel.onAny(settle)
  settle()
  return stop
}
