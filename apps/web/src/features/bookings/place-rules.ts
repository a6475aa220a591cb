import {
  MapConfig,
  MapPath,
  MAP_ZOOM_MAX,
  MAP_ZOOM_MIN,
  MAP_ZOOM_STEP,
  PlaceConfig,
  type Participant,
  type PlaceSession,
  type TemplatePlace,
} from '@clubhouse/contract'
import { paths } from '../../config/paths.ts'
import { addDays, dayToPickerDate } from './booking-rules.ts'

/**
 * The rules of booking by place (spec 2 §2, §3, §4, §9) as plain functions: the week's sessions by
 * weekday, what a session's card says about its places, and the place map read from the centre's
 * JSON. A session is what the spec calls a "booking": `bookingId` in addresses is a session's id.
 */

// ---------------------------------------------------------------------------------------------
// The week

/** The Monday (`yyyy-MM-dd`) of the week `day` falls in. */
export function mondayOf(day: string): string {
  // getDay: 0 Sunday … 6 Saturday; the week starts on Monday.
  const back = (dayToPickerDate(day).getDay() + 6) % 7
  return addDays(day, -back)
}

/** The seven days (`yyyy-MM-dd`) of the week of `day`, Monday to Sunday. */
export function weekOf(day: string): string[] {
  const monday = mondayOf(day)
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i))
}

/** The 1-based weekday (1 Monday … 7 Sunday) of `day`. */
export const weekdayOf = (day: string) => ((dayToPickerDate(day).getDay() + 6) % 7) + 1

/** The sessions in seven columns, Monday to Sunday, each soonest first. */
export function byWeekday(sessions: readonly PlaceSession[]): PlaceSession[][] {
  const columns: PlaceSession[][] = Array.from({ length: 7 }, () => [])
  for (const session of sessions) columns[session.weekday - 1]?.push(session)
  for (const column of columns) column.sort((a, b) => a.start.localeCompare(b.start))
  return columns
}

// ---------------------------------------------------------------------------------------------
// A session's places

/** Places still free in a session (never below 0). */
export const placesLeft = (session: Pick<PlaceSession, 'maxParticipants' | 'participantsIn'>) =>
  Math.max(0, session.maxParticipants - session.participantsIn)

/**
 * A session "has few places left" from this many down, or from a fifth of its places when that is
 * more: 3 of a 10-bike class is news, 3 of a 200-seat stand is not yet.
 */
export const FEW_PLACES = 3

/**
 * What a session's card says about it, first match wins: the customer has a place in it, is on its
 * waiting list, it is full (the waiting list is open), it cannot be booked any more (started, or
 * inside the type's anticipation), few places left, or plenty.
 */
export type SessionState = 'in' | 'waiting' | 'full' | 'closed' | 'few' | 'plenty'

export function sessionState(session: PlaceSession): SessionState {
  if (session.alreadyIn) return 'in'
  if (session.waiting) return 'waiting'
  const left = placesLeft(session)
  if (left === 0) return 'full'
  if (!session.bookable) return 'closed'
  return left <= Math.max(FEW_PLACES, Math.ceil(session.maxParticipants / 5)) ? 'few' : 'plenty'
}

/** A full session takes a waiting list while it has not started (`now` the centre's wall clock). */
export const canJoinWaitlist = (session: PlaceSession, now: string) =>
  sessionState(session) === 'full' && session.start > now

/** Where a session's card leads (spec 2 §2): its place map when it has one, else its confirm popup. */
export function sessionHref(session: PlaceSession, date: string, pathname: string, params: URLSearchParams) {
  if (session.bookingTemplateId !== null) {
    return `${paths.bookingVisual.to(session.id, session.bookingTemplateId)}?${new URLSearchParams({ date })}`
  }
  const next = new URLSearchParams(params)
  next.set('bookingId', String(session.id))
  next.set('date', date)
  next.delete('placeId')
  next.delete('place')
  return `${pathname}?${next}`
}

