import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react'

/**
 * When the page being hydrated was rendered on the server (epoch ms); undefined for a page rendered
 * in the browser. A kept page may be a minute old when it is sent (decision 086): while it hydrates,
 * what depends on the clock (the day shown, times already past, the year in the footer) is worked
 * out from the time it was made, so the browser's first render matches the server's markup; the
 * render that follows uses the browser's clock.
 */
export const RenderTimeContext = createContext<number | undefined>(undefined)

const neverChanges = () => () => {}

/** True while the tree is rendered on the server or hydrated from its markup. */
function useHydrating(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => false,
    () => true,
  )
}

/** The server's render time while hydrating (or rendering on the server), else undefined. */
function useRenderTime(): number | undefined {
  const renderedAt = useContext(RenderTimeContext)
  return useHydrating() ? renderedAt : undefined
}

/**
 * The time the component first showed (epoch ms), fixed from then on: a page works out "today" from
 * it once, so the day does not change under the customer. Hydrated from the server's time.
 */
export function useMountTime(): number {
  const [mountedAt] = useState(() => Date.now())
  return useRenderTime() ?? mountedAt
}

/**
 * The current time (epoch ms), read again every `everyMs` while `active`: for countdowns. The
 * next tick is aimed at the next whole step of the clock, so a countdown turns at whole seconds.
 * Hydrated from the server's time.
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
  return useRenderTime() ?? now
}
