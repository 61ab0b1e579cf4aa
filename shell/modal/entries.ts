// The entries plugins declare for the shell's extension points, as the visitor may see them now: feature flags on,
// the active namespace (and its connector) among the entry's, in SPEC order. No plugin code is loaded to list them.
import { useMemo } from 'react'
import {
  sortBySpecOrder,
  WalletFeatureOrder,
  type CatalogEntry,
  type ExtensionPoint,
  type Kernel,
  type KernelState,
} from '../../kernel/index.js'
import { isEntryShown } from '../prefetch.js'
import { useSelect } from '../react/useSelect.js'

/** SPEC §2 Account tabs order: Tokens, NFTs, Activity; other tabs follow. */
export const AccountTabOrder: readonly string[] = ['tokens', 'nfts', 'activity']

const specOrder: Partial<Record<ExtensionPoint, readonly string[]>> = {
  'account-action': WalletFeatureOrder,
  'account-tab': AccountTabOrder,
}

/** The entries of `point` visible in `state`, sorted. */
export function visibleEntries(kernel: Kernel, state: KernelState, point: ExtensionPoint): CatalogEntry[] {
  const shown = kernel.entries(point).filter((e) => isEntryShown(state, e))
  return sortBySpecOrder(shown, specOrder[point] ?? [])
}

/** The visible entries of `point`; re-renders only when the list changes. */
export function useEntries(kernel: Kernel, point: ExtensionPoint): CatalogEntry[] {
  const key = useSelect(kernel, (s) =>
    visibleEntries(kernel, s, point)
      .map((e) => `${e.plugin}:${e.id}:${e.view}`)
      .join('|'),
  )
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names exactly the entries shown
  return useMemo(() => visibleEntries(kernel, kernel.getState(), point), [kernel, point, key])
}

/** The data-testid of an entry: its own, else `<point>-<id>` (`account-action-send`, `account-tab-tokens`, …). */
export function entryTestId(e: CatalogEntry): string {
  return e.testId ?? `${e.point}-${e.id}`
}
