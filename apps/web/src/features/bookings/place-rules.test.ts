import { describe, expect, it } from 'vitest'
import { MAP_ZOOM_MAX, MAP_ZOOM_MIN } from '@clubhouse/contract'
import { participant, placeSession, standMap, standPlace } from '../../test/bookings-data.ts'
import {
  byWeekday,
  canJoinWaitlist,
  clampZoom,
  firstPlace,
  mondayOf,
  nextPlace,
  placeChoiceHref,
  readDrawing,
  readPlaces,
  sessionHref,
  sessionState,
  weekdayOf,
  weekOf,
  bookedPlaces,
} from './place-rules.ts'

describe('the week of sessions', () => {
  it('runs Monday to Sunday around any of its days', () => {
    expect(mondayOf('2099-03-04')).toBe('2099-03-02')
    expect(mondayOf('2099-03-08')).toBe('2099-03-02')
    expect(mondayOf('2099-03-09')).toBe('2099-03-09')
    expect(weekOf('2099-03-04')).toEqual([
      '2099-03-02',
      '2099-03-03',
      '2099-03-04',
      '2099-03-05',
      '2099-03-06',
      '2099-03-07',
      '2099-03-08',
    ])
    expect(weekdayOf('2099-03-04')).toBe(3)
    expect(weekdayOf('2099-03-08')).toBe(7)
  })

  it('puts each session in the column of its weekday, soonest first', () => {
    const late = placeSession({ id: 1, start: '2099-03-04 20:00', weekday: 3 })
    const early = placeSession({ id: 2, start: '2099-03-04 08:00', weekday: 3 })
    const sunday = placeSession({ id: 3, start: '2099-03-08 10:00', weekday: 7 })
    const columns = byWeekday([late, sunday, early])
    expect(columns.map((column) => column.map((s) => s.id))).toEqual([[], [], [2, 1], [], [], [], [3]])
  })
})

describe("a session's state", () => {
  it('says plenty, few places left, full, closed, in or waiting', () => {
    expect(sessionState(placeSession({ maxParticipants: 12, participantsIn: 3 }))).toBe('plenty')
    expect(sessionState(placeSession({ maxParticipants: 12, participantsIn: 9 }))).toBe('few')
    // A fifth of a large session is few already.
    expect(sessionState(placeSession({ maxParticipants: 200, participantsIn: 161 }))).toBe('few')
    expect(sessionState(placeSession({ maxParticipants: 200, participantsIn: 150 }))).toBe('plenty')
    expect(sessionState(placeSession({ participantsIn: 12, bookable: false }))).toBe('full')
    expect(sessionState(placeSession({ bookable: false }))).toBe('closed')
    expect(sessionState(placeSession({ alreadyIn: true, participantsIn: 12 }))).toBe('in')
    expect(sessionState(placeSession({ waiting: true, participantsIn: 12 }))).toBe('waiting')
  })

  it('offers the waiting list of a full session that has not started', () => {
    const full = placeSession({ participantsIn: 12, bookable: false, start: '2099-03-04 18:00' })
    expect(canJoinWaitlist(full, '2099-03-04 17:59')).toBe(true)
    expect(canJoinWaitlist(full, '2099-03-04 18:00')).toBe(false)
    expect(canJoinWaitlist({ ...full, waiting: true }, '2099-03-01 10:00')).toBe(false)
    expect(canJoinWaitlist(placeSession(), '2099-03-01 10:00')).toBe(false)
  })

  it('leads to the place map with the day, or to the confirm popup on the same page', () => {
    const params = new URLSearchParams({ resourceType: '4', date: '2099-03-01' })
    expect(
      sessionHref(placeSession({ id: 7, bookingTemplateId: 9 }), '2099-03-04', '/bookings-byplace', params),
    ).toBe('/booking-visual/7/9?date=2099-03-04')
    expect(sessionHref(placeSession({ id: 7 }), '2099-03-04', '/bookings-byplace/3', params)).toBe(
      '/bookings-byplace/3?resourceType=4&date=2099-03-04&bookingId=7',
    )
    expect(placeChoiceHref(401, { id: 105, name: 'A 22' }, '2099-03-04')).toBe(
      '/bookings-byplace?bookingId=401&placeId=105&place=A+22&date=2099-03-04',
    )
  })
})

describe('the place map', () => {
  it('holds the zoom between 1 and 6 on steps of 0.05', () => {
    expect(clampZoom(0.2)).toBe(MAP_ZOOM_MIN)
    expect(clampZoom(9)).toBe(MAP_ZOOM_MAX)
    expect(clampZoom(1.1499)).toBe(1.15)
    expect(clampZoom(2.26)).toBe(2.25)
    expect(clampZoom(Number.NaN)).toBe(MAP_ZOOM_MIN)
  })

  it('reads the drawing and the places, skipping any part whose JSON is broken', () => {
    const info = standMap()
    const places = readPlaces([
      ...info.places,
      { id: 190, place: 'X1', configJson: '{not json', available: true },
      { id: 191, place: 'X2', configJson: JSON.stringify({ ref: 'seat', trans: ['a', 1] }), available: true },
    ])
    expect(places.map((p) => p.id)).toEqual([101, 102, 103, 104, 105, 106, 111, 112])
    expect(places[0]).toMatchObject({ name: 'A11', x: 40, y: 40, row: 1, col: 1, section: 'A', ref: 'seat' })

    const drawing = readDrawing(
      JSON.stringify({
        width: 400,
        height: 160,
        fontSize: 10,
        zoom: 2,
        paths: [
          { type: 'path', d: 'M0,0 L10,10' },
          { type: 'path', d: 'M0,0 <script>' },
          { type: 'text', d: '20,30', label: 'Stage' },
          { type: 'text', d: 'nowhere', label: 'Lost' },
          'not a path',
        ],
      }),
      places,
    )
    expect(drawing).toMatchObject({ width: 400, height: 160, fontSize: 10, zoom: 2 })
    expect(drawing.shapes).toEqual([
      { kind: 'path', key: 'shape-0', d: 'M0,0 L10,10' },
      { kind: 'text', key: 'shape-2', x: 20, y: 30, label: 'Stage' },
    ])

    // A drawing that does not read at all still shows the places, sized to hold them.
    const bare = readDrawing('oops', places)
    expect(bare).toMatchObject({ width: 280 + 42, height: 80 + 42, fontSize: 14, zoom: 1, shapes: [] })
  })

  it('moves along rows and columns with the arrow keys, and across the aisle into the next section', () => {
    const places = readPlaces(standMap().places)
    const at = (name: string) => places.find((p) => p.name === name)!
    const move = (from: string, direction: 'left' | 'right' | 'up' | 'down') =>
      nextPlace(places, at(from), direction)?.name ?? null
    expect(move('A11', 'right')).toBe('A12')
    expect(move('A12', 'left')).toBe('A11')
    expect(move('A11', 'left')).toBeNull()
    expect(move('A12', 'down')).toBe('A22')
    expect(move('A22', 'up')).toBe('A12')
    expect(move('A22', 'down')).toBeNull()
    expect(move('A13', 'right')).toBe('B11')
    expect(move('B11', 'left')).toBe('A13')
  })

  it('starts keyboard focus on the first free place', () => {
    // Listed out of order: B first, then A's second row.
    const places = readPlaces([standPlace(111, 1, 1, 'B'), standPlace(104, 2, 1), ...standMap().places])
    expect(firstPlace(places, bookedPlaces([]))?.name).toBe('A11')
    expect(firstPlace(places, bookedPlaces([participant(101), participant(102)]))?.name).toBe('A13')
  })
})