/** The confirm popup's address for a place chosen on the map (spec 2 §2, "Visual place choice"). */
export function placeChoiceHref(bookingId: number, place: { id: number; name: string }, date: string) {
  const query = new URLSearchParams({
    bookingId: String(bookingId),
    placeId: String(place.id),
    place: place.name,
    date,
  })
  return `${paths.bookingsByPlace.to()}?${query}`
}

// ---------------------------------------------------------------------------------------------
// The place map

/** Holds a zoom within the map's bounds (spec 2 §9: 1 to 6), on its 0.05 steps. */
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return MAP_ZOOM_MIN
  const stepped = Math.round(zoom / MAP_ZOOM_STEP) * MAP_ZOOM_STEP
  // Rounded again to drop the float dust of the multiplication (1.1500000000000001).
  return Math.min(MAP_ZOOM_MAX, Math.max(MAP_ZOOM_MIN, Number(stepped.toFixed(2))))
}

/** A place of the map, its configJson read. */
export interface MapPlace {
  id: number
  /** The place's name as booked ("B12"). */
  name: string
  /** Can be chosen now (the server's word: nobody has it and the session can take one more). */
  available: boolean
  /** The shape drawn: 'seat', 'bike', 'mat' (anything else is drawn as a seat). */
  ref: string
  x: number
  y: number
  rot: number
  /** What the shape shows; the name when the drawing gives none. */
  label: string
  row: number
  col: number
  section: string
}

export type MapShape =
  | { kind: 'path'; key: string; d: string }
  | { kind: 'text'; key: string; x: number; y: number; label: string }

