// Server rendering: where Foyer runs without a DOM, and the state a server renders (which hydration starts from too).
import { startNetwork, type Kernel, type KernelState } from '../kernel/index.js'

/** True without a DOM (a server rendering the page): Foyer reads no browser global and starts nothing there. */
export const onServer = (): boolean => typeof document === 'undefined'

const rendered = new WeakMap<Kernel, KernelState>()

/**
 * The state a server renders and the client hydrates with: the kernel's initial state on the configured start network.
 * It reads no storage, so a returning visitor's session (restored on the client) shows only after hydration.
 */
export function serverState(kernel: Kernel): KernelState {
  let state = rendered.get(kernel)
  if (!state) {
    const initial = kernel.initialState
    const network = initial.account.activeCaipNetworkId ?? startNetwork(initial.config, undefined)
    state = network ? { ...initial, account: { ...initial.account, activeCaipNetworkId: network } } : initial
    rendered.set(kernel, state)
  }
  return state
}
