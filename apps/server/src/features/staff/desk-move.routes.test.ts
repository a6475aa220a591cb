import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClub, prebookBody, testClock, type TestClub } from '../../test/booking-fixtures.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { insertStaffMember, staffSession } from '../../test/staff.ts'

const PASSWORD = 'Long-Staff-Pass-26'
/** Monday 7 January 2030 in Madrid, the fixtures' today (their clock is at 08:00), and the Tuesday. */
const MONDAY = '2030-01-07'
const TUESDAY = '2030-01-08'

describe.each(testDatabaseKinds())('moving a booking at the desk on %s', (kind) => {
  let t: TestApp
  const clock = testClock()
  let club: TestClub
  let desk: Record<string, string>
  let ana: LoggedIn

  const book = async (start: string, resourceIds: number[], over: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/bookings',
      payload: {
        bookingTypeId: club.padel,
        resourceIds,
        start,
        durationMinutes: 60,
        customer: { id: ana.id },
        payment: 'cash',
        ...over,
      },
      headers: { 'accept-language': 'en-US', ...desk },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().model as { bookingId: number; priceCents: number; saleId: number }
  }
  const move = (bookingId: number | string, body: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/staff/bookings/${bookingId}/move`,
      payload: body,
      headers: { 'accept-language': 'en-US', ...desk, ...headers },
    })
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.app.database.db.execute(query)) as unknown as { rows: T[] }).rows
  /** Where a booking stands: its times, price and live blocks, main resource first. */
  const whereIs = async (bookingId: number) => ({
    booking: (
      await rows<Record<string, unknown>>(
        sql`select status, starts_at, ends_at, price_cents from bookings where id = ${bookingId}`,
      )
    )[0],
    blocks: await rows<Record<string, unknown>>(sql`select resource_id, lower(during) as start, price_cents
      from booking_blocks where booking_id = ${bookingId} and released_at is null order by id`),
  })
  const moves = async (bookingId: number) =>
    rows<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      sql`select before, after from staff_audit where subject = ${`booking:${bookingId}`} and action = 'booking.move'`,
    )

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: clock.now, logger: { level: 'error' } })
    club = await createTestClub(t.app.services)
    await insertStaffMember(t.app, 'desk@example.com', 'desk', PASSWORD)
    desk = await staffSession(t.app, 'desk@example.com', PASSWORD)
    ana = (await insertLoggedInCustomers(t.app, 1, 'ana'))[0]!
  })
  afterAll(() => t.close())

  it('moves a booking and its rackets to another time and court, at the price it was charged', async () => {
    // 12 € the court and 3 € the rackets at 10:00; the rules would charge 16 € for the court at 18:00.
    const made = await book(`${TUESDAY} 10:00`, [club.court1, club.rackets1])
    expect(made.priceCents).toBe(1500)
    const res = await move(made.bookingId, { start: `${TUESDAY} 18:00`, resourceId: club.court2 })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().model).toEqual({
      bookingId: made.bookingId,
      startsAt: '2030-01-08T17:00:00.000Z',
      endsAt: '2030-01-08T18:00:00.000Z',
      resourceId: club.court2,
      priceCents: 1500,
      description: 'Padel 60 min — Court 2 + Rackets A (08/01/2030 18:00)',
    })
    const now = await whereIs(made.bookingId)
    expect(now.booking).toMatchObject({ status: 'confirmed', price_cents: 1500 })
    expect(
      now.blocks.map((b) => [b.resource_id, new Date(b.start as string).toISOString(), b.price_cents]),
    ).toEqual([
      [club.court2, '2030-01-08T17:00:00.000Z', 1200],
      [club.rackets1, '2030-01-08T17:00:00.000Z', 300],
    ])
    // The sale stays as it was paid, and names what the customer now has.
    const [sale] = await rows<{ total_cents: number; status: string; title: Record<string, string> }>(
      sql`select total_cents, status, title from sales where id = ${made.saleId}`,
    )
    expect(sale).toMatchObject({ total_cents: 1500, status: 'paid' })
    expect(sale!.title['en-US']).toBe('Padel 60 min — Court 2 + Rackets A (08/01/2030 18:00)')
    const lines = await rows<{ name: Record<string, string>; total_cents: number }>(
      sql`select name, total_cents from sale_items where sale_id = ${made.saleId} order by id`,
    )
    expect(lines.map((l) => [l.name['en-US'], l.total_cents])).toEqual([
      ['Padel 60 min — Court 2', 1200],
      ['Rackets A', 300],
    ])

    // The desk's day shows it at its new time, and the old one is free again on the site.
    const day = await t.app.inject({
      method: 'GET',
      url: `/api/staff/schedule?date=${TUESDAY}&resourceTypeId=${club.padelCourts}`,
      headers: desk,
    })
    expect(day.json().data.items).toContainEqual(
      expect.objectContaining({ kind: 'booking', id: made.bookingId, startMinute: 1080 }),
    )
    const online = await t.app.inject({
      method: 'POST',
      url: '/api/publicbookings/prebook',
      payload: prebookBody(ana.id, club.padel, `${TUESDAY} 10:00`, 60, [club.court1]),
      headers: ana.headers,
    })
    expect(online.statusCode, online.body).toBe(200)

    const audit = await moves(made.bookingId)
    expect(audit).toHaveLength(1)
    expect(audit[0]).toEqual({
      before: {
        resourceIds: [club.court1, club.rackets1],
        startsAt: '2030-01-08T09:00:00.000Z',
        endsAt: '2030-01-08T10:00:00.000Z',
        priceCents: 1500,
      },
      after: {
        resourceIds: [club.court2, club.rackets1],
        startsAt: '2030-01-08T17:00:00.000Z',
        endsAt: '2030-01-08T18:00:00.000Z',
        priceCents: 1500,
      },
    })
    const [mail] = await rows<{ subject: string; attachments: Array<{ filename: string }> }>(
      sql`select subject, attachments from communications where to_address = 'ana1@example.com' order by id desc limit 1`,
    )
    expect(mail?.subject).toMatch(/^(Booking changed|Reserva cambiada): .*18:00/)
    expect(mail?.attachments.map((a) => a.filename)).toEqual(['booking.ics'])
  })

  it('moves the time alone on the same court, and answers in Spanish', async () => {
    const made = await book(`${TUESDAY} 11:00`, [club.court2])
    const res = await move(
      made.bookingId,
      { start: `${TUESDAY} 11:30`, resourceId: club.court2 },
      { 'accept-language': 'es-ES' },
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().model.description).toBe('Pádel 60 min — Pista 2 (08/01/2030 11:30)')
  })

  it('refuses a time taken by another booking or a block of the centre with 409, leaving it where it was', async () => {
    const made = await book(`${TUESDAY} 08:00`, [club.court1])
    await book(`${TUESDAY} 13:00`, [club.court1])
    const before = await whereIs(made.bookingId)
    const mailsBefore = await rows<{ n: number }>(sql`select count(*)::int as n from communications`)

    const taken = await move(made.bookingId, { start: `${TUESDAY} 12:30`, resourceId: club.court1 })
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject({ ok: false, code: 'slot_taken' })

    const block = await t.app.inject({
      method: 'POST',
      url: '/api/staff/blocks',
      payload: {
        resourceId: club.court2,
        date: TUESDAY,
        startMinute: 1200,
        endMinute: 1260,
        note: 'Repairs',
      },
      headers: desk,
    })
    expect(block.statusCode, block.body).toBe(200)
    const blocked = await move(made.bookingId, { start: `${TUESDAY} 20:30`, resourceId: club.court2 })
    expect(blocked.statusCode).toBe(409)

    expect(await whereIs(made.bookingId)).toEqual(before)
    expect(await moves(made.bookingId)).toEqual([])
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from communications`)).toEqual(mailsBefore)
  })

  it('refuses a booking that has started, a cancelled one, a past time, a resource of another type', async () => {
    // Now is Monday 08:00: a booking of 08:00 has started.
    const started = await book(`${MONDAY} 08:00`, [club.court2])
    const res = await move(started.bookingId, { start: `${TUESDAY} 16:00`, resourceId: club.court2 })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ code: 'cannot_move' })
    const es = await move(
      started.bookingId,
      { start: `${TUESDAY} 16:00`, resourceId: club.court2 },
      { 'accept-language': 'es-ES' },
    )
    expect(es.json().errorMsg).toBe(
      'Solo se puede cambiar una reserva de pista confirmada que aún no ha empezado.',
    )

    const cancelled = await book(`${TUESDAY} 16:00`, [club.court2])
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/staff/bookings/${cancelled.bookingId}/cancel`,
      payload: { refund: 'none' },
      headers: desk,
    })
    expect(cancel.statusCode).toBe(200)
    const again = await move(cancelled.bookingId, { start: `${TUESDAY} 17:00`, resourceId: club.court2 })
    expect(again.json()).toMatchObject({ code: 'cannot_move' })

    // A hold the customer is paying online is hers to pay, not the desk's to move.
    const held = await t.app.inject({
      method: 'POST',
      url: '/api/publicbookings/prebook',
      payload: prebookBody(ana.id, club.padel, `${TUESDAY} 17:00`, 60, [club.court1]),
      headers: ana.headers,
    })
    expect(held.statusCode, held.body).toBe(200)
    const hold = await move(held.json().model.bookingId, {
      start: `${TUESDAY} 17:30`,
      resourceId: club.court1,
    })
    expect(hold.json()).toMatchObject({ code: 'cannot_move' })

    const later = await book(`${TUESDAY} 09:00`, [club.court2])
    const past = await move(later.bookingId, { start: `${MONDAY} 06:00`, resourceId: club.court2 })
    expect(past.statusCode).toBe(422)
    const tennis = await move(later.bookingId, { start: `${TUESDAY} 10:00`, resourceId: club.tennisCourt })
    expect(tennis.json()).toMatchObject({ code: 'resource_not_of_type' })
    const offGrid = await move(later.bookingId, { start: `${TUESDAY} 10:15`, resourceId: club.court2 })
    expect(offGrid.json()).toMatchObject({ code: 'off_grid' })
    const closed = await move(later.bookingId, { start: `${TUESDAY} 14:30`, resourceId: club.court2 })
    expect(closed.json()).toMatchObject({ code: 'outside_timetable' })
    expect(await moves(later.bookingId)).toEqual([])
  })

  it('sends the reminder again before a new time out of its window, and never mails a walk-in', async () => {
    const reminded = async (bookingId: number) =>
      (
        await rows<{ at: string | null }>(
          sql`select reminder_sent_at as at from bookings where id = ${bookingId}`,
        )
      )[0]!.at !== null
    // Reminded for Tuesday (within 24 hours of Monday 08:00): moved to Thursday, it is reminded again.
    const far = await book(`${TUESDAY} 20:00`, [club.court1])
    await t.app.database.db.execute(
      sql`update bookings set reminder_sent_at = now() where id = ${far.bookingId}`,
    )
    expect(
      (await move(far.bookingId, { start: '2030-01-10 10:00', resourceId: club.court1 })).statusCode,
    ).toBe(200)
    expect(await reminded(far.bookingId)).toBe(false)
    // Moved within the window (Tuesday 08:00 is 24 hours away), the mail of the move is its reminder.
    const near = await book(`${TUESDAY} 21:00`, [club.court1])
    await t.app.database.db.execute(
      sql`update bookings set reminder_sent_at = now() where id = ${near.bookingId}`,
    )
    expect(
      (await move(near.bookingId, { start: `${TUESDAY} 08:00`, resourceId: club.court2 })).statusCode,
    ).toBe(200)
    expect(await reminded(near.bookingId)).toBe(true)

    const walkIn = await book(`${TUESDAY} 21:00`, [club.court2], {
      customer: { walkIn: { name: 'Walk-in', phone: '600 000 000' } },
    })
    const mails = await rows<{ n: number }>(sql`select count(*)::int as n from communications`)
    const res = await move(walkIn.bookingId, { start: `${TUESDAY} 17:00`, resourceId: club.court2 })
    expect(res.statusCode, res.body).toBe(200)
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from communications`)).toEqual(mails)
    expect(await reminded(walkIn.bookingId)).toBe(true)
  })

  it('answers bad input 4xx, never 500', async () => {
    const made = await book(`${TUESDAY} 19:00`, [club.court1])
    const ok = { start: `${TUESDAY} 21:00`, resourceId: club.court1 }
    const cases: Array<[number | string, object, number]> = [
      [999_999, ok, 404],
      ['abc', ok, 400],
      [0, ok, 400],
      [made.bookingId, { ...ok, start: 'tomorrow' }, 400],
      [made.bookingId, { ...ok, start: '2030-02-30 10:00' }, 400],
      [made.bookingId, { ...ok, start: `${TUESDAY} 10:00\u0000` }, 400],
      [made.bookingId, { ...ok, resourceId: 0 }, 400],
      [made.bookingId, { ...ok, resourceId: 'x' }, 400],
      [made.bookingId, { ...ok, resourceId: 999_999 }, 422],
      [made.bookingId, { start: ok.start }, 400],
      [made.bookingId, {}, 400],
    ]
    for (const [id, body, status] of cases) {
      const res = await move(id, body)
      expect(res.statusCode, `${id} ${JSON.stringify(body)}: ${res.body}`).toBe(status)
    }
    expect(await moves(made.bookingId)).toEqual([])
  })
})
