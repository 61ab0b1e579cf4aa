// Time is injected so every timing rule of the spec (150 ms, 500 ms, 4 min, 30 s...) is testable without waiting.

/** A timer handle as returned by {@link Clock.setTimeout}. */
export type TimerHandle = { readonly id: number }

/** The clock seam: current time and timers. */
export interface Clock {
  now(): number
  setTimeout(fn: () => void, ms: number): TimerHandle
  clearTimeout(handle: TimerHandle): void
}

/** The real clock, backed by Date.now and the platform's timers. */
export function systemClock(): Clock {
  const live = new Map<number, ReturnType<typeof setTimeout>>()
  let next = 1
  return {
    now: () => Date.now(),
    setTimeout(fn, ms) {
      const id = next++
      live.set(
        id,
        setTimeout(() => {
          live.delete(id)
          fn()
        }, ms),
      )
      return { id }
    },
    clearTimeout(handle) {
      const t = live.get(handle.id)
      if (t !== undefined) clearTimeout(t)
      live.delete(handle.id)
    },
  }
}

/** A manual clock for tests: time moves only through {@link FakeClock.advance}. */
export interface FakeClock extends Clock {
  advance(ms: number): void
  pending(): number
}

/** Creates a {@link FakeClock} starting at `start` ms. */
export function createFakeClock(start = 0): FakeClock {
  let now = start
  let next = 1
  const timers = new Map<number, { at: number; fn: () => void }>()
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const id = next++
      timers.set(id, { at: now + Math.max(0, ms), fn })
      return { id }
    },
    clearTimeout(handle) {
      timers.delete(handle.id)
    },
    advance(ms) {
      const end = now + ms
      // Fire due timers in time order; timers scheduled while firing run too when they fall inside the window.
      for (;;) {
        let dueId = -1
        let dueAt = Infinity
        for (const [id, t] of timers)
          if (t.at <= end && t.at < dueAt) {
            dueAt = t.at
            dueId = id
          }
        if (dueId < 0) break
        const t = timers.get(dueId)!
        timers.delete(dueId)
        now = t.at
        t.fn()
      }
      now = end
    },
    pending: () => timers.size,
  }
}
