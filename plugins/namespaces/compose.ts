// Composes extra reducers into a slice spec: for an event both handle, the base reducer runs first, then each extra.
import type { SliceSpec } from '../../kernel/index.js'

type On<S> = SliceSpec<S>['on']

/** A slice spec whose reducers are `base`'s followed by each of `extras` (extras must mutate the draft, not return). */
export function composeSlice<S>(base: SliceSpec<S>, ...extras: Array<On<S>>): SliceSpec<S> {
  const on: Record<string, unknown> = { ...base.on }
  for (const extra of extras) {
    for (const [type, reducer] of Object.entries(extra) as Array<[string, (...a: unknown[]) => unknown]>) {
      const prev = on[type] as ((...a: unknown[]) => unknown) | undefined
      on[type] = prev
        ? (...args: unknown[]) => {
            const r = prev(...args)
            reducer(...args)
            return r
          }
        : reducer
    }
  }
  return { init: base.init, on: on as On<S> }
}
