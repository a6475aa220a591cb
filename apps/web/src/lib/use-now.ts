import { useEffect, useState } from 'react'

/**
 * The current time (epoch ms), read again every `everyMs` while `active`: for countdowns. The
 * next tick is aimed at the next whole step of the clock, so a countdown turns at whole seconds.
 */
export function useNow(everyMs = 1000, active = true): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    let timer: number
    const schedule = () => {
      timer = window.setTimeout(
        () => {
          setNow(Date.now())
          schedule()
        },
        everyMs - (Date.now() % everyMs) || everyMs,
      )
    }
    schedule()
    return () => window.clearTimeout(timer)
  }, [everyMs, active])
  return now
}
