import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import type { App } from '../../app.ts'
import { HOUR, T0, testClock } from '../../test/booking-fixtures.ts'
import { clearRateLimits, insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { startInstances } from '../../test/instances.ts'
import { createPlaceClub, createSession, type PlaceClub } from '../../test/place-fixtures.ts'
import { describeOnPostgres } from '../../test/build-test-app.ts'

/**
 * The last places of a session under load, on PostgreSQL (the embedded database has one connection
 * and would hide a missing lock): many customers prebooking at once through two app instances on
 * one database. Exactly as many as there are places get one; the others read a 409.
 */
describeOnPostgres('prebooks of places racing through two instances on PostgreSQL', () => {
  const clock = testClock()
  let apps: App[]
  let close: () => Promise<void>
  let club: PlaceClub
  let racers: LoggedIn[]

  beforeAll(async () => {
    ;({ apps, close } = await startInstances(2, { now: clock.now }))
    club = await createPlaceClub(apps[0]!.services)
    racers = await insertLoggedInCustomers(apps[0]!, 43)
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
  const url = (who: LoggedIn, sessionId: number, placeId?: number) =>
    `/api/publicbookings/byplace-prebook-place/${who.id}/${sessionId}${placeId ? `/${placeId}` : ''}`

  /** Customer `i` asks instance `i % 2`, each from an address of their own (the rate limit is per address). */
  const race = (who: LoggedIn[], sessionId: number, placeOf: (i: number) => number | undefined) =>
    Promise.all(
      who.map((w, i) =>
        apps[i % 2]!.inject({
          method: 'POST',
          url: url(w, sessionId, placeOf(i)),
          headers: { ...w.headers, 'accept-language': 'en-US' },
          remoteAddress: `198.51.100.${i + 1}`,
        }),
      ),
    )

  it('gives 3 of 40 customers racing for the last 3 places of a session a hold, and the other 37 session_full', async () => {
    // A class of 6 without a map, 3 places taken before the race.
    const session = await createSession(apps[0]!.services, club, T0 + 48 * HOUR, {
      templateId: null,
      maxParticipants: 6,
    })
    for (const w of racers.slice(0, 3)) {
      const res = await apps[0]!.inject({ method: 'POST', url: url(w, session), headers: w.headers })
      expect(res.statusCode, res.body).toBe(200)
    }
    const salesBefore = await count(sql`select count(*) as n from sales`)
    const answers = await race(racers.slice(3), session, () => undefined)
    expect(answers).toHaveLength(40)
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3)
    const losers = answers.filter((a) => a.statusCode !== 200)
    expect(losers).toHaveLength(37)
    for (const loser of losers) expect(loser.json()).toMatchObject({ ok: false, code: 'session_full' })
    expect(
      await count(sql`select count(*) as n from bookings where session_id = ${session} and status = 'held'`),
    ).toBe(6)
    expect(await count(sql`select count(*) as n from sales`)).toBe(salesBefore + 3)
  })

  it("shows a place taken, a hold run out and a waiting list through one instance in the other's next week", async () => {
    const session = await createSession(apps[0]!.services, club, T0 + 96 * HOUR, {
      templateId: null,
      maxParticipants: 1,
    })
    const date = new Date(T0 + 96 * HOUR).toISOString().slice(0, 10)
    const seen = async (app: App) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/publicbookings/byplace-list',
        payload: { date, customerId: 0 },
      })
      return (res.json().data as Array<{ id: number; participantsIn: number; waitlistCount: number }>).find(
        (s) => s.id === session,
      )!
    }
    expect(await seen(apps[0]!)).toMatchObject({ participantsIn: 0, waitlistCount: 0 })
    const [first, second] = racers
    const held = await apps[1]!.inject({ method: 'POST', url: url(first!, session), headers: first!.headers })
    expect(held.statusCode, held.body).toBe(200)
    expect(await seen(apps[0]!)).toMatchObject({ participantsIn: 1, waitlistCount: 0 })
    const joined = await apps[1]!.inject({
      method: 'POST',
      url: `/api/publicbookings/waitlist-join/${second!.id}/${session}`,
      headers: second!.headers,
    })
    expect(joined.statusCode, joined.body).toBe(200)
    expect(await seen(apps[0]!)).toMatchObject({ participantsIn: 1, waitlistCount: 1 })
    // The hold runs out: the next answer counts it free, with no write.
    clock.advance(16 * 60_000)
    expect(await seen(apps[0]!)).toMatchObject({ participantsIn: 0, waitlistCount: 1 })
    // The sweep through one instance offers it to the customer waiting: both instances see it.
    await apps[1]!.services.bookings.sweep()
    expect(await seen(apps[0]!)).toMatchObject({ participantsIn: 1, waitlistCount: 0 })
  })

  it('gives one named place to exactly 1 of 40 customers racing for it, and the other 39 place_taken', async () => {
    const session = await createSession(apps[0]!.services, club, T0 + 72 * HOUR, { maxParticipants: 6 })
    const bike = club.studio.placeIds[4]!
    const answers = await race(racers.slice(3), session, () => bike)
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1)
    const losers = answers.filter((a) => a.statusCode !== 200)
    expect(losers).toHaveLength(39)
    for (const loser of losers) {
      expect(loser.statusCode).toBe(409)
      expect(loser.json()).toEqual({
        ok: false,
        code: 'place_taken',
        errorMsg: 'Someone else has just taken this place. Please choose another.',
      })
    }
    expect(
      await count(
        sql`select count(*) as n from bookings where session_id = ${session} and place_id = ${bike}
          and status in ('held', 'confirmed')`,
      ),
    ).toBe(1)
  })
})