/** The template's drawing, its configJson read. */
export interface MapDrawing {
  width: number
  height: number
  fontSize: number
  /** The zoom the map opens at. */
  zoom: number
  shapes: MapShape[]
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** SVG path data: commands and numbers only, so a broken drawing never reaches the browser. */
const PATH_DATA = /^[MmLlHhVvCcSsQqTtAaZz0-9eE.,+\-\s]*$/

/**
 * The places whose configJson reads as a PlaceConfig; a place whose JSON is broken is left off the
 * map rather than breaking it.
 */
export function readPlaces(places: readonly TemplatePlace[]): MapPlace[] {
  return places.flatMap((place) => {
    const parsed = PlaceConfig.safeParse(readJson(place.configJson))
    if (!parsed.success) return []
    const { ref, trans, rot, label, row, col, section } = parsed.data
    return [
      {
        id: place.id,
        name: place.place,
        available: place.available,
        ref,
        x: trans[0],
        y: trans[1],
        rot,
        label: label || place.place,
        row,
        col,
        section,
      },
    ]
  })
}

/** Room around the places when the drawing gives no size of its own. */
const MARGIN_IN_FONTS = 3
const DEFAULT_FONT_SIZE = 14

/**
 * The template's drawing. Each part is read on its own: a shape that does not read is skipped, and
 * a size, font size or zoom that does not read is replaced (the size by the places' extent), so a
 * drawing with a mistake still shows its places.
 */
export function readDrawing(configJson: string, places: readonly MapPlace[]): MapDrawing {
  const raw = readJson(configJson)
  const config = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>
  const field = <K extends keyof typeof MapConfig.shape>(key: K) => {
    const parsed = MapConfig.shape[key].safeParse(config[key])
    return parsed.success ? (parsed.data as number) : undefined
  }
  const fontSize = field('fontSize') ?? DEFAULT_FONT_SIZE
  const margin = fontSize * MARGIN_IN_FONTS
  const extent = (pick: (p: MapPlace) => number) =>
    places.length > 0 ? Math.max(...places.map(pick)) + margin : 300

  const shapes: MapShape[] = []
  const paths = Array.isArray(config.paths) ? config.paths.slice(0, 2000) : []
  paths.forEach((item: unknown, i) => {
    const parsed = MapPath.safeParse(item)
    if (!parsed.success) return
    const { type, d, label, id } = parsed.data
    const key = id || `shape-${i}`
    if (type === 'path' && PATH_DATA.test(d)) shapes.push({ kind: 'path', key, d })
    if (type === 'text') {
      const [x, y] = d.split(',').map((n) => Number(n.trim()))
      if (label && Number.isFinite(x) && Number.isFinite(y)) {
        shapes.push({ kind: 'text', key, x: x!, y: y!, label })
      }
    }
  })

  return {
    width: field('width') ?? extent((p) => p.x),
    height: field('height') ?? extent((p) => p.y),
    fontSize,
    zoom: clampZoom(field('zoom') ?? MAP_ZOOM_MIN),
    shapes,
  }
}

/**
 * Whose a place is for the map: free, booked by someone, the customer's own, or nobody's but not
 * to be chosen now (the session is full, closed, or the customer has a place in it: decision 080).
 */
export type PlaceState = 'free' | 'booked' | 'mine' | 'unavailable'

/** The booked places of a session by place id (spec 2 §4: a place is free unless someone has it). */
export function bookedPlaces(participants: readonly Participant[]): Map<number, Participant> {
  return new Map(participants.map((p) => [p.bookingTemplatePlaceId, p]))
}

export const placeState = (participant: Participant | undefined, available: boolean): PlaceState =>
  participant === undefined ? (available ? 'free' : 'unavailable') : participant.mine ? 'mine' : 'booked'

export type Direction = 'left' | 'right' | 'up' | 'down'

/**
 * The place an arrow key moves to from `from`: along its row (left, right) or to the nearest row
 * above or below (the closest column there) inside its section; past the section's edge, the
 * nearest place that way on the drawing, so the keys also cross an aisle into the next section.
 */
export function nextPlace(
  places: readonly MapPlace[],
  from: MapPlace,
  direction: Direction,
): MapPlace | null {
  const section = places.filter((p) => p !== from && p.section === from.section)
  const horizontal = direction === 'left' || direction === 'right'
  const ahead = (p: MapPlace) =>
    horizontal
      ? p.row === from.row && (direction === 'right' ? p.col > from.col : p.col < from.col)
      : direction === 'down'
        ? p.row > from.row
        : p.row < from.row
  const inSection = section.filter(ahead)
  if (inSection.length > 0) {
    if (horizontal) {
      return nearest(inSection, (p) => Math.abs(p.col - from.col))
    }
    const rowGap = (p: MapPlace) => Math.abs(p.row - from.row)
    const nextRow = Math.min(...inSection.map(rowGap))
    return nearest(
      inSection.filter((p) => rowGap(p) === nextRow),
      (p) => Math.abs(p.col - from.col),
    )
  }

  // Across sections: a place mostly in that direction on the drawing, the closest first.
  const others = places.filter((p) => p !== from)
  const along = (p: MapPlace) => {
    const dx = p.x - from.x
    const dy = p.y - from.y
    return direction === 'right' ? dx : direction === 'left' ? -dx : direction === 'down' ? dy : -dy
  }
  const across = (p: MapPlace) => (horizontal ? Math.abs(p.y - from.y) : Math.abs(p.x - from.x))
  const candidates = others.filter((p) => along(p) > 0 && across(p) <= along(p))
  return candidates.length > 0 ? nearest(candidates, (p) => along(p) + 2 * across(p)) : null
}

function nearest(places: readonly MapPlace[], distance: (p: MapPlace) => number): MapPlace {
  return places.reduce((best, p) => (distance(p) < distance(best) ? p : best))
}

/** The place keyboard focus starts on: the first free one in reading order, else the first. */
export function firstPlace(places: readonly MapPlace[], booked: Map<number, Participant>): MapPlace | null {
  const order = [...places].sort(
    (a, b) => a.section.localeCompare(b.section) || a.row - b.row || a.col - b.col,
  )
  return order.find((p) => p.available && !booked.has(p.id)) ?? order[0] ?? null
}
