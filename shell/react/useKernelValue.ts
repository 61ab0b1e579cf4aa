// Reading kernel state from the host's first paint (buttons, public hooks): React's own store hook over a computed of
// the selector, with none of the signals runtime. The modal's components use useSelect instead (its chunk brings the
// runtime, whose render-wide tracking they rely on).
import { computed, type ReadonlySignal } from '@preact/signals-core'
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react'
import type { Kernel, KernelState } from '../../kernel/index.js'
import { serverState } from '../server.js'

// What a server render and hydration see instead of the live value: after hydration React reads the live one and
// renders again, so a restored session shows then, never as a hydration mismatch.
const Server = Symbol('server')
const serverSnapshot = () => Server

/**
 * Subscribes the component to `selector(state)`; it re-renders only when that value changes (by `Object.is`). The
 * signals `selector` reads are followed (kernel state, and e.g. `kernel.viewIds()`), nothing else read in the render.
 * On a server and while hydrating it gives `selector` of {@link serverState}.
 */
export function useKernelValue<T>(kernel: Kernel, selector: (state: KernelState) => T): T {
  const { selected, current } = useSelection(kernel, selector)
  const subscribe = useCallback((changed: () => void) => selected.subscribe(() => changed()), [selected])
  const snapshot = useSyncExternalStore<unknown>(subscribe, () => selected.value, serverSnapshot)
  return snapshot === Server ? selector(serverState(kernel)) : current()
}

const noSubscription = () => () => {}

/** True while rendering on a server or hydrating server HTML; false on every later render and in a client render. */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  )
}

/**
 * The selector's computed (one per kernel, following the latest selector) and `current()`: the value under the
 * current selector, so props it captured are fresh. A destroyed Foyer's kernel has no slices left: the last value stays.
 */
export function useSelection<T>(
  kernel: Kernel,
  selector: (state: KernelState) => T,
): { selected: ReadonlySignal<T>; current: () => T } {
  const latest = useRef(selector)
  latest.current = selector
  const last = useRef<T>(undefined as T)
  const read = (select: (state: KernelState) => T, state: KernelState): T =>
    (state as Partial<KernelState>).account ? (last.current = select(state)) : last.current
  const selected = useMemo(() => computed(() => read(latest.current, kernel.state.value)), [kernel])
  return { selected, current: () => read(selector, kernel.state.peek()) }
}
