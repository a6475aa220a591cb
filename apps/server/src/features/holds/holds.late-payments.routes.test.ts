import { sql } from 'drizzle-orm'
import {
  PaymentMethodId,
  type BookingsListModel,
  type InscriptionAnswer,
  type PlaceSession,
  type PrebookModel,
} from '@clubhouse/contract/server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { App } from '../../app.ts'
import { prebookBody, T0, testClock } from '../../test/booking-fixtures.ts'
import { testDatabaseKinds } from '../../test/build-test-app.ts'
import { checkoutBody } from '../../test/checkout-fixtures.ts'
import { clearRateLimits, insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { listeningAppWithRedsys, payAtRedsys } from '../../test/payment-fixtures.ts'
import { createPlaceClub, createSession, placeRequests, type PlaceClub } from '../../test/place-fixtures.ts'

/**
 * A payment whose success comes after its window ended, once the sweep released what its order held
 * (decision 072): the courts, places and sign-ups of the order are taken back when every one is
 * still free, and the order completes as if paid in time — its bookings confirmed, its mail with
 * their calendar files, nothing refunded. When any one is someone else's now, nothing is taken back
 * and the money goes back to the card at once, with a mail saying so.
 *
 * The customer pays on Redsys's page (its local fake), which notifies the app over HTTP; the tests'
 * clock is fixed and moved past the window by hand, and the sweeps run when the test says.
 */
const DAY = 24 * 60 * 60_000
const MINUTE = 60_000
/** Wednesday 9 January 2030, the courts' day. */
const WEDNESDAY = '2030-01-09'

describe.each(testDatabaseKinds())('a late payment takes back what its order held, on %s', (kind) => {
  const clock = testClock()
  let t: Awaited<ReturnType<typeof listeningAppWithRedsys>>
  let app: App
  let club: PlaceClub
  let customers: LoggedIn[]
  let next = 0

  beforeAll(async () => {
    t = await listeningAppWithRedsys(kind, { now: clock.now })
    app = t.app
    club = await createPlaceClub(app.services)
    customers = await insertLoggedInCustomers(app, 20, 'late')
  })
  afterAll(async () => {
    await t.close()
  })
  beforeEach(async () => {
    clock.set(T0)
    await clearRateLimits(app)
  })

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await app.database.db.execute(query)) as unknown as { rows: T[] }).rows
  const n = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: string | number }>(query))[0]!.n)
  const statusOf = async (table: 'bookings' | 'activity_inscriptions' | 'sales', id: number) =>
    (await rows<{ status: string }>(sql`select status from ${sql.identifier(table)} where id = ${id}`))[0]!
      .status
  const liveBlocks = (bookingId: number) =>
    n(sql`select count(*) as n from booking_blocks where booking_id = ${bookingId} and released_at is null`)
  const nextCustomer = () => customers[next++]!
  const { post, prebooked } = placeRequests(() => app)

  // ---------------------------------------------------------------------------------------------
  // The customer's steps

  const bookCourt = (who: LoggedIn, resourceId: number, start: string) =>
    post('/api/publicbookings/prebook', prebookBody(who.id, club.padel, start, 60, [resourceId]), who)
  const courtBooked = async (who: LoggedIn, resourceId: number, start: string) => {
    const res = await bookCourt(who, resourceId, start)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ model: PrebookModel }>().model
  }
  const signUp = (who: LoggedIn, activityId: number) =>
    post('/api/publicactivities/inscription', { customerId: who.id, id: activityId }, who)
  const signedUp = async (who: LoggedIn, activityId: number) => {
    const res = await signUp(who, activityId)
    expect(res.statusCode, res.body).toBe(200)
    const model = res.json<InscriptionAnswer>().model!
    const [inscription] = await rows<{ id: number }>(
      sql`select id from activity_inscriptions where sale_id = ${model.id}`,
    )
    return { saleId: model.id, inscriptionId: inscription!.id }
  }
  async function activity(capacity: number) {
    const [id] = await app.services.activities.createActivities([
      {
        name: { 'es-ES': 'Campus', 'en-US': 'Camp' },
        description: { 'es-ES': '<p>Campus</p>', 'en-US': '<p>Camp</p>' },
        startsAt: new Date(T0 + 3 * DAY),
        endsAt: new Date(T0 + 3 * DAY + 3 * 60 * MINUTE),
        priceCents: 1500,
        capacity,
      },
    ])
    return id!
  }
  const day = async (date: string) => {
    const res = await post('/api/publicbookings/list', { date, bookingTypeId: club.padel, customerId: null })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ model: BookingsListModel }>().model
  }
  const freeAt = async (resourceId: number, start: string) =>
    (await day(start.slice(0, 10))).list
      .find((r) => r.id === resourceId)
      ?.timeTable.find((e) => e.start === start)?.available
  const sessionOf = async (sessionId: number) => {
    const res = await post('/api/publicbookings/byplace-list', { date: WEDNESDAY, customerId: null })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ data: PlaceSession[] }>().data.find((s) => s.id === sessionId)!
  }

  /** The customer pays these sales of their cart by card: the order waits for Redsys. */
  async function orderByCard(who: LoggedIn, saleIds: number[]) {
    const res = await post(
      '/api/shop/checkout-customer',
      checkoutBody(who.id, { saleIds, paymentMethodId: PaymentMethodId.BankCardRedirect }),
      who,
    )
    expect(res.statusCode, res.body).toBe(200)
    const model = res.json().model
    expect(model.completed).toBe(false)
    return {
      saleIds,
      ...(model as { paymentReference: string; redsysData: Parameters<typeof payAtRedsys>[0] }),
    }
  }
  type Order = Awaited<ReturnType<typeof orderByCard>>

  /**
   * The customer orders these sales by card and leaves Redsys's page open past the payment window:
   * the sweeps end the payment (its order released) and release the holds that ran out with it
   * (unless `swept` is false). Then `meanwhile` happens, and the customer pays at last: Redsys
   * notifies the app, which settles the payment.
   */
  async function paysAfterWindow(
    who: LoggedIn,
    saleIds: number[],
    meanwhile: () => Promise<unknown> = async () => {},
    swept = true,
  ) {
    const order = await orderByCard(who, saleIds)
    clock.advance((t.config.paymentWindowMinutes + 1) * MINUTE)
    if (swept) {
      expect((await app.services.payments.sweep()).expired).toBe(1)
      expect((await app.services.bookings.sweep()).released).toBeGreaterThan(0)
    }
    await meanwhile()
    const back = await payAtRedsys(order.redsysData, 'pay')
    expect(back.location).toContain('/cz/ok')
    expect(t.redsys.fake.notifications.at(-1)?.status).toBe(200)
    return order
  }

  const paymentOf = (order: Order) =>
    rows<{ id: number; status: string; refunded_cents: number; amount_cents: number }>(
      sql`select id, status, refunded_cents, amount_cents from payments where reference = ${order.paymentReference}`,
    ).then((r) => r[0]!)
  /** The order confirmations and late-refund notices a customer received (in Spanish or English). */
  const mails = async (customerId: number) => ({
    confirmed: await n(
      sql`select count(*) as n from communications where customer_id = ${customerId} and subject ~* '(confirmed|confirmado)'`,
    ),
    refunded: await n(
      sql`select count(*) as n from communications where customer_id = ${customerId} and subject ~* '(refunded|devuelto)'`,
    ),
  })

  async function expectPaid(who: LoggedIn, order: Order, calendarFiles: number) {
    expect(await paymentOf(order)).toMatchObject({ status: 'confirmed', refunded_cents: 0 })
    const payment = await paymentOf(order)
    expect(await n(sql`select count(*) as n from payment_refunds where payment_id = ${payment.id}`)).toBe(0)
    for (const id of order.saleIds) expect(await statusOf('sales', id)).toBe('paid')
    expect(await mails(who.id)).toEqual({ confirmed: 1, refunded: 0 })
    const [mail] = await rows<{ attachments: Array<{ contentType: string }> }>(
      sql`select attachments from communications where customer_id = ${who.id} and subject ~* '(confirmed|confirmado)'`,
    )
    expect(mail!.attachments.filter((a) => a.contentType.startsWith('text/calendar'))).toHaveLength(
      calendarFiles,
    )
  }

  async function expectRefunded(who: LoggedIn, order: Order) {
    const payment = await paymentOf(order)
    expect(payment).toMatchObject({ status: 'refunded', refunded_cents: payment.amount_cents })
    await expect
      .poll(() =>
        rows<{ status: string; reason: string }>(
          sql`select status, reason from payment_refunds where payment_id = ${payment.id}`,
        ),
      )
      .toEqual([{ status: 'confirmed', reason: 'released' }])
    for (const id of order.saleIds) expect(await statusOf('sales', id)).toBe('cancelled')
    expect(await mails(who.id)).toEqual({ confirmed: 0, refunded: 1 })
  }

  // ---------------------------------------------------------------------------------------------
  // Courts

  it('takes back a court still free: the payment confirmed, the booking confirmed, the day taken', async () => {
    const ana = nextCustomer()
    const start = `${WEDNESDAY} 10:00`
    const booking = await courtBooked(ana, club.court1, start)

    const order = await paysAfterWindow(ana, [booking.sale!.id], async () => {
      expect(await statusOf('bookings', booking.bookingId)).toBe('expired')
      expect(await liveBlocks(booking.bookingId)).toBe(0)
      // The day answer as a visitor reads it now (this instance keeps it): the time is free.
      expect(await freeAt(club.court1, start)).toBe(true)
    })

    await expectPaid(ana, order, 1)
    expect(await statusOf('bookings', booking.bookingId)).toBe('confirmed')
    expect(await liveBlocks(booking.bookingId)).toBe(1)
    // The day was counted as changed: its answer is built again and shows the time taken.
    expect(await freeAt(club.court1, start)).toBe(false)
    expect((await bookCourt(nextCustomer(), club.court1, start)).json()).toMatchObject({
      code: 'slot_taken',
    })
  })

  it('takes back a court whose hold ran out before any sweep released it', async () => {
    const ana = nextCustomer()
    const booking = await courtBooked(ana, club.court1, `${WEDNESDAY} 12:00`)

    const order = await paysAfterWindow(ana, [booking.sale!.id], undefined, false)

    await expectPaid(ana, order, 1)
    expect(await statusOf('bookings', booking.bookingId)).toBe('confirmed')
    expect(await liveBlocks(booking.bookingId)).toBe(1)
    // The sweeps that come after find nothing of it to release, nor a payment to end.
    expect((await app.services.payments.sweep()).expired).toBe(0)
    await app.services.bookings.sweep()
    expect(await statusOf('bookings', booking.bookingId)).toBe('confirmed')
  })

  it('refunds a court booked by another customer after the window, and leaves it theirs', async () => {
    const [ana, bea] = [nextCustomer(), nextCustomer()]
    const start = `${WEDNESDAY} 16:00`
    const booking = await courtBooked(ana, club.court2, start)
    let beas: PrebookModel | undefined

    const order = await paysAfterWindow(ana, [booking.sale!.id], async () => {
      beas = await courtBooked(bea, club.court2, start)
    })

    await expectRefunded(ana, order)
    expect(await statusOf('bookings', booking.bookingId)).toBe('expired')
    expect(await liveBlocks(booking.bookingId)).toBe(0)
    expect(await statusOf('bookings', beas!.bookingId)).toBe('held')
    expect(await liveBlocks(beas!.bookingId)).toBe(1)
  })

  // ---------------------------------------------------------------------------------------------
  // Places in sessions

  it('takes back a place still free in its session, its bike on the map included', async () => {
    const ana = nextCustomer()
    const session = await createSession(app.services, club, Date.parse(`${WEDNESDAY}T17:00:00Z`))
    const place = await prebooked(ana, session, club.studio.placeIds[0]!)

    const order = await paysAfterWindow(ana, [place.sale!.id], async () => {
      expect(await statusOf('bookings', place.bookingId)).toBe('expired')
      expect((await sessionOf(session)).participantsIn).toBe(0)
    })

    await expectPaid(ana, order, 1)
    expect(await statusOf('bookings', place.bookingId)).toBe('confirmed')
    // The week's answer was counted as changed: the place is taken again.
    expect((await sessionOf(session)).participantsIn).toBe(1)
  })

  it('refunds a place another customer took after the window', async () => {
    const [ana, bea] = [nextCustomer(), nextCustomer()]
    const session = await createSession(app.services, club, Date.parse(`${WEDNESDAY}T17:30:00Z`))
    const bike = club.studio.placeIds[1]!
    const place = await prebooked(ana, session, bike)
    let beas: PrebookModel | undefined

    const order = await paysAfterWindow(ana, [place.sale!.id], async () => {
      beas = await prebooked(bea, session, bike)
    })

    await expectRefunded(ana, order)
    expect(await statusOf('bookings', place.bookingId)).toBe('expired')
    expect(await statusOf('bookings', beas!.bookingId)).toBe('held')
  })

  it('refunds a place that went to the waiting list when its hold was released', async () => {
    const [ana, bea] = [nextCustomer(), nextCustomer()]
    const session = await createSession(app.services, club, Date.parse(`${WEDNESDAY}T18:00:00Z`), {
      templateId: null,
      maxParticipants: 1,
    })
    const place = await prebooked(ana, session)
    const joined = await post(`/api/publicbookings/waitlist-join/${bea.id}/${session}`, undefined, bea)
    expect(joined.statusCode, joined.body).toBe(200)
    const offerOf = async () =>
      (
        await rows<{ id: number; status: string }>(
          sql`select id, status from bookings where session_id = ${session} and customer_id = ${bea.id}`,
        )
      )[0]

    const order = await paysAfterWindow(ana, [place.sale!.id], async () => {
      expect(await offerOf()).toMatchObject({ status: 'held' })
    })

    await expectRefunded(ana, order)
    expect(await statusOf('bookings', place.bookingId)).toBe('expired')
    expect(await offerOf()).toMatchObject({ status: 'held' })
  })

  // ---------------------------------------------------------------------------------------------
  // Sign-ups to activities

  it('takes back a sign-up while its activity still has a place', async () => {
    const ana = nextCustomer()
    const camp = await activity(1)
    const anas = await signedUp(ana, camp)

    const order = await paysAfterWindow(ana, [anas.saleId], async () => {
      expect(await statusOf('activity_inscriptions', anas.inscriptionId)).toBe('expired')
    })

    await expectPaid(ana, order, 0)
    expect(await statusOf('activity_inscriptions', anas.inscriptionId)).toBe('confirmed')
    expect((await signUp(nextCustomer(), camp)).json()).toMatchObject({ code: 'activity_full' })
  })

  it('refunds a sign-up whose last place another customer took after the window', async () => {
    const [ana, bea] = [nextCustomer(), nextCustomer()]
    const camp = await activity(1)
    const anas = await signedUp(ana, camp)
    let beas: Awaited<ReturnType<typeof signedUp>> | undefined

    const order = await paysAfterWindow(ana, [anas.saleId], async () => {
      beas = await signedUp(bea, camp)
    })

    await expectRefunded(ana, order)
    expect(await statusOf('activity_inscriptions', anas.inscriptionId)).toBe('expired')
    expect(await statusOf('activity_inscriptions', beas!.inscriptionId)).toBe('held')
  })

  // ---------------------------------------------------------------------------------------------
  // All or nothing

  it('takes back nothing of an order when one of its holds is taken: its court stays free', async () => {
    const [ana, bea] = [nextCustomer(), nextCustomer()]
    const start = `${WEDNESDAY} 19:00`
    const camp = await activity(1)
    const booking = await courtBooked(ana, club.court1, start)
    const anas = await signedUp(ana, camp)

    const order = await paysAfterWindow(ana, [booking.sale!.id, anas.saleId], () => signedUp(bea, camp))

    await expectRefunded(ana, order)
    expect(await statusOf('bookings', booking.bookingId)).toBe('expired')
    expect(await liveBlocks(booking.bookingId)).toBe(0)
    expect(await statusOf('activity_inscriptions', anas.inscriptionId)).toBe('expired')
    expect(await freeAt(club.court1, start)).toBe(true)
    await courtBooked(nextCustomer(), club.court1, start)
  })
})
