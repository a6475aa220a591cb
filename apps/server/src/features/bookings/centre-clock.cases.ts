import { describe, expect, it } from 'vitest'
import { addDays, dayBounds, formatWallClock, instantAt, wallClockAt, weekdayOf } from './centre-clock.ts'
import {
  bookingPriceCents,
  checkOnGrid,
  fromPriceCents,
  isOpenThroughout,
  slotGrid,
  type OpeningRange,
  type PriceRule,
} from './slot-grid.ts'

/**
 * The centre's clock and its slot grid and prices, as one set of cases that two test files run: one
 * with the process in UTC, one in Pacific/Auckland, far from the centre. Every expectation is an
 * instant written in UTC, so it holds whatever zone the process itself is in.
 */

const MADRID = 'Europe/Madrid'
const H = 3_600_000
const utc = (text: string) => Date.parse(text)
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString())

/** 2026's changes of Madrid's clock: 29 March 02:00 → 03:00, 25 October 03:00 → 02:00. */
const SPRING = '2026-03-29'
const AUTUMN = '2026-10-25'

const allWeek = (opens: number, closes: number): OpeningRange[] =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opensMinute: opens, closesMinute: closes }))
/** A club day: 08:00–14:00 and 16:00–22:00 (a lunch gap), Sunday 09:00–14:00. */
const CLUB: OpeningRange[] = [
  ...[1, 2, 3, 4, 5, 6].flatMap((weekday) => [
    { weekday, opensMinute: 8 * 60, closesMinute: 14 * 60 },
    { weekday, opensMinute: 16 * 60, closesMinute: 22 * 60 },
  ]),
  { weekday: 7, opensMinute: 9 * 60, closesMinute: 14 * 60 },
]

const rule = (over: Partial<PriceRule> & Pick<PriceRule, 'priceCents'>): PriceRule => ({
  id: 1,
  durationMinutes: null,
  weekdays: 127,
  startsFromMinute: 0,
  startsBeforeMinute: 1440,
  customerTypeId: null,
  priority: 0,
  ...over,
})
const WEEKDAYS = 0b0011111
const WEEKEND = 0b1100000
/** Peak: weekdays from 18:00, weekend mornings. Base (off-peak) price 12 €, peak 16 €, members 10 €. */
const PADEL_RULES: PriceRule[] = [
  rule({ id: 1, weekdays: WEEKDAYS, startsFromMinute: 18 * 60, priceCents: 1600 }),
  rule({ id: 2, weekdays: WEEKEND, startsBeforeMinute: 14 * 60, priceCents: 1600 }),
  rule({ id: 3, customerTypeId: 9, durationMinutes: 60, priceCents: 1000 }),
  rule({ id: 4, durationMinutes: 90, weekdays: WEEKDAYS, startsFromMinute: 18 * 60, priceCents: 2400 }),
]

/** Where the Madrid clock stands at an instant, as a test reads it. */
const madrid = (ms: number) => formatWallClock(ms, MADRID)

