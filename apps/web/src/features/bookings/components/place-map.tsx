import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react'
import { useTranslation } from 'react-i18next'
import {
  MAP_TOOLTIP_MS,
  MAP_ZOOM_MAX,
  MAP_ZOOM_MIN,
  MAP_ZOOM_STEP,
  type Participant,
} from '@clubhouse/contract'
import { MinusIcon, PlusIcon } from '../../../components/ui/icons.tsx'
import {
  clampZoom,
  firstPlace,
  nextPlace,
  placeState,
  type Direction,
  type MapDrawing,
  type MapPlace,
  type MapShape,
  type PlaceState,
} from '../place-rules.ts'
import '../../../lib/i18n/place-texts.ts'
import './place-map.css'

/** What the zoom buttons add or take away: ten of the slider's steps. */
const ZOOM_BUTTON_STEP = MAP_ZOOM_STEP * 10
/** How strongly a wheel turn zooms: a usual notch (100 px) is about a sixth. */
const WHEEL_ZOOM_RATE = 0.0015
/** A mouse moving further than this while pressed pans the map instead of choosing a place. */
const DRAG_PX = 5
/** Screens a finger points at, and screens narrow enough to be a phone's, whatever points. */
const TOUCH_SCREEN = '(pointer: coarse)'
const NARROW_SCREEN_PX = 600

/** How much of the window's height the map's box takes at most (its CSS says the same). */
const MAP_MAX_VH = 70

/** The width (in vh) at which a drawing's height fits the map's box (a little room for its border): its width at zoom 1 when less than the box's. */
const fitViewportHeight = (drawing: { width: number; height: number }) =>
  Math.round((((MAP_MAX_VH - 1) * drawing.width) / drawing.height) * 1000) / 1000

/** A seat's width in the map's font sizes (as `PlaceShape` draws it). */
const PLACE_IN_FONTS = 2.6
/** On a narrow screen the map opens zoomed so that a place is at least this wide to tap. */
const MIN_PLACE_PX = 36
/** Room kept between the tooltip and the place, or the frame's edge. */
const TOOLTIP_GAP_PX = 8

const KEY_DIRECTIONS: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
}

interface Tooltip {
  placeId: number
  /** The place's middle, top and bottom, in the canvas's pixels. */
  x: number
  top: number
  bottom: number
}

/**
 * The place map of a session (spec 2 §2 "Visual place choice", §4, §9): the centre's drawing with
 * its places, free ones to choose, booked ones marked and not choosable, the customer's own one
 * marked "Your place", and, when the session can take nobody more (full, closed, or the customer
 * is in it), every other place greyed as not available with the reason (decision 080). The legend
 * says how many places are left when that is fewer than the free places drawn. Each place tells
 * what it is on hover, focus or tap for 4 s ("Not booked", "Booked", the reason it is not
 * available, or who booked it when the centre allows). It zooms from 1 to 6 with the slider, the
 * buttons, the wheel or two fingers, and pans by scrolling or dragging. Places are one Tab stop:
 * the arrow keys move along rows and columns, Enter or Space chooses a free place.
 */
