/**
 * The centre's wall clock. What "Monday 09:00" means is decided by the centre's time zone (its
 * settings), never by the server's own `TZ`: every function here takes the zone and works on
 * instants (milliseconds since the epoch) and calendar days (`yyyy-MM-dd`), and none reads the
 * process's local time. Pure: no clock, no database.
 *
 * Daylight saving: a wall time the clock skips (spring forward) names no instant; a wall time it
 * goes through twice (fall back) names the first of the two.
 */

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** A centre day as text, `yyyy-MM-dd`. */
export type LocalDate = string

/** Where the centre's clock stands at an instant. */
export interface WallClock {
  date: LocalDate
  /** Minutes from the day's midnight, 0 … 1439. */
  minute: number
  /** 1 Monday … 7 Sunday. */
  weekday: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(zone, f)
  }
  return f
}

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    formatterOf(zone)
    return true
  } catch {
    return false
  }
}

/**
 * Readings already made, per zone: the same instants come back again and again (a day's slots, at
 * every prebook and every day asked), and a reading is a few microseconds of `formatToParts`. A
 * reading never changes, so what is kept is always right; past MAX_READINGS a zone starts afresh.
 */
const readings = new Map<string, Map<number, number>>()
const MAX_READINGS = 100_000

/** The wall-clock reading of `instant` in `zone`, written as if it were UTC (ms). */
function wallAsUtc(instant: number, zone: string): number {
  let kept = readings.get(zone)
  const hit = kept?.get(instant)
  if (hit !== undefined) return hit
  const parts = formatterOf(zone).formatToParts(new Date(instant))
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'))
  if (!kept) readings.set(zone, (kept = new Map()))
  if (kept.size >= MAX_READINGS) kept.clear()
  kept.set(instant, wall)
  return wall
}

/** How far the zone's clock is ahead of UTC at `instant` (ms; +3 600 000 for Madrid in winter). */
export function offsetAt(instant: number, zone: string): number {
  const whole = Math.floor(instant / 1000) * 1000
  return wallAsUtc(whole, zone) - whole
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

function dateOfUtc(ms: number): LocalDate {
  const d = new Date(ms)
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
}

/** Midnight of a calendar day as a UTC instant (the day's number, not a moment of the centre). */
function utcMidnight(date: LocalDate): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return Date.UTC(y, m - 1, d)
}

/** The day `days` after `date` (before, when negative). */
export function addDays(date: LocalDate, days: number): LocalDate {
  return dateOfUtc(utcMidnight(date) + days * DAY)
}

/** The weekday of a calendar day: 1 Monday … 7 Sunday. */
export function weekdayOf(date: LocalDate): number {
  const sunday0 = new Date(utcMidnight(date)).getUTCDay()
  return sunday0 === 0 ? 7 : sunday0
}

/** Where the centre's clock stands at `instant`. */
export function wallClockAt(instant: number, zone: string): WallClock {
  const wall = wallAsUtc(instant, zone)
  const date = dateOfUtc(wall)
  return { date, minute: Math.floor((wall - utcMidnight(date)) / MINUTE), weekday: weekdayOf(date) }
}

/** `HH:mm` of a minute of the day. */
export function hourMinute(minute: number): string {
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`
}

/** The centre's `yyyy-MM-dd HH:mm` of an instant (the spec's system date format). */
export function formatWallClock(instant: number, zone: string): string {
  const { date, minute } = wallClockAt(instant, zone)
  return `${date} ${hourMinute(minute)}`
}

/** Reads `yyyy-MM-dd HH:mm` as a day and a minute of that day. */
export function parseWallClock(text: string): { date: LocalDate; minute: number } {
  const date = text.slice(0, 10)
  const minute = Number(text.slice(11, 13)) * 60 + Number(text.slice(14, 16))
  return { date, minute }
}

/**
 * The instant at which the centre's clock reads `minute` on `date` (`minute` may be 1440: the next
 * midnight). Undefined when the clock skips that time (spring forward); the first of the two when
 * it reads it twice (fall back).
 */
export function instantAt(date: LocalDate, minute: number, zone: string): number | undefined {
  const wall = utcMidnight(date) + minute * MINUTE
  // The offsets a day either side hold on each side of any change of the clock near this time.
  const candidates = [wall - offsetAt(wall - DAY, zone), wall - offsetAt(wall + DAY, zone)]
  const matching = candidates.filter((t) => wallAsUtc(t, zone) === wall)
  return matching.length ? Math.min(...matching) : undefined
}

/**
 * The first instant at which the centre's clock reads `minute` on `date` or later: `instantAt`, or
 * for a time the clock skips, the instant of the jump. What a closing time or a midnight means.
 */
export function instantAtOrAfter(date: LocalDate, minute: number, zone: string): number {
  const exact = instantAt(date, minute, zone)
  if (exact !== undefined) return exact
  // Skipped: the last minute before the jump exists; the jump comes one minute after it.
  for (let back = 1; back <= 24 * 60; back++) {
    const before = instantAt(date, minute - back, zone)
    if (before !== undefined) return before + MINUTE
  }
  throw new Error(`no instant near ${date} ${hourMinute(minute)} in ${zone}`)
}

/** The instants the centre's day `date` starts and ends (the next day's start): 23, 24 or 25 hours. */
export function dayBounds(date: LocalDate, zone: string): { start: number; end: number } {
  return { start: instantAtOrAfter(date, 0, zone), end: instantAtOrAfter(addDays(date, 1), 0, zone) }
}
