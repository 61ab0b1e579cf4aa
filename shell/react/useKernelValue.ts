// Reading kernel state from the host's first paint (buttons, public hooks): React's own store hook over a computed of
// the selector, with none of the signals runtime. The modal's components use useSelect instead (its chunk brings the
// runtime, whose render-wide tracking they rely on).
import { computed } from '@preact/signals-core'
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react'
import type { Kernel, KernelState } from '../../kernel/index.js'

/**
 * Subscribes the component to `selector(state)`; it re-renders only when that value changes (by `Object.is`). The
 * signals `selector` reads are followed (kernel state, and e.g. `kernel.viewIds()`), nothing else read in the render.
 */
export function useKernelValue<T>(kernel: Kernel, selector: (state: KernelState) => T): T {
  const latest = useRef(selector)
  latest.current = selector
  const last = useRef<T>(undefined as T)
  const selected = useMemo(() => computed(() => readSelected(latest.current, kernel.state.value, last)), [kernel])
  const subscribe = useCallback((changed: () => void) => selected.subscribe(() => changed()), [selected])
  useSyncExternalStore(subscribe, () => selected.value)
  // The current selector, so props it captured are fresh.
  return readSelected(selector, kernel.state.peek(), last)
}

/** `selector(state)`, remembered; a destroyed Foyer's kernel has no slices left, so components keep their last value. */
export function readSelected<T>(selector: (state: KernelState) => T, state: KernelState, last: { current: T }): T {
  if (!(state as Partial<KernelState>).account) return last.current
  return (last.current = selector(state))
}
