import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BookingsListModel } from '@clubhouse/contract/server'
import type { App } from '../../app.ts'
import { createTestClub, prebookBody, testClock, type TestClub } from '../../test/booking-fixtures.ts'
import { describeOnPostgres } from '../../test/build-test-app.ts'
import { insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { startInstances } from '../../test/instances.ts'
import { setCustomerLimits } from '../../test/settings-fixtures.ts'
import { insertStaffMember, staffSession } from '../../test/staff.ts'

/**
 * A desk's block and a customer's prebook racing for the same court, through two app instances on
 * one PostgreSQL database (the embedded one has one connection and would hide a missing lock): one
 * of the two gets the time, the other reads a clear refusal, and the day answers of both instances
 * show the winner at once.
 */

const HOURS = ['08', '09', '10', '11', '12', '16', '17', '18', '19', '20']
const DAY = '2030-01-08'
const PASSWORD = 'Long-Staff-Pass-26'

describeOnPostgres('a staff block racing a prebook through two instances on PostgreSQL', () => {
  const clock = testClock()
  let apps: App[]
  let close: () => Promise<void>
  let club: TestClub
  let players: LoggedIn[]
  let desk: { authorization: string }
  let deskId: number

  beforeAll(async () => {
    ;({ apps, close } = await startInstances(2, { now: clock.now }))
    club = await createTestClub(apps[0]!.services)
    await setCustomerLimits(apps[0]!.services, { holdsPerCustomer: 50 })
    players = await insertLoggedInCustomers(apps[0]!, HOURS.length, 'racer')
    deskId = (await insertStaffMember(apps[1]!, 'desk@example.com', 'desk', PASSWORD)).id
    desk = await staffSession(apps[1]!, 'desk@example.com', PASSWORD)
  })
  afterAll(() => close())

  const db = () => apps[0]!.database.db
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db().execute(query)) as unknown as { rows: T[] }).rows
  const free = async (instance: number, time: string) => {
    const res = await apps[instance]!.inject({
      method: 'POST',
      url: '/api/publicbookings/list',
      headers: { 'accept-language': 'en-US' },
      payload: { date: DAY, bookingTypeId: club.padel, customerId: null },
    })
    const { model } = res.json<{ model: BookingsListModel }>()
    return model.list.find((r) => r.id === club.court1)!.timeTable.find((e) => e.sstart === time)!.available
  }

  it('gives each hour to the block or to the prebook, never both, and the loser a clear refusal', async () => {
    for (const hour of HOURS) expect(await free(0, `${hour}:00`)).toBe(true)
    // Odd hours send the block first: either may be first to the database.
    const answers = await Promise.all(
      HOURS.flatMap((hour, i) => {
        const booking = () =>
          apps[0]!.inject({
            method: 'POST',
            url: '/api/publicbookings/prebook',
            headers: { ...players[i]!.headers, 'accept-language': 'en-US' },
            remoteAddress: `198.51.100.${i + 1}`,
            payload: prebookBody(players[i]!.id, club.padel, `${DAY} ${hour}:00`, 60, [club.court1]),
          })
        const block = () =>
          apps[1]!.inject({
            method: 'POST',
            url: '/api/staff/blocks',
            headers: { ...desk, 'accept-language': 'en-US' },
            payload: {
              resourceId: club.court1,
              date: DAY,
              startMinute: Number(hour) * 60,
              endMinute: Number(hour) * 60 + 60,
              note: `Race ${hour}`,
            },
          })
        if (i % 2 === 0) {
          const b = booking()
          return [b, block()]
        }
        const k = block()
        return [booking(), k]
      }),
    )
    let blocksWon = 0
    for (let i = 0; i < HOURS.length; i++) {
      const [booking, block] = [answers[2 * i]!, answers[2 * i + 1]!]
      const statuses = [booking.statusCode, block.statusCode]
      expect(
        statuses.filter((s) => s === 200),
        `${HOURS[i]}: ${booking.body} ${block.body}`,
      ).toHaveLength(1)
      if (block.statusCode === 200) {
        blocksWon += 1
        // The booking read the block (422) or met it at the exclusion constraint (409).
        expect([409, 422]).toContain(booking.statusCode)
        expect(['slot_taken', 'not_bookable_online']).toContain(booking.json().code)
      } else {
        expect(block.statusCode).toBe(409)
        expect(block.json()).toMatchObject({
          code: 'block_clash',
          data: { clashes: [{ kind: 'booking', bookingId: booking.json().model.bookingId }] },
        })
      }
    }
    const live = await rows<{ n: string | number }>(sql`select count(*) as n from booking_blocks
      where resource_id = ${club.court1} and released_at is null
        and during && tstzrange('2030-01-08T00:00:00Z', '2030-01-09T00:00:00Z')`)
    expect(Number(live[0]!.n)).toBe(HOURS.length)
    const audited = await rows<{ n: string | number }>(
      sql`select count(*) as n from staff_audit where action = 'block.add'`,
    )
    expect(Number(audited[0]!.n)).toBe(blocksWon)
    // Both instances answer the day as it now stands: every hour taken.
    for (const instance of [0, 1]) {
      for (const hour of HOURS) expect(await free(instance, `${hour}:00`), `${instance} ${hour}`).toBe(false)
    }
  })

  it('refuses a prebook that meets a block written but not yet committed, at the exclusion constraint', async () => {
    // The block's unit is held open once its row is written; the prebook, which cannot see it yet,
    // writes its own block and waits on the constraint until the block's unit commits.
    let written!: () => void
    const blockWritten = new Promise<void>((resolve) => (written = resolve))
    let commit!: () => void
    const mayCommit = new Promise<void>((resolve) => (commit = resolve))
    const unit = apps[1]!.services.units.run(async () => {
      const input = {
        resourceId: club.court1,
        date: DAY,
        startMinute: 1260,
        endMinute: 1320,
        note: 'Held open',
      }
      const added = await apps[1]!.services.staffBlocks.addBlocks(deskId, input, 'en-US')
      written()
      await mayCommit
      return added
    })
    await blockWritten
    const booking = apps[0]!.inject({
      method: 'POST',
      url: '/api/publicbookings/prebook',
      headers: players[0]!.headers,
      remoteAddress: '198.51.100.99',
      payload: prebookBody(players[0]!.id, club.padel, `${DAY} 21:00`, 60, [club.court1]),
    })
    let answered = false
    void booking.finally(() => (answered = true))
    // The prebook is waiting on the block's unit: a lock not granted, in this database.
    for (let waiting = 0; waiting === 0 && !answered;) {
      const [row] = await rows<{ n: string | number }>(sql`select count(*) as n from pg_locks l
        join pg_stat_activity s on s.pid = l.pid where not l.granted and s.datname = current_database()`)
      waiting = Number(row!.n)
      if (!waiting) await new Promise((resolve) => setImmediate(resolve))
    }
    commit()
    expect((await unit).blocks).toHaveLength(1)
    const res = await booking
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ ok: false, code: 'slot_taken' })
    expect(await free(0, '21:00')).toBe(false)
  })

  it("shows a block taken and released through one instance in the other's next day answer", async () => {
    expect(await free(0, '13:00')).toBe(true)
    const res = await apps[1]!.inject({
      method: 'POST',
      url: '/api/staff/blocks',
      headers: desk,
      payload: { resourceId: club.court1, date: DAY, startMinute: 780, endMinute: 840, note: 'Lunch' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await free(0, '13:00')).toBe(false)
    const id = res.json().model.blocks[0].id as number
    await apps[1]!.inject({ method: 'DELETE', url: `/api/staff/blocks/${id}`, headers: desk })
    expect(await free(0, '13:00')).toBe(true)
  })
})
