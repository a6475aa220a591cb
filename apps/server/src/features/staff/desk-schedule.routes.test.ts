import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOUR, MINUTE, prebookBody, T0, testClock } from '../../test/booking-fixtures.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { createPlaceClub, createSession, type PlaceClub } from '../../test/place-fixtures.ts'
import { insertStaffMember, staffSession } from '../../test/staff.ts'

const PASSWORD = 'Long-Staff-Pass-26'
/** Monday 7 January 2030 in Madrid: the fixtures' clock starts there at 08:00. */
const MONDAY = '2030-01-07'

describe.each(testDatabaseKinds())("the desk's day on %s", (kind) => {
  let t: TestApp
  const clock = testClock()
  let club: PlaceClub
  let desk: Record<string, string>
  let ana: LoggedIn

  const schedule = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/staff/schedule${query}`,
      headers: { 'accept-language': 'en-US', ...desk, ...headers },
    })
  const dayOf = async (query: string) => {
    const res = await schedule(query)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }

  /** A desk session opened now, by the app's clock (a session ends after 12 idle hours). */
  const logIn = () => staffSession(t.app, 'desk@example.com', PASSWORD)

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: clock.now, logger: { level: 'error' } })
    club = await createPlaceClub(t.app.services)
    await insertStaffMember(t.app, 'desk@example.com', 'desk', PASSWORD)
    desk = await logIn()
    ana = (await insertLoggedInCustomers(t.app, 1, 'ana'))[0]!
  })
  afterAll(() => t.close())

  it("shows the centre's today and its first resource type when asked for nothing", async () => {
    const day = await dayOf('')
    expect(day).toMatchObject({ date: MONDAY, today: MONDAY, zone: 'Europe/Madrid' })
    expect(day.resourceTypes.map((r: { name: string }) => r.name)).toEqual([
      'Padel courts',
      'Rackets',
      'Rooms',
      'Tennis courts',
      'Instructors',
    ])
    expect(day.resourceTypeId).toBe(club.padelCourts)
    expect(day.resources).toEqual([
      {
        id: club.court1,
        name: 'Court 1',
        slotMinutes: 30,
        opening: [
          { opensMinute: 8 * 60, closesMinute: 14 * 60 },
          { opensMinute: 16 * 60, closesMinute: 22 * 60 },
        ],
      },
      expect.objectContaining({ id: club.court2, name: 'Court 2' }),
    ])
    // What the desk can book on courts: padel (its racket set optional), not the by-place spinning.
    expect(day.bookingTypes).toEqual([
      {
        id: club.padel,
        name: 'Padel',
        durations: [60, 90],
        isOnline: true,
        followUps: [
          {
            resourceTypeId: club.racketsType,
            name: 'Rackets',
            optional: true,
            priceCents: 300,
            resources: [
              { id: club.rackets1, name: 'Rackets A' },
              { id: club.rackets2, name: 'Rackets B' },
            ],
          },
        ],
      },
    ])
    const tennis = await dayOf(`?resourceTypeId=${club.tennisCourts}`)
    expect(tennis.bookingTypes).toEqual([expect.objectContaining({ id: club.tennis, isOnline: false })])
    expect({ first: day.firstMinute, last: day.lastMinute, items: day.items }).toEqual({
      first: 8 * 60,
      last: 22 * 60,
      items: [],
    })
  })

  it("shows a customer's hold with who holds it, then their paid booking's price, until the hold runs out", async () => {
    const before = await schedule(`?date=${MONDAY}&resourceTypeId=${club.padelCourts}`)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/publicbookings/prebook',
      payload: prebookBody(ana.id, club.padel, `${MONDAY} 10:00`, 60, [club.court1]),
      headers: ana.headers,
    })
    expect(res.statusCode, res.body).toBe(200)

    const after = await schedule(`?date=${MONDAY}&resourceTypeId=${club.padelCourts}`)
    expect(after.headers.etag).not.toBe(before.headers.etag)
    const [hold] = after.json().data.items
    expect(hold).toMatchObject({
      kind: 'hold',
      resourceId: club.court1,
      startMinute: 10 * 60,
      endMinute: 11 * 60,
      startsAt: '2030-01-07T09:00:00.000Z',
      title: 'Padel',
      customer: { id: ana.id, name: 'Racer 1 Customer', phone: '600000000', email: 'ana1@example.com' },
      priceCents: 1200,
      holdExpiresAt: expect.any(String),
    })

    // An unchanged day is answered from its ETag: a desk polling it gets 304 and no body.
    const again = await schedule(`?date=${MONDAY}&resourceTypeId=${club.padelCourts}`, {
      'if-none-match': after.headers.etag as string,
    })
    expect(again.statusCode).toBe(304)
    expect(again.headers['cache-control']).toBe('private, no-cache')

    // The hold runs out: the day shows the court free again, with no write anywhere.
    clock.set(Date.parse(hold.holdExpiresAt) + MINUTE)
    expect((await dayOf(`?date=${MONDAY}&resourceTypeId=${club.padelCourts}`)).items).toEqual([])
    clock.set(T0)
  })

  it("shows the staff's no-online block with its reason, in the language asked for", async () => {
    const start = T0 + 8 * HOUR // 16:00 in Madrid
    const id = await t.app.services.bookings.addNoOnlineBlock({
      resourceId: club.court2,
      start,
      minutes: 120,
      note: 'Torneo «Ñu» ✓',
    })
    const day = await dayOf(`?date=${MONDAY}&resourceTypeId=${club.padelCourts}`)
    expect(day.items).toContainEqual(
      expect.objectContaining({
        kind: 'block',
        id,
        resourceId: club.court2,
        startMinute: 16 * 60,
        endMinute: 18 * 60,
        title: 'Torneo «Ñu» ✓',
        customer: null,
        priceCents: null,
      }),
    )
    const es = await schedule(`?date=${MONDAY}`, { 'accept-language': 'es-ES' })
    expect(es.json().data.resources[0].name).toBe('Pista 1')
  })

  it("gives a weekly block's series id on each week's day, so the desk can release the rest of it", async () => {
    const take = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/staff/blocks', payload, headers: { ...desk } })
    const weekly = await take({
      resourceId: club.court1,
      date: '2030-01-09',
      startMinute: 19 * 60,
      endMinute: 20 * 60,
      note: 'Liga',
      repeatWeeklyUntil: '2030-01-16',
    })
    expect(weekly.statusCode, weekly.body).toBe(200)
    const { seriesId, blocks } = weekly.json().model
    expect(seriesId).toEqual(expect.any(String))
    const once = await take({
      resourceId: club.court2,
      date: '2030-01-09',
      startMinute: 19 * 60,
      endMinute: 20 * 60,
      note: 'Mantenimiento',
    })
    expect(once.statusCode, once.body).toBe(200)
    const onceId = once.json().model.blocks[0].id

    const first = (await dayOf(`?date=2030-01-09&resourceTypeId=${club.padelCourts}`)).items
    expect(first).toContainEqual(expect.objectContaining({ kind: 'block', id: blocks[0].id, seriesId }))
    expect(first).toContainEqual(expect.objectContaining({ kind: 'block', id: onceId, seriesId: null }))
    const second = (await dayOf(`?date=2030-01-16&resourceTypeId=${club.padelCourts}`)).items
    expect(second).toContainEqual(expect.objectContaining({ kind: 'block', id: blocks[1].id, seriesId }))
  })

  it('shows a session on its resource with its live places, its size and who waits', async () => {
    const sessionId = await createSession(t.app.services, club, T0 + 11 * HOUR, { maxParticipants: 2 })
    const prebook = await t.app.inject({
      method: 'POST',
      url: `/api/publicbookings/byplace-prebook-place/${ana.id}/${sessionId}/${club.studio.placeIds[0]}`,
      headers: ana.headers,
    })
    expect(prebook.statusCode, prebook.body).toBe(200)
    const day = await dayOf(`?date=${MONDAY}&resourceTypeId=${club.roomsType}`)
    expect(day.items).toEqual([
      expect.objectContaining({
        kind: 'session',
        id: sessionId,
        resourceId: club.room,
        startMinute: 19 * 60,
        endMinute: 19 * 60 + 45,
        title: 'Spinning class',
        participants: 1,
        maxParticipants: 2,
        waiting: 0,
      }),
    ])
  })

  it('lists every booking type for the desk to choose among, the desk-only ones and the classes too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/staff/booking-types',
      headers: { 'accept-language': 'en-US', ...desk },
    })
    expect(res.statusCode, res.body).toBe(200)
    const types: Array<{ id: number; isOnline: boolean; byPlace: boolean; durations: number[] }> =
      res.json().data
    expect(types.find((b) => b.id === club.padel)).toMatchObject({ isOnline: true, byPlace: false })
    expect(types.find((b) => b.id === club.padel)!.durations.length).toBeGreaterThan(0)
    expect(types.find((b) => b.id === club.tennis)).toMatchObject({ isOnline: false, byPlace: false })
    expect(types.find((b) => b.id === club.yoga)).toMatchObject({ byPlace: true, durations: [] })
  })

  it('moves to the next day at the centre’s midnight, not at UTC’s', async () => {
    // 23:30 UTC on Monday is 00:30 on Tuesday in Madrid.
    clock.set(Date.parse('2030-01-07T23:30:00Z'))
    desk = await logIn()
    expect((await dayOf('')).date).toBe('2030-01-08')
    clock.set(T0)
    desk = await logIn()
  })

  it('refuses an unknown resource type with 404 and a day that is no date with 400, in the error shape', async () => {
    const unknown = await schedule('?resourceTypeId=999999')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ ok: false, code: 'not_found' })
    for (const date of ['2030-02-30', 'tomorrow', '2030-01-07\u0000', '']) {
      const res = await schedule(`?date=${encodeURIComponent(date)}`)
      expect(res.statusCode, date).toBe(400)
      expect(res.json()).toMatchObject({ ok: false, errorMsg: expect.any(String) })
    }
  })

  it("is the staff's alone: a customer's token is refused", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/staff/schedule', headers: ana.headers })
    expect(res.statusCode).toBe(401)
  })
})
