// Request status from the lifecycle events the kernel emits around every request (`<name>/started|succeeded|failed`),
// so views read "busy" and "last error" from state instead of keeping their own.
import { definePlugin } from '../plugin.js'
import type { SerializedError } from '../errors.js'
import type { FoyerEvent, KernelState } from '../types.js'

/** Status of one request name. */
export interface RequestStatus {
  /** Calls in flight. */
  pending: number
  /** The last call's failure, until the next call starts or succeeds. */
  error?: SerializedError
  /** True when that failure was the visitor saying no (code 4001). */
  rejected?: boolean
}

/** The `requests` slice: status per request name. */
export type RequestsState = Record<string, RequestStatus>

declare module '../types.js' {
  interface KernelState {
    requests: RequestsState
  }
}

const Lifecycle = /^(.+)\/(started|succeeded|failed)$/

/** Folds one lifecycle event into the `requests` slice; other events leave the state as it is. */
export function reduceRequestStatus(state: KernelState, event: FoyerEvent<string>): KernelState {
  if (!event.meta.requestId) return state
  const m = Lifecycle.exec(event.type)
  const slice = (state as Partial<KernelState>).requests
  if (!m || !slice) return state
  const [, name, phase] = m
  const before = slice[name] ?? { pending: 0 }
  let next: RequestStatus
  if (phase === 'started') next = { pending: before.pending + 1 }
  else if (phase === 'succeeded') next = { pending: Math.max(0, before.pending - 1) }
  else {
    const p = event.payload as { error: SerializedError; rejected: boolean }
    next = { pending: Math.max(0, before.pending - 1), error: p.error, ...(p.rejected ? { rejected: true } : {}) }
  }
  return Object.freeze({ ...state, requests: Object.freeze({ ...slice, [name]: Object.freeze(next) }) }) as KernelState
}

/** The kernel-owned `requests` slice (its reducer is {@link reduceRequestStatus}, run for every event). */
export const requestsPlugin = definePlugin({ id: 'requests', state: { init: (): RequestsState => ({}), on: {} } })
