import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import type { App } from '../../app.ts'
import {
  createTestClub,
  MINUTE,
  prebookBody,
  T0,
  testClock,
  type TestClub,
} from '../../test/booking-fixtures.ts'
import { clearRateLimits, insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { startInstances } from '../../test/instances.ts'
import { describeOnPostgres } from '../../test/build-test-app.ts'

/**
 * Double booking under load, on PostgreSQL (the embedded database has one connection and would hide
 * a missing lock): many customers asking for one court at once, through two app instances on one
 * database, as behind a load balancer. Exactly one gets the time; every other one reads a clear 409.
 */
const TUESDAY = '2030-01-08'

describeOnPostgres('prebooks racing for one court through two instances on PostgreSQL', () => {
  const clock = testClock()
  let apps: App[]
  let close: () => Promise<void>
  let club: TestClub
  let racers: LoggedIn[]

  beforeAll(async () => {
    ;({ apps, close } = await startInstances(2, { now: clock.now }))
    club = await createTestClub(apps[0]!.services)
    racers = await insertLoggedInCustomers(apps[0]!, 50)
  })
  afterAll(() => close())
  beforeEach(async () => {
    clock.set(T0)
    await clearRateLimits(apps[0]!)
  })

  const db = () => apps[0]!.database.db
  const count = async (query: ReturnType<typeof sql>) =>
    Number(((await db().execute(query)) as unknown as { rows: Array<{ n: number | string }> }).rows[0]!.n)

  /** Customer `i` asks instance `i % 2` for a time, each from an address of their own (the rate limit is per address). */
  const race = (requests: Array<{ who: LoggedIn; start: string; duration: number; resources: number[] }>) =>
    Promise.all(
      requests.map(({ who, start, duration, resources }, i) =>
        apps[i % 2]!.inject({
          method: 'POST',
          url: '/api/publicbookings/prebook',
          headers: who.headers,
          remoteAddress: `198.51.100.${i + 1}`,
          payload: prebookBody(who.id, club.padel, start, duration, resources),
        }),
      ),
    )

  function expectOneWinner(answers: LightMyRequestResponse[]) {
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(answers.length - 1)
    for (const loser of answers.filter((a) => a.statusCode === 409)) {
      expect(loser.json()).toMatchObject({
        ok: false,
        code: 'slot_taken',
        errorMsg: 'This time was just booked by someone else. Please choose another.',
      })
    }
    return answers.find((a) => a.statusCode === 200)!.json().model as {
      bookingId: number
      sale: { id: number }
    }
  }

  it('gives one of 50 customers asking for the same time the hold, and the other 49 a 409', async () => {
    const salesBefore = await count(sql`select count(*) as n from sales`)
    const answers = await race(
      racers.map((who) => ({ who, start: `${TUESDAY} 10:00`, duration: 90, resources: [club.court1] })),
    )
    const winner = expectOneWinner(answers)
    expect(
      await count(
        sql`select count(*) as n from booking_blocks where resource_id = ${club.court1} and released_at is null`,
      ),
    ).toBe(1)
    expect(await count(sql`select count(*) as n from bookings where status = 'held'`)).toBe(1)
    expect(await count(sql`select count(*) as n from sales`)).toBe(salesBefore + 1)
    expect(
      await count(
        sql`select count(*) as n from bookings where id = ${winner.bookingId} and sale_id = ${winner.sale.id}`,
      ),
    ).toBe(1)
  })

  it('gives one of 50 overlapping times of different starts and durations on one court the hold', async () => {
    // Every one of these covers 17:30–18:00 on court 2.
    const times = [
      ['17:00', 60],
      ['17:00', 90],
      ['17:30', 60],
      ['17:30', 90],
    ] as const
    const answers = await race(
      racers.map((who, i) => {
        const [time, duration] = times[i % times.length]!
        return { who, start: `${TUESDAY} ${time}`, duration, resources: [club.court2] }
      }),
    )
    expectOneWinner(answers)
    expect(
      await count(sql`select count(*) as n from booking_blocks b
        where b.resource_id = ${club.court2} and b.released_at is null
          and b.during && tstzrange('2030-01-08T16:00:00Z', '2030-01-08T17:30:00Z')`),
    ).toBe(1)
  })

  it('gives a racket set wanted at one hour with both courts to one of the two bookings', async () => {
    const hours = ['08', '09', '10', '11', '12', '16', '17', '18', '19', '20']
    // Two bookings each hour, one per court, both with racket set A.
    const answers = await race(
      racers.slice(0, 20).map((who, i) => ({
        who,
        start: `2030-01-11 ${hours[Math.floor(i / 2)]}:00`,
        duration: 60,
        resources: [i % 2 ? club.court2 : club.court1, club.rackets1],
      })),
    )
    for (let hour = 0; hour < hours.length; hour++) {
      const pair = [answers[hour * 2]!, answers[hour * 2 + 1]!].map((a) => a.statusCode).sort()
      expect(pair, hours[hour]).toEqual([200, 409])
    }
    expect(
      await count(
        sql`select count(*) as n from booking_blocks where resource_id = ${club.rackets1} and released_at is null`,
      ),
    ).toBe(hours.length)
  })

  it('frees a hold that ran out for exactly one of the customers racing for it, and cancels its sale once', async () => {
    // Customers of their own: the earlier races' winners still hold their times, up to the
    // centre's limit of holds, which would refuse them here for another reason.
    const [holder, ...others] = await insertLoggedInCustomers(apps[0]!, 31, 'expiry')
    const first = await apps[0]!.inject({
      method: 'POST',
      url: '/api/publicbookings/prebook',
      headers: holder!.headers,
      payload: prebookBody(holder!.id, club.padel, '2030-01-09 12:00', 60, [club.court1]),
    })
    expect(first.statusCode, first.body).toBe(200)
    const held = first.json().model as { bookingId: number; sale: { id: number } }
    clock.advance(16 * MINUTE)
    const answers = await race(
      others.map((who) => ({ who, start: '2030-01-09 12:00', duration: 60, resources: [club.court1] })),
    )
    expectOneWinner(answers)
    expect(
      await count(
        sql`select count(*) as n from bookings where id = ${held.bookingId} and status = 'expired'`,
      ),
    ).toBe(1)
    expect(
      await count(sql`select count(*) as n from sales where id = ${held.sale.id} and status = 'cancelled'`),
    ).toBe(1)
  })

  it('returns the money of a booking cancelled twice at once through both instances only once', async () => {
    const who = racers[40]!
    const res = await apps[1]!.inject({
      method: 'POST',
      url: '/api/publicbookings/prebook',
      headers: who.headers,
      payload: prebookBody(who.id, club.padel, '2030-01-10 18:00', 60, [club.court2]),
    })
    const booking = res.json().model as { bookingId: number; sale: { id: number } }
    await apps[0]!.services.sales.paySale(booking.sale.id, { paymentMethodId: 15 })
    await apps[0]!.services.bookings.confirmBooking(booking.bookingId)
    const answers = await Promise.all(
      apps.map((app) =>
        app.inject({
          method: 'POST',
          url: `/api/publicbookings/cancel/${booking.bookingId}/${who.id}`,
          headers: who.headers,
        }),
      ),
    )
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
    const returned = answers.flatMap(
      (a) => a.json().infoReturns as Array<{ amounts: Array<{ amount: number }> }>,
    )
    expect(returned.flatMap((r) => r.amounts.map((m) => m.amount))).toEqual([16])
    expect(
      await count(sql`select coalesce(sum(balance), 0) as n from vouchers where customer_id = ${who.id}`),
    ).toBe(1600)
  })
})
