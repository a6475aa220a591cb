import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { BookingsListModel, StaffBlock, StaffBlockClash } from '@clubhouse/contract/server'
import {
  createTestClub,
  MINUTE,
  prebookBody,
  T0,
  testClock,
  type TestClub,
} from '../../test/booking-fixtures.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { clearRateLimits, insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { setCustomerLimits } from '../../test/settings-fixtures.ts'
import { insertStaffMember, staffSession } from '../../test/staff.ts'
import { expectTablesUnchanged, snapshotTables } from '../../test/table-snapshot.ts'

/**
 * The desk's no-online blocks through the API, on the test club (test/booking-fixtures.ts) with the
 * clock at Monday 7 January 2030, 08:00 in Madrid: what the public day answer shows of them, the
 * refusal that lists what stands in the way, their release, and their audit rows.
 */

const EN = { 'accept-language': 'en-US' }
const PASSWORD = 'Long-Staff-Pass-26'
/** What a refused block may not change. */
const BLOCK_TABLES = ['booking_blocks', 'bookings', 'sales', 'availability_versions', 'staff_audit']

describe.each(testDatabaseKinds())('the staff blocks on %s', (kind) => {
  const clock = testClock()
  let t: TestApp
  let club: TestClub
  let desk: { authorization: string }
  let customers: LoggedIn[]

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: clock.now })
    club = await createTestClub(t.app.services)
    await setCustomerLimits(t.app.services, { holdsPerCustomer: 50, freeBookingsPerDay: 50 })
    await insertStaffMember(t.app, 'desk@example.com', 'desk', PASSWORD)
    desk = await staffSession(t.app, 'desk@example.com', PASSWORD)
    customers = await insertLoggedInCustomers(t.app, 2, 'player')
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    clock.set(T0)
    await clearRateLimits(t.app)
  })

  const block = (payload: object, headers: Record<string, string> = EN) =>
    t.app.inject({ method: 'POST', url: '/api/staff/blocks', payload, headers: { ...headers, ...desk } })
  const release = (id: number, series = false) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/staff/blocks/${id}?series=${series}`,
      headers: { ...EN, ...desk },
    })
  async function listed(query: string): Promise<StaffBlock[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff/blocks?${query}`,
      headers: { ...EN, ...desk },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }
  /** Whether the public day answer offers `time` on the resource. */
  async function bookable(date: string, resourceId: number, time: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/publicbookings/list',
      headers: EN,
      payload: { date, bookingTypeId: club.padel, customerId: null },
    })
    expect(res.statusCode, res.body).toBe(200)
    const model = res.json<{ model: BookingsListModel }>().model
    return model.list.find((r) => r.id === resourceId)!.timeTable.find((e) => e.sstart === time)!
  }
  const prebook = (who: LoggedIn, start: string, resourceId: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/publicbookings/prebook',
      headers: { ...EN, ...who.headers },
      payload: prebookBody(who.id, club.padel, start, 60, [resourceId]),
    })
  const auditRows = async (action: string) =>
    (
      (await t.app.database.db.execute(
        sql`select staff_id, subject, before, after from staff_audit where action = ${action} order by id`,
      )) as unknown as { rows: Array<{ subject: string; before: unknown; after: unknown }> }
    ).rows.map((r) => ({
      ...r,
      before: typeof r.before === 'string' ? JSON.parse(r.before) : r.before,
      after: typeof r.after === 'string' ? JSON.parse(r.after) : r.after,
    }))

  it('takes a one-off block, which the public day shows as not bookable at once, and lists it', async () => {
    expect((await bookable('2030-01-08', club.court1, '10:00')).available).toBe(true)
    const res = await block({
      resourceId: club.court1,
      date: '2030-01-08',
      startMinute: 600,
      endMinute: 690,
      note: 'Net repair',
    })
    expect(res.statusCode, res.body).toBe(200)
    const { model } = res.json()
    expect(model.seriesId).toBeNull()
    expect(model.blocks).toEqual([
      {
        id: expect.any(Number),
        seriesId: null,
        resourceId: club.court1,
        resourceName: 'Court 1',
        startsAt: '2030-01-08T09:00:00.000Z',
        endsAt: '2030-01-08T10:30:00.000Z',
        date: '2030-01-08',
        startMinute: 600,
        endMinute: 690,
        note: 'Net repair',
      },
    ])
    const ten = await bookable('2030-01-08', club.court1, '10:00')
    expect(ten).toMatchObject({ available: false, durations: [] })
    expect(ten.noOnlineBlocks).toEqual([
      { duration: 90, resourceId: club.court1, resourceName: 'Court 1', start: '2030-01-08 10:00' },
    ])
    expect((await bookable('2030-01-08', club.court1, '09:00')).durations).toEqual([60])
    expect((await bookable('2030-01-08', club.court1, '11:00')).available).toBe(false)
    expect((await bookable('2030-01-08', club.court1, '11:30')).available).toBe(true)
    expect((await bookable('2030-01-08', club.court2, '10:00')).available).toBe(true)
    expect(await listed(`resourceId=${club.court1}&from=2030-01-08&to=2030-01-08`)).toEqual(model.blocks)

    const [audit] = await auditRows('block.add')
    expect(audit).toMatchObject({
      subject: `resource:${club.court1}`,
      before: null,
      after: {
        seriesId: null,
        blocks: [
          {
            id: model.blocks[0].id,
            resourceId: club.court1,
            startsAt: '2030-01-08T09:00:00.000Z',
            endsAt: '2030-01-08T10:30:00.000Z',
            note: 'Net repair',
          },
        ],
      },
    })
  })

  it('takes the same time every week up to the last day, as one series', async () => {
    const res = await block({
      resourceId: club.court2,
      date: '2030-01-09',
      startMinute: 18 * 60,
      endMinute: 20 * 60,
      note: 'League',
      repeatWeeklyUntil: '2030-01-30',
    })
    expect(res.statusCode, res.body).toBe(200)
    const { seriesId, blocks } = res.json().model
    expect(seriesId).toMatch(/^[0-9a-f-]{36}$/)
    expect(blocks.map((b: StaffBlock) => [b.date, b.startMinute, b.endMinute, b.seriesId])).toEqual(
      ['2030-01-09', '2030-01-16', '2030-01-23', '2030-01-30'].map((d) => [d, 1080, 1200, seriesId]),
    )
    for (const day of ['2030-01-09', '2030-01-16', '2030-01-30']) {
      expect((await bookable(day, club.court2, '18:00')).available, day).toBe(false)
      expect((await bookable(day, club.court2, '19:30')).available, day).toBe(false)
    }
    expect((await bookable('2030-02-06', club.court2, '18:00')).available).toBe(true)
    const [, audit] = await auditRows('block.add')
    expect((audit!.after as { blocks: unknown[] }).blocks).toHaveLength(4)
  })

  it('refuses a block where a live booking stands, listing it, and writes nothing', async () => {
    const [ana] = customers
    const held = await prebook(ana!, '2030-01-10 10:00', club.court2)
    expect(held.statusCode, held.body).toBe(200)
    const bookingId = held.json().model.bookingId as number
    const before = await snapshotTables(t.app, BLOCK_TABLES)
    const res = await block({
      resourceId: club.court2,
      date: '2030-01-03',
      startMinute: 540,
      endMinute: 720,
      note: 'Camp',
      repeatWeeklyUntil: '2030-01-24',
    })
    // The first week is over: the whole is refused for that first.
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ ok: false, code: 'slot_in_past' })

    const weekly = {
      resourceId: club.court2,
      date: '2030-01-10',
      startMinute: 540,
      endMinute: 720,
      note: 'Camp',
    }
    const refused = await block({ ...weekly, repeatWeeklyUntil: '2030-01-24' })
    expect(refused.statusCode).toBe(409)
    const clash: StaffBlockClash = {
      kind: 'booking',
      bookingId,
      blockId: expect.any(Number),
      resourceId: club.court2,
      resourceName: 'Court 2',
      date: '2030-01-10',
      time: '10:00–11:00',
      customerName: 'Racer 1 Customer',
      note: '',
    }
    expect(refused.json()).toEqual({
      ok: false,
      code: 'block_clash',
      errorMsg: `This time clashes with what stands on the resource: 2030-01-10 10:00–11:00 #${bookingId} Racer 1 Customer.`,
      data: { clashes: [clash] },
    })
    const spanish = await block(
      { ...weekly, repeatWeeklyUntil: '2030-01-24' },
      { 'accept-language': 'es-ES' },
    )
    expect(spanish.json()).toMatchObject({
      errorMsg: `Esta hora coincide con lo que ya hay en el recurso: 2030-01-10 10:00–11:00 #${bookingId} Racer 1 Customer.`,
      data: { clashes: [{ resourceName: 'Pista 2' }] },
    })
    await expectTablesUnchanged(t.app, before)
    expect((await bookable('2030-01-17', club.court2, '10:00')).available).toBe(true)
  })

  it('refuses a block that meets another block of the centre, naming its reason', async () => {
    const first = {
      resourceId: club.court1,
      date: '2030-01-11',
      startMinute: 960,
      endMinute: 1020,
      note: 'Kids',
    }
    expect((await block(first)).statusCode).toBe(200)
    const before = await snapshotTables(t.app, BLOCK_TABLES)
    const res = await block({ ...first, startMinute: 990, endMinute: 1080, note: 'Coach' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      code: 'block_clash',
      errorMsg: 'This time clashes with what stands on the resource: 2030-01-11 16:00–17:00 "Kids".',
      data: { clashes: [{ kind: 'block', bookingId: null, customerName: null, note: 'Kids' }] },
    })
    await expectTablesUnchanged(t.app, before)
  })

  it('takes the time of a hold that ran out, which it releases first', async () => {
    const [, ben] = customers
    const held = await prebook(ben!, '2030-01-11 10:00', club.court1)
    expect(held.statusCode, held.body).toBe(200)
    clock.advance(16 * MINUTE)
    const res = await block({
      resourceId: club.court1,
      date: '2030-01-11',
      startMinute: 540,
      endMinute: 720,
      note: 'Cup',
    })
    expect(res.statusCode, res.body).toBe(200)
    const status = await t.app.database.db.execute(
      sql`select status from bookings where id = ${held.json().model.bookingId as number}`,
    )
    expect((status as unknown as { rows: Array<{ status: string }> }).rows[0]!.status).toBe('expired')
  })

  it('releases one block of a series, then the rest of it from a later one, and the days are bookable again', async () => {
    const res = await block({
      resourceId: club.court1,
      date: '2030-01-14',
      startMinute: 480,
      endMinute: 540,
      note: 'Early club',
      repeatWeeklyUntil: '2030-02-04',
    })
    const blocks: StaffBlock[] = res.json().model.blocks
    expect(blocks).toHaveLength(4)
    const range = `resourceId=${club.court1}&from=2030-01-14&to=2030-02-04`
    for (const day of ['2030-01-21', '2030-02-04']) {
      expect((await bookable(day, club.court1, '08:00')).available, day).toBe(false)
    }
    const one = await release(blocks[1]!.id)
    expect(one.statusCode, one.body).toBe(200)
    expect(one.json().data.map((b: StaffBlock) => b.date)).toEqual(['2030-01-21'])
    expect((await bookable('2030-01-21', club.court1, '08:00')).available).toBe(true)
    expect((await listed(range)).map((b) => b.date)).toEqual(['2030-01-14', '2030-01-28', '2030-02-04'])

    const rest = await release(blocks[2]!.id, true)
    expect(rest.json().data.map((b: StaffBlock) => b.date)).toEqual(['2030-01-28', '2030-02-04'])
    expect((await listed(range)).map((b) => b.date)).toEqual(['2030-01-14'])
    expect((await bookable('2030-02-04', club.court1, '08:00')).available).toBe(true)
    expect((await bookable('2030-01-14', club.court1, '08:00')).available).toBe(false)

    const removed = await auditRows('block.remove')
    expect(removed.slice(-2).map((r) => (r.before as { blocks: StaffBlock[] }).blocks.length)).toEqual([1, 2])
    expect(removed.at(-1)).toMatchObject({ before: { series: true }, after: null })

    const before = await snapshotTables(t.app, BLOCK_TABLES)
    for (const id of [blocks[2]!.id, 2_000_000]) {
      const gone = await release(id, true)
      expect(gone.statusCode).toBe(404)
      expect(gone.json()).toMatchObject({
        ok: false,
        code: 'not_found',
        errorMsg: 'This block was not found.',
      })
    }
    await expectTablesUnchanged(t.app, before)
  })

  it('keeps any Unicode in a reason, and refuses what cannot be stored with 400, never 500', async () => {
    const note = 'Torneo 🎾 «final» — שלום עליכם ‮mixed‬ 漢字 e\u0301 𝔘𝔫𝔦𝔠𝔬𝔡𝔢\n2ª línea'
    const res = await block({
      resourceId: club.court2,
      date: '2030-01-12',
      startMinute: 480,
      endMinute: 510,
      note,
    })
    expect(res.statusCode, res.body).toBe(200)
    const [stored] = await listed(`resourceId=${club.court2}&from=2030-01-12&to=2030-01-12`)
    expect(stored!.note).toBe(note)

    const valid = {
      resourceId: club.court2,
      date: '2030-01-12',
      startMinute: 600,
      endMinute: 660,
      note: 'Ok',
    }
    const before = await snapshotTables(t.app, BLOCK_TABLES)
    const cases: Array<[object, number, string]> = [
      [{ note: 'a\u0000b' }, 400, 'note'],
      [{ note: 'a\ud800b' }, 400, 'note'],
      [{ note: '\u0085' }, 400, 'note'],
      [{ note: '   ' }, 400, 'note'],
      [{ note: 'x'.repeat(201) }, 400, 'note'],
      [{ date: '2030-01-12\u0000' }, 400, 'date'],
      [{ startMinute: '600\u0000' }, 400, 'startMinute'],
      [{ endMinute: 1441 }, 400, 'endMinute'],
      [{ endMinute: 600 }, 400, 'endMinute'],
      [{ repeatWeeklyUntil: '2030-01-05' }, 400, 'repeatWeeklyUntil'],
      [{ repeatWeeklyUntil: '2031-01-18' }, 400, 'repeatWeeklyUntil'],
      [{ resourceId: 999_999 }, 404, ''],
    ]
    for (const [change, status, field] of cases) {
      const answer = await block({ ...valid, ...change })
      expect(answer.statusCode, JSON.stringify(change)).toBe(status)
      if (field) expect(Object.keys(answer.json().errors ?? {}), JSON.stringify(change)).toContain(field)
    }
    await expectTablesUnchanged(t.app, before)
    // 53 weeks are taken; a 54th is refused above.
    const year = await block({ ...valid, repeatWeeklyUntil: '2031-01-11' })
    expect(year.statusCode, year.body).toBe(200)
    expect(year.json().model.blocks).toHaveLength(53)
    expect((await release(year.json().model.blocks[0].id, true)).json().data).toHaveLength(53)

    const es = await block({ ...valid, note: 'x'.repeat(201) }, { 'accept-language': 'es-ES' })
    expect(es.json().errors.note).toBe('Como máximo 200 caracteres')
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/staff/blocks?from=2030-01-10&to=2030-01-09`,
      headers: { ...EN, ...desk },
    })
    expect(bad.statusCode).toBe(400)
  })
})
