import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type {
  BookingsListModel,
  CustomerBooking,
  PrebookModel,
  TimeTableEntry,
} from '@clubhouse/contract/server'
import {
  createTestClub,
  MINUTE,
  prebookBody,
  T0,
  testClock,
  type TestClub,
} from '../../test/booking-fixtures.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { clearRateLimits, insertCustomer, loginAs, type LoggedIn } from '../../test/customers.ts'
import { setCustomerLimits } from '../../test/settings-fixtures.ts'
import { expectTablesUnchanged, snapshotTables } from '../../test/table-snapshot.ts'

/**
 * Every booking route as a client meets it, on the test club (test/booking-fixtures.ts) with the
 * clock at Monday 7 January 2030, 08:00 in Madrid. Tuesday the 8th is a plain weekday.
 */

const TUESDAY = '2030-01-08'
const EN = { 'accept-language': 'en-US' }

describe.each(testDatabaseKinds())('booking routes on %s', (kind) => {
  const clock = testClock()
  let t: TestApp
  let club: TestClub
  let ana: LoggedIn
  let ben: LoggedIn

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: clock.now })
    club = await createTestClub(t.app.services)
    // Ana and Ben keep holds and free bookings from case to case (the limits: customer-limits tests).
    await setCustomerLimits(t.app.services, { holdsPerCustomer: 50, freeBookingsPerDay: 50 })
    await insertCustomer(t.app, { email: 'ana@example.com', password: 'Ana-Pass-2030', name: 'Ana' })
    await insertCustomer(t.app, { email: 'ben@example.com', password: 'Ben-Pass-2030', name: 'Ben' })
    ana = await loginAs(t.app, 'ana@example.com', 'Ana-Pass-2030')
    ben = await loginAs(t.app, 'ben@example.com', 'Ben-Pass-2030')
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    clock.set(T0)
    await clearRateLimits(t.app)
  })

  const get = (url: string, headers: Record<string, string> = EN) =>
    t.app.inject({ method: 'GET', url, headers })
  const post = (url: string, payload: unknown, who?: LoggedIn, headers: Record<string, string> = EN) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { ...headers, ...who?.headers },
    })

  async function day(date: string, opts: { type?: number; who?: LoggedIn; resourceTypeId?: number } = {}) {
    const res = await post(
      '/api/publicbookings/list',
      {
        date,
        bookingTypeId: opts.type ?? club.padel,
        customerId: opts.who?.id ?? null,
        ...(opts.resourceTypeId ? { resourceTypeId: opts.resourceTypeId } : {}),
      },
      opts.who,
    )
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ model: BookingsListModel }>().model
  }
  const entry = (model: BookingsListModel, resourceId: number, time: string): TimeTableEntry | undefined =>
    model.list.find((r) => r.id === resourceId)?.timeTable.find((e) => e.sstart === time)

  async function prebook(
    who: LoggedIn,
    start: string,
    duration: number,
    resourceIds: number[],
    type = club.padel,
  ) {
    return post('/api/publicbookings/prebook', prebookBody(who.id, type, start, duration, resourceIds), who)
  }
  const prebooked = async (
    who: LoggedIn,
    start: string,
    duration: number,
    resourceIds: number[],
    type?: number,
  ) => {
    const res = await prebook(who, start, duration, resourceIds, type)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ model: PrebookModel }>().model
  }
  const myBookings = async (who: LoggedIn) => {
    const res = await get(`/api/publicbookings/customer-bookings/${who.id}`, { ...EN, ...who.headers })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ model: { next: CustomerBooking[]; past: CustomerBooking[] } }>().model
  }
  const cancel = (who: LoggedIn, bookingId: number, customerId = who.id) =>
    post(`/api/publicbookings/cancel/${bookingId}/${customerId}`, undefined, who)
  const rowOf = async (table: 'bookings' | 'sales', id: number) => {
    const res = (await t.app.database.db.execute(
      sql`select status from ${sql.identifier(table)} where id = ${id}`,
    )) as unknown as { rows: Array<{ status: string }> }
    return res.rows[0]?.status
  }

  describe('the booking types and their filters', () => {
    it('lists the types offered online in their order, each with its lowest price', async () => {
      const res = await get('/api/publicbookings/booking-types-list')
      expect(res.statusCode).toBe(200)
      const types = res.json<{ model: Array<Record<string, unknown>> }>().model
      expect(types.map((type) => type.name)).toEqual(['Padel', 'Fitness room', 'Spinning'])
      expect(types[0]).toEqual({
        id: club.padel,
        name: 'Padel',
        byPlace: false,
        allowCreateBookByPlace: false,
        category: 'Courts',
        image: '/uploads/test/padel.svg',
        description: 'Glass courts.',
        extendedDescription: '<p>Rackets at <strong>reception</strong>.</p>',
        grossPrice: 12,
        showInMainPage: true,
      })
      expect(types[1]).toMatchObject({ grossPrice: 0, showInMainPage: false })
      expect(types[2]).toMatchObject({ byPlace: true })
      const es = (await get('/api/publicbookings/booking-types-list', { 'accept-language': 'es-ES' })).json()
      expect(es.model[0]).toMatchObject({ name: 'Pádel', category: 'Pistas' })
    })

    it('answers the filters of every type, and the rules of one', async () => {
      const all = (await get('/api/publicbookings/filters')).json().model
      expect(all.bookingTypes).toHaveLength(3)
      expect(all.resourceTypes).toEqual([
        { id: club.padelCourts, name: 'Padel courts' },
        { id: club.roomsType, name: 'Rooms' },
      ])
      const padel = (await get(`/api/publicbookings/filters/${club.padel}`)).json().model
      expect(padel).toMatchObject({
        resourceTypes: [{ id: club.padelCourts, name: 'Padel courts' }],
        anticipationText: 'Book 1 hour ahead.',
        anticipationMins: 60,
        cancellationText: 'Free cancellation up to 24 hours before.',
        cancellationMins: 1440,
      })
      for (const id of [club.tennis, 999]) {
        const res = await get(`/api/publicbookings/filters/${id}`)
        expect(res.statusCode, String(id)).toBe(404)
        expect(res.json()).toMatchObject({ ok: false, code: 'not_found' })
      }
    })
  })

  describe('the day', () => {
    it('lists the courts with their times, the durations that fit and their prices by the Madrid clock', async () => {
      const model = await day(TUESDAY)
      expect(model.list.map((r) => [r.id, r.name, r.type])).toEqual([
        [club.court1, 'Court 1', 'Padel courts'],
        [club.court2, 'Court 2', 'Padel courts'],
      ])
      const times = model.list[0]!.timeTable.map((e) => e.sstart)
      expect(times[0]).toBe('08:00')
      expect(times).not.toContain('14:00')
      expect(times).not.toContain('15:30')
      expect(times).toContain('16:00')
      expect(times.at(-1)).toBe('21:00')
      expect(entry(model, club.court1, '08:00')).toEqual({
        start: `${TUESDAY} 08:00`,
        sstart: '08:00',
        durations: [60, 90],
        priceByDuration: { '60': 12, '90': 18 },
        noOnlineBlocks: [],
        available: true,
      })
      expect(entry(model, club.court1, '12:30')?.durations).toEqual([60, 90])
      expect(entry(model, club.court1, '13:00')?.durations).toEqual([60])
      expect(entry(model, club.court1, '17:30')?.priceByDuration).toEqual({ '60': 12, '90': 18 })
      expect(entry(model, club.court1, '18:00')?.priceByDuration).toEqual({ '60': 16, '90': 24 })
      expect(model.multipleResources).toEqual([club.racketsType])
      expect(model.relatedResourceTypes).toEqual([{ id: club.racketsType, name: 'Rackets', optional: true }])
      expect(model.errorMsg).toBeNull()
    })

    it('takes away the times sooner than the anticipation allows, and says when a day has passed', async () => {
      const today = await day('2030-01-07')
      expect(entry(today, club.court1, '08:30')).toMatchObject({ available: false, durations: [] })
      expect(entry(today, club.court1, '09:00')).toMatchObject({ available: true, durations: [60, 90] })
      // The gym books with no anticipation: the hour that has begun is gone, the next is free.
      const gym = await day('2030-01-07', { type: club.gym })
      expect(entry(gym, club.room, '07:00')?.available).toBe(false)
      expect(entry(gym, club.room, '08:00')?.available).toBe(true)
      const sunday = await day('2030-01-06')
      expect(sunday.list[0]!.timeTable.every((e) => !e.available)).toBe(true)
      expect(sunday.errorMsg).toBe('This day has passed. Choose another day.')
      // A shorter Sunday: 09:00 to 14:00.
      const next = await day('2030-01-13')
      expect(next.list[0]!.timeTable.map((e) => e.sstart)).toEqual([
        '09:00',
        '09:30',
        '10:00',
        '10:30',
        '11:00',
        '11:30',
        '12:00',
        '12:30',
        '13:00',
      ])
    })

    it('filters by a resource type of the type and refuses one of another', async () => {
      expect((await day(TUESDAY, { resourceTypeId: club.padelCourts })).list).toHaveLength(2)
      const cases: Array<[object, number, string]> = [
        [{ bookingTypeId: club.padel, resourceTypeId: club.racketsType }, 422, 'resource_not_of_type'],
        [{ bookingTypeId: club.spinning }, 422, 'booked_by_place'],
        [{ bookingTypeId: club.tennis }, 422, 'booking_type_closed'],
        [{ bookingTypeId: 999 }, 404, 'not_found'],
        [{ bookingTypeId: club.padel, date: '2030-02-30' }, 400, 'validation'],
        [{ bookingTypeId: club.padel, date: '9999-01-08' }, 400, 'validation'],
        [{ bookingTypeId: club.padel, date: 'tomorrow' }, 400, 'validation'],
      ]
      for (const [body, status, code] of cases) {
        const res = await post('/api/publicbookings/list', { date: TUESDAY, customerId: null, ...body })
        expect(res.statusCode, JSON.stringify(body)).toBe(status)
        expect(res.json(), JSON.stringify(body)).toMatchObject({ ok: false, code })
      }
    })

    it("shows the staff's block as not bookable online and shortens the durations that would meet it", async () => {
      await t.app.services.bookings.addNoOnlineBlock({
        resourceId: club.court2,
        start: Date.parse('2030-01-08T09:00:00Z'),
        minutes: 60,
        note: 'Maintenance',
      })
      const model = await day(TUESDAY)
      expect(entry(model, club.court2, '10:00')).toMatchObject({
        available: false,
        durations: [],
        noOnlineBlocks: [
          { duration: 60, resourceId: club.court2, resourceName: 'Court 2', start: `${TUESDAY} 10:00` },
        ],
      })
      expect(entry(model, club.court2, '10:30')?.available).toBe(false)
      expect(entry(model, club.court2, '09:00')?.durations).toEqual([60])
      expect(entry(model, club.court2, '09:30')?.durations).toEqual([])
      expect(entry(model, club.court1, '10:00')?.available).toBe(true)

      const before = await snapshotTables(t.app)
      const res = await prebook(ana, `${TUESDAY} 10:00`, 60, [club.court2])
      expect(res.statusCode).toBe(422)
      expect(res.json()).toMatchObject({
        code: 'not_bookable_online',
        errorMsg: 'This time is reserved by the centre and cannot be booked online.',
      })
      await expectTablesUnchanged(t.app, before)
    })

    it('prices one booking for the customer, and refuses a duration or resource the type does not offer', async () => {
      const price = async (start: string, duration: number, resourceId = club.court1) =>
        post(
          '/api/publicbookings/loadprice',
          { startDate: start, bookingTypeId: club.padel, duration, customerId: ana.id, resourceId },
          ana,
        )
      expect((await price(`${TUESDAY} 18:00`, 60)).json()).toEqual({ ok: true, price: 16 })
      expect((await price(`${TUESDAY} 17:00`, 90)).json()).toEqual({ ok: true, price: 18 })
      expect((await price(`${TUESDAY} 17:00`, 45)).json()).toMatchObject({ code: 'duration_not_offered' })
      expect((await price(`${TUESDAY} 17:00`, 60, club.rackets1)).json()).toMatchObject({
        code: 'resource_not_of_type',
      })
    })
  })

  describe('holds', () => {
    it('holds a paid time with the sale the cart shows, and every answer shows it taken', async () => {
      const model = await prebooked(ana, `${TUESDAY} 11:00`, 90, [club.court1, club.rackets1])
      expect(model).toEqual({
        serviceFree: false,
        bookingId: expect.any(Number),
        description: 'Padel 90 min — Court 1 + Rackets A (08/01/2030 11:00)',
        sale: {
          id: expect.any(Number),
          title: 'Padel 90 min — Court 1 + Rackets A (08/01/2030 11:00)',
          saleNumber: expect.stringMatching(/^W-2030-\d{5}$/),
          pending: 21,
          paid: 0,
          cancelUrl: `publicbookings/cancel/${model.bookingId}/${ana.id}`,
          holdExpiresAt: new Date(T0 + 15 * MINUTE).toISOString(),
        },
      })
      expect(await rowOf('bookings', model.bookingId)).toBe('held')
      expect(await rowOf('sales', model.sale!.id)).toBe('pending')

      const after = await day(TUESDAY, { who: ben })
      expect(entry(after, club.court1, '11:00')?.available).toBe(false)
      expect(entry(after, club.court1, '10:00')?.durations).toEqual([60])
      expect(entry(after, club.court1, '10:30')?.durations).toEqual([])
      expect(entry(after, club.court1, '12:30')?.available).toBe(true)
      const rackets = await post(
        '/api/publicbookings/date-availability',
        {
          date: `${TUESDAY} 11:00`,
          customerId: ben.id,
          bookingTypeResourceId: club.racketsType,
          bookingTypeId: club.padel,
          duration: 90,
        },
        ben,
      )
      expect(rackets.json().model).toEqual([
        { id: club.rackets2, name: 'Rackets B', image: '', description: 'Four rackets.', price: 3 },
      ])
      const mine = await myBookings(ana)
      expect(mine.next).toContainEqual(
        expect.objectContaining({
          id: model.bookingId,
          status: 'held',
          canCancel: false,
          resourceName: 'Court 1',
        }),
      )
    })

    it('answers 409 slot_taken to a time someone else holds, whatever the duration, and keeps nothing', async () => {
      await prebooked(ana, `${TUESDAY} 16:00`, 60, [club.court1])
      for (const [start, duration] of [
        [`${TUESDAY} 16:00`, 60],
        [`${TUESDAY} 16:00`, 90],
        [`${TUESDAY} 16:30`, 60],
      ] as const) {
        const before = await snapshotTables(t.app)
        const res = await prebook(ben, start, duration, [club.court1])
        expect(res.statusCode, start).toBe(409)
        expect(res.json()).toMatchObject({
          ok: false,
          code: 'slot_taken',
          errorMsg: 'This time was just booked by someone else. Please choose another.',
        })
        await expectTablesUnchanged(t.app, before)
      }
    })

    it('frees a hold that ran out: the day shows it free and another customer takes it', async () => {
      const held = await prebooked(ana, `${TUESDAY} 19:00`, 60, [club.court2])
      clock.advance(14 * MINUTE)
      expect(entry(await day(TUESDAY), club.court2, '19:00')?.available).toBe(false)
      clock.advance(2 * MINUTE)
      expect(entry(await day(TUESDAY), club.court2, '19:00')?.available).toBe(true)
      const taken = await prebooked(ben, `${TUESDAY} 19:00`, 60, [club.court2])
      expect(taken.sale?.pending).toBe(16)
      expect(await rowOf('bookings', held.bookingId)).toBe('expired')
      expect(await rowOf('sales', held.sale!.id)).toBe('cancelled')
      expect((await myBookings(ana)).next.map((b) => b.id)).not.toContain(held.bookingId)
    })

    it('confirms a free booking at once, with its mail and calendar file', async () => {
      const model = await prebooked(ana, `${TUESDAY} 09:00`, 60, [club.room], club.gym)
      expect(model).toEqual({
        serviceFree: true,
        bookingId: expect.any(Number),
        description: 'Fitness room 60 min — Fitness room (08/01/2030 09:00)',
        sale: null,
      })
      expect(await rowOf('bookings', model.bookingId)).toBe('confirmed')
      const mine = await myBookings(ana)
      expect(mine.next).toContainEqual({
        id: model.bookingId,
        bookingType: 'Fitness room',
        resourceName: 'Fitness room',
        start: `${TUESDAY} 09:00`,
        duration: 60,
        description: 'Fitness room 60 min — Fitness room (08/01/2030 09:00)',
        canCancel: true,
        status: 'confirmed',
      })
      const mails = (await t.app.database.db.execute(
        sql`select subject, attachments from communications where to_address = 'ana@example.com' order by id desc limit 1`,
      )) as unknown as { rows: Array<{ subject: string; attachments: Array<{ filename: string }> }> }
      expect(mails.rows[0]?.subject).toMatch(/^Reserva confirmada: /)
      expect(mails.rows[0]?.attachments.map((a) => a.filename)).toEqual(['booking.ics'])
    })
  })

  describe('refusals', () => {
    type Case = [label: string, body: unknown, status: number, code: string, who?: LoggedIn]
    const padel = (start: string, duration: number, resources: number[]) =>
      prebookBody(0, 0, start, duration, resources) as ReturnType<typeof prebookBody>
    const withIds = (body: ReturnType<typeof prebookBody>, type: number, customer: number) => ({
      ...body,
      booking: { ...body.booking, bookingTypeId: type, customerId: customer },
      blocks: body.blocks.map((b) => ({ ...b, customerId: customer })),
    })
    const cases = (): Case[] => {
      const ok = (start: string, duration: number, resources: number[], type = club.padel) =>
        withIds(padel(start, duration, resources), type, ana.id)
      const main = ok(`${TUESDAY} 12:00`, 60, [club.court1])
      return [
        ['a past day', ok('2030-01-06 10:00', 60, [club.court1]), 422, 'slot_in_past'],
        ['inside the anticipation', ok('2030-01-07 08:30', 60, [club.court1]), 422, 'too_soon'],
        ['the lunch gap', ok(`${TUESDAY} 15:00`, 60, [club.court1]), 422, 'outside_timetable'],
        ['past closing', ok(`${TUESDAY} 21:00`, 90, [club.court1]), 422, 'outside_timetable'],
        ['a Sunday afternoon', ok('2030-01-13 16:00', 60, [club.court1]), 422, 'outside_timetable'],
        ['between two starts', ok(`${TUESDAY} 09:15`, 60, [club.court1]), 422, 'off_grid'],
        ['a duration not offered', ok(`${TUESDAY} 12:00`, 45, [club.court1]), 422, 'duration_not_offered'],
        ['a racket as the court', ok(`${TUESDAY} 12:00`, 60, [club.rackets1]), 422, 'resource_not_of_type'],
        ['a tennis court', ok(`${TUESDAY} 12:00`, 60, [club.tennisCourt]), 422, 'resource_not_of_type'],
        [
          'a court as follow-up',
          ok(`${TUESDAY} 12:00`, 60, [club.court1, club.court2]),
          422,
          'resource_not_of_type',
        ],
        [
          'two racket sets',
          ok(`${TUESDAY} 12:00`, 60, [club.court1, club.rackets1, club.rackets2]),
          422,
          'blocks_mismatch',
        ],
        [
          'one resource twice',
          ok(`${TUESDAY} 12:00`, 60, [club.court1, club.court1]),
          422,
          'blocks_mismatch',
        ],
        [
          'a follow-up at another time',
          {
            ...main,
            blocks: [
              main.blocks[0],
              { ...main.blocks[0]!, resourceId: club.rackets1, startDate: `${TUESDAY} 12:30` },
            ],
          },
          422,
          'blocks_mismatch',
        ],
        [
          'a closed type',
          ok(`${TUESDAY} 12:00`, 60, [club.tennisCourt], club.tennis),
          422,
          'booking_type_closed',
        ],
        [
          'a type booked by place',
          ok(`${TUESDAY} 12:00`, 45, [club.room], club.spinning),
          422,
          'booked_by_place',
        ],
        ['an unknown type', ok(`${TUESDAY} 12:00`, 60, [club.court1], 999), 404, 'not_found'],
        ['a date that is none', ok('2030-02-30 12:00', 60, [club.court1]), 400, 'validation'],
        ['no date at all', ok('next Tuesday', 60, [club.court1]), 400, 'validation'],
        ['the year 9999', ok('9999-01-08 12:00', 60, [club.court1]), 400, 'validation'],
        ['a duration of nothing', ok(`${TUESDAY} 12:00`, 0, [club.court1]), 400, 'validation'],
        [
          'a duration in words',
          { ...main, blocks: [{ ...main.blocks[0], duration: 'ninety' }] },
          400,
          'validation',
        ],
        ['no blocks', { ...main, blocks: [] }, 400, 'validation'],
        [
          '500 blocks',
          { ...main, blocks: Array.from({ length: 500 }, () => main.blocks[0]) },
          400,
          'validation',
        ],
        ['resource 0', ok(`${TUESDAY} 12:00`, 60, [0]), 400, 'validation'],
        ["another customer's id", main, 403, 'forbidden', ben],
        [
          'a block for another customer',
          { ...main, blocks: [{ ...main.blocks[0], customerId: ben.id }] },
          403,
          'forbidden',
        ],
      ]
    }

    it('answers each with its code and a message, holding nothing and changing nothing', async () => {
      for (const [label, body, status, code, who] of cases()) {
        await clearRateLimits(t.app)
        const before = await snapshotTables(t.app)
        const res = await post('/api/publicbookings/prebook', body, who ?? ana)
        expect(res.statusCode, label).toBe(status)
        const answer = res.json()
        expect(answer, label).toMatchObject({ ok: false, code })
        expect(answer.errorMsg, label).toBeTruthy()
        await expectTablesUnchanged(t.app, before, label)
      }
    })

    it('books a court without the optional racket set, and refuses one without a required follow-up', async () => {
      const WEDNESDAY = '2030-01-09'
      const courtOnly = await prebooked(ben, `${WEDNESDAY} 10:00`, 60, [club.court1])
      expect(courtOnly.sale?.pending).toBe(12)
      expect(courtOnly.description).toBe('Padel 60 min — Court 1 (09/01/2030 10:00)')

      await t.app.services.bookings.catalogue.setFollowUpOptional(club.padel, club.racketsType, false)
      try {
        expect((await day(WEDNESDAY)).relatedResourceTypes).toEqual([
          { id: club.racketsType, name: 'Rackets', optional: false },
        ])
        const before = await snapshotTables(t.app)
        const refused = await prebook(ben, `${WEDNESDAY} 10:00`, 60, [club.court2])
        expect(refused.statusCode).toBe(422)
        expect(refused.json()).toMatchObject({ ok: false, code: 'follow_up_required' })
        await expectTablesUnchanged(t.app, before, 'a required follow-up left out')
        const spanish = await post(
          '/api/publicbookings/prebook',
          prebookBody(ben.id, club.padel, `${WEDNESDAY} 10:00`, 60, [club.court2]),
          ben,
          { 'accept-language': 'es-ES' },
        )
        expect(spanish.json().errorMsg).toBe(
          'Esta reserva necesita uno de cada extra obligatorio: elige uno de cada.',
        )
        const withRackets = await prebooked(ben, `${WEDNESDAY} 10:00`, 60, [club.court2, club.rackets1])
        expect(withRackets.sale?.pending).toBe(15)
      } finally {
        await t.app.services.bookings.catalogue.setFollowUpOptional(club.padel, club.racketsType, true)
      }
    })

    it('answers in Spanish when asked in Spanish', async () => {
      const body = withIds(padel('2030-01-06 10:00', 60, [club.court1]), club.padel, ana.id)
      const res = await post('/api/publicbookings/prebook', body, ana, { 'accept-language': 'es-ES' })
      expect(res.json()).toMatchObject({
        code: 'slot_in_past',
        errorMsg: 'Esta hora ya ha pasado. Elige una más tarde.',
      })
    })
  })

  describe('my bookings and cancelling', () => {
    /** A paid booking as the checkout will leave it: held, its sale paid by card, then confirmed. */
    async function paidBooking(who: LoggedIn, start: string, duration: number, resources: number[]) {
      const held = await prebooked(who, start, duration, resources)
      await t.app.services.sales.paySale(held.sale!.id, { paymentMethodId: 15 })
      await t.app.services.bookings.confirmBooking(held.bookingId)
      return held
    }
    const voucherBalance = async (customerId: number) => {
      const res = (await t.app.database.db.execute(
        sql`select coalesce(sum(balance), 0) as total from vouchers where customer_id = ${customerId} and kind = 0`,
      )) as unknown as { rows: Array<{ total: number | string }> }
      return Number(res.rows[0]?.total ?? 0)
    }

    it('cancels a paid booking outside the window: the time is free again and the money is back in the voucher', async () => {
      const booking = await paidBooking(ana, '2030-01-10 18:00', 60, [club.court2])
      const listed = (await myBookings(ana)).next.find((b) => b.id === booking.bookingId)
      expect(listed).toMatchObject({ status: 'confirmed', canCancel: true, start: '2030-01-10 18:00' })
      const balance = await voucherBalance(ana.id)

      const res = await cancel(ana, booking.bookingId)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({
        ok: true,
        errorMsg: null,
        infoReturns: [
          {
            bookingId: booking.bookingId,
            description: booking.description,
            amounts: [{ paymentMethod: 'Money voucher', paymentMethodId: 6, amount: 16 }],
          },
        ],
      })
      expect(await voucherBalance(ana.id)).toBe(balance + 1600)
      expect(entry(await day('2030-01-10'), club.court2, '18:00')?.available).toBe(true)
      expect((await myBookings(ana)).next.find((b) => b.id === booking.bookingId)).toMatchObject({
        status: 'cancelled',
        canCancel: false,
      })
      // Again: nothing more to return.
      const again = await cancel(ana, booking.bookingId)
      expect(again.json()).toEqual({ ok: true, errorMsg: null, infoReturns: [] })
      expect(await voucherBalance(ana.id)).toBe(balance + 1600)
    })

    it('refuses to cancel inside the window, changing nothing', async () => {
      // Tuesday 08:00 is exactly 24 hours away: the window has closed.
      const late = await paidBooking(ana, `${TUESDAY} 08:00`, 60, [club.court2])
      // The gym's window is one hour: 09:00 today can no longer be cancelled at 08:00.
      const gym = await prebooked(ana, '2030-01-07 09:00', 60, [club.room], club.gym)
      const mine = await myBookings(ana)
      for (const id of [late.bookingId, gym.bookingId]) {
        expect(mine.next.find((b) => b.id === id)).toMatchObject({ canCancel: false, status: 'confirmed' })
        const before = await snapshotTables(t.app)
        const res = await cancel(ana, id)
        expect(res.statusCode).toBe(422)
        expect(res.json()).toMatchObject({
          ok: false,
          code: 'cannot_cancel',
          errorMsg: 'It is too late to cancel this booking online. Please contact the centre.',
        })
        await expectTablesUnchanged(t.app, before)
      }
      // A minute before the window closes it still could be: at 07:59 on Monday, for Tuesday 08:00.
      const early = await paidBooking(ben, '2030-01-09 08:00', 60, [club.court2])
      clock.set(Date.parse('2030-01-08T06:59:00Z'))
      expect((await cancel(ben, early.bookingId)).statusCode).toBe(200)
    })

    it("answers not found for another customer's booking under one's own id, and 403 under theirs", async () => {
      const bens = await prebooked(ben, '2030-01-11 10:00', 60, [club.court1])
      const before = await snapshotTables(t.app)
      const mine = await cancel(ana, bens.bookingId)
      expect(mine.statusCode).toBe(404)
      expect(mine.json()).toMatchObject({
        ok: false,
        code: 'not_found',
        errorMsg: 'This booking was not found.',
      })
      const theirs = await cancel(ana, bens.bookingId, ben.id)
      expect(theirs.statusCode).toBe(403)
      await expectTablesUnchanged(t.app, before)
      expect(await rowOf('bookings', bens.bookingId)).toBe('held')
    })

    it("releases a hold through the cart's cancel address: nothing to return, the sale cancelled, the time free", async () => {
      const held = await prebooked(ana, '2030-01-11 12:00', 60, [club.court1])
      const res = await post(`/api/${held.sale!.cancelUrl}`, undefined, ana)
      expect(res.json()).toEqual({ ok: true, errorMsg: null, infoReturns: [] })
      expect(await rowOf('bookings', held.bookingId)).toBe('cancelled')
      expect(await rowOf('sales', held.sale!.id)).toBe('cancelled')
      expect(entry(await day('2030-01-11'), club.court1, '12:00')?.available).toBe(true)
    })

    it('lists past bookings latest first', async () => {
      await prebooked(ana, '2030-01-11 17:00', 60, [club.room], club.gym)
      clock.set(Date.parse('2030-01-12T12:00:00Z'))
      const { next, past } = await myBookings(ana)
      expect(next.every((b) => b.start > '2030-01-12')).toBe(true)
      expect(past.length).toBeGreaterThan(0)
      expect(past.map((b) => b.start)).toEqual([...past.map((b) => b.start)].sort().reverse())
      expect(past.every((b) => !b.canCancel)).toBe(true)
    })
  })
})
