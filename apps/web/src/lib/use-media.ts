import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'

const canMatch = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function'

/** Whether a media query matches now, following changes (a rotated phone, a changed setting). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!canMatch()) return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  const get = () => (canMatch() ? window.matchMedia(query).matches : false)
  return useSyncExternalStore(subscribe, get, () => false)
}

/** The visitor asked for less motion: nothing moves on its own and numbers do not count up. */
export const usePrefersReducedMotion = () => useMediaQuery('(prefers-reduced-motion: reduce)')

/**
 * Whether the element has come into view (at least `threshold` of it), once: stays true after.
 * Without IntersectionObserver (old browsers, tests) it counts as seen.
 */
export function useSeenOnce<T extends Element>(threshold = 0.3) {
  const [element, setElement] = useState<T | null>(null)
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    if (!element || seen) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true)
          observer.disconnect()
        }
      },
      { threshold },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [element, seen, threshold])
  return [setElement, seen] as const
}

/** Whether the element is in view now; true without IntersectionObserver. */
export function useInView<T extends Element>() {
  const [element, setElement] = useState<T | null>(null)
  const [inView, setInView] = useState(true)
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1]
      if (last) setInView(last.isIntersecting)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [element])
  return [setElement, inView] as const
}
