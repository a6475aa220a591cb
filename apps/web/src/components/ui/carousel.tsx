import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type PointerEvent,
  type ReactNode,
} from 'react'
import { useTranslation } from 'react-i18next'
import { useInView, usePrefersReducedMotion } from '../../lib/use-media.ts'
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './icons.tsx'

/** Slides shown at once: a number, or per minimum viewport width (`{ 0: 1, 600: 2, 992: 3 }`). */
export type PerView = number | Record<number, number>

function readPerView(perView: PerView): number {
  if (typeof perView === 'number') return perView
  const widths = Object.keys(perView)
    .map(Number)
    .sort((a, b) => a - b)
  let value = perView[widths[0] ?? 0] ?? 1
  for (const width of widths) {
    if (width === 0 || typeof window.matchMedia !== 'function') continue
    if (window.matchMedia(`(min-width: ${width}px)`).matches) value = perView[width] ?? value
  }
  return value
}

function usePerView(perView: PerView): number {
  const key = JSON.stringify(perView)
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof perView === 'number' || typeof window.matchMedia !== 'function') return () => {}
      const lists = Object.keys(perView).map((w) => window.matchMedia(`(min-width: ${w}px)`))
      for (const list of lists) list.addEventListener('change', onChange)
      return () => {
        for (const list of lists) list.removeEventListener('change', onChange)
      }
    },
    // The breakpoints are compared by value: callers pass object literals.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  )
  return useSyncExternalStore(
    subscribe,
    () => readPerView(perView),
    // On the server (and while hydrating) the narrowest screen's count: phones first.
    () => (typeof perView === 'number' ? perView : (perView[0] ?? 1)),
  )
}

/** Cards of a list as a carousel (spec 1 §9): 3 shown on wide screens, 2 on phones, one every 3000 ms. */
export const CARD_CAROUSEL = {
  className: 'product-carousel',
  perView: { 0: 2, 992: 3 },
  interval: 3000,
} as const

/** How far a swipe must travel to change slides, in CSS pixels. */
const SWIPE_PX = 40

export interface CarouselProps {
  /** Accessible name of the carousel ("Popular products"). */
  label: string
  slides: ReactNode[]
  perView?: PerView
  /** Time each position stays before the next, in ms; without it the carousel never moves by itself. */
  interval?: number
  effect?: 'slide' | 'fade'
  dots?: boolean
  arrows?: boolean
  className?: string
  /** Classes of the controls row, for carousels whose controls sit over the slides. */
  controlsClassName?: string
  /**
   * Fewer slides than fit keep the width they would have in a full row and sit centred, rather
   * than stretching to fill it.
   */
  centreFew?: boolean
  /** The slide shown first (0 unless told); a new value moves nothing once the carousel is shown. */
  startAt?: number
}

/**
 * A carousel that moves one slide at a time and starts again after the last (infinite). Given an
 * `interval`, it plays on its own every `interval` ms and pauses while the pointer is over it, while focus is inside,
 * while it is out of view or the tab hidden, and when the visitor presses its pause button (WCAG
 * 2.2.2). With reduced motion asked for it does not play until the visitor presses play. Slides
 * out of view are inert, so Tab never lands on a hidden link. Touch screens swipe.
 */
export function Carousel({
  label,
  slides,
  perView = 1,
  interval,
  effect = 'slide',
  dots = true,
  arrows = false,
  className = '',
  controlsClassName = '',
  centreFew = false,
  startAt = 0,
}: CarouselProps) {
  const { t } = useTranslation()
  const id = useId()
  const reducedMotion = usePrefersReducedMotion()
  const fits = usePerView(effect === 'fade' ? 1 : perView)
  const shown = Math.max(1, Math.min(fits, slides.length))
  const centred = centreFew && slides.length < fits
  const positions = Math.max(1, slides.length - shown + 1)
  const moves = positions > 1

  const [rawIndex, setIndex] = useState(startAt)
  const index = Math.min(rawIndex, positions - 1)
  // null: the visitor has not chosen; then the carousel plays unless reduced motion is asked for.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null)
  const autoplay = interval !== undefined
  const playing = autoplay && moves && (playChoice ?? !reducedMotion)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [setViewRef, inView] = useInView<HTMLDivElement>()
  const tabHidden = useSyncExternalStore(
    subscribeToVisibility,
    () => document.hidden,
    () => false,
  )
  const running = playing && !hovered && !focused && inView && !tabHidden

  const go = useCallback((to: number) => setIndex(((to % positions) + positions) % positions), [positions])

  useEffect(() => {
    if (!running || interval === undefined) return
    const timer = window.setTimeout(() => go(index + 1), interval)
    return () => window.clearTimeout(timer)
  }, [running, index, interval, go])

  const swipeFrom = useRef<number | null>(null)
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') swipeFrom.current = event.clientX
  }
  const onPointerUp = (event: PointerEvent) => {
    if (swipeFrom.current === null) return
    const dx = event.clientX - swipeFrom.current
    swipeFrom.current = null
    if (Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? index + 1 : index - 1)
  }

  const style = { '--per-view': centred ? fits : shown, '--index': index } as CSSProperties

  return (
    <section
      className={`carousel carousel--${effect}${centred ? ' carousel--centred' : ''} ${className}`}
      aria-roledescription={t('carousel.carousel')}
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
      }}
    >
      <div
        ref={setViewRef}
        className="carousel__viewport"
        aria-live={running ? 'off' : 'polite'}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeFrom.current = null)}
      >
        <div className="carousel__track" id={`${id}-track`} style={style}>
          {slides.map((slide, i) => {
            const visible = effect === 'fade' ? i === index : i >= index && i < index + shown
            return (
              <div
                key={i}
                className={`carousel__slide${visible ? ' is-active' : ''}`}
                role="group"
                aria-roledescription={t('carousel.slide')}
                aria-label={t('carousel.slideOf', { n: i + 1, count: slides.length })}
                aria-hidden={visible ? undefined : true}
                inert={!visible}
              >
                {slide}
              </div>
            )
          })}
        </div>
      </div>

      {moves && (
        <div className={`carousel__controls ${controlsClassName}`}>
          {autoplay && (
            <button
              type="button"
              className="carousel__button"
              aria-controls={`${id}-track`}
              onClick={() => setPlayChoice(!playing)}
            >
              {playing ? <PauseIcon width={18} height={18} /> : <PlayIcon width={18} height={18} />}
              <span className="visually-hidden">{playing ? t('carousel.pause') : t('carousel.play')}</span>
            </button>
          )}
          {arrows && (
            <button
              type="button"
              className="carousel__button"
              aria-controls={`${id}-track`}
              aria-label={t('carousel.previous')}
              onClick={() => go(index - 1)}
            >
              <ChevronLeftIcon />
            </button>
          )}
          {dots && (
            <ul className="carousel__dots">
              {Array.from({ length: positions }, (_, i) => (
                <li key={i}>
                  <button
                    type="button"
                    className="carousel__dot"
                    aria-controls={`${id}-track`}
                    aria-label={t('carousel.goTo', { n: i + 1 })}
                    aria-current={i === index ? 'true' : undefined}
                    onClick={() => go(i)}
                  />
                </li>
              ))}
            </ul>
          )}
          {arrows && (
            <button
              type="button"
              className="carousel__button"
              aria-controls={`${id}-track`}
              aria-label={t('carousel.next')}
              onClick={() => go(index + 1)}
            >
              <ChevronRightIcon />
            </button>
          )}
        </div>
      )}
    </section>
  )
}

function subscribeToVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange)
  return () => document.removeEventListener('visibilitychange', onChange)
}
