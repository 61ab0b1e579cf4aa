// Reading kernel state from the modal's components through signals: a computed per selector, subscribed with
// useSignals(), which also follows every other signal the component reads while rendering (views, catalog).
import { useSignals } from '@preact/signals-react/runtime'
import type { Kernel, KernelState } from '../../kernel/index.js'
import { useSelection } from './useKernelValue.js'

/** Subscribes the component to `selector(state)`; it re-renders only when that value changes (by `Object.is`). */
export function useSelect<T>(kernel: Kernel, selector: (state: KernelState) => T): T {
  useSignals()
  const { selected, current } = useSelection(kernel, selector)
  // Reading the computed subscribes.
  void selected.value
  return current()
}
