// Seconds left until `at` (epoch ms), re-rendering once a second while any remain: display only, no work starts here.
import { useEffect, useState } from 'react'

/** Whole seconds until `at` (0 when past or unset). */
export function useCountdown(at: number | undefined): number {
  const left = () => Math.max(0, Math.ceil(((at ?? 0) - Date.now()) / 1000))
  const [seconds, setSeconds] = useState(left)
  useEffect(() => {
    setSeconds(left())
    if (!at) return
    const t = setInterval(() => {
      const s = left()
      setSeconds(s)
      if (s === 0) clearInterval(t)
    }, 1000)
    return () => clearInterval(t)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` reads only `at`
  }, [at])
  return seconds
}
