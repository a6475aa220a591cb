import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { StaffDay, StaffSessionRoster } from '@clubhouse/contract/server'
import { HOUR, MINUTE, T0, testClock } from '../../test/booking-fixtures.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { clearRateLimits, insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { createPlaceClub, createSession, type PlaceClub } from '../../test/place-fixtures.ts'
import { setCustomerLimits } from '../../test/settings-fixtures.ts'
import { insertStaffMember, staffSession } from '../../test/staff.ts'
import { expectTablesUnchanged, snapshotTables } from '../../test/table-snapshot.ts'

/**
 * The desk's sessions through the API, on the place club (test/place-fixtures.ts) with the clock at
 * Monday 7 January 2030, 08:00 in Madrid: a session's roster and waiting list, the check-in of its
 * places with their audit rows, and a place the desk gives, under the site's rules.
 */

const EN = { 'accept-language': 'en-US' }
const ES = { 'accept-language': 'es-ES' }
const PASSWORD = 'Long-Staff-Pass-26'
/** Tuesday 8 January 2030, 19:00 in Madrid. */
const TUESDAY_19 = Date.parse('2030-01-08T18:00:00Z')
/** What a refused desk write may not change. */
const WRITE_TABLES = ['bookings', 'sales', 'place_session_waitlist', 'availability_versions', 'staff_audit']

