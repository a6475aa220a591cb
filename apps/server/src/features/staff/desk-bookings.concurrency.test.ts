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
 * A desk's booking and a customer's online prebook racing for the same court, through two app
 * instances on one PostgreSQL database: each hour goes to one of them, the other reads 409
 * `slot_taken`, and what the loser's unit wrote (a walk-in, a sale, an audit row) is gone with it.
 * The same for a desk's move of a booking racing a prebook for its new hour (a move that lost
 * leaves the booking where it was, with no audit row), and for two desks paying from one voucher.
 */

const HOURS = ['08', '09', '10', '11', '12', '16', '17', '18', '19', '20']
const DAY = '2030-01-08'
const PASSWORD = 'Long-Staff-Pass-26'
/** The moves race on a day of their own, from morning hours to afternoon ones. */
const MOVE_HOURS = ['16', '17', '18', '19', '20']
const MOVE_DAY = '2030-01-10'

describeOnPostgres('a desk booking racing an online prebook through two instances on PostgreSQL', () => {
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

  it('gives each hour to one of them, and leaves nothing of the loser', async () => {
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
        const atDesk = () =>
          apps[1]!.inject({
            method: 'POST',
            url: '/api/staff/bookings',
            headers: { ...desk, 'accept-language': 'en-US' },
            payload: {
              bookingTypeId: club.padel,
              resourceIds: [club.court1],
              start: `${DAY} ${hour}:00`,
              durationMinutes: 60,
              customer: { walkIn: { name: `Walk-in ${hour}`, phone: '600 000 000' } },
              payment: 'cash',
            },
          })
        // Odd hours send the desk's first: either may reach the database first.
        return i % 2 ? [atDesk(), online()] : [online(), atDesk()]
      }),
    )
    const statuses = answers.map((a) => a.statusCode)
    for (let i = 0; i < HOURS.length; i++) {
      const pair = statuses.slice(i * 2, i * 2 + 2).sort()
      expect(pair, HOURS[i]).toEqual([200, 409])
    }
    for (const lost of answers.filter((a) => a.statusCode === 409)) {
      expect(lost.json()).toMatchObject({ ok: false, code: 'slot_taken' })
    }
    const deskWins = answers.filter(
      (a) => a.statusCode === 200 && a.json().model.rulesPriceCents !== undefined,
    )
    // Each hour holds one live booking; the desk's losers left no walk-in, sale or audit row.
    const live = await rows<{ n: number }>(sql`select count(*)::int as n from booking_blocks b
      where b.resource_id = ${club.court1} and b.released_at is null`)
    expect(Number(live[0]!.n)).toBe(HOURS.length)
    const walkIns = await rows<{ n: number }>(
      sql`select count(*)::int as n from customers where email like '%@walk-in.invalid'`,
    )
    expect(Number(walkIns[0]!.n)).toBe(deskWins.length)
    const audited = await rows<{ n: number }>(
      sql`select count(*)::int as n from staff_audit where action = 'booking.add'`,
    )
    expect(Number(audited[0]!.n)).toBe(deskWins.length)
  })

  it("spends a voucher's last balance once when two desks pay from it at once, and keeps nothing of the loser", async () => {
    // Ten sessions on the pass and ten pairs of desks booking the same customer onto two courts
    // at once, each paying one session: twenty bookings asked, ten sessions to give.
    const who = players[0]!
    const pass = await apps[0]!.services.vouchers.createVoucher({
      customerId: who.id,
      kind: 1,
      description: { 'es-ES': 'Bono', 'en-US': 'Pass' },
      scope: { bookingTypeIds: [club.padel], durationMinutes: [] },
    })
    await apps[0]!.services.vouchers.moveBalance(pass, HOURS.length, { 'es-ES': 'Carga', 'en-US': 'Top-up' })
    const DAY2 = '2030-01-09'
    const answers = await Promise.all(
      HOURS.flatMap((hour) =>
        [club.court2, club.court1].map((court, side) =>
          apps[side]!.inject({
            method: 'POST',
            url: '/api/staff/bookings',
            headers: { ...desk, 'accept-language': 'en-US' },
            payload: {
              bookingTypeId: club.padel,
              resourceIds: [court],
              start: `${DAY2} ${hour}:00`,
              durationMinutes: 60,
              customer: { id: who.id },
              payment: 'voucher',
              voucherId: pass,
            },
          }),
        ),
      ),
    )
    const won = answers.filter((a) => a.statusCode === 200)
    const lost = answers.filter((a) => a.statusCode !== 200)
    // The customer's limits may refuse none of them: only the pass runs out.
    expect(won.length).toBe(HOURS.length)
    for (const l of lost) expect(l.json(), l.body).toMatchObject({ ok: false, code: 'voucher_insufficient' })
    const [voucher] = await rows<{ balance: number; sum: string | number }>(sql`
      select v.balance, coalesce(sum(m.amount), 0) as sum
      from vouchers v left join voucher_movements m on m.voucher_id = v.id where v.id = ${pass} group by v.id`)
    expect(voucher!.balance).toBe(0)
    expect(Number(voucher!.sum)).toBe(0)
    // Only the winners' bookings stand that day.
    const live = await rows<{ n: number }>(sql`select count(*)::int as n from bookings
      where customer_id = ${who.id} and starts_at >= ${`${DAY2}T00:00:00Z`}::timestamptz and status <> 'cancelled'`)
    expect(Number(live[0]!.n)).toBe(HOURS.length)
  })

  it('gives each hour to a move or a prebook, and leaves a booking whose move lost where it was', async () => {
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
          start: `${MOVE_DAY} ${hour}:00`,
          durationMinutes: 60,
          customer: { id: players[i]!.id },
          payment: 'cash',
        },
      })
      expect(res.statusCode, res.body).toBe(200)
      booked.push(res.json().model.bookingId)
    }
    const answers = await Promise.all(
      MOVE_HOURS.flatMap((hour, i) => {
        const online = () =>
          apps[0]!.inject({
            method: 'POST',
            url: '/api/publicbookings/prebook',
            headers: { ...players[i]!.headers, 'accept-language': 'en-US' },
            remoteAddress: `198.51.100.${i + 1}`,
            payload: prebookBody(players[i]!.id, club.padel, `${MOVE_DAY} ${hour}:00`, 60, [club.court1]),
          })
        const moved = () =>
          apps[1]!.inject({
            method: 'POST',
            url: `/api/staff/bookings/${booked[i]}/move`,
            headers: { ...desk, 'accept-language': 'en-US' },
            payload: { start: `${MOVE_DAY} ${hour}:00`, resourceId: club.court1 },
          })
        // Odd hours send the desk's first: either may reach the database first.
        return i % 2 ? [moved(), online()] : [online(), moved()]
      }),
    )
    let movesWon = 0
    for (let i = 0; i < MOVE_HOURS.length; i++) {
      const pair = answers.slice(i * 2, i * 2 + 2)
      expect(pair.map((a) => a.statusCode).sort(), MOVE_HOURS[i]).toEqual([200, 409])
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
      where b.resource_id = ${club.court1} and b.released_at is null
        and lower(b.during)::date = ${MOVE_DAY}::date`)
    expect(Number(live[0]!.n)).toBe(MOVE_HOURS.length)
    const audited = await rows<{ n: number }>(
      sql`select count(*)::int as n from staff_audit where action = 'booking.move'`,
    )
    expect(Number(audited[0]!.n)).toBe(movesWon)
  })
})
