// SPEC §4 "Unsupported network": a wallet on a chain outside the configured list makes the network unsupported;
// the UnsupportedChain view opens when network switching is on and unsupported chains are not allowed.
import {
  currentView,
  type HandlerContext,
  type KernelState,
  type SliceSpec,
  type HostOptions,
} from '../../kernel/index.js'
import type { NamespacesState } from './namespaces.state.js'
import { namespacesOf } from './namespaces.state.js'

declare module './namespaces.state.js' {
  interface NamespacesState {
    /** The wallet's network when it is not one of the configured networks (SPEC §4). */
    unsupportedCaipNetworkId?: string
  }
}

declare module '../../kernel/index.js' {
  interface EventMap {
    'network/unsupportedDetected': { caipNetworkId: string }
    'network/supportRestored': { caipNetworkId?: string }
  }
  interface RequestMap {
    /** Re-checks the active network against the configured list (a reaction to `network/switched`). */
    'network/checkSupport': { input: void; output: void }
  }
}

/** Views that only make sense while the network is unsupported. */
export const UnsupportedViews: readonly string[] = ['UnsupportedChain', 'SwitchNetwork']

/** True when the active network is not in the configured `networks` list. */
export function isUnsupportedNetwork(state: KernelState): boolean {
  const id = state.account.activeCaipNetworkId
  return !!id && !state.config.networks.some((n) => n.caipNetworkId === id)
}

/** Whether the UnsupportedChain view is shown: network switch on (default) and `allowUnsupportedChain` not set. */
export function showsUnsupportedView(options: Readonly<HostOptions>): boolean {
  return options.enableNetworkSwitch !== false && options.allowUnsupportedChain !== true
}

/** Reducers for the unsupported flag, composed into the namespaces slice. */
export const networkSupportReducers: SliceSpec<NamespacesState>['on'] = {
  'network/unsupportedDetected': (s, p) => {
    s.unsupportedCaipNetworkId = p.caipNetworkId
  },
  'network/supportRestored': (s) => {
    delete s.unsupportedCaipNetworkId
  },
  'wallet/disconnected': (s) => {
    delete s.unsupportedCaipNetworkId
  },
}

/** Handles `network/checkSupport`: records the change and shows or leaves the UnsupportedChain view. */
export async function checkSupport(options: () => Readonly<HostOptions>, ctx: HandlerContext): Promise<void> {
  const state = ctx.getState()
  const ns = state.account.activeNamespace
  const connected = !!ns && state.account.namespaces[ns]?.status === 'connected'
  const unsupported = connected && isUnsupportedNetwork(state)
  const recorded = namespacesOf(state).unsupportedCaipNetworkId
  if (unsupported) {
    const id = state.account.activeCaipNetworkId!
    if (recorded !== id) ctx.emit('network/unsupportedDetected', { caipNetworkId: id })
    if (!showsUnsupportedView(options())) return
    if (!state.modal.open) await ctx.request('modal/open', { view: 'UnsupportedChain' })
    else if (currentView(state) !== 'UnsupportedChain' && currentView(state) !== 'SwitchNetwork')
      await ctx.request('router/push', { view: 'UnsupportedChain' })
    return
  }
  if (recorded === undefined) return
  ctx.emit('network/supportRestored', { caipNetworkId: state.account.activeCaipNetworkId })
  // Back on a configured network: the unsupported screens have done their job.
  const s = ctx.getState()
  if (s.modal.open && s.router.history.some((r) => UnsupportedViews.includes(r.view))) await ctx.request('modal/close')
}