describe.each(testDatabaseKinds())('the desk sessions on %s', (kind) => {
  const clock = testClock()
  let t: TestApp
  let club: PlaceClub
  let desk: { authorization: string }
  let deskId: number
  let customers: LoggedIn[]

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: clock.now })
    club = await createPlaceClub(t.app.services)
    await setCustomerLimits(t.app.services, { holdsPerCustomer: 50, freeBookingsPerDay: 50 })
    deskId = (await insertStaffMember(t.app, 'desk@example.com', 'desk', PASSWORD)).id
    desk = await staffSession(t.app, 'desk@example.com', PASSWORD)
    customers = await insertLoggedInCustomers(t.app, 5, 'walker')
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    await at(T0)
    await clearRateLimits(t.app)
  })

  /** Moves the clock, and signs the desk in again: a staff session ends when the clock jumps by hours. */
  async function at(time: number) {
    clock.set(time)
    desk = await staffSession(t.app, 'desk@example.com', PASSWORD)
  }

  const c = (i: number) => customers[i]!
  const deskGet = (url: string, headers = EN) =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, ...desk } })
  const deskPost = (url: string, payload: object, headers = EN) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...desk } })
  const roster = async (sessionId: number): Promise<StaffSessionRoster> => {
    const res = await deskGet(`/api/staff/sessions/${sessionId}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }
  const mark = (sessionId: number, bookingId: number, attendance: 'came' | 'absent' | null) =>
    deskPost(`/api/staff/sessions/${sessionId}/attendance`, { bookingId, attendance })
  const add = (sessionId: number, customerId: number, placeId?: number, headers = EN) =>
    deskPost(`/api/staff/sessions/${sessionId}/participants`, { customerId, placeId }, headers)
  const prebook = (who: LoggedIn, sessionId: number, placeId?: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/publicbookings/byplace-prebook-place/${who.id}/${sessionId}${placeId ? `/${placeId}` : ''}`,
      headers: { ...EN, ...who.headers },
    })
  const joinWaitlist = (who: LoggedIn, sessionId: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/publicbookings/waitlist-join/${who.id}/${sessionId}`,
      headers: { ...EN, ...who.headers },
    })
  const auditRows = async (action: string) =>
    (
      (await t.app.database.db.execute(
        sql`select staff_id, subject, before, after from staff_audit where action = ${action} order by id`,
      )) as unknown as { rows: Array<{ staff_id: number; subject: string; before: unknown; after: unknown }> }
    ).rows.map((r) => ({
      ...r,
      before: typeof r.before === 'string' ? JSON.parse(r.before) : r.before,
      after: typeof r.after === 'string' ? JSON.parse(r.after) : r.after,
    }))
  /** The studio's bikes A1, A2 and A3. */
  const place = (i: number) => club.studio.placeIds[i]!
  const a1 = () => place(0)
  const a2 = () => place(1)
  const a3 = () => place(2)

  it('shows a hold, a confirmed place and a waiting customer, with the session as the centre reads it', async () => {
    const id = await createSession(t.app.services, club, TUESDAY_19, { maxParticipants: 2 })
    const held = await prebook(c(0), id, a1())
    expect(held.statusCode, held.body).toBe(200)
    const added = await add(id, c(1).id, a3())
    expect(added.statusCode, added.body).toBe(200)
    expect((await joinWaitlist(c(2), id)).statusCode).toBe(200)

    const r = await roster(id)
    expect(r).toMatchObject({
      id,
      bookingTypeId: club.spinning,
      bookingType: 'Spinning',
      description: 'Spinning class',
      startsAt: '2030-01-08T18:00:00.000Z',
      date: '2030-01-08',
      time: '19:00',
      durationMinutes: 45,
      maxParticipants: 2,
      capacity: 2,
    })
    expect(r.places).toHaveLength(6)
    expect(r.places.filter((p) => p.taken).map((p) => p.name)).toEqual(['A1', 'A3'])
    expect(r.roster).toEqual([
      {
        bookingId: held.json().model.bookingId,
        customerId: c(0).id,
        name: 'Racer 1',
        surname: 'Customer',
        phone: '600000000',
        email: 'walker1@example.com',
        placeId: a1(),
        placeName: 'A1',
        status: 'held',
        holdExpiresAt: new Date(T0 + 15 * MINUTE).toISOString(),
        attendance: null,
        attendedAt: null,
        attendedBy: null,
        owedCents: 600,
      },
      {
        bookingId: added.json().model.bookingId,
        customerId: c(1).id,
        name: 'Racer 2',
        surname: 'Customer',
        phone: '600000000',
        email: 'walker2@example.com',
        placeId: a3(),
        placeName: 'A3',
        status: 'confirmed',
        holdExpiresAt: null,
        attendance: null,
        attendedAt: null,
        attendedBy: null,
        // Given at the desk with no payment named: owed, as a debt.
        owedCents: 600,
      },
    ])
    expect(r.waitlist).toEqual([
      {
        entryId: expect.any(Number),
        position: 1,
        customerId: c(2).id,
        name: 'Racer 3',
        surname: 'Customer',
        phone: '600000000',
        email: 'walker3@example.com',
        status: 'waiting',
        since: new Date(T0).toISOString(),
        offeredBookingId: null,
        offerExpiresAt: null,
      },
    ])
    // A hold that runs out leaves the roster, and its place is offered to the customer waiting.
    clock.advance(16 * MINUTE)
    const later = await roster(id)
    expect(later.roster.map((p) => p.customerId)).toEqual([c(1).id])
    expect((await deskGet('/api/staff/sessions/999999')).statusCode).toBe(404)
  })

  it('marks a place came, absent and cleared, each with its audit row, from an hour before the start', async () => {
    const id = await createSession(t.app.services, club, TUESDAY_19)
    const bookingId = (await add(id, c(0).id, a1())).json().model.bookingId as number
    // Monday: the session's day has not begun.
    const early = await mark(id, bookingId, 'came')
    expect(early.statusCode).toBe(422)
    expect(early.json()).toEqual({
      ok: false,
      code: 'check_in_too_early',
      errorMsg: 'The check-in of this session opens on 2030-01-08 at 00:00.',
    })
    const spanish = await deskPost(
      `/api/staff/sessions/${id}/attendance`,
      { bookingId, attendance: 'came' },
      ES,
    )
    expect(spanish.json().errorMsg).toBe(
      'El registro de asistencia de esta sesión se abre el 2030-01-08 a las 00:00.',
    )

    await at(Date.parse('2030-01-08T07:30:00Z'))
    const came = await mark(id, bookingId, 'came')
    expect(came.statusCode, came.body).toBe(200)
    expect(came.json().model).toMatchObject({
      bookingId,
      attendance: 'came',
      attendedAt: '2030-01-08T07:30:00.000Z',
      attendedBy: { id: deskId, name: 'desk' },
    })
    await at(TUESDAY_19 + HOUR)
    expect((await mark(id, bookingId, 'absent')).json().model.attendance).toBe('absent')
    const cleared = await mark(id, bookingId, null)
    expect(cleared.json().model).toMatchObject({ attendance: null, attendedAt: null, attendedBy: null })
    expect((await roster(id)).roster[0]!.attendance).toBeNull()

    const rows = (await auditRows('attendance.mark')).slice(-3)
    expect(rows.map((r) => [r.staff_id, r.subject, r.before.attendance, r.after.attendance])).toEqual([
      [deskId, `session:${id}`, null, 'came'],
      [deskId, `session:${id}`, 'came', 'absent'],
      [deskId, `session:${id}`, 'absent', null],
    ])
  })

  it('opens the check-in of a session just past midnight an hour before it starts', async () => {
    const id = await createSession(t.app.services, club, Date.parse('2030-01-07T23:30:00Z'))
    await at(Date.parse('2030-01-07T22:00:00Z'))
    const bookingId = (await add(id, c(0).id, a1())).json().model.bookingId as number
    expect((await mark(id, bookingId, 'came')).json()).toMatchObject({
      code: 'check_in_too_early',
      errorMsg: 'The check-in of this session opens on 2030-01-07 at 23:30.',
    })
    await at(Date.parse('2030-01-07T22:30:00Z'))
    expect((await mark(id, bookingId, 'came')).statusCode).toBe(200)
  })

  it("refuses the check-in of another session's booking, or of one no longer live, and of bad input", async () => {
    const one = await createSession(t.app.services, club, TUESDAY_19)
    const other = await createSession(t.app.services, club, TUESDAY_19 + 2 * HOUR)
    const theirs = (await add(other, c(0).id, a1())).json().model.bookingId as number
    const held = (await prebook(c(1), one, a2())).json().model.bookingId as number
    await at(TUESDAY_19 - 30 * MINUTE)
    const before = await snapshotTables(t.app, WRITE_TABLES)
    const res = await mark(one, theirs, 'came')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({
      ok: false,
      code: 'not_found',
      errorMsg: 'This booking has no live place in this session.',
    })
    // The hold ran out long ago: no place to mark.
    expect((await mark(one, held, 'came')).statusCode).toBe(404)
    expect((await mark(999999, theirs, 'came')).statusCode).toBe(404)
    for (const payload of [
      { bookingId: theirs, attendance: 'late' },
      { bookingId: theirs },
      { bookingId: 'x\u0000', attendance: 'came' },
      { bookingId: theirs, attendance: 'came\u{1F600}' },
    ]) {
      const bad = await deskPost(`/api/staff/sessions/${one}/attendance`, payload, ES)
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400)
      expect(bad.json()).toMatchObject({ ok: false, code: 'validation', errorMsg: expect.any(String) })
    }
    await expectTablesUnchanged(t.app, before)
  })

  it("adds a participant whom the desk's day counts, then refuses full, duplicate and taken places", async () => {
    const id = await createSession(t.app.services, club, TUESDAY_19, { maxParticipants: 2 })
    const day = async () => {
      const res = await deskGet(`/api/staff/schedule?date=2030-01-08&resourceTypeId=${club.roomsType}`)
      expect(res.statusCode, res.body).toBe(200)
      return res.json<{ data: StaffDay }>().data.items.find((i) => i.kind === 'session' && i.id === id)!
    }
    const week = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/publicbookings/byplace-list',
        headers: EN,
        payload: { date: '2030-01-08', bookingTypeId: club.spinning, customerId: null },
      })
      return res.body
    }
    expect((await day()).participants).toBe(0)
    const weekBefore = await week()

    const res = await add(id, c(0).id, a1())
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().model).toMatchObject({ customerId: c(0).id, placeName: 'A1', status: 'confirmed' })
    expect((await day()).participants).toBe(1)
    expect(await week()).not.toBe(weekBefore)
    const [audit] = (await auditRows('participant.add')).slice(-1)
    expect(audit).toMatchObject({
      staff_id: deskId,
      subject: `session:${id}`,
      before: null,
      after: { customerId: c(0).id, placeId: a1(), status: 'confirmed', attendance: null },
    })

    const before = await snapshotTables(t.app, WRITE_TABLES)
    const duplicate = await add(id, c(0).id, a2())
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json()).toEqual({
      ok: false,
      code: 'already_booked',
      errorMsg: 'This customer already has a place in this session.',
    })
    expect((await add(id, c(1).id, a1())).json()).toMatchObject({ code: 'place_taken' })
    expect((await add(id, c(1).id)).json()).toMatchObject({ code: 'place_required' })
    expect((await add(id, c(1).id, 999999)).json()).toMatchObject({ code: 'place_not_in_template' })
    expect((await add(id, 999999, a2())).statusCode).toBe(404)
    await expectTablesUnchanged(t.app, before)

    expect((await add(id, c(1).id, a2())).statusCode).toBe(200)
    expect((await day()).participants).toBe(2)
    const full = await add(id, c(2).id, a3(), ES)
    expect(full.statusCode).toBe(409)
    expect(full.json()).toMatchObject({ code: 'session_full', errorMsg: expect.stringContaining('plazas') })
    // The site gives the same refusal to a customer.
    expect((await prebook(c(2), id, a3())).json()).toMatchObject({ code: 'session_full' })
  })

  it('takes no place id without a map, adds late arrivals while the session runs, and refuses one over', async () => {
    const id = await createSession(t.app.services, club, TUESDAY_19, { maxParticipants: 2, templateId: null })
    expect((await add(id, c(0).id, a1())).json()).toMatchObject({ code: 'place_not_in_template' })
    await at(TUESDAY_19 + 10 * MINUTE)
    const late = await add(id, c(0).id)
    expect(late.statusCode, late.body).toBe(200)
    expect(late.json().model).toMatchObject({ placeId: null, placeName: null, status: 'confirmed' })
    await at(TUESDAY_19 + 45 * MINUTE)
    const over = await add(id, c(1).id)
    expect(over.statusCode).toBe(422)
    expect(over.json()).toMatchObject({ code: 'slot_in_past', errorMsg: 'This session is over.' })
  })

  it("gives a place at the session's price: owed by default, paid in cash, or from a sessions voucher", async () => {
    const id = await createSession(t.app.services, club, TUESDAY_19, { maxParticipants: 4 })
    const saleOf = async (bookingId: number) =>
      (
        (await t.app.database.db.execute(
          sql`select s.status, s.total_cents, s.payment_method_id from bookings b join sales s on s.id = b.sale_id where b.id = ${bookingId}`,
        )) as unknown as { rows: Array<Record<string, unknown>> }
      ).rows[0]
    const owed = await add(id, c(0).id, a1())
    expect(owed.statusCode, owed.body).toBe(200)
    expect(owed.json().model).toMatchObject({ status: 'confirmed' })
    expect(await saleOf(owed.json().model.bookingId)).toEqual({
      status: 'pending',
      total_cents: 600,
      payment_method_id: null,
    })
    const debts = await t.app.inject({
      method: 'POST',
      url: `/api/shop/pending-sales/${c(0).id}`,
      headers: { ...EN, ...c(0).headers },
    })
    expect(debts.statusCode, debts.body).toBe(200)
    const [{ sale_id: owedSaleId }] = (
      (await t.app.database.db.execute(
        sql`select sale_id from bookings where id = ${owed.json().model.bookingId}`,
      )) as unknown as { rows: [{ sale_id: number }] }
    ).rows
    expect(debts.json().data.map((d: { id: number }) => d.id)).toContain(Number(owedSaleId))

    const cash = await deskPost(`/api/staff/sessions/${id}/participants`, {
      customerId: c(1).id,
      placeId: a2(),
      payment: 'cash',
    })
    expect(cash.statusCode, cash.body).toBe(200)
    expect(await saleOf(cash.json().model.bookingId)).toMatchObject({ status: 'paid', payment_method_id: 2 })

    const { vouchers } = t.app.services
    const bono = await vouchers.createVoucher({
      customerId: c(2).id,
      kind: 1,
      description: { 'es-ES': 'Bono', 'en-US': 'Voucher' },
      scope: { bookingTypeIds: [club.spinning], durationMinutes: [] },
    })
    await vouchers.moveBalance(bono, 3, { 'es-ES': 'Carga', 'en-US': 'Top-up' })
    const before = await snapshotTables(t.app, [...WRITE_TABLES, 'voucher_movements'])
    const notHers = await deskPost(`/api/staff/sessions/${id}/participants`, {
      customerId: c(3).id,
      placeId: a3(),
      payment: 'voucher',
      voucherId: bono,
    })
    expect(notHers.json()).toMatchObject({ ok: false, code: 'voucher_not_usable' })
    expect(await snapshotTables(t.app, [...WRITE_TABLES, 'voucher_movements'])).toEqual(before)
    const byVoucher = await deskPost(`/api/staff/sessions/${id}/participants`, {
      customerId: c(2).id,
      placeId: a3(),
      payment: 'voucher',
      voucherId: bono,
    })
    expect(byVoucher.statusCode, byVoucher.body).toBe(200)
    expect(await saleOf(byVoucher.json().model.bookingId)).toMatchObject({
      status: 'paid',
      payment_method_id: 7,
    })
    const left = (
      (await t.app.database.db.execute(sql`select balance from vouchers where id = ${bono}`)) as unknown as {
        rows: Array<{ balance: number }>
      }
    ).rows[0]!.balance
    expect(Number(left)).toBe(2)
  })
})
