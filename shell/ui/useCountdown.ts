// Seconds left until `at` on the kernel's clock, re-rendering once a second while any remain: display only.
import { useEffect, useState } from 'react'
import type { Clock } from '../../kernel/index.js'

/** Whole seconds until `at` (0 when past or unset). */
export function useCountdown(clock: Clock, at: number | undefined): number {
  const left = () => Math.max(0, Math.ceil(((at ?? 0) - clock.now()) / 1000))
  const [seconds, setSeconds] = useState(left)
  useEffect(() => {
    setSeconds(left())
    if (!at) return
    let handle = clock.setTimeout(function tick() {
      const s = left()
      setSeconds(s)
      if (s > 0) handle = clock.setTimeout(tick, 1000)
    }, 1000)
    return () => clock.clearTimeout(handle)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` reads only `at` and the clock
  }, [clock, at])
  return seconds
}
