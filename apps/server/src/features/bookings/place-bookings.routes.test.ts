import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { BookingTemplateInfo, CustomerBooking, PlaceSession } from '@clubhouse/contract/server'
import { HOUR, T0, testClock } from '../../test/booking-fixtures.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { clearRateLimits, insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { createPlaceClub, createSession, placeRequests, type PlaceClub } from '../../test/place-fixtures.ts'
import { setCustomerLimits } from '../../test/settings-fixtures.ts'
import { expectTablesUnchanged, snapshotTables } from '../../test/table-snapshot.ts'
import { instantAt } from './centre-clock.ts'

/**
 * The routes of booking by place as the pages call them, on the test club with its place maps
 * (test/place-fixtures.ts), the clock at Monday 7 January 2030, 08:00 in Madrid.
 */

/** An instant on the centre's clock (Madrid). */
const at = (date: string, time: string) =>
  instantAt(date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3)), 'Europe/Madrid')!

describe.each(testDatabaseKinds())('booking by place on %s', (kind) => {
  const clock = testClock()
  let t: TestApp
  let club: PlaceClub
  let ana: LoggedIn
  let ben: LoggedIn
  let cara: LoggedIn

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: clock.now })
    club = await createPlaceClub(t.app.services)
    // Ana, Ben and Cara keep holds and free places from case to case (the limits: customer-limits tests).
    await setCustomerLimits(t.app.services, { holdsPerCustomer: 50, freeBookingsPerDay: 50 })
    const racers = await insertLoggedInCustomers(t.app, 3, 'place')
    ana = racers[0]!
    ben = racers[1]!
    cara = racers[2]!
    // Cara is on a price list with 10 % off.
    await t.app.database.db.execute(sql`with type as (
        insert into customer_types (name, discount_percent) values ('Members', 10) returning id)
      update customers set customer_type_id = (select id from type) where id = ${cara.id}`)
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    clock.set(T0)
    await clearRateLimits(t.app)
  })

  const { get, post, prebook, prebooked } = placeRequests(() => t.app)
  const week = async (body: Record<string, unknown>, who?: LoggedIn) => {
    const res = await post('/api/publicbookings/byplace-list', { customerId: who?.id ?? 0, ...body }, who)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ ok: true; errorMsg: string | null; data: PlaceSession[] }>()
  }
  const mapOf = async (templateId: number, sessionId: number, who?: LoggedIn) => {
    const res = await get(`/api/publicbookings/booking-template-info/${templateId}/${sessionId}`, who)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ model: BookingTemplateInfo }>().model
  }
  const statusesOf = async (sessionId: number) =>
    (
      (await t.app.database.db.execute(
        sql`select status from bookings where session_id = ${sessionId} order by id`,
      )) as unknown as { rows: Array<{ status: string }> }
    ).rows.map((r) => r.status)

  it("lists the week's sessions of the by-place types online, soonest first, as the page shows them", async () => {
    // The Friday before the week: every session of it within the 14 days its types are booked ahead.
    clock.set(at('2030-02-01', '08:00'))
    const monday = await createSession(t.app.services, club, at('2030-02-04', '00:00'))
    const tuesday = await createSession(t.app.services, club, at('2030-02-05', '19:00'), {
      minLevel: 1.5,
      maxLevel: 3,
    })
    const yoga = await createSession(t.app.services, club, at('2030-02-06', '10:00'), {
      bookingTypeId: club.yoga,
      templateId: null,
      maxParticipants: 2,
      priceCents: 0,
      durationMinutes: 60,
      description: { 'es-ES': 'Yoga suave', 'en-US': 'Gentle yoga' },
      resourceIds: [club.coach, club.room],
    })
    const sunday = await createSession(t.app.services, club, at('2030-02-10', '23:30'))
    await createSession(t.app.services, club, at('2030-02-11', '00:00'))
    await createSession(t.app.services, club, at('2030-02-05', '18:00'), {
      bookingTypeId: club.pilates,
      templateId: null,
    })

    const all = await week({ date: '2030-02-07' })
    expect(all.errorMsg).toBeNull()
    expect(all.data.map((s) => s.id)).toEqual([monday, tuesday, yoga, sunday])
    expect(all.data[1]).toEqual({
      id: tuesday,
      bookingTypeId: club.spinning,
      bookingTypeName: 'Spinning',
      start: '2030-02-05 19:00',
      sstart: '19:00',
      weekday: 2,
      duration: 45,
      maxParticipants: 4,
      participantsIn: 0,
      minLevel: 1.5,
      maxLevel: 3,
      resources: 'Fitness room',
      price: 6,
      bookingTemplateId: club.studio.id,
      description: 'Spinning class',
      bookable: true,
      alreadyIn: false,
      waiting: false,
      waitlistCount: 0,
    })
    expect(all.data.map((s) => s.weekday)).toEqual([1, 2, 3, 7])
    expect(all.data[2]).toMatchObject({ resources: 'Fitness room, Coach Eva', price: 0, minLevel: null })

    const spanish = (
      await t.app.inject({
        method: 'POST',
        url: '/api/publicbookings/byplace-list',
        headers: { 'accept-language': 'es-ES' },
        payload: { date: '2030-02-04', customerId: 0 },
      })
    ).json<{ data: PlaceSession[] }>().data
    expect(spanish.find((s) => s.id === yoga)).toMatchObject({
      description: 'Yoga suave',
      resources: 'Sala fitness, Monitora Eva',
    })

    expect((await week({ date: '2030-02-10', bookingTypeId: club.yoga })).data.map((s) => s.id)).toEqual([
      yoga,
    ])
    expect((await week({ date: '2030-02-04', bookingTypeId: 0 })).data).toHaveLength(4)
    expect(
      (await week({ date: '2030-02-04', resourceTypeId: club.instructorsType })).data.map((s) => s.id),
    ).toEqual([yoga])
    expect((await week({ date: '2031-05-05' })).data).toEqual([])
    expect((await week({ date: '2031-05-05' })).errorMsg).toBeNull()

    // A customer's own state and price: Cara (10 % off) books the yoga class and sees herself in it.
    await prebooked(cara, yoga)
    const hers = await week({ date: '2030-02-06' }, cara)
    expect(hers.data.find((s) => s.id === yoga)).toMatchObject({ alreadyIn: true, participantsIn: 1 })
    expect(hers.data.find((s) => s.id === tuesday)).toMatchObject({ alreadyIn: false, price: 5.4 })
    const anon = await week({ date: '2030-02-06' })
    expect(anon.data.find((s) => s.id === yoga)).toMatchObject({ alreadyIn: false, participantsIn: 1 })
  })

  it("keeps a visitor's week ready to send until a place is taken or the centre's midnight moves the days ahead", async () => {
    // Monday 7 January, a minute to midnight: a session fifteen days on is one day past the 14 the
    // type is booked ahead, until the centre's clock reaches Tuesday.
    clock.set(at('2030-01-07', '23:59'))
    const edge = await createSession(t.app.services, club, at('2030-01-22', '10:00'))
    const visit = (etag?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/publicbookings/byplace-list',
        headers: { 'accept-language': 'en-US', ...(etag ? { 'if-none-match': etag } : {}) },
        payload: { date: '2030-01-22', customerId: 0 },
      })
    const sessionIn = (res: Awaited<ReturnType<typeof visit>>) =>
      res.json<{ data: PlaceSession[] }>().data.find((s) => s.id === edge)!

    const first = await visit()
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toBe('no-cache')
    expect(sessionIn(first)).toMatchObject({ bookable: false, participantsIn: 0 })
    const etag = String(first.headers.etag)
    expect((await visit(etag)).statusCode).toBe(304)

    clock.set(at('2030-01-08', '00:00') + 30_000)
    const tuesday = await visit(etag)
    expect(tuesday.statusCode).toBe(200)
    expect(sessionIn(tuesday)).toMatchObject({ bookable: true, participantsIn: 0 })

    await prebooked(ana, edge, club.studio.placeIds[0])
    const taken = await visit(String(tuesday.headers.etag))
    expect(taken.statusCode).toBe(200)
    expect(sessionIn(taken)).toMatchObject({ participantsIn: 1 })
    // What is the customer's own is never kept for anyone else.
    const hers = await post(
      '/api/publicbookings/byplace-list',
      { customerId: ana.id, date: '2030-01-22' },
      ana,
    )
    expect(hers.headers['cache-control']).toBe('private, no-store')
    expect(hers.json<{ data: PlaceSession[] }>().data.find((s) => s.id === edge)).toMatchObject({
      alreadyIn: true,
    })
  })

  it("answers another customer's id with 403 and a customer id without a token with 401", async () => {
    const other = await post(
      '/api/publicbookings/byplace-list',
      { date: '2030-02-04', customerId: ben.id },
      ana,
    )
    expect(other.statusCode).toBe(403)
    expect(other.json()).toMatchObject({ ok: false, code: 'forbidden' })
    const noToken = await post('/api/publicbookings/byplace-list', { date: '2030-02-04', customerId: ana.id })
    expect(noToken.statusCode).toBe(401)
    const bad = await post('/api/publicbookings/byplace-list', { date: '2030-02-31', customerId: 0 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ ok: false, code: 'validation' })
  })

  it('holds a paid place of the map with the sale the cart shows, and confirms a free place at once with its mail', async () => {
    const spinning = await createSession(t.app.services, club, at('2030-01-08', '19:00'))
    const [a1] = club.studio.placeIds
    const held = await prebooked(ana, spinning, a1)
    expect(held).toMatchObject({
      serviceFree: false,
      description: 'Spinning 45 min — Place A1 (08/01/2030 19:00)',
      sale: {
        title: 'Spinning 45 min — Place A1 (08/01/2030 19:00)',
        pending: 6,
        paid: 0,
        cancelUrl: `publicbookings/cancel/${held.bookingId}/${ana.id}`,
        holdExpiresAt: new Date(T0 + 15 * 60_000).toISOString(),
      },
    })
    expect(await statusesOf(spinning)).toEqual(['held'])

    const yoga = await createSession(t.app.services, club, at('2030-01-09', '10:00'), {
      bookingTypeId: club.yoga,
      templateId: null,
      priceCents: 0,
    })
    const free = await prebooked(ben, yoga)
    expect(free).toMatchObject({
      serviceFree: true,
      sale: null,
      description: 'Yoga 45 min (09/01/2030 10:00)',
    })
    expect(await statusesOf(yoga)).toEqual(['confirmed'])
    const mails = (await t.app.database.db.execute(
      sql`select subject from communications where customer_id = ${ben.id} order by id`,
    )) as unknown as { rows: Array<{ subject: string }> }
    expect(mails.rows.map((r) => r.subject)).toContain('Reserva confirmada: Yoga 45 min (09/01/2030 10:00)')

    // Both show in My bookings; the confirmed one can be cancelled there, the hold cannot.
    const mine = await get(`/api/publicbookings/customer-bookings/${ben.id}`, ben)
    const next = mine.json<{ model: { next: CustomerBooking[] } }>().model.next
    expect(next).toEqual([
      {
        id: free.bookingId,
        bookingType: 'Yoga',
        resourceName: '',
        start: '2030-01-09 10:00',
        duration: 45,
        description: 'Yoga 45 min (09/01/2030 10:00)',
        canCancel: true,
        status: 'confirmed',
      },
    ])
    // Cara pays her price list's price.
    const hers = await prebooked(cara, spinning, club.studio.placeIds[1])
    expect(hers.sale!.pending).toBe(5.4)
  })

  it('refuses every wrong prebook with its code and message, and stores nothing', async () => {
    const spinning = await createSession(t.app.services, club, at('2030-01-08', '19:00'), {
      maxParticipants: 2,
    })
    const yoga = await createSession(t.app.services, club, at('2030-01-09', '10:00'), {
      bookingTypeId: club.yoga,
      templateId: null,
    })
    const soon = await createSession(t.app.services, club, at('2030-01-07', '08:30'), {
      bookingTypeId: club.yoga,
      templateId: null,
    })
    const started = await createSession(t.app.services, club, at('2030-01-07', '07:45'))
    const closed = await createSession(t.app.services, club, at('2030-01-08', '10:00'), {
      bookingTypeId: club.pilates,
      templateId: null,
    })
    const [a1, a2, a3] = club.studio.placeIds
    await prebooked(ana, spinning, a1)

    const cases: Array<[string, () => ReturnType<typeof prebook>, number, string, string]> = [
      ['an unknown session', () => prebook(ben, 999_999), 404, 'not_found', 'This session was not found.'],
      [
        'a type not offered online',
        () => prebook(ben, closed),
        422,
        'booking_type_closed',
        'This booking type is not offered online at the moment.',
      ],
      [
        'a session started',
        () => prebook(ben, started, a1),
        422,
        'slot_in_past',
        'This session has already started.',
      ],
      [
        'inside the anticipation window',
        () => prebook(ben, soon),
        422,
        'too_soon',
        'This time is too close to book online: book at least 60 minutes ahead.',
      ],
      [
        'a map and no place',
        () => prebook(ben, spinning),
        422,
        'place_required',
        'Choose your place on the map of this session.',
      ],
      [
        'a place of another map',
        () => prebook(ben, spinning, club.openStudio.placeIds[0]),
        422,
        'place_not_in_template',
        'This place is not one of the map of this session.',
      ],
      [
        'a place on a session without a map',
        () => prebook(ben, yoga, a2),
        422,
        'place_not_in_template',
        'This session has no map of places: book any place.',
      ],
      [
        'a second place of one customer',
        () => prebook(ana, spinning, a2),
        409,
        'already_booked',
        'You already have a place in this session.',
      ],
      [
        'a place taken',
        () => prebook(ben, spinning, a1),
        409,
        'place_taken',
        'Someone else has just taken this place. Please choose another.',
      ],
    ]
    for (const [label, send, status, code, errorMsg] of cases) {
      const before = await snapshotTables(t.app)
      const res = await send()
      expect(res.statusCode, label).toBe(status)
      expect(res.json(), label).toEqual({ ok: false, code, errorMsg })
      await expectTablesUnchanged(t.app, before, label)
    }

    await prebooked(cara, spinning, a3)
    const before = await snapshotTables(t.app)
    const full = await prebook(ben, spinning, a2)
    expect(full.statusCode).toBe(409)
    expect(full.json()).toEqual({
      ok: false,
      code: 'session_full',
      errorMsg:
        'There are no places left in this session. Join its waiting list to be offered one that frees.',
    })
    const other = await prebook(ben, yoga, undefined, ana.id)
    expect(other.statusCode).toBe(403)
    expect(other.json()).toMatchObject({ ok: false, code: 'forbidden' })
    const anonymous = await post(`/api/publicbookings/byplace-prebook-place/${ana.id}/${yoga}`, undefined)
    expect(anonymous.statusCode).toBe(401)
    const badPlace = await post(
      `/api/publicbookings/byplace-prebook-place/${ben.id}/${spinning}/0`,
      undefined,
      ben,
    )
    expect(badPlace.statusCode).toBe(400)
    expect(badPlace.json()).toMatchObject({ ok: false, code: 'validation' })
    await expectTablesUnchanged(t.app, before)

    // In Spanish, the message is Spanish.
    const es = await t.app.inject({
      method: 'POST',
      url: `/api/publicbookings/byplace-prebook-place/${ben.id}/${spinning}/${a2}`,
      headers: { 'accept-language': 'es-ES', ...ben.headers },
    })
    expect(es.json().errorMsg).toBe(
      'No quedan plazas en esta sesión. Apúntate a su lista de espera y te ofreceremos la que se libere.',
    )
  })

  it('frees a place whose hold ran out for the next customer, with no sweep', async () => {
    const spinning = await createSession(t.app.services, club, at('2030-01-08', '19:00'), {
      maxParticipants: 1,
    })
    const [a1, a2] = club.studio.placeIds
    const first = await prebooked(ana, spinning, a1)
    expect((await prebook(ben, spinning, a2)).json()).toMatchObject({ code: 'session_full' })
    clock.advance(16 * 60_000)
    expect((await week({ date: '2030-01-08' })).data.find((s) => s.id === spinning)).toMatchObject({
      participantsIn: 0,
      bookable: true,
    })
    await prebooked(ben, spinning, a1)
    expect(await statusesOf(spinning)).toEqual(['expired', 'held'])
    const sale = (await t.app.database.db.execute(
      sql`select status from sales where id = ${first.sale!.id}`,
    )) as unknown as { rows: Array<{ status: string }> }
    expect(sale.rows[0]!.status).toBe('cancelled')
  })

  it('cancels a place through My bookings, refunding what was paid, and frees it', async () => {
    const yoga = await createSession(t.app.services, club, at('2030-01-10', '10:00'), {
      bookingTypeId: club.yoga,
      templateId: null,
      maxParticipants: 1,
      priceCents: 0,
    })
    const mine = await prebooked(ana, yoga)
    const cancelled = await post(`/api/publicbookings/cancel/${mine.bookingId}/${ana.id}`, undefined, ana)
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(await statusesOf(yoga)).toEqual(['cancelled'])
    await prebooked(ben, yoga)
    expect(await statusesOf(yoga)).toEqual(['cancelled', 'confirmed'])
  })

  describe('the place map', () => {
    it('shows every place, its drawing, and the taken places without their bookers to all', async () => {
      const spinning = await createSession(t.app.services, club, at('2030-01-08', '19:00'))
      const [a1, a2] = club.studio.placeIds
      await prebooked(ana, spinning, a1)
      await prebooked(ben, spinning, a2)
      const anonymous = await mapOf(club.studio.id, spinning)
      expect(anonymous.allowSeeParticipants).toBe(false)
      expect(anonymous.imageMap).toBe('/uploads/test/studio.svg')
      expect(JSON.parse(anonymous.templateMap.configJson)).toMatchObject({ width: 400, zoom: 1 })
      expect(anonymous.places.map((p) => p.place)).toEqual(['A1', 'A2', 'A3', 'B1', 'B2', 'B3'])
      expect(JSON.parse(anonymous.places[0]!.configJson)).toMatchObject({ ref: 'bike', trans: [100, 80] })
      expect(anonymous.participants).toEqual([
        { bookingTemplatePlaceId: a1, name: '', phone: '', email: '', logo: '', mine: false },
        { bookingTemplatePlaceId: a2, name: '', phone: '', email: '', logo: '', mine: false },
      ])
      expect(anonymous.session).toMatchObject({ id: spinning, participantsIn: 2, alreadyIn: false })
      const asAna = await mapOf(club.studio.id, spinning, ana)
      expect(asAna.participants).toEqual([
        { bookingTemplatePlaceId: a1, name: '', phone: '', email: '', logo: '', mine: true },
        { bookingTemplatePlaceId: a2, name: '', phone: '', email: '', logo: '', mine: false },
      ])
      expect(asAna.session.alreadyIn).toBe(true)
    })

    it('names the bookers to signed-in customers only, when the map allows it', async () => {
      const open = await createSession(t.app.services, club, at('2030-01-08', '20:00'), {
        templateId: club.openStudio.id,
      })
      const [b1, b2] = club.openStudio.placeIds
      await prebooked(ana, open, b1)
      const anonymous = await mapOf(club.openStudio.id, open)
      expect(anonymous.allowSeeParticipants).toBe(true)
      expect(anonymous.participants).toEqual([
        { bookingTemplatePlaceId: b1, name: '', phone: '', email: '', logo: '', mine: false },
      ])
      // A customer who is not in the session reads the name, never the phone or the email.
      const asBen = await mapOf(club.openStudio.id, open, ben)
      expect(asBen.participants).toEqual([
        { bookingTemplatePlaceId: b1, name: 'Racer 1 Customer', phone: '', email: '', logo: '', mine: false },
      ])
      // Nor does one who only holds a place (unpaid, and released if never paid).
      await prebooked(ben, open, b2)
      const holding = await mapOf(club.openStudio.id, open, ben)
      expect(holding.participants[0]).toMatchObject({ name: 'Racer 1 Customer', phone: '', email: '' })
      // A token that is no session's is an anonymous caller.
      const stranger = await t.app.inject({
        method: 'GET',
        url: `/api/publicbookings/booking-template-info/${club.openStudio.id}/${open}`,
        headers: { authorization: `Bearer ${'f'.repeat(64)}` },
      })
      expect(stranger.json().model.participants[0].name).toBe('')
    })

    it('gives the bookers’ phone and email to the session’s confirmed participants only', async () => {
      const free = await createSession(t.app.services, club, at('2030-01-08', '21:00'), {
        templateId: club.openStudio.id,
        priceCents: 0,
      })
      const [b1, b2] = club.openStudio.placeIds
      await prebooked(ana, free, b1)
      expect((await mapOf(club.openStudio.id, free, ben)).participants[0]).toMatchObject({
        name: 'Racer 1 Customer',
        phone: '',
        email: '',
      })
      await prebooked(ben, free, b2)
      const asBen = await mapOf(club.openStudio.id, free, ben)
      expect(asBen.participants[0]).toEqual({
        bookingTemplatePlaceId: b1,
        name: 'Racer 1 Customer',
        phone: '600000000',
        email: 'place1@example.com',
        logo: '',
        mine: false,
      })
      expect(asBen.participants[1]).toMatchObject({ bookingTemplatePlaceId: b2, mine: true })
      expect((await mapOf(club.openStudio.id, free)).participants[0]!.phone).toBe('')
    })

    it('offers no more places than the session has left, and none once its maximum is reached', async () => {
      // A class of 2 on the studio's map of 6 bikes.
      const small = await createSession(t.app.services, club, at('2030-01-10', '19:00'), {
        maxParticipants: 2,
      })
      const [a1, a2, a3] = club.studio.placeIds
      const free = await mapOf(club.studio.id, small, cara)
      expect(free.placesLeft).toBe(2)
      expect(free.unavailableReason).toBeNull()
      expect(free.places.every((p) => p.available)).toBe(true)

      await prebooked(ana, small, a1)
      const oneLeft = await mapOf(club.studio.id, small, cara)
      expect(oneLeft.placesLeft).toBe(1)
      expect(oneLeft.unavailableReason).toBeNull()
      expect(oneLeft.places.filter((p) => p.available).map((p) => p.place)).toEqual([
        'A2',
        'A3',
        'B1',
        'B2',
        'B3',
      ])

      // Both places are holds (the class is paid): they count while they run.
      await prebooked(ben, small, a2)
      for (const who of [cara, undefined]) {
        const full = await mapOf(club.studio.id, small, who)
        expect(full.session).toMatchObject({ participantsIn: 2, maxParticipants: 2, bookable: false })
        expect(full.placesLeft).toBe(0)
        expect(full.places.filter((p) => p.available)).toEqual([])
        expect(full.unavailableReason).toBe('This session is full.')
      }
      expect((await mapOf(club.studio.id, small, ana)).unavailableReason).toBe(
        'You already have a place in this session.',
      )
      const spanish = await t.app.inject({
        method: 'GET',
        url: `/api/publicbookings/booking-template-info/${club.studio.id}/${small}`,
        headers: { 'accept-language': 'es-ES', ...cara.headers },
      })
      expect(spanish.json().model.unavailableReason).toBe('Esta sesión está completa.')

      // The server takes no third customer, whichever of the free bikes is asked for.
      const before = await snapshotTables(t.app)
      const third = await prebook(cara, small, a3)
      expect(third.statusCode).toBe(409)
      expect(third.json()).toMatchObject({ ok: false, code: 'session_full' })
      await expectTablesUnchanged(t.app, before, 'a third place in a class of 2')

      // Holds that run out give their places back to the count.
      clock.set(T0 + 16 * 60_000)
      const again = await mapOf(club.studio.id, small, cara)
      expect(again.placesLeft).toBe(2)
      expect(again.unavailableReason).toBeNull()
      expect(again.places.every((p) => p.available)).toBe(true)
    })

    it('answers 404 for a session that is not there or does not use that map', async () => {
      const spinning = await createSession(t.app.services, club, at('2030-01-08', '19:00'))
      const yoga = await createSession(t.app.services, club, at('2030-01-09', '10:00'), {
        bookingTypeId: club.yoga,
        templateId: null,
      })
      for (const [url, errorMsg] of [
        [`${club.studio.id}/999999`, 'This session was not found.'],
        [`${club.openStudio.id}/${spinning}`, 'This session has no such place map.'],
        [`${club.studio.id}/${yoga}`, 'This session has no such place map.'],
      ] as const) {
        const res = await get(`/api/publicbookings/booking-template-info/${url}`)
        expect(res.statusCode, url).toBe(404)
        expect(res.json()).toEqual({ ok: false, code: 'not_found', errorMsg })
      }
    })
  })

  it('runs the prebook under the clock of the centre: a session two hours away is bookable, one started is not', async () => {
    const later = await createSession(t.app.services, club, T0 + 2 * HOUR)
    const started = await createSession(t.app.services, club, T0 - 15 * 60_000)
    const list = await week({ date: '2030-01-07' })
    expect(list.data.find((s) => s.id === later)!.bookable).toBe(true)
    expect(list.data.find((s) => s.id === started)!.bookable).toBe(false)
  })
})
