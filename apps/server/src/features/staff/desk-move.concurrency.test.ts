import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { App } from '../../app.ts'
import { createTestClub, prebookBody, testClock, type TestClub } from '../../test/booking-fixtures.ts'
import { describeOnPostgres } from '../../test/build-test-app.ts'
import { insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { startInstances } from '../../test/instances.ts'
import { setCustomerLimits } from '../../test/settings-fixtures.ts'
import { insertStaffMember, staffSession } from '../../test/staff.ts'

/**
 * A desk's move of a booking and a customer's online prebook racing for the same court and hour,
 * through two app instances on one PostgreSQL database: each hour goes to one of them, the other
 * reads 409 `slot_taken`. A booking whose move lost stays where it was, with no audit row.
 */

const HOURS = ['16', '17', '18', '19', '20']
const DAY = '2030-01-08'
const PASSWORD = 'Long-Staff-Pass-26'

describeOnPostgres('a desk move racing an online prebook through two instances on PostgreSQL', () => {
  const clock = testClock()
  let apps: App[]
  let close: () => Promise<void>
  let club: TestClub
  let players: LoggedIn[]
  let desk: { authorization: string }

  beforeAll(async () => {
    ;({ apps, close } = await startInstances(2, { now: clock.now }))
    club = await createTestClub(apps[0]!.services)
    await setCustomerLimits(apps[0]!.services, { holdsPerCustomer: 50 })
    players = await insertLoggedInCustomers(apps[0]!, HOURS.length, 'racer')
    await insertStaffMember(apps[1]!, 'desk@example.com', 'desk', PASSWORD)
    desk = await staffSession(apps[1]!, 'desk@example.com', PASSWORD)
  })
  afterAll(() => close())

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await apps[0]!.database.db.execute(query)) as unknown as { rows: T[] }).rows

  it('gives each hour to one of them, and leaves a booking whose move lost where it was', async () => {
    // One booking a morning hour on court 2, each to be moved to an afternoon hour on court 1.
    const booked: number[] = []
    for (const [i, hour] of ['08', '09', '10', '11', '12'].entries()) {
      const res = await apps[1]!.inject({
        method: 'POST',
        url: '/api/staff/bookings',
        headers: desk,
        payload: {
          bookingTypeId: club.padel,
          resourceIds: [club.court2],
          start: `${DAY} ${hour}:00`,
          durationMinutes: 60,
          customer: { id: players[i]!.id },
          payment: 'cash',
        },
      })
      expect(res.statusCode, res.body).toBe(200)
      booked.push(res.json().model.bookingId)
    }
    const answers = await Promise.all(
      HOURS.flatMap((hour, i) => {
        const online = () =>
          apps[0]!.inject({
            method: 'POST',
            url: '/api/publicbookings/prebook',
            headers: { ...players[i]!.headers, 'accept-language': 'en-US' },
            remoteAddress: `198.51.100.${i + 1}`,
            payload: prebookBody(players[i]!.id, club.padel, `${DAY} ${hour}:00`, 60, [club.court1]),
          })
        const moved = () =>
          apps[1]!.inject({
            method: 'POST',
            url: `/api/staff/bookings/${booked[i]}/move`,
            headers: { ...desk, 'accept-language': 'en-US' },
            payload: { start: `${DAY} ${hour}:00`, resourceId: club.court1 },
          })
        // Odd hours send the desk's first: either may reach the database first.
        return i % 2 ? [moved(), online()] : [online(), moved()]
      }),
    )
    let movesWon = 0
    for (let i = 0; i < HOURS.length; i++) {
      const pair = answers.slice(i * 2, i * 2 + 2)
      expect(pair.map((a) => a.statusCode).sort(), HOURS[i]).toEqual([200, 409])
      const lost = pair.find((a) => a.statusCode === 409)!
      expect(lost.json()).toMatchObject({ ok: false, code: 'slot_taken' })
      const deskAnswer = i % 2 ? pair[0]! : pair[1]!
      const [where] = await rows<{ resource_id: number; start: string }>(
        sql`select resource_id, lower(during) as start from booking_blocks
          where booking_id = ${booked[i]} and released_at is null`,
      )
      if (deskAnswer.statusCode === 200) {
        movesWon++
        expect(where!.resource_id).toBe(club.court1)
      } else {
        // Lost: still on court 2 at its morning hour.
        expect(where!.resource_id).toBe(club.court2)
      }
    }
    // Each afternoon hour of court 1 holds one live block; one audit row a move that won.
    const live = await rows<{ n: number }>(sql`select count(*)::int as n from booking_blocks b
      where b.resource_id = ${club.court1} and b.released_at is null`)
    expect(Number(live[0]!.n)).toBe(HOURS.length)
    const audited = await rows<{ n: number }>(
      sql`select count(*)::int as n from staff_audit where action = 'booking.move'`,
    )
    expect(Number(audited[0]!.n)).toBe(movesWon)
  })
})
