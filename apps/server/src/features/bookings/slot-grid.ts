import { customerGrossPriceCents } from '../shop/prices.ts'
import {
  addDays,
  instantAt,
  instantAtOrAfter,
  weekdayOf,
  wallClockAt,
  type LocalDate,
} from './centre-clock.ts'

/**
 * A resource's slot grid on a centre day and the price of a booking, worked out on the centre's
 * wall clock (centre-clock.ts). Pure: the caller brings the timetable, the blocks, the rules and
 * "now".
 */

const MINUTE = 60_000

/** One opening range of a weekday, in minutes from the centre's midnight (closes ≤ 1440). */
export interface OpeningRange {
  weekday: number
  opensMinute: number
  closesMinute: number
}

/** A start on the grid: the instant, its wall-clock minute, and the durations that fit before closing. */
export interface GridStart {
  start: number
  minute: number
  /** Durations (minutes) that end by the closing of the range the start lies in. */
  durations: number[]
}

/**
 * The starts of a resource on `date`: from each opening range's opening time, every `slotMinutes`,
 * while the shortest offered duration still ends by its closing. Lengths are real minutes: on the
 * night the clocks change, a range from 00:00 to 06:00 lasts 5 or 7 hours, and a start the clock
 * skips is no start.
 */
export function slotGrid(input: {
  date: LocalDate
  zone: string
  ranges: readonly OpeningRange[]
  slotMinutes: number
  durations: readonly number[]
}): GridStart[] {
  const weekday = weekdayOf(input.date)
  const durations = [...input.durations].sort((a, b) => a - b)
  const shortest = durations[0]
  if (shortest === undefined || input.slotMinutes <= 0) return []
  const starts: GridStart[] = []
  const ranges = input.ranges
    .filter((r) => r.weekday === weekday)
    .sort((a, b) => a.opensMinute - b.opensMinute)
  for (const range of ranges) {
    const closes =
      range.closesMinute >= 1440
        ? instantAtOrAfter(addDays(input.date, 1), range.closesMinute - 1440, input.zone)
        : instantAtOrAfter(input.date, range.closesMinute, input.zone)
    for (let minute = range.opensMinute; minute < range.closesMinute; minute += input.slotMinutes) {
      const start = instantAt(input.date, minute, input.zone)
      if (start === undefined) continue
      const fitting = durations.filter((d) => start + d * MINUTE <= closes)
      if (fitting.length === 0) break
      starts.push({ start, minute, durations: fitting })
    }
  }
  return starts.sort((a, b) => a.start - b.start)
}

/** Where a wanted start stands against a resource's grid. */
export type GridCheck =
  { ok: true; start: GridStart } | { ok: false; reason: 'outside_timetable' | 'off_grid' | 'too_long' }

/**
 * Checks a start (`minute` of `date`) and a duration against the grid: outside every opening range,
 * between two starts of the grid, or too long to end by closing.
 */
export function checkOnGrid(
  grid: readonly GridStart[],
  ranges: readonly OpeningRange[],
  date: LocalDate,
  minute: number,
  duration: number,
): GridCheck {
  const weekday = weekdayOf(date)
  const inRange = ranges.some(
    (r) => r.weekday === weekday && minute >= r.opensMinute && minute < r.closesMinute,
  )
  if (!inRange) return { ok: false, reason: 'outside_timetable' }
  const start = grid.find((s) => s.minute === minute)
  if (!start) return { ok: false, reason: 'off_grid' }
  if (!start.durations.includes(duration)) return { ok: false, reason: 'too_long' }
  return { ok: true, start }
}

/**
 * Whether `[start, start + minutes)` lies inside one opening range of the resource (follow-up
 * resources are checked so: they take the main block's time, not a grid of their own).
 */
