// The kernel's extensible type maps. Plugins (ours and third parties') add to them by declaration merging:
//   declare module 'foyer/kernel'   (in this repo: '../../kernel/index.js'; augment that module, not a file re-exporting it)
//   { interface EventMap { 'hello/greeted': { name: string } } }
import type { SerializedError } from './errors.js'

/** Every event type and its payload. Extend by declaration merging. */
export interface EventMap {
  'plugin/loaded': { id: string; slice?: unknown }
  'plugin/unloaded': { id: string }
  'error/reported': { error: SerializedError }
}

/** Every request name with its input and output. Extend by declaration merging. */
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
