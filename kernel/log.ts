// A bounded event log: a ring buffer of the newest events, each with a reference to the state before it.
// Immer's structural sharing makes those references nearly free, and the oldest one is the log's snapshot.
import type { FoyerEvent } from './types.js'

/** What {@link EventLog.read} returns: the state before the first retained event, and the events in order. */
export interface LogSnapshot<S> {
  base: S
  events: FoyerEvent<string>[]
  dropped: number
}

/** A bounded log of events. */
export interface EventLog<S> {
  append(event: FoyerEvent<string>, before: S): void
  read(current: S): LogSnapshot<S>
  readonly size: number
  readonly capacity: number
}

/** Creates an {@link EventLog} that keeps at most `capacity` events. */
export function createEventLog<S>(capacity: number): EventLog<S> {
  const events: Array<FoyerEvent<string> | undefined> = new Array(capacity)
  const befores: Array<S | undefined> = new Array(capacity)
  let head = 0
  let size = 0
  let total = 0
  return {
    append(event, before) {
      events[head] = event
      befores[head] = before
      head = (head + 1) % capacity
      if (size < capacity) size++
      total++
    },
    read(current) {
      const start = (head - size + capacity) % capacity
      const out: FoyerEvent<string>[] = []
      for (let i = 0; i < size; i++) out.push(events[(start + i) % capacity]!)
      return { base: size ? befores[start]! : current, events: out, dropped: total - size }
    },
    get size() {
      return size
    },
    capacity,
  }
}