export function isOpenThroughout(
  ranges: readonly OpeningRange[],
  zone: string,
  start: number,
  minutes: number,
): boolean {
  const { date, weekday, minute } = wallClockAt(start, zone)
  return ranges.some((r) => {
    if (r.weekday !== weekday || minute < r.opensMinute || minute >= r.closesMinute) return false
    const closes =
      r.closesMinute >= 1440
        ? instantAtOrAfter(addDays(date, 1), r.closesMinute - 1440, zone)
        : instantAtOrAfter(date, r.closesMinute, zone)
    return start + minutes * MINUTE <= closes
  })
}

/** A taken time on a resource: `[start, end)` as instants. */
export interface TakenRange {
  start: number
  end: number
}

/** Whether `[start, start + minutes)` meets any of `taken`. */
export function overlapsAny(taken: readonly TakenRange[], start: number, minutes: number): boolean {
  const end = start + minutes * MINUTE
  return taken.some((t) => t.start < end && start < t.end)
}

// ---------------------------------------------------------------------------------------------
// Prices

/** Bit of a weekday (1 Monday … 7 Sunday) in a rule's `weekdays`. */
export const weekdayBit = (weekday: number) => 1 << (weekday - 1)

export interface PriceRule {
  id: number
  /** null: any duration. */
  durationMinutes: number | null
  /** Bit 0 Monday … bit 6 Sunday. */
  weekdays: number
  startsFromMinute: number
  startsBeforeMinute: number
  /** null: everyone; set: that price list only. */
  customerTypeId: number | null
  priceCents: number
  priority: number
}

/** A customer's price list (customer type) as bookings use it. */
export interface BookingPriceList {
  id: number
  /** Taken off general prices when the list has no rule of its own for the booking, 0 … 100. */
  discountPercent: number
}

const matches = (rule: PriceRule, duration: number, weekday: number, minute: number) =>
  (rule.durationMinutes === null || rule.durationMinutes === duration) &&
  (rule.weekdays & weekdayBit(weekday)) !== 0 &&
  minute >= rule.startsFromMinute &&
  minute < rule.startsBeforeMinute

/** The rule that decides among matching ones: the highest priority, then a duration's own, then the oldest. */
function strongest(rules: PriceRule[]): PriceRule | undefined {
  return [...rules].sort(
    (a, b) =>
      b.priority - a.priority ||
      Number(b.durationMinutes !== null) - Number(a.durationMinutes !== null) ||
      a.id - b.id,
  )[0]
}

/**
 * What a booking costs (cents, taxes included): the price list's own rule for the start's weekday
 * and time band on the centre's clock when it has one; else the general rule, or the duration's
 * base price when no rule matches, less the list's discount. The price shown is the price charged:
 * the day's answer and the prebook both ask this function.
 */
export function bookingPriceCents(input: {
  basePriceCents: number
  rules: readonly PriceRule[]
  duration: number
  weekday: number
  minute: number
  priceList?: BookingPriceList | undefined
}): number {
  const matching = input.rules.filter((r) => matches(r, input.duration, input.weekday, input.minute))
  const list = input.priceList
  if (list) {
    const own = strongest(matching.filter((r) => r.customerTypeId === list.id))
    if (own) return own.priceCents
  }
  const general = strongest(matching.filter((r) => r.customerTypeId === null))
  const price = general?.priceCents ?? input.basePriceCents
  return list ? customerGrossPriceCents(price, { discountPercent: list.discountPercent }) : price
}

/** The lowest general price of a booking type: its index's "from" price. */
export function fromPriceCents(
  durations: ReadonlyArray<{ minutes: number; priceCents: number }>,
  rules: readonly PriceRule[],
): number {
  const prices = durations.flatMap((d) => [
    d.priceCents,
    ...rules
      .filter(
        (r) => r.customerTypeId === null && (r.durationMinutes === null || r.durationMinutes === d.minutes),
      )
      .map((r) => r.priceCents),
  ])
  return prices.length ? Math.min(...prices) : 0
}