export function PlaceMap({
  drawing,
  places,
  booked,
  allowSeeParticipants,
  placesLeft,
  unavailableReason,
  onChoose,
}: {
  drawing: MapDrawing
  places: readonly MapPlace[]
  /** Booked places by id. */
  booked: Map<number, Participant>
  allowSeeParticipants: boolean
  /** How many more can take part in the session (its maximum less the places taken). */
  placesLeft: number
  /** Why the places nobody has cannot be chosen now; null while they can. */
  unavailableReason: string | null
  onChoose: (place: MapPlace) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const hintId = `${id}-hint`
  const tooltipId = `${id}-tooltip`
  const viewportRef = useRef<HTMLDivElement>(null)
  const canvasRef = useRef<HTMLDivElement>(null)
  const svgRef = useRef<SVGSVGElement>(null)

  const [zoom, setZoomState] = useState(() => clampZoom(drawing.zoom))
  const zoomRef = useRef(zoom)
  /** The point (viewport pixels) that stays put while the zoom changes, and the zoom it left. */
  const anchor = useRef<{ x: number; y: number; from: number } | null>(null)
  const setZoom = useCallback((next: number, at?: { x: number; y: number }) => {
    const clamped = clampZoom(next)
    const from = zoomRef.current
    if (clamped === from) return
    const viewport = viewportRef.current
    anchor.current = {
      x: at?.x ?? (viewport?.clientWidth ?? 0) / 2,
      y: at?.y ?? (viewport?.clientHeight ?? 0) / 2,
      from,
    }
    zoomRef.current = clamped
    setZoomState(clamped)
  }, [])

  // Keep the anchored point under the pointer (or the middle) as the drawing grows or shrinks.
  useLayoutEffect(() => {
    const viewport = viewportRef.current
    const at = anchor.current
    anchor.current = null
    if (!viewport || !at) return
    const ratio = zoom / at.from
    viewport.scrollLeft = (viewport.scrollLeft + at.x) * ratio - at.x
    viewport.scrollTop = (viewport.scrollTop + at.y) * ratio - at.y
  }, [zoom])

  const placesById = useMemo(() => new Map(places.map((place) => [place.id, place])), [places])
  const stateOf = useCallback(
    (placeId: number) => placeState(booked.get(placeId), placesById.get(placeId)?.available ?? false),
    [booked, placesById],
  )
  const freeCount = places.filter((place) => stateOf(place.id) === 'free').length
  /** No place can be chosen while some nobody has are drawn: the legend names them, not free ones. */
  const closed = freeCount === 0 && places.some((place) => stateOf(place.id) === 'unavailable')
  const [activeId, setActiveId] = useState<number | null>(() => firstPlace(places, booked)?.id ?? null)
  const tabbableId =
    activeId !== null && placesById.has(activeId) ? activeId : (firstPlace(places, booked)?.id ?? null)
  const [tooltip, setTooltip] = useState<Tooltip | null>(null)

  const elementOf = (placeId: number) =>
    svgRef.current?.querySelector<SVGGElement>(`[data-place-id="${placeId}"]`) ?? null

  const showTooltip = useCallback((placeId: number) => {
    const element = svgRef.current?.querySelector(`[data-place-id="${placeId}"]`)
    const canvas = canvasRef.current
    if (!element || !canvas) return
    const box = element.getBoundingClientRect()
    const origin = canvas.getBoundingClientRect()
    setTooltip({
      placeId,
      x: box.left + box.width / 2 - origin.left,
      top: box.top - origin.top,
      bottom: box.bottom - origin.top,
    })
  }, [])

  // The tooltip sits over its place, or under it near the top, and always inside the frame seen.
  const tooltipRef = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const tip = tooltipRef.current
    const viewport = viewportRef.current
    if (!tooltip || !tip || !viewport) return
    const half = tip.offsetWidth / 2
    const left = viewport.scrollLeft + TOOLTIP_GAP_PX + half
    const right = viewport.scrollLeft + viewport.clientWidth - TOOLTIP_GAP_PX - half
    const above = tooltip.top - TOOLTIP_GAP_PX - tip.offsetHeight
    tip.style.left = `${Math.max(left, Math.min(tooltip.x, right))}px`
    tip.style.top = `${above >= viewport.scrollTop ? above : tooltip.bottom + TOOLTIP_GAP_PX}px`
  }, [tooltip])

  // A phone's screen shows a large drawing too small to tap: it opens zoomed, on its middle. A
  // wide screen with a mouse shows the whole drawing at first.
  useLayoutEffect(() => {
    const touch = window.matchMedia?.(TOUCH_SCREEN).matches ?? false
    if (!touch && window.innerWidth >= NARROW_SCREEN_PX) return
    // The drawing's width at zoom 1 (the box's, or less for a tall drawing).
    const width = (canvasRef.current?.clientWidth ?? 0) / zoomRef.current
    const placePx = (PLACE_IN_FONTS * drawing.fontSize * width) / drawing.width
    if (placePx > 0 && placePx < MIN_PLACE_PX) setZoom(Math.max(zoomRef.current, MIN_PLACE_PX / placePx))
    // Once, as the map first shows: later the customer's zoom is theirs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // A tooltip says its piece and goes (spec 2 §9); each showing is a new object, so its 4 s start again.
  useEffect(() => {
    if (!tooltip) return
    const timer = window.setTimeout(() => setTooltip(null), MAP_TOOLTIP_MS)
    return () => window.clearTimeout(timer)
  }, [tooltip])

  // The wheel zooms while there is room to; at a bound the page scrolls on as usual.
  useEffect(() => {
    const viewport = viewportRef.current
    if (!viewport) return
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY === 0) return
      const current = zoomRef.current
      const zoomingIn = event.deltaY < 0
      if (zoomingIn ? current >= MAP_ZOOM_MAX : current <= MAP_ZOOM_MIN) return
      event.preventDefault()
      let next = clampZoom(current * Math.exp(-event.deltaY * WHEEL_ZOOM_RATE))
      if (next === current) next = clampZoom(current + (zoomingIn ? MAP_ZOOM_STEP : -MAP_ZOOM_STEP))
      const box = viewport.getBoundingClientRect()
      setZoom(next, { x: event.clientX - box.left, y: event.clientY - box.top })
    }
    viewport.addEventListener('wheel', onWheel, { passive: false })
    return () => viewport.removeEventListener('wheel', onWheel)
  }, [setZoom])

  // Two fingers pinch; a mouse drags the map. One finger scrolls it natively (touch-action).
  const pointers = useRef(new Map<number, { x: number; y: number }>())
  const pinch = useRef<{ distance: number; zoom: number } | null>(null)
  const drag = useRef<{ x: number; y: number; left: number; top: number; moved: boolean } | null>(null)
  const suppressClick = useRef(false)

  const distance = () => {
    const [a, b] = [...pointers.current.values()]
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const viewport = viewportRef.current
    if (!viewport) return
    suppressClick.current = false
    if (event.pointerType === 'mouse') {
      if (event.button !== 0) return
      drag.current = {
        x: event.clientX,
        y: event.clientY,
        left: viewport.scrollLeft,
        top: viewport.scrollTop,
        moved: false,
      }
      return
    }
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY })
    if (pointers.current.size === 2) pinch.current = { distance: distance(), zoom: zoomRef.current }
  }

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const viewport = viewportRef.current
    if (!viewport) return
    const dragging = drag.current
    if (dragging && event.pointerType === 'mouse') {
      const dx = event.clientX - dragging.x
      const dy = event.clientY - dragging.y
      if (!dragging.moved && Math.hypot(dx, dy) < DRAG_PX) return
      dragging.moved = true
      viewport.scrollLeft = dragging.left - dx
      viewport.scrollTop = dragging.top - dy
      return
    }
    if (!pointers.current.has(event.pointerId)) return
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY })
    const start = pinch.current
    if (!start || pointers.current.size !== 2 || start.distance === 0) return
    const [a, b] = [...pointers.current.values()] as [{ x: number; y: number }, { x: number; y: number }]
    const box = viewport.getBoundingClientRect()
    suppressClick.current = true
    setZoom(start.zoom * (distance() / start.distance), {
      x: (a.x + b.x) / 2 - box.left,
      y: (a.y + b.y) / 2 - box.top,
    })
  }

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.moved) suppressClick.current = true
    if (event.pointerType === 'mouse') drag.current = null
    pointers.current.delete(event.pointerId)
    if (pointers.current.size < 2) pinch.current = null
  }

  const placeOf = (target: EventTarget | null): MapPlace | undefined => {
    const element = target instanceof Element ? target.closest('[data-place-id]') : null
    return element ? placesById.get(Number(element.getAttribute('data-place-id'))) : undefined
  }

  const activate = (place: MapPlace) => {
    setActiveId(place.id)
    if (stateOf(place.id) === 'free') onChoose(place)
    else showTooltip(place.id)
  }

  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    if (suppressClick.current) {
      suppressClick.current = false
      return
    }
    const place = placeOf(event.target)
    if (place) activate(place)
  }

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const place = placeOf(event.target)
    if (!place) return
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      activate(place)
      return
    }
    if (event.key === 'Escape') {
      setTooltip(null)
      return
    }
    const direction = KEY_DIRECTIONS[event.key]
    if (!direction) return
    event.preventDefault()
    const next = nextPlace(places, place, direction)
    if (!next) return
    setActiveId(next.id)
    elementOf(next.id)?.focus()
  }

  const tipPlace = tooltip ? placesById.get(tooltip.placeId) : undefined
  const tipParticipant = tipPlace ? booked.get(tipPlace.id) : undefined
  const tipState = tipPlace ? stateOf(tipPlace.id) : null

  return (
    <div className="place-map">
      <div className="place-map__zoom" role="group" aria-label={t('places.zoom')}>
        <button
          type="button"
          className="icon-button place-map__zoom-button"
          aria-label={t('places.zoomOut')}
          disabled={zoom <= MAP_ZOOM_MIN}
          onClick={() => setZoom(zoom - ZOOM_BUTTON_STEP)}
        >
          <MinusIcon />
        </button>
        <input
          type="range"
          className="place-map__slider"
          aria-label={t('places.zoom')}
          aria-valuetext={`${Math.round(zoom * 100)} %`}
          min={MAP_ZOOM_MIN}
          max={MAP_ZOOM_MAX}
          step={MAP_ZOOM_STEP}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
        />
        <button
          type="button"
          className="icon-button place-map__zoom-button"
          aria-label={t('places.zoomIn')}
          disabled={zoom >= MAP_ZOOM_MAX}
          onClick={() => setZoom(zoom + ZOOM_BUTTON_STEP)}
        >
          <PlusIcon />
        </button>
      </div>
      <p id={hintId} className="visually-hidden">
        {t('places.mapHint')}
      </p>
      <div
        ref={viewportRef}
        className="place-map__viewport"
        data-testid="place-map-viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <div
          ref={canvasRef}
          className="place-map__canvas"
          // At zoom 1 the whole drawing shows: as wide as the box, or less when it is tall.
          style={{ width: `calc(${zoom} * min(100%, ${fitViewportHeight(drawing)}vh))` }}
        >
          <svg
            ref={svgRef}
            className="place-map__svg"
            viewBox={`0 0 ${drawing.width} ${drawing.height}`}
            role="group"
            aria-label={t('places.map')}
            aria-describedby={hintId}
            onClick={onClick}
            onKeyDown={onKeyDown}
            onFocus={(event) => {
              const place = placeOf(event.target)
              if (!place) return
              setActiveId(place.id)
              showTooltip(place.id)
            }}
            onPointerOver={(event) => {
              if (event.pointerType !== 'mouse' || drag.current?.moved) return
              const place = placeOf(event.target)
              if (place && place.id !== tooltip?.placeId) showTooltip(place.id)
            }}
          >
            <Drawing shapes={drawing.shapes} fontSize={drawing.fontSize} />
            <Places
              places={places}
              booked={booked}
              fontSize={drawing.fontSize}
              tabbableId={tabbableId}
              describedId={tooltip?.placeId ?? null}
              tooltipId={tooltipId}
            />
          </svg>
          {tipPlace && tooltip && (
            <div
              ref={tooltipRef}
              id={tooltipId}
              role="tooltip"
              className={`place-tooltip place-tooltip--${tipState}`}
            >
              <strong className="place-tooltip__name">{tipPlace.name}</strong>
              {tipState === 'free' ? (
                <span>{t('places.notBooked')}</span>
              ) : tipState === 'unavailable' ? (
                <span>{unavailableReason ?? t('places.legendUnavailable')}</span>
              ) : tipState === 'mine' ? (
                <span>{t('places.yourPlace')}</span>
              ) : allowSeeParticipants && tipParticipant?.name ? (
                <>
                  <span>{tipParticipant.name}</span>
                  {tipParticipant.phone && <span>{tipParticipant.phone}</span>}
                  {tipParticipant.email && <span>{tipParticipant.email}</span>}
                </>
              ) : (
                <span>{t('places.booked')}</span>
              )}
            </div>
          )}
        </div>
      </div>
      <ul className="place-legend" aria-label={t('places.legend')}>
        {([closed ? 'unavailable' : 'free', 'booked', 'mine'] as const).map((state) => (
          <li key={state} className="place-legend__item">
            <svg
              className={`place-legend__swatch map-place--${state}`}
              viewBox="-12 -12 24 24"
              aria-hidden="true"
            >
              <PlaceShape ref_="seat" size={8} state={state} />
            </svg>
            {state === 'free'
              ? placesLeft < freeCount
                ? t('places.legendFreeLeft', { count: placesLeft })
                : t('places.legendFree')
              : t(
                  state === 'unavailable'
                    ? 'places.legendUnavailable'
                    : state === 'booked'
                      ? 'places.legendBooked'
                      : 'places.legendMine',
                )}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The drawing under the places: walls, stage, signs. Drawn once; zooming scales it as a whole. */
const Drawing = memo(function Drawing({ shapes, fontSize }: { shapes: MapShape[]; fontSize: number }) {
  return (
    <g className="place-map__drawing" aria-hidden="true">
      {shapes.map((shape) =>
        shape.kind === 'path' ? (
          <path key={shape.key} d={shape.d} />
        ) : (
          <text key={shape.key} x={shape.x} y={shape.y} fontSize={fontSize} textAnchor="middle">
            {shape.label}
          </text>
        ),
      )}
    </g>
  )
})

/** Every place of the map. Memoised with each place, so a zoom, a tooltip or a focus redraws only what changed. */
const Places = memo(function Places({
  places,
  booked,
  fontSize,
  tabbableId,
  describedId,
  tooltipId,
}: {
  places: readonly MapPlace[]
  booked: Map<number, Participant>
  fontSize: number
  tabbableId: number | null
  describedId: number | null
  tooltipId: string
}) {
  return (
    <g className="place-map__places">
      {places.map((place) => (
        <Place
          key={place.id}
          place={place}
          state={placeState(booked.get(place.id), place.available)}
          fontSize={fontSize}
          tabbable={place.id === tabbableId}
          describedBy={place.id === describedId ? tooltipId : undefined}
        />
      ))}
    </g>
  )
})

const Place = memo(function Place({
  place,
  state,
  fontSize,
  tabbable,
  describedBy,
}: {
  place: MapPlace
  state: PlaceState
  fontSize: number
  tabbable: boolean
  describedBy: string | undefined
}) {
  const { t } = useTranslation()
  const label =
    state === 'free'
      ? t('places.placeFree', { name: place.name })
      : state === 'unavailable'
        ? t('places.placeUnavailable', { name: place.name })
        : state === 'mine'
          ? t('places.placeMine', { name: place.name })
          : t('places.placeBooked', { name: place.name })
  return (
    <g
      data-place-id={place.id}
      className={`map-place map-place--${state}`}
      transform={`translate(${place.x} ${place.y}) rotate(${place.rot})`}
      role="button"
      tabIndex={tabbable ? 0 : -1}
      aria-label={label}
      aria-disabled={state !== 'free' ? true : undefined}
      aria-describedby={describedBy}
    >
      <PlaceShape ref_={place.ref} size={fontSize} state={state} />
      <text
        className="map-place__label"
        transform={`rotate(${-place.rot})`}
        fontSize={fontSize * 0.85}
        textAnchor="middle"
        dominantBaseline="central"
        aria-hidden="true"
      >
        {place.label}
      </text>
    </g>
  )
})

/** A place's outline by its `ref`, sized from the map's font size; a booked one is struck through. */
function PlaceShape({ ref_, size, state }: { ref_: string; size: number; state: PlaceState }) {
  const half = ref_ === 'bike' ? size * 1.5 : size * 1.3
  const shape =
    ref_ === 'bike' ? (
      <circle className="map-place__shape" r={half} />
    ) : ref_ === 'mat' ? (
      <rect
        className="map-place__shape"
        x={-size * 0.9}
        y={-size * 1.8}
        width={size * 1.8}
        height={size * 3.6}
        rx={size * 0.4}
      />
    ) : (
      <rect
        className="map-place__shape"
        x={-half}
        y={-half}
        width={half * 2}
        height={half * 2}
        rx={size * 0.5}
      />
    )
  return (
    <>
      {shape}
      {state === 'booked' && (
        <path
          className="map-place__strike"
          d={`M${-half * 0.8},${half * 0.8} L${half * 0.8},${-half * 0.8}`}
        />
      )}
    </>
  )
}
