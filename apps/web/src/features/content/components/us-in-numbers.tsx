import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { HomeTemplate } from '@clubhouse/contract'
import { usePrefersReducedMotion, useSeenOnce } from '../../../lib/use-media.ts'
import { useSettings } from '../settings.tsx'

/** Counters count up in 1000 ms (spec 1 §9). */
export const COUNTER_MS = 1000

export interface Counter {
  value: number
  label: string
}

/** The up to 4 counters of the template that have a number (the 2nd to 4th are optional). */
export function usInNumbers(template: HomeTemplate): Counter[] {
  return ([1, 2, 3, 4] as const)
    .map((n) => ({ value: template[`number${n}`], label: template[`textNumbers${n}`] }))
    .filter((c): c is Counter => c.value !== null && c.value !== undefined)
}

/** The value of a counter `elapsed` ms into its count, easing out so it settles gently. */
export function countAt(value: number, elapsed: number, duration = COUNTER_MS): number {
  if (elapsed >= duration) return value
  const progress = 1 - (1 - Math.max(0, elapsed) / duration) ** 3
  return Math.round(value * progress)
}

/**
 * "Us in numbers" (spec 1 §2): the counters count from 0 to their number once, when the section
 * comes into view, in 1000 ms. With reduced motion they show their number at once. Screen readers
 * read the final number, never the moving one.
 */
export function UsInNumbers({ counters }: { counters: Counter[] }) {
  const { t } = useTranslation()
  const [ref, seen] = useSeenOnce<HTMLElement>(0.4)
  const reducedMotion = usePrefersReducedMotion()
  const { culture } = useSettings()
  const format = useMemo(() => new Intl.NumberFormat(culture), [culture])
  const [elapsed, setElapsed] = useState(0)
  const running = seen && !reducedMotion && elapsed < COUNTER_MS

  useEffect(() => {
    if (!running) return
    let frame = 0
    const start = performance.now() - elapsed
    const tick = (now: number) => {
      setElapsed(now - start)
      if (now - start < COUNTER_MS) frame = requestAnimationFrame(tick)
    }
    frame = requestAnimationFrame(tick)
    return () => cancelAnimationFrame(frame)
    // Started once when the section is seen; `elapsed` only resumes an interrupted count.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running])

  const shownAt = reducedMotion ? COUNTER_MS : seen ? elapsed : 0
  return (
    <section ref={ref} className="section numbers" aria-labelledby="home-numbers">
      <div className="container">
        <h2 id="home-numbers" className="section__title numbers__title">
          {t('home.numbers')}
        </h2>
        <ul className={`numbers__list numbers__list--${counters.length}`}>
          {counters.map((counter, i) => (
            <li key={i} className="numbers__item">
              <span className="numbers__value" aria-hidden="true">
                {format.format(countAt(counter.value, shownAt))}
              </span>
              <span className="visually-hidden">{format.format(counter.value)}</span>
              <span className="numbers__label">{counter.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
