// The kernel's extensible type maps. Plugins (ours and third parties') add to them by declaration merging:
//   declare module 'foyer/kernel'   (in this repo: '../../kernel/index.js'; augment that module, not a file re-exporting it)
//   { interface EventMap { 'hello/greeted': { name: string } } }
import type { FoyerError, SerializedError } from './errors.js'

/** Every event type and its payload. Extend by declaration merging. */
export interface EventMap {
  'plugin/loaded': { id: string; slice?: unknown }
  'plugin/unloaded': { id: string }
  'error/reported': { error: SerializedError }
}

/**
 * Every request name with its input, its output and, when it fails in known ways, its `error` (a FoyerError subclass
 * whose `code` names each way, e.g. `'pay/checkout': { input; output; error: PaymentError }`). Extend by declaration
 * merging.
 */
export interface RequestMap {}

/** The whole state: one slice per plugin, keyed by plugin id. Extend by declaration merging. */
export interface KernelState {}

/** A known event type. */
export type EventType = keyof EventMap & string
/** A known request name. */
export type RequestName = keyof RequestMap & string

/** Metadata the kernel stamps on every event. */
export interface EventMeta {
  seq: number
  at: number
  requestId?: string
}

/** An immutable fact in the log. */
export interface FoyerEvent<T extends string = EventType> {
  type: T
  payload: T extends EventType ? EventMap[T] : unknown
  meta: EventMeta
}

/** Payloads of the lifecycle events the kernel emits around every request. */
export interface RequestLifecyclePayloads {
  started: { input: unknown }
  succeeded: { output?: unknown }
  failed: { error: SerializedError; rejected: boolean }
}

/** Input of request `R`. */
export type RequestInput<R extends RequestName> = RequestMap[R] extends { input: infer I } ? I : void
/** Output of request `R`. */
export type RequestOutput<R extends RequestName> = RequestMap[R] extends { output: infer O } ? O : void
/** The arguments after a request's name: its input, or nothing when it takes none. */
export type RequestArgs<R extends RequestName> = RequestInput<R> extends void ? [] : [RequestInput<R>]
/**
 * What request `R` rejects with when it fails in a way its contract names (the `error` of its RequestMap entry), else
 * a FoyerError. A bug, or a wallet's own error passed through, may still be any Error: check with `instanceof`.
 */
export type RequestError<R extends RequestName> = RequestMap[R] extends { error: infer E } ? E : FoyerError
