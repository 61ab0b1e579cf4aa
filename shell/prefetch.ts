// What opening a view waits for, so it can start early: the views the modal shows at once — the view itself, the
// entries it renders in place (Connect's methods, Account's header lines) and Account's tabs — and which entries a
// visitor sees now. Eager but tiny: the buttons call it at the visitor's intent, before any modal code has loaded.
import {
  isFeatureEnabled,
  type CatalogEntry,
  type ExtensionPoint,
  type Kernel,
  type KernelState,
  unmetNeed,
} from '../kernel/index.js'

/** True when `entry` shows in `state`: its feature flag on, the active namespace (and its connector) among its own. */
export function isEntryShown(state: KernelState, entry: CatalogEntry): boolean {
  const ns = state.account.activeNamespace
  const connectorId = ns ? state.account.namespaces[ns]?.connectorId : undefined
  // SPEC §9 `wallets` off (`enableWallets: false`): no wallet method on Connect, whichever plugin offers it
  if (
    entry.point === 'connect-method' &&
    (entry.method ?? entry.id) === 'wallet' &&
    !isFeatureEnabled(state, 'wallets')
  )
    return false
  return (
    (!entry.feature || isFeatureEnabled(state, entry.feature)) &&
    (!entry.namespaces || !ns || entry.namespaces.includes(ns)) &&
    (!entry.connectors || (!!connectorId && entry.connectors.includes(connectorId)))
  )
}

/** The views the modal shows as soon as `view` opens with `data` (their code is what opening waits for). */
export function firstViews(kernel: Kernel, view: string, data?: unknown): string[] {
  const state = kernel.getState()
  // Opened without what it needs, the view shows the shell's empty state: its code is not needed.
  if (unmetNeed(kernel.viewMeta(view)?.needs, state, data)) return []
  const shown = (point: ExtensionPoint, inlineOnly: boolean) =>
    kernel
      .entries(point)
      // An inline entry drawn from its manifest's rows needs no code to show (it loads at a row's intent).
      .filter((e) => (e.inline || !inlineOnly) && !(inlineOnly && e.rows) && isEntryShown(state, e))
      .map((e) => e.view)
  if (view === 'Connect') return [view, ...shown('connect-method', true)]
  if (view === 'Account') return [view, ...shown('account-header', true), ...shown('account-tab', false)]
  return [view]
}
