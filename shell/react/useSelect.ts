// Reading kernel state from the modal's components through signals: a computed per selector, subscribed with
// useSignals(), which also follows every other signal the component reads while rendering (views, catalog).
import { computed } from '@preact/signals-core'
import { useSignals } from '@preact/signals-react/runtime'
import { useMemo, useRef } from 'react'
import type { Kernel, KernelState } from '../../kernel/index.js'
import { readSelected } from './useKernelValue.js'

/** Subscribes the component to `selector(state)`; it re-renders only when that value changes (by `Object.is`). */
export function useSelect<T>(kernel: Kernel, selector: (state: KernelState) => T): T {
  useSignals()
  const latest = useRef(selector)
  latest.current = selector
  const last = useRef<T>(undefined as T)
  const selected = useMemo(() => computed(() => readSelected(latest.current, kernel.state.value, last)), [kernel])
  // Reading the computed subscribes; the return uses the current selector so props captured by it are fresh.
  void selected.value
  return readSelected(selector, kernel.state.peek(), last)
}
