// Selectors over the `requests` slice (see requests.ts): what views read instead of keeping busy/error themselves.
import type { SerializedError } from '../errors.js'
import type { KernelState } from '../types.js'
import type { RequestStatus } from './requests.js'

/** The status of `name` as stored (a stable object, safe for selectors), or undefined before its first call. */
export function requestStatus(state: KernelState, name: string): RequestStatus | undefined {
  return (state as Partial<KernelState>).requests?.[name]
}

/** True while a call of `name` is in flight. */
export function isPending(state: KernelState, name: string): boolean {
  return (requestStatus(state, name)?.pending ?? 0) > 0
}

/** How the last call of `name` failed, until the next call starts or succeeds. */
export function requestError(state: KernelState, name: string): SerializedError | undefined {
  return requestStatus(state, name)?.error
}
