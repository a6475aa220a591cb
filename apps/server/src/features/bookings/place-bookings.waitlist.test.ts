import { PaymentMethodId, type PlaceSession, type WaitlistEntry } from '@clubhouse/contract/server'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { T0, testClock } from '../../test/booking-fixtures.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { checkoutBody, moneyVoucher } from '../../test/checkout-fixtures.ts'
import { clearRateLimits, insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { createPlaceClub, createSession, placeRequests, type PlaceClub } from '../../test/place-fixtures.ts'
import { expectTablesUnchanged, snapshotTables } from '../../test/table-snapshot.ts'
import type { HeldBooking } from '@clubhouse/contract/server'

/**
 * The waiting list of a full session: customers join in order; a place that frees (a cancellation,
 * a hold removed from the cart or run out, an offer left) is offered at once to the first customer
 * waiting, with a hold and a mail; an offer that runs out passes to the next; an offer taken (paid
 * at checkout, or confirmed when free) ends their wait.
 */

const MIN = 60_000
/** Tuesday 8 January 2030, 19:00 in Madrid. */
const TUESDAY_EVENING = Date.parse('2030-01-08T18:00:00.000Z')

describe.each(testDatabaseKinds())('waiting lists on %s', (kind) => {
  const clock = testClock()
  let t: TestApp
  let club: PlaceClub
  let ana: LoggedIn
  let ben: LoggedIn
  let cara: LoggedIn
  let dan: LoggedIn

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: clock.now })
    club = await createPlaceClub(t.app.services)
    const racers = await insertLoggedInCustomers(t.app, 4, 'waiter')
    ana = racers[0]!
    ben = racers[1]!
    cara = racers[2]!
    dan = racers[3]!
    await t.app.database.db.execute(sql`update customers set language = 'en-US' where id = ${dan.id}`)
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    clock.set(T0)
    await clearRateLimits(t.app)
  })

  const { get, post, prebooked } = placeRequests(() => t.app)
  const join = (who: LoggedIn, sessionId: number, customerId = who.id) =>
    post(`/api/publicbookings/waitlist-join/${customerId}/${sessionId}`, undefined, who)
  const joined = async (who: LoggedIn, sessionId: number) => {
    const res = await join(who, sessionId)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ model: WaitlistEntry }>().model
  }
  const mine = async (who: LoggedIn) => {
    const res = await get(`/api/publicbookings/waitlist/${who.id}`, who)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ model: { waitlist: WaitlistEntry[]; held: HeldBooking[] } }>().model
  }
  const entriesOf = async (sessionId: number) =>
    (
      (await t.app.database.db.execute(
        sql`select customer_id, status from place_session_waitlist where session_id = ${sessionId} order by id`,
      )) as unknown as { rows: Array<{ customer_id: number; status: string }> }
    ).rows.map((r) => [Number(r.customer_id), r.status])
  const bookingStatus = async (id: number) =>
    (
      (await t.app.database.db.execute(sql`select status from bookings where id = ${id}`)) as unknown as {
        rows: Array<{ status: string }>
      }
    ).rows[0]?.status
  const mailsTo = async (who: LoggedIn) =>
    (
      (await t.app.database.db.execute(
        sql`select subject, text_body from communications where customer_id = ${who.id} order by id`,
      )) as unknown as { rows: Array<{ subject: string; text_body: string }> }
    ).rows
  const sessionIn = async (sessionId: number, date: string) => {
    const res = await post('/api/publicbookings/byplace-list', { date, customerId: 0 })
    return res.json<{ data: PlaceSession[] }>().data.find((s) => s.id === sessionId)!
  }

  it('offers a freed place of a free session to the first waiting, then to the next when the offer runs out', async () => {
    const yoga = await createSession(t.app.services, club, TUESDAY_EVENING, {
      bookingTypeId: club.yoga,
      templateId: null,
      maxParticipants: 2,
      priceCents: 0,
      durationMinutes: 60,
    })
    const anas = await prebooked(ana, yoga)
    await prebooked(ben, yoga)
    const caras = await joined(cara, yoga)
    expect(caras).toMatchObject({
      bookingId: yoga,
      bookingType: 'Yoga',
      start: '2030-01-08 19:00',
      duration: 60,
      position: 1,
      status: 'waiting',
      offeredBookingId: null,
      offerExpiresAt: null,
    })
    expect((await joined(dan, yoga)).position).toBe(2)
    expect(await sessionIn(yoga, '2030-01-08')).toMatchObject({
      participantsIn: 2,
      waitlistCount: 2,
      bookable: false,
    })

    // Ana cancels: in the same request, Cara is offered her place until 08:15.
    const cancelled = await post(`/api/publicbookings/cancel/${anas.bookingId}/${ana.id}`, undefined, ana)
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const hers = await mine(cara)
    expect(hers.waitlist).toEqual([
      {
        ...caras,
        status: 'offered',
        offeredBookingId: expect.any(Number),
        offerExpiresAt: new Date(T0 + 15 * MIN).toISOString(),
      },
    ])
    const offer = hers.waitlist[0]!.offeredBookingId!
    expect(hers.held).toEqual([
      { bookingId: offer, holdExpiresAt: new Date(T0 + 15 * MIN).toISOString(), sale: null },
    ])
    expect(await bookingStatus(offer)).toBe('held')
    const [caraMail] = (await mailsTo(cara)).filter((m) => m.subject.startsWith('Te guardamos una plaza'))
    expect(caraMail!.subject).toBe('Te guardamos una plaza: Yoga 60 min (08/01/2030 19:00)')
    expect(caraMail!.text_body).toContain('te la guardamos hasta las 08:15')
    expect(caraMail!.text_body).toContain('http://test.local/customer-bookings')
    expect((await mine(dan)).waitlist[0]).toMatchObject({ position: 2, status: 'waiting' })
    expect(await sessionIn(yoga, '2030-01-08')).toMatchObject({ participantsIn: 2, waitlistCount: 1 })

    // Cara lets it run out: the sweep passes it to Dan, in English.
    clock.advance(16 * MIN)
    await t.app.services.bookings.sweep()
    expect(await entriesOf(yoga)).toEqual([
      [cara.id, 'lapsed'],
      [dan.id, 'offered'],
    ])
    expect(await bookingStatus(offer)).toBe('expired')
    expect(await mine(cara)).toEqual({ waitlist: [], held: [] })
    const dans = await mine(dan)
    expect(dans.waitlist[0]).toMatchObject({ status: 'offered', position: 1 })
    const dansMails = (await mailsTo(dan)).map((m) => m.subject)
    expect(dansMails).toContain('A place is held for you: Yoga 60 min (08/01/2030 19:00)')

    // Cara's lapsed offer cannot be taken; Dan's, with nothing to pay, he confirms.
    const late = await post(`/api/publicbookings/confirm-hold/${offer}/${cara.id}`, undefined, cara)
    expect(late.statusCode).toBe(409)
    expect(late.json()).toEqual({
      ok: false,
      code: 'slot_taken',
      errorMsg: 'The hold on this place ran out and the place was released.',
    })
    const dansOffer = dans.waitlist[0]!.offeredBookingId!
    const notHers = await post(`/api/publicbookings/confirm-hold/${dansOffer}/${cara.id}`, undefined, cara)
    expect(notHers.statusCode).toBe(404)
    const taken = await post(`/api/publicbookings/confirm-hold/${dansOffer}/${dan.id}`, undefined, dan)
    expect(taken.statusCode, taken.body).toBe(200)
    expect(await bookingStatus(dansOffer)).toBe('confirmed')
    expect(await entriesOf(yoga)).toEqual([
      [cara.id, 'lapsed'],
      [dan.id, 'booked'],
    ])
    expect((await mailsTo(dan)).map((m) => m.subject)).toContain(
      'Booking confirmed: Yoga 60 min (08/01/2030 19:00)',
    )
    const again = await post(`/api/publicbookings/confirm-hold/${dansOffer}/${dan.id}`, undefined, dan)
    expect(again.statusCode).toBe(200)
    expect(await sessionIn(yoga, '2030-01-08')).toMatchObject({ participantsIn: 2, waitlistCount: 0 })
  })

  it('offers a paid place on the map that freed, which is paid at checkout; an offer left passes on', async () => {
    const spinning = await createSession(t.app.services, club, TUESDAY_EVENING, { maxParticipants: 2 })
    const [a1, a2] = club.studio.placeIds
    await prebooked(ana, spinning, a1)
    const bens = await prebooked(ben, spinning, a2)
    await joined(cara, spinning)
    await joined(dan, spinning)

    // Ben removes his hold from the cart: Cara is offered his bike, with a sale to pay.
    const removed = await post(`/api/${bens.sale!.cancelUrl}`, undefined, ben)
    expect(removed.statusCode, removed.body).toBe(200)
    const offered = (await mine(cara)).held[0]!
    expect(offered.sale).toMatchObject({
      title: 'Spinning 45 min — Place A2 (08/01/2030 19:00)',
      pending: 6,
      cancelUrl: `publicbookings/cancel/${offered.bookingId}/${cara.id}`,
    })
    const placeOf = async (bookingId: number) =>
      (
        (await t.app.database.db.execute(
          sql`select place_id from bookings where id = ${bookingId}`,
        )) as unknown as { rows: Array<{ place_id: number }> }
      ).rows[0]!.place_id
    expect(Number(await placeOf(offered.bookingId))).toBe(a2)
    const unpaid = await post(
      `/api/publicbookings/confirm-hold/${offered.bookingId}/${cara.id}`,
      undefined,
      cara,
    )
    expect(unpaid.statusCode).toBe(422)
    expect(unpaid.json()).toEqual({
      ok: false,
      code: 'payment_required',
      errorMsg: 'This place has something to pay: pay it at the checkout to keep it.',
    })

    // Cara leaves the list: her hold and its sale go, and Dan is offered the bike.
    const caras = (await mine(cara)).waitlist[0]!
    const notHis = await post(`/api/publicbookings/waitlist-leave/${dan.id}/${caras.id}`, undefined, dan)
    expect(notHis.statusCode).toBe(404)
    expect(notHis.json()).toMatchObject({ ok: false, code: 'not_found' })
    const left = await post(`/api/publicbookings/waitlist-leave/${cara.id}/${caras.id}`, undefined, cara)
    expect(left.statusCode, left.body).toBe(200)
    expect(await bookingStatus(offered.bookingId)).toBe('cancelled')
    const saleStatus = (await t.app.database.db.execute(
      sql`select status from sales where id = ${offered.sale!.id}`,
    )) as unknown as { rows: Array<{ status: string }> }
    expect(saleStatus.rows[0]!.status).toBe('cancelled')
    const dans = await mine(dan)
    expect(dans.waitlist[0]).toMatchObject({ status: 'offered', position: 1 })
    expect(dans.held[0]!.sale).toMatchObject({ pending: 6 })

    // Dan pays at checkout: his place is confirmed and his wait is over.
    const voucher = await moneyVoucher(t.app.services, dan.id, 5000)
    const paid = await post(
      '/api/shop/checkout-customer',
      checkoutBody(dan.id, {
        saleIds: [dans.held[0]!.sale!.id],
        paymentMethodId: PaymentMethodId.MoneyVoucher,
        voucherId: voucher,
      }),
      dan,
    )
    expect(paid.json().model, paid.body).toMatchObject({ completed: true, total: 6 })
    expect(await bookingStatus(dans.held[0]!.bookingId)).toBe('confirmed')
    expect(await entriesOf(spinning)).toEqual([
      [cara.id, 'left'],
      [dan.id, 'booked'],
    ])
    expect(await mine(dan)).toEqual({ waitlist: [], held: [] })
    // Leaving again changes nothing.
    const before = await snapshotTables(t.app)
    const again = await post(`/api/publicbookings/waitlist-leave/${cara.id}/${caras.id}`, undefined, cara)
    expect(again.statusCode).toBe(200)
    await expectTablesUnchanged(t.app, before)
  })

  it('refuses a wrong join or leave with its code and message, and stores nothing', async () => {
    const full = await createSession(t.app.services, club, TUESDAY_EVENING, {
      bookingTypeId: club.yoga,
      templateId: null,
      maxParticipants: 1,
      priceCents: 0,
    })
    const open = await createSession(t.app.services, club, TUESDAY_EVENING, {
      bookingTypeId: club.yoga,
      templateId: null,
      maxParticipants: 5,
      priceCents: 0,
    })
    const started = await createSession(t.app.services, club, T0 - 10 * MIN, {
      bookingTypeId: club.yoga,
      templateId: null,
      maxParticipants: 1,
      priceCents: 0,
    })
    await prebooked(ana, full)
    await joined(ben, full)
    const cases: Array<[string, () => ReturnType<typeof post>, number, string, string]> = [
      [
        'a session with places',
        () => join(cara, open),
        409,
        'session_not_full',
        'This session still has places: book one instead of waiting.',
      ],
      [
        'twice',
        () => join(ben, full),
        409,
        'already_waiting',
        'You are already on the waiting list of this session.',
      ],
      [
        'while in it',
        () => join(ana, full),
        409,
        'already_booked',
        'You already have a place in this session.',
      ],
      [
        'a session started',
        () => join(cara, started),
        422,
        'slot_in_past',
        'This session has already started.',
      ],
      ['an unknown session', () => join(cara, 999_999), 404, 'not_found', 'This session was not found.'],
      [
        "another customer's entry",
        () => post(`/api/publicbookings/waitlist-leave/${cara.id}/999999`, undefined, cara),
        404,
        'not_found',
        'This waiting list entry was not found.',
      ],
      [
        "another customer's hold",
        () => post(`/api/publicbookings/confirm-hold/999999/${cara.id}`, undefined, cara),
        404,
        'not_found',
        'This booking was not found.',
      ],
    ]
    for (const [label, send, status, code, errorMsg] of cases) {
      const before = await snapshotTables(t.app)
      const res = await send()
      expect(res.statusCode, label).toBe(status)
      expect(res.json(), label).toEqual({ ok: false, code, errorMsg })
      await expectTablesUnchanged(t.app, before, label)
    }
    const before = await snapshotTables(t.app)
    const other = await join(cara, full, ben.id)
    expect(other.statusCode).toBe(403)
    const otherList = await get(`/api/publicbookings/waitlist/${ben.id}`, cara)
    expect(otherList.statusCode).toBe(403)
    const anonymous = await get(`/api/publicbookings/waitlist/${ben.id}`)
    expect(anonymous.statusCode).toBe(401)
    await expectTablesUnchanged(t.app, before)
  })
})
