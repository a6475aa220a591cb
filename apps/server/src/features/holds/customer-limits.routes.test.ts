import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { App } from '../../app.ts'
import { both } from '../../test/account-fixtures.ts'
import { HOUR, MINUTE, prebookBody, T0, testClock } from '../../test/booking-fixtures.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { clearRateLimits, insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { createPlaceClub, createSession, type PlaceClub } from '../../test/place-fixtures.ts'
import { setCustomerLimits } from '../../test/settings-fixtures.ts'
import { expectTablesUnchanged, snapshotTables } from '../../test/table-snapshot.ts'
import { instantAt } from '../bookings/centre-clock.ts'

/**
 * What one customer may take online (decision 074), as a client meets it, with the clock at Monday
 * 7 January 2030, 08:00 in Madrid: at most 2 unpaid holds running (courts, places and sign-ups
 * together), at most 2 free bookings on one day (the same kinds), and no day further than the
 * booking type's 14 days ahead. Each customer here is new to its case.
 */

const TUESDAY = '2030-01-08'
const EN = { 'accept-language': 'en-US' }
const ES = { 'accept-language': 'es-ES' }
const DAY = 24 * HOUR
const LIMIT_TABLES = ['bookings', 'booking_blocks', 'activity_inscriptions', 'sales', 'sale_items']

const HOLD_LIMIT = {
  ok: false,
  code: 'hold_limit',
  errorMsg:
    'You already have 2 bookings waiting to be paid. Pay for them or remove one from your cart first.',
}
const HOLD_LIMIT_ES = 'Ya tienes 2 reservas pendientes de pago. Págalas o quita alguna del carrito primero.'
const FREE_DAY_LIMIT = {
  ok: false,
  code: 'free_day_limit',
  errorMsg: 'You already have 2 free bookings on this day, as many as the centre allows.',
}
const FREE_DAY_LIMIT_ES = 'Ya tienes 2 reservas gratuitas ese día, las que permite el centro.'

