import type { BookingResource, BookingType, TimeTableEntry } from '@clubhouse/contract'
import { paths } from '../../config/paths.ts'

/**
 * The rules of booking by type that the screens share (spec 2 §2, §9), as plain functions over the
 * contract's answers. Times of the centre arrive as wall-clock text, `yyyy-MM-dd HH:mm`.
 */

/** The filter panel opens by itself this long after the page opens without a booking type (spec 2 §9). */
export const FILTER_AUTO_OPEN_MS = 100

/** The home page's direct-access menu offers at most this many booking types (spec 2 §9). */
export const DIRECT_ACCESS_MAX = 5

/**
 * Resources shown at once in the booking carousel, per minimum viewport width (spec 2 §9, first
 * reading): 8, then 4 below 1224 px, 3 below 1024 px, 2 below 600 px and 1 below 480 px.
 */
export const RESOURCE_SLIDES = { 0: 1, 480: 2, 600: 3, 1024: 4, 1224: 8 } as const

/** Where a booking type is booked (spec 2 §2, the booking types index). */
export function bookingTypeHref(
  type: Pick<BookingType, 'id' | 'byPlace' | 'allowCreateBookByPlace'>,
): string {
  return mustBookByPlace(type) ? paths.bookingsByPlace.to(type.id) : paths.bookingsByType.to(type.id)
}

/** A type booked by place that may not be booked by resource and time goes to the by-place page. */
export const mustBookByPlace = (type: Pick<BookingType, 'byPlace' | 'allowCreateBookByPlace'>) =>
  type.byPlace && !type.allowCreateBookByPlace

/** The categories of the index's filter, in the order the types come, each once; blank ones left out. */
export function categoriesOf(types: readonly BookingType[]): string[] {
  const seen = new Set<string>()
  for (const type of types) {
    const category = type.category.trim()
    if (category) seen.add(category)
  }
  return [...seen]
}

/**
 * The home page's direct-access menu (spec 1 §2, spec 2 §9): at most 5 types flagged
 * showInMainPage, and "View All" when there are more than 5 types in all and at least one is flagged.
 */
export function directAccessEntries(types: readonly BookingType[]): {
  types: BookingType[]
  viewAll: boolean
} {
  const flagged = types.filter((type) => type.showInMainPage)
  return {
    types: flagged.slice(0, DIRECT_ACCESS_MAX),
    viewAll: types.length > DIRECT_ACCESS_MAX && flagged.length > 0,
  }
}

/**
 * The durations of the duration buttons: every distinct duration the day offers, shortest first;
 * none when there is only one, as a choice of one is no choice (spec 2 §2).
 */
export function durationChoices(resources: readonly BookingResource[]): number[] {
  const all = new Set<number>()
  for (const resource of resources) {
    for (const entry of resource.timeTable) for (const duration of entry.durations) all.add(duration)
  }
  const sorted = [...all].sort((a, b) => a - b)
  return sorted.length > 1 ? sorted : []
}

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Whether `text` is a real calendar day written `yyyy-MM-dd`. */
export function isLocalDate(text: string | null | undefined): text is string {
  const match = LOCAL_DATE.exec(text ?? '')
  if (!match) return false
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

/**
 * The calendar day (`yyyy-MM-dd`) in `timeZone` of the instant `now + anticipationMins`: the first
 * day the date picker enables (spec 2 §2). The centre's zone decides, not the browser's.
 */
export function firstBookableDay(now: number, anticipationMins: number, timeZone: string): string {
  return bookableFrom(now, anticipationMins, timeZone).slice(0, 10)
}

/**
 * The centre's wall clock (`yyyy-MM-dd HH:mm`) at an instant, comparable as text with the times the
 * server writes. An unknown zone in the settings gives the visitor's own clock rather than none.
 */
export function wallClockAt(instant: number, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }
  let parts: Intl.DateTimeFormatPart[]
  try {
    parts = new Intl.DateTimeFormat('en-US', { ...options, timeZone }).formatToParts(instant)
  } catch {
    parts = new Intl.DateTimeFormat('en-US', options).formatToParts(instant)
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`
}

/** A calendar day as the date picker holds it: that day at noon in the browser's zone. */
export function dayToPickerDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(y, m - 1, d, 12)
}

/** The calendar day `days` after `day` (before, when negative), `yyyy-MM-dd`. */
export function addDays(day: string, days: number): string {
  const date = dayToPickerDate(day)
  date.setDate(date.getDate() + days)
  return pickerDateToDay(date)
}

/**
 * How many days the booking page looks ahead for a free time when it opens on a day with none
 * (late in the evening, a closed Sunday) and the address asks for no day.
 */
export const LOOK_AHEAD_DAYS = 7

/** Whether a day answer has resources but nothing that can be booked on it. */
export function nothingFree(resources: readonly BookingResource[]): boolean {
  return resources.length > 0 && !resources.some((r) => r.timeTable.some((entry) => entry.available))
}

/**
 * The centre's wall clock (`yyyy-MM-dd HH:mm`) from which a time can still be booked: now plus the
 * type's anticipation, as the server counts it and as the date picker counts the first day.
 */
export function bookableFrom(now: number, anticipationMins: number, timeZone: string): string {
  return wallClockAt(now + Math.max(0, anticipationMins) * 60_000, timeZone)
}

/**
 * Whether a time of the day has gone by for booking: it starts before `from` (bookableFrom) and
 * the server no longer offers it. Such a time is past, not taken, and the page leaves it out
 * (docs/decisions/071-past-times-on-the-booking-day.md). A time the server still offers stays,
 * whatever the browser's own clock says.
 */
export function hasGoneBy(entry: TimeTableEntry, from: string): boolean {
  return !entry.available && entry.start < from
}

/** The date picker's day back as `yyyy-MM-dd`. */
export function pickerDateToDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/**
 * A wall-clock time of the centre (`yyyy-MM-dd HH:mm`) as an instant at that time in UTC, so that
 * formatting it in UTC writes back the centre's own day and time whatever the browser's zone.
 */
export function wallClockToUtc(text: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(text)
  if (!match) return new Date(NaN)
  const [, y, mo, d, h, mi] = match.map(Number) as number[]
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!))
}

/** The price of `duration` at a time-table entry, or undefined when it has none. */
export function priceOf(priceByDuration: Record<string, number>, duration: number): number | undefined {
  const price = priceByDuration[String(duration)]
  return typeof price === 'number' ? price : undefined
}
