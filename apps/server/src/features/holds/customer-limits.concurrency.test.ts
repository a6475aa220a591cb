import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { App } from '../../app.ts'
import { both } from '../../test/account-fixtures.ts'
import { HOUR, prebookBody, T0, testClock } from '../../test/booking-fixtures.ts'
import { clearRateLimits, insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { startInstances } from '../../test/instances.ts'
import { createPlaceClub, createSession, type PlaceClub } from '../../test/place-fixtures.ts'

/**
 * The limit of 2 unpaid holds per customer (decision 074) under a race, on PostgreSQL (the embedded
 * database has one connection and would hide a missing lock): a customer holding one already sends
 * two prebooks at once, each to another app instance on one database. Exactly one is held; the other
 * reads 409 `hold_limit`, whatever kinds the two are (courts, places, sign-ups count together).
 */
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip

const ROUNDS = 6

onPostgres('holds of one customer racing through two instances on PostgreSQL', () => {
  const clock = testClock()
  let apps: App[]
  let close: () => Promise<void>
  let club: PlaceClub
  let racers: LoggedIn[]

  beforeAll(async () => {
    ;({ apps, close } = await startInstances(2, { now: clock.now }))
    club = await createPlaceClub(apps[0]!.services)
    racers = await insertLoggedInCustomers(apps[0]!, 2 * ROUNDS, 'holder')
  })
  afterAll(() => close())
  beforeEach(async () => {
    clock.set(T0)
    await clearRateLimits(apps[0]!)
  })

  const liveHolds = async (who: LoggedIn) =>
    Number(
      (
        (await apps[0]!.database.db.execute(
          sql`select (select count(*) from bookings where customer_id = ${who.id} and status = 'held')
            + (select count(*) from activity_inscriptions where customer_id = ${who.id} and status = 'held') as n`,
        )) as unknown as { rows: Array<{ n: number | string }> }
      ).rows[0]!.n,
    )
  const headers = (who: LoggedIn) => ({ ...who.headers, 'accept-language': 'en-US' })
  /** A paid court for one hour on `day` (of January 2030) at `hour`, through `app`. */
  const court = (app: App, who: LoggedIn, resourceId: number, day: number, hour: number) =>
    app.inject({
      method: 'POST',
      url: '/api/publicbookings/prebook',
      payload: prebookBody(who.id, club.padel, `2030-01-${String(day).padStart(2, '0')} ${hour}:00`, 60, [
        resourceId,
      ]),
      headers: headers(who),
    })
  const place = (app: App, who: LoggedIn, sessionId: number) =>
    app.inject({
      method: 'POST',
      url: `/api/publicbookings/byplace-prebook-place/${who.id}/${sessionId}`,
      headers: headers(who),
    })
  const signUp = (app: App, who: LoggedIn, activityId: number) =>
    app.inject({
      method: 'POST',
      url: '/api/publicactivities/inscription',
      payload: { customerId: who.id, id: activityId },
      headers: headers(who),
    })

  const expectOneThrough = (answers: Array<{ statusCode: number; body: string; json: () => unknown }>) => {
    const through = answers.filter((a) => a.statusCode === 200)
    expect(through, answers.map((a) => a.body).join('\n')).toHaveLength(1)
    const refused = answers.find((a) => a.statusCode !== 200)!
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ ok: false, code: 'hold_limit' })
  }

  it(`lets exactly one of two courts through for a customer at 1 hold, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const who = racers[round]!
      const hour = 16 + round
      const first = await court(apps[0]!, who, club.court1, 8, hour)
      expect(first.statusCode, first.body).toBe(200)
      const answers = await Promise.all([
        court(apps[0]!, who, club.court2, 8, hour),
        court(apps[1]!, who, club.court2, 9, hour),
      ])
      expectOneThrough(answers)
      expect(await liveHolds(who)).toBe(2)
    }
  })

  it(`lets exactly one of a place and a sign-up through for a customer at 1 hold, ${ROUNDS} rounds`, async () => {
    const camp = (
      await apps[0]!.services.activities.createActivities([
        {
          name: both('Campus', 'Camp'),
          description: both('<p>Campus</p>', '<p>Camp</p>'),
          startsAt: new Date(T0 + 48 * HOUR),
          endsAt: new Date(T0 + 72 * HOUR),
          priceCents: 1500,
        },
      ])
    )[0]!
    for (let round = 0; round < ROUNDS; round++) {
      const who = racers[ROUNDS + round]!
      const session = await createSession(apps[0]!.services, club, T0 + (30 + round) * HOUR, {
        templateId: null,
      })
      const first = await court(apps[1]!, who, club.court1, 10, 16 + round)
      expect(first.statusCode, first.body).toBe(200)
      const answers = await Promise.all([place(apps[0]!, who, session), signUp(apps[1]!, who, camp)])
      expectOneThrough(answers)
      expect(await liveHolds(who)).toBe(2)
    }
  })
})
