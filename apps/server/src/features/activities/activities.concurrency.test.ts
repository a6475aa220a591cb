import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import type { App } from '../../app.ts'
import { both } from '../../test/account-fixtures.ts'
import { HOUR, T0, testClock } from '../../test/booking-fixtures.ts'
import { clearRateLimits, insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { startInstances } from '../../test/instances.ts'
import { describeOnPostgres } from '../../test/build-test-app.ts'

/**
 * The last places of an activity under load, on PostgreSQL (the embedded database has one
 * connection and would hide a missing lock): many customers signing up at once through two app
 * instances on one database. Exactly as many as there are places get one; the others read a 409.
 */
describeOnPostgres('sign-ups racing for the last places through two instances on PostgreSQL', () => {
  const clock = testClock()
  let apps: App[]
  let close: () => Promise<void>
  let racers: LoggedIn[]
  let camp: number
  let trip: number

  beforeAll(async () => {
    ;({ apps, close } = await startInstances(2, { now: clock.now }))
    const [first, second] = await apps[0]!.services.activities.createActivities([
      {
        name: both('Campus', 'Camp'),
        description: both('<p>Campus</p>', '<p>Camp</p>'),
        startsAt: new Date(T0 + 48 * HOUR),
        endsAt: new Date(T0 + 50 * HOUR),
        priceCents: 2000,
        capacity: 10,
      },
      {
        name: both('Excursión', 'Trip'),
        description: both('<p>Excursión</p>', '<p>Trip</p>'),
        startsAt: new Date(T0 + 72 * HOUR),
        endsAt: new Date(T0 + 80 * HOUR),
        capacity: 5,
      },
    ])
    camp = first!
    trip = second!
    racers = await insertLoggedInCustomers(apps[0]!, 47)
  })
  afterAll(() => close())
  beforeEach(async () => {
    clock.set(T0)
    await clearRateLimits(apps[0]!)
  })

  const count = async (query: ReturnType<typeof sql>) =>
    Number(
      ((await apps[0]!.database.db.execute(query)) as unknown as { rows: Array<{ n: number | string }> })
        .rows[0]!.n,
    )

  /** Customer `i` asks instance `i % 2`, each from an address of their own (the rate limit is per address). */
  const race = (who: LoggedIn[], id: number) =>
    Promise.all(
      who.map((w, i) =>
        apps[i % 2]!.inject({
          method: 'POST',
          url: '/api/publicactivities/inscription',
          headers: w.headers,
          remoteAddress: `198.51.100.${i + 1}`,
          payload: { customerId: w.id, id },
        }),
      ),
    )

  it('gives 3 of 40 customers racing for the last 3 paid places a hold, and the other 37 a 409', async () => {
    // Seven places are taken before the race.
    for (const w of racers.slice(0, 7)) {
      const res = await apps[0]!.inject({
        method: 'POST',
        url: '/api/publicactivities/inscription',
        headers: w.headers,
        payload: { customerId: w.id, id: camp },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const salesBefore = await count(sql`select count(*) as n from sales`)
    const answers = await race(racers.slice(7), camp)
    expect(answers).toHaveLength(40)
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(3)
    expect(statuses.filter((s) => s === 409)).toHaveLength(37)
    for (const loser of answers.filter((a) => a.statusCode === 409)) {
      expect(loser.json()).toEqual({
        ok: false,
        code: 'activity_full',
        errorMsg: 'There are no places left in this activity.',
      })
    }
    expect(
      await count(
        sql`select count(*) as n from activity_inscriptions where activity_id = ${camp} and status = 'held'`,
      ),
    ).toBe(10)
    expect(await count(sql`select count(*) as n from sales`)).toBe(salesBefore + 3)
  })

  it('confirms exactly 5 of 40 customers racing for a free activity of 5 places', async () => {
    const answers = await race(racers.slice(7), trip)
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5)
    expect(answers.filter((a) => a.statusCode === 409 && a.json().code === 'activity_full')).toHaveLength(35)
    expect(
      await count(
        sql`select count(*) as n from activity_inscriptions where activity_id = ${trip} and status = 'confirmed'`,
      ),
    ).toBe(5)
  })
})