describe.each(testDatabaseKinds())('limits per customer on %s', (kind) => {
  const clock = testClock()
  let t: TestApp
  let club: PlaceClub
  let customers: LoggedIn[]
  let next = 0
  /** A customer no case used before. */
  const newcomer = () => customers[next++]!
  const at = (date: string, time: string) =>
    instantAt(date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3)), 'Europe/Madrid')!

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: clock.now })
    club = await createPlaceClub(t.app.services)
    customers = await insertLoggedInCustomers(t.app, 12, 'limits')
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    clock.set(T0)
    await clearRateLimits(t.app)
  })

  const app = (): App => t.app
  const post = (url: string, payload: unknown, who: LoggedIn, headers = EN) =>
    app().inject({ method: 'POST', url, payload: payload as object, headers: { ...headers, ...who.headers } })
  const court = (who: LoggedIn, start: string, resourceId = club.court1, type = club.padel, headers = EN) =>
    post('/api/publicbookings/prebook', prebookBody(who.id, type, start, 60, [resourceId]), who, headers)
  const gym = (who: LoggedIn, start: string, headers = EN) => court(who, start, club.room, club.gym, headers)
  const place = (who: LoggedIn, sessionId: number, headers = EN) =>
    post(`/api/publicbookings/byplace-prebook-place/${who.id}/${sessionId}`, undefined, who, headers)
  const signUp = (who: LoggedIn, id: number, headers = EN) =>
    post('/api/publicactivities/inscription', { customerId: who.id, id }, who, headers)
  const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200)

  const activity = async (startsAt: number, priceCents: number) =>
    (
      await app().services.activities.createActivities([
        {
          name: both('Actividad', 'Activity'),
          description: both('<p>Actividad</p>', '<p>Activity</p>'),
          startsAt: new Date(startsAt),
          endsAt: new Date(startsAt + 2 * HOUR),
          priceCents,
        },
      ])
    )[0]!

  it('refuses a third unpaid hold of any kind with hold_limit in both languages, keeping nothing, until one runs out', async () => {
    const who = newcomer()
    const spinning = await createSession(app().services, club, at(TUESDAY, '19:00'), { templateId: null })
    const camp = await activity(T0 + 3 * DAY, 1500)
    ok(await court(who, `${TUESDAY} 19:00`))
    ok(await place(who, spinning))

    const before = await snapshotTables(app(), LIMIT_TABLES)
    const third = await court(who, `${TUESDAY} 19:00`, club.court2)
    expect(third.statusCode).toBe(409)
    expect(third.json()).toEqual(HOLD_LIMIT)
    const spanish = await court(who, `${TUESDAY} 19:00`, club.court2, club.padel, ES)
    expect(spanish.json()).toMatchObject({ code: 'hold_limit', errorMsg: HOLD_LIMIT_ES })
    const signUp3 = await signUp(who, camp)
    expect(signUp3.statusCode).toBe(409)
    expect(signUp3.json()).toMatchObject({ code: 'hold_limit', errorMsg: HOLD_LIMIT.errorMsg })
    expect((await signUp(who, camp, ES)).json()).toMatchObject({ errorMsg: HOLD_LIMIT_ES })
    await expectTablesUnchanged(app(), before)
    // Someone else is not held back by this customer's holds.
    ok(await court(newcomer(), `${TUESDAY} 19:00`, club.court2))

    // The two holds run out: the customer may hold again.
    clock.advance(16 * MINUTE)
    ok(await signUp(who, camp))
  })

  it("refuses a third place or sign-up held, and lets the centre's setting allow more", async () => {
    const who = newcomer()
    const sessions = await Promise.all(
      ['17:00', '18:00', '19:00'].map((time) =>
        createSession(app().services, club, at(TUESDAY, time), { templateId: null }),
      ),
    )
    const camp = await activity(T0 + 3 * DAY, 1500)
    ok(await place(who, sessions[0]!))
    ok(await signUp(who, camp))
    const third = await place(who, sessions[1]!)
    expect(third.statusCode).toBe(409)
    expect(third.json()).toEqual(HOLD_LIMIT)
    expect((await place(who, sessions[1]!, ES)).json()).toMatchObject({ errorMsg: HOLD_LIMIT_ES })

    await setCustomerLimits(app().services, { holdsPerCustomer: 3 })
    try {
      ok(await place(who, sessions[1]!))
      const fourth = await place(who, sessions[2]!)
      expect(fourth.json()).toMatchObject({
        code: 'hold_limit',
        errorMsg:
          'You already have 3 bookings waiting to be paid. Pay for them or remove one from your cart first.',
      })
    } finally {
      await setCustomerLimits(app().services, {})
    }
  })

  it('refuses a third free booking on one day with free_day_limit in both languages, courts, places and sign-ups together', async () => {
    const who = newcomer()
    ok(await gym(who, `${TUESDAY} 10:00`))
    const yoga = await createSession(app().services, club, at(TUESDAY, '18:00'), {
      bookingTypeId: club.yoga,
      templateId: null,
      priceCents: 0,
      durationMinutes: 60,
    })
    ok(await place(who, yoga))

    const before = await snapshotTables(app(), LIMIT_TABLES)
    const third = await gym(who, `${TUESDAY} 11:00`)
    expect(third.statusCode).toBe(409)
    expect(third.json()).toEqual(FREE_DAY_LIMIT)
    expect((await gym(who, `${TUESDAY} 11:00`, ES)).json()).toMatchObject({
      code: 'free_day_limit',
      errorMsg: FREE_DAY_LIMIT_ES,
    })
    const freeClass = await activity(at(TUESDAY, '20:00'), 0)
    const signUp3 = await signUp(who, freeClass)
    expect(signUp3.statusCode).toBe(409)
    expect(signUp3.json()).toMatchObject({ code: 'free_day_limit', errorMsg: FREE_DAY_LIMIT.errorMsg })
    expect((await signUp(who, freeClass, ES)).json()).toMatchObject({ errorMsg: FREE_DAY_LIMIT_ES })
    await expectTablesUnchanged(app(), before)

    // Another day is another count; a paid booking the same day is no free one.
    ok(await gym(who, '2030-01-09 11:00'))
    ok(await signUp(who, await activity(at('2030-01-09', '20:00'), 0)))
    ok(await court(who, `${TUESDAY} 11:00`))
  })

  it('refuses a day further ahead than the booking type allows with too_far_ahead in both languages', async () => {
    const who = newcomer()
    const filters = await app().inject({
      method: 'GET',
      url: `/api/publicbookings/filters/${club.gym}`,
      headers: EN,
    })
    expect(filters.json().model).toMatchObject({ daysAhead: 14 })

    // Monday the 7th plus 14 days: Monday the 21st is the last day.
    ok(await gym(who, '2030-01-21 21:00'))
    const before = await snapshotTables(app(), LIMIT_TABLES)
    const far = await gym(newcomer(), '2030-01-22 08:00')
    expect(far.statusCode).toBe(422)
    expect(far.json()).toEqual({
      ok: false,
      code: 'too_far_ahead',
      errorMsg: 'This day is too far ahead: this booking type can be booked up to 14 days ahead.',
    })
    expect((await court(who, '2100-12-31 10:00', club.court1, club.padel, ES)).json()).toMatchObject({
      code: 'too_far_ahead',
      errorMsg:
        'Este día está demasiado lejos: este tipo de reserva se puede reservar con hasta 14 días de antelación.',
    })

    const farClass = await createSession(app().services, club, at('2030-01-22', '09:00'), {
      templateId: null,
    })
    const farPlace = await place(who, farClass)
    expect(farPlace.statusCode).toBe(422)
    expect(farPlace.json()).toMatchObject({ code: 'too_far_ahead' })
    await expectTablesUnchanged(app(), before)
    const week = await app().inject({
      method: 'POST',
      url: '/api/publicbookings/byplace-list',
      payload: { date: '2030-01-22', customerId: 0 },
      headers: EN,
    })
    const listed = (week.json().data as Array<{ id: number; bookable: boolean }>).find(
      (s) => s.id === farClass,
    )
    expect(listed).toMatchObject({ bookable: false })

    // A day later the same class is within reach.
    clock.advance(DAY)
    ok(await place(who, farClass))
  })
})
