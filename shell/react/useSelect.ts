// Reading kernel state from React through signals: a computed per selector, subscribed with useSignals().
import { computed } from '@preact/signals-core'
import { useSignals } from '@preact/signals-react/runtime'
import { useMemo, useRef } from 'react'
import type { Kernel, KernelState } from '../../kernel/index.js'

/** Subscribes the component to `selector(state)`; it re-renders only when that value changes (by `Object.is`). */
export function useSelect<T>(kernel: Kernel, selector: (state: KernelState) => T): T {
  useSignals()
  const latest = useRef(selector)
  latest.current = selector
  const last = useRef<T>(undefined as T)
  const selected = useMemo(() => computed(() => read(latest.current, kernel.state.value, last)), [kernel])
  // Reading the computed subscribes; the return uses the current selector so props captured by it are fresh.
  void selected.value
  return read(selector, kernel.state.peek(), last)
}

// A destroyed Foyer's kernel has no slices left; components the host hasn't unmounted yet keep their last value.
function read<T>(selector: (state: KernelState) => T, state: KernelState, last: { current: T }): T {
  if (!(state as Partial<KernelState>).account) return last.current
  return (last.current = selector(state))
}
