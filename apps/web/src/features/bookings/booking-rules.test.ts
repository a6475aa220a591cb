import { describe, expect, it } from 'vitest'
import { court, entry, padel, spinning, yoga } from '../../test/bookings-data.ts'
import {
  addDays,
  nothingFree,
  bookableFrom,
  bookingTypeHref,
  categoriesOf,
  dayToPickerDate,
  directAccessEntries,
  durationChoices,
  firstBookableDay,
  hasGoneBy,
  isLocalDate,
  pickerDateToDay,
  wallClockToUtc,
} from './booking-rules.ts'

describe('booking rules', () => {
  it('links a by-place type that may not be booked by time to the by-place page, any other to booking by type', () => {
    expect(bookingTypeHref(spinning)).toBe('/bookings-byplace/3')
    expect(bookingTypeHref({ ...spinning, allowCreateBookByPlace: true })).toBe('/bookings/3')
    expect(bookingTypeHref(padel)).toBe('/bookings/1')
  })

  it('lists each category once, in order, leaving blank ones out', () => {
    expect(categoriesOf([padel, yoga, { ...padel, id: 9 }, { ...yoga, id: 8, category: ' ' }])).toEqual([
      'Courts',
      'Rooms',
    ])
  })

  it('offers at most 5 flagged types on the home page, and View All only past 5 types with one flagged', () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ ...padel, id: i + 1, name: `Type ${i + 1}` }))
    expect(directAccessEntries(many).types.map((t) => t.id)).toEqual([1, 2, 3, 4, 5])
    expect(directAccessEntries(many).viewAll).toBe(true)

    const five = many.slice(0, 5)
    expect(directAccessEntries(five)).toEqual({ types: five, viewAll: false })

    const noneFlagged = many.map((type) => ({ ...type, showInMainPage: false }))
    expect(directAccessEntries(noneFlagged)).toEqual({ types: [], viewAll: false })
  })

  it('offers the distinct durations of the day, shortest first, and none when there is only one', () => {
    expect(
      durationChoices([court(1, 'A', '2026-06-02', [90, 60]), court(2, 'B', '2026-06-02', [120])]),
    ).toEqual([60, 90, 120])
    expect(durationChoices([court(1, 'A', '2026-06-02', [60]), court(2, 'B', '2026-06-02', [60])])).toEqual(
      [],
    )
  })

  it("takes the first bookable day in the centre's time zone after the anticipation", () => {
    // 22:30 UTC on 1 June is already 2 June in Madrid (UTC+2), still 1 June in New York.
    const now = Date.UTC(2026, 5, 1, 22, 30)
    expect(firstBookableDay(now, 0, 'Europe/Madrid')).toBe('2026-06-02')
    expect(firstBookableDay(now, 0, 'America/New_York')).toBe('2026-06-01')
    expect(firstBookableDay(now, 24 * 60, 'America/New_York')).toBe('2026-06-02')
  })

  it("counts a time gone by for booking from now plus the anticipation on the centre's clock, unless the server still offers it", () => {
    // 21:40 UTC on 1 June is 23:40 in Madrid; with 30 minutes' anticipation, 00:10 on 2 June.
    const from = bookableFrom(Date.UTC(2026, 5, 1, 21, 40), 30, 'Europe/Madrid')
    expect(from).toBe('2026-06-02 00:10')
    expect(hasGoneBy(entry('2026-06-01', '23:30', { available: false }), from)).toBe(true)
    expect(hasGoneBy(entry('2026-06-02', '00:00', { available: false }), from)).toBe(true)
    expect(hasGoneBy(entry('2026-06-02', '00:30', { available: false }), from)).toBe(false)
    expect(hasGoneBy(entry('2026-06-02', '00:00'), from)).toBe(false)
  })

  it('reads only real calendar days', () => {
    expect(isLocalDate('2026-02-28')).toBe(true)
    expect(isLocalDate('2026-02-30')).toBe(false)
    expect(isLocalDate('2026-2-3')).toBe(false)
    expect(isLocalDate(null)).toBe(false)
  })

  it("keeps the centre's wall-clock time and day as they are", () => {
    expect(wallClockToUtc('2026-06-02 18:30').toISOString()).toBe('2026-06-02T18:30:00.000Z')
    expect(pickerDateToDay(dayToPickerDate('2026-12-31'))).toBe('2026-12-31')
  })

  it('counts calendar days across a month, a year and the clock changes', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29')
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30')
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
  })

  it('tells a day with resources and nothing free from one with a free time or no resources', () => {
    const taken = {
      ...court(11, 'Court 1', '2026-06-02'),
      timeTable: [entry('2026-06-02', '21:00', { available: false })],
    }
    expect(nothingFree([taken])).toBe(true)
    expect(nothingFree([taken, court(12, 'Court 2', '2026-06-02')])).toBe(false)
    expect(nothingFree([])).toBe(false)
  })
})