export function centreClockCases(processZone: string) {
  describe(`the centre's clock (process in ${processZone})`, () => {
    it('runs in the zone the test asked for', () => {
      expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(processZone)
    })

    it('reads calendar days and weekdays without any clock', () => {
      expect(weekdayOf('2026-03-29')).toBe(7)
      expect(weekdayOf('2026-03-30')).toBe(1)
      expect(addDays('2026-03-28', 1)).toBe('2026-03-29')
      expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
      expect(addDays('2028-03-01', -1)).toBe('2028-02-29')
    })

    it('turns Madrid wall times into instants on both sides of the spring change', () => {
      expect(iso(instantAt(SPRING, 60 + 30, MADRID))).toBe('2026-03-29T00:30:00.000Z')
      // 02:00–02:59 never happens that night.
      expect(instantAt(SPRING, 2 * 60 + 30, MADRID)).toBeUndefined()
      expect(iso(instantAt(SPRING, 3 * 60, MADRID))).toBe('2026-03-29T01:00:00.000Z')
      expect(iso(instantAt(SPRING, 9 * 60, MADRID))).toBe('2026-03-29T07:00:00.000Z')
      expect(iso(instantAt('2026-03-28', 9 * 60, MADRID))).toBe('2026-03-28T08:00:00.000Z')
    })

    it('takes the first of the two 02:30s of the autumn change', () => {
      expect(iso(instantAt(AUTUMN, 2 * 60 + 30, MADRID))).toBe('2026-10-25T00:30:00.000Z')
      expect(iso(instantAt(AUTUMN, 3 * 60, MADRID))).toBe('2026-10-25T02:00:00.000Z')
      expect(madrid(utc('2026-10-25T01:30:00Z'))).toBe('2026-10-25 02:30')
      expect(iso(instantAt('2026-10-26', 9 * 60, MADRID))).toBe('2026-10-26T08:00:00.000Z')
    })

    it('gives the changing days 23 and 25 hours', () => {
      const length = (date: string) => {
        const { start, end } = dayBounds(date, MADRID)
        return (end - start) / H
      }
      expect(length(SPRING)).toBe(23)
      expect(length(AUTUMN)).toBe(25)
      expect(length('2026-06-15')).toBe(24)
      expect(iso(dayBounds(SPRING, MADRID).start)).toBe('2026-03-28T23:00:00.000Z')
    })

    it('reads the centre day, minute and weekday of an instant', () => {
      expect(wallClockAt(utc('2026-03-28T23:30:00Z'), MADRID)).toEqual({
        date: '2026-03-29',
        minute: 30,
        weekday: 7,
      })
      expect(wallClockAt(utc('2026-03-28T23:30:00Z'), 'America/New_York')).toMatchObject({
        date: '2026-03-28',
        weekday: 6,
      })
    })
  })

  describe(`the slot grid (process in ${processZone})`, () => {
    it('puts a club day at the same Madrid times on both sides of each change', () => {
      for (const date of ['2026-03-28', SPRING, '2026-03-30', '2026-10-24', AUTUMN, '2026-10-26']) {
        const grid = slotGrid({ date, zone: MADRID, ranges: CLUB, slotMinutes: 30, durations: [60, 90, 120] })
        const times = grid.map((s) => madrid(s.start).slice(11))
        if (weekdayOf(date) === 7) {
          expect(times[0], date).toBe('09:00')
          expect(times.at(-1), date).toBe('13:00')
        } else {
          expect(times.slice(0, 2), date).toEqual(['08:00', '08:30'])
          // Nothing starts in the lunch gap, nor after 21:00 (the shortest booking ends by 22:00).
          expect(
            times.some((t) => t >= '13:30' && t < '16:00'),
            date,
          ).toBe(false)
          expect(times.at(-1), date).toBe('21:00')
        }
        for (const s of grid) expect(madrid(s.start).slice(0, 10), date).toBe(date)
      }
    })

    it('offers only the durations that end by closing', () => {
      const grid = slotGrid({
        date: '2026-03-30',
        zone: MADRID,
        ranges: CLUB,
        slotMinutes: 30,
        durations: [120, 60, 90],
      })
      const at = (time: string) => grid.find((s) => madrid(s.start).endsWith(time))?.durations
      expect(at('08:00')).toEqual([60, 90, 120])
      expect(at('12:30')).toEqual([60, 90])
      expect(at('13:00')).toEqual([60])
      expect(at('13:30')).toBeUndefined()
    })

    it('skips the hour the spring change skips and counts real minutes across it', () => {
      const ranges = allWeek(0, 6 * 60)
      const grid = slotGrid({
        date: SPRING,
        zone: MADRID,
        ranges,
        slotMinutes: 60,
        durations: [60, 300, 360],
      })
      expect(grid.map((s) => madrid(s.start).slice(11))).toEqual([
        '00:00',
        '01:00',
        '03:00',
        '04:00',
        '05:00',
      ])
      // 00:00 to 06:00 lasts five hours that night.
      expect(grid[0]!.durations).toEqual([60, 300])
    })

    it('starts the repeated autumn hour once and counts its real minutes', () => {
      const ranges = allWeek(0, 6 * 60)
      const grid = slotGrid({
        date: AUTUMN,
        zone: MADRID,
        ranges,
        slotMinutes: 60,
        durations: [60, 360, 420],
      })
      expect(grid.map((s) => madrid(s.start).slice(11))).toEqual([
        '00:00',
        '01:00',
        '02:00',
        '03:00',
        '04:00',
        '05:00',
      ])
      expect(iso(grid[2]!.start)).toBe('2026-10-25T00:00:00.000Z')
      // 00:00 to 06:00 lasts seven hours that night.
      expect(grid[0]!.durations).toEqual([60, 360, 420])
    })

    it('closes a range at midnight with the next day and a 24-hour room on the changing days', () => {
      const grid = slotGrid({
        date: AUTUMN,
        zone: MADRID,
        ranges: allWeek(0, 1440),
        slotMinutes: 60,
        durations: [60],
      })
      expect(grid).toHaveLength(24)
      expect(madrid(grid.at(-1)!.start)).toBe('2026-10-25 23:00')
      expect(
        slotGrid({ date: SPRING, zone: MADRID, ranges: allWeek(0, 1440), slotMinutes: 60, durations: [60] }),
      ).toHaveLength(23)
    })

    it('tells a start outside the timetable from one between two starts and one too long to end by closing', () => {
      const date = '2026-03-30'
      const grid = slotGrid({ date, zone: MADRID, ranges: CLUB, slotMinutes: 30, durations: [60, 90] })
      expect(checkOnGrid(grid, CLUB, date, 15 * 60, 60)).toEqual({ ok: false, reason: 'outside_timetable' })
      expect(checkOnGrid(grid, CLUB, date, 7 * 60, 60)).toEqual({ ok: false, reason: 'outside_timetable' })
      expect(checkOnGrid(grid, CLUB, date, 9 * 60 + 15, 60)).toEqual({ ok: false, reason: 'off_grid' })
      expect(checkOnGrid(grid, CLUB, date, 21 * 60, 90)).toEqual({ ok: false, reason: 'too_long' })
      expect(checkOnGrid(grid, CLUB, date, 21 * 60, 60)).toMatchObject({ ok: true })
    })

    it('keeps a follow-up resource to its own opening hours', () => {
      const start = instantAt('2026-03-30', 13 * 60, MADRID)!
      expect(isOpenThroughout(CLUB, MADRID, start, 60)).toBe(true)
      expect(isOpenThroughout(CLUB, MADRID, start, 90)).toBe(false)
      expect(isOpenThroughout(CLUB, MADRID, instantAt('2026-03-30', 15 * 60, MADRID)!, 60)).toBe(false)
    })
  })

  describe(`booking prices (process in ${processZone})`, () => {
    const priceAt = (
      instant: number,
      duration: number,
      priceList?: { id: number; discountPercent: number },
    ) => {
      const { weekday, minute } = wallClockAt(instant, MADRID)
      return bookingPriceCents({
        basePriceCents: duration * 20,
        rules: PADEL_RULES,
        duration,
        weekday,
        minute,
        priceList,
      })
    }

    it('charges peak and off-peak by the Madrid clock on the days the clock changes', () => {
      // Sunday 29 March, 10:00 in Madrid is 08:00 UTC: a weekend morning, peak.
      expect(priceAt(utc('2026-03-29T08:00:00Z'), 60)).toBe(1600)
      // Sunday 25 October, 13:30 in Madrid is 12:30 UTC: still the morning band; 14:00 is not.
      expect(priceAt(utc('2026-10-25T12:30:00Z'), 60)).toBe(1600)
      expect(priceAt(utc('2026-10-25T13:00:00Z'), 60)).toBe(1200)
      // Friday 27 March 17:30 Madrid (16:30 UTC) is off-peak; 18:00 (17:00 UTC) is peak.
      expect(priceAt(utc('2026-03-27T16:30:00Z'), 60)).toBe(1200)
      expect(priceAt(utc('2026-03-27T17:00:00Z'), 60)).toBe(1600)
      // Monday 30 March, after the change: 18:00 Madrid is 16:00 UTC.
      expect(priceAt(utc('2026-03-30T15:30:00Z'), 60)).toBe(1200)
      expect(priceAt(utc('2026-03-30T16:00:00Z'), 60)).toBe(1600)
    })

    it("prefers a duration's own rule, a price list's own rule, and takes the list's discount off the rest", () => {
      const weekdayPeak = utc('2026-03-30T17:00:00Z')
      expect(priceAt(weekdayPeak, 90)).toBe(2400)
      expect(priceAt(weekdayPeak, 120)).toBe(1600)
      expect(priceAt(weekdayPeak, 60, { id: 9, discountPercent: 50 })).toBe(1000)
      expect(priceAt(weekdayPeak, 90, { id: 9, discountPercent: 25 })).toBe(1800)
      expect(priceAt(utc('2026-03-30T08:00:00Z'), 120, { id: 7, discountPercent: 10 })).toBe(2160)
    })

    it('lets the higher priority win among general rules', () => {
      const rules = [rule({ id: 1, priceCents: 1500 }), rule({ id: 2, priceCents: 900, priority: 5 })]
      expect(bookingPriceCents({ basePriceCents: 2000, rules, duration: 60, weekday: 1, minute: 600 })).toBe(
        900,
      )
    })

    it('gives a type the lowest general price as its "from" price', () => {
      expect(
        fromPriceCents(
          [
            { minutes: 60, priceCents: 1200 },
            { minutes: 90, priceCents: 1800 },
          ],
          PADEL_RULES,
        ),
      ).toBe(1200)
      expect(fromPriceCents([{ minutes: 60, priceCents: 0 }], [])).toBe(0)
    })
  })
}
