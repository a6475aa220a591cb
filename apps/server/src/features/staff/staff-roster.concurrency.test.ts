import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { StaffDay } from '@clubhouse/contract/server'
import type { App } from '../../app.ts'
import { testClock } from '../../test/booking-fixtures.ts'
import { describeOnPostgres } from '../../test/build-test-app.ts'
import { insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { startInstances } from '../../test/instances.ts'
import { createPlaceClub, createSession, type PlaceClub } from '../../test/place-fixtures.ts'
import { setCustomerLimits } from '../../test/settings-fixtures.ts'
import { insertStaffMember, staffSession } from '../../test/staff.ts'

/**
 * The desk giving a session's last place while a customer prebooks it online, through two app
 * instances on one PostgreSQL database (the embedded one has one connection and would hide a
 * missing lock): each round has one winner, no session ever has more live places than its size,
 * and both instances' days count the winner at once.
 */

const ROUNDS = 8
const PASSWORD = 'Long-Staff-Pass-26'
/** Tuesday 8 January 2030, from 09:00 in Madrid, one session an hour. */
const FIRST = Date.parse('2030-01-08T08:00:00Z')
const HOUR = 3_600_000

describeOnPostgres('the desk adding the last place of a session racing a prebook on PostgreSQL', () => {
  const clock = testClock()
  let apps: App[]
  let close: () => Promise<void>
  let club: PlaceClub
  let players: LoggedIn[]
  let desk: { authorization: string }
  let sessions: number[]

  beforeAll(async () => {
    ;({ apps, close } = await startInstances(2, { now: clock.now }))
    club = await createPlaceClub(apps[0]!.services)
    await setCustomerLimits(apps[0]!.services, { holdsPerCustomer: 50, freeBookingsPerDay: 50 })
    players = await insertLoggedInCustomers(apps[0]!, 2 * ROUNDS + 1, 'racer')
    await insertStaffMember(apps[1]!, 'desk@example.com', 'desk', PASSWORD)
    desk = await staffSession(apps[1]!, 'desk@example.com', PASSWORD)
    sessions = []
    for (let i = 0; i < ROUNDS; i++) {
      // Two places on a map of six: the first taken before the race, the second raced for.
      const id = await createSession(apps[0]!.services, club, FIRST + i * HOUR, { maxParticipants: 2 })
      sessions.push(id)
      const res = await apps[1]!.inject({
        method: 'POST',
        url: `/api/staff/sessions/${id}/participants`,
        headers: desk,
        payload: { customerId: players[2 * ROUNDS]!.id, placeId: club.studio.placeIds[0] },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
  })
  afterAll(() => close())

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await apps[0]!.database.db.execute(query)) as unknown as { rows: T[] }).rows
  const participants = async (instance: number) => {
    const res = await apps[instance]!.inject({
      method: 'GET',
      url: `/api/staff/schedule?date=2030-01-08&resourceTypeId=${club.roomsType}`,
      headers: instance === 1 ? desk : await staffSession(apps[0]!, 'desk@example.com', PASSWORD),
    })
    expect(res.statusCode, res.body).toBe(200)
    const { items } = res.json<{ data: StaffDay }>().data
    return sessions.map((id) => items.find((i) => i.kind === 'session' && i.id === id)!.participants)
  }

  it('gives each last place to the desk or to the customer, never both, the session never over its size', async () => {
    expect(await participants(0)).toEqual(sessions.map(() => 1))
    // Different places of the map, so only the size of the session stands between them.
    const answers = await Promise.all(
      sessions.flatMap((id, i) => {
        const online = () =>
          apps[0]!.inject({
            method: 'POST',
            url: `/api/publicbookings/byplace-prebook-place/${players[2 * i]!.id}/${id}/${club.studio.placeIds[1]}`,
            headers: { ...players[2 * i]!.headers, 'accept-language': 'en-US' },
            remoteAddress: `198.51.100.${i + 1}`,
          })
        const atDesk = () =>
          apps[1]!.inject({
            method: 'POST',
            url: `/api/staff/sessions/${id}/participants`,
            headers: { ...desk, 'accept-language': 'en-US' },
            payload: { customerId: players[2 * i + 1]!.id, placeId: club.studio.placeIds[2] },
          })
        if (i % 2 === 0) {
          const o = online()
          return [o, atDesk()]
        }
        const d = atDesk()
        return [online(), d]
      }),
    )
    let deskWon = 0
    for (let i = 0; i < ROUNDS; i++) {
      const [online, atDesk] = [answers[2 * i]!, answers[2 * i + 1]!]
      const won = [online, atDesk].filter((r) => r.statusCode === 200)
      expect(won, `${i}: ${online.body} ${atDesk.body}`).toHaveLength(1)
      const lost = online.statusCode === 200 ? atDesk : online
      expect(lost.statusCode, lost.body).toBe(409)
      expect(lost.json()).toMatchObject({ ok: false, code: 'session_full' })
      if (atDesk.statusCode === 200) deskWon += 1
    }
    const live = await rows<{ session_id: number; n: string | number }>(sql`select session_id, count(*) as n
      from bookings where status in ('held', 'confirmed') group by session_id`)
    expect(live).toHaveLength(ROUNDS)
    for (const row of live) expect(Number(row.n)).toBe(2)
    const audited = await rows<{ n: string | number }>(
      sql`select count(*) as n from staff_audit where action = 'participant.add'`,
    )
    expect(Number(audited[0]!.n)).toBe(ROUNDS + deskWon)
    // Both instances' days count the winner of every round.
    for (const instance of [0, 1]) expect(await participants(instance)).toEqual(sessions.map(() => 2))
  })
})
