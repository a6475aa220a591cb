import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  BookingsListModel,
  BookingType,
  CheckoutInfo,
  CustomerBooking,
  PrebookModel,
  StaffDay,
} from '@clubhouse/contract/server'
import { addDays, wallClockAt, weekdayOf } from '../../features/bookings/centre-clock.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { prebookBody } from '../../test/booking-fixtures.ts'
import { loginAs } from '../../test/customers.ts'
import { staffSession } from '../../test/staff.ts'
import { DEMO_DATA_DIR, DemoDataError, loadDemoData } from './demo-data.ts'
import { seedDemoCentre } from './index.ts'

/**
 * The demo club as a visitor and its demo customer find it, whatever day the seed runs: courts to
 * book on the days ahead, peak and off-peak prices, a follow-up, a free room, and the customer's
 * bookings before and after today, one of them paid and still cancellable.
 */
const data = loadDemoData()
const ZONE = data.main.timeZone
const laura = data.customers.find((c) => c.key === 'laura')!

// Two days the seed may run: a Wednesday and a Saturday evening, the second near a change of the clocks.
describe.each([
  ['a Wednesday morning', Date.parse('2030-01-09T09:00:00Z')],
  ['a Saturday evening before the clocks go back', Date.parse('2030-10-26T19:30:00Z')],
])('the demo bookings seeded on %s', (_label, now) => {
  let t: TestApp
  let token: { authorization: string }
  let lauraId: number
  const today = wallClockAt(now, ZONE).date

  beforeAll(async () => {
    t = await buildTestApp('pglite', { now: () => now })
    await seedDemoCentre(t.app.services, t.config.dataDir, DEMO_DATA_DIR, now)
    const session = await loginAs(t.app, laura.email, laura.password)
    token = session.headers
    lauraId = session.id
  })
  afterAll(() => t.close())

  const get = async <T>(url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': 'en-US', ...headers },
    })
    expect(res.statusCode, url).toBe(200)
    return res.json<{ model: T }>().model
  }
  const day = async (bookingTypeId: number, date: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/publicbookings/list',
      headers: { 'accept-language': 'en-US' },
      payload: { date, bookingTypeId, customerId: null },
    })
    expect(res.statusCode).toBe(200)
    return res.json<{ model: BookingsListModel }>().model
  }
  /** The next day from today that is a weekday (Monday to Friday). */
  const nextWeekday = () => {
    for (let n = 1; ; n++) if (weekdayOf(addDays(today, n)) <= 5) return addDays(today, n)
  }
  const nextSunday = () => {
    for (let n = 1; ; n++) if (weekdayOf(addDays(today, n)) === 7) return addDays(today, n)
  }

  it('offers a paid padel type with 90 minutes and a follow-up, tennis, and a free type, some on the home page', async () => {
    const types = await get<BookingType[]>('/api/publicbookings/booking-types-list')
    const padel = types.find((type) => /p[aá]del/i.test(type.name) && type.grossPrice > 0)!
    expect(padel).toBeDefined()
    expect(types.some((type) => /tennis/i.test(type.name))).toBe(true)
    expect(types.some((type) => type.grossPrice === 0)).toBe(true)
    expect(types.filter((type) => type.showInMainPage).length).toBeGreaterThanOrEqual(1)
    for (const type of types) expect(type.image, type.name).toMatch(/^\/uploads\/demo\/bookings\/.+\.svg$/)
    for (const type of types) {
      expect((await t.app.inject({ method: 'GET', url: type.image })).statusCode, type.image).toBe(200)
    }

    const model = await day(padel.id, nextWeekday())
    expect(model.list).toHaveLength(8)
    expect(model.relatedResourceTypes.map((r) => r.name)).toEqual(['Racket hire'])
    const times = model.list[0]!.timeTable
    expect(times.some((e) => e.durations.includes(90))).toBe(true)
    // Off-peak in the morning, peak in the evening; a lunch gap between.
    const price = (time: string) => times.find((e) => e.sstart === time)!.priceByDuration['90']
    expect(price('10:00')).toBeLessThan(price('19:00')!)
    expect(times.map((e) => e.sstart)).not.toContain('15:00')
  })

  it('has more than eight courts in two resource types, a shorter Sunday and some times the staff took', async () => {
    const filters = await get<{ resourceTypes: Array<{ name: string }> }>('/api/publicbookings/filters')
    expect(filters.resourceTypes.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Padel courts', 'Tennis courts']),
    )
    const types = await get<BookingType[]>('/api/publicbookings/booking-types-list')
    const tennis = types.find((type) => /tennis/i.test(type.name))!
    const padel = types.find((type) => /p[aá]del/i.test(type.name))!
    expect((await day(tennis.id, nextWeekday())).list.length + 8).toBeGreaterThanOrEqual(8 + 2)
    const sunday = (await day(padel.id, nextSunday())).list[0]!.timeTable
    expect(sunday.at(-1)!.sstart < '14:00').toBe(true)
    const staff = await Promise.all(Array.from({ length: 7 }, (_, n) => day(padel.id, addDays(today, n + 1))))
    const blocks = staff.flatMap((m) => m.list.flatMap((r) => r.timeTable.flatMap((e) => e.noOnlineBlocks)))
    expect(blocks.length).toBeGreaterThan(0)
  })

  it("lets the demo customer's court hours pay a court, and only the wallet pay a court with rackets", async () => {
    const types = await get<BookingType[]>('/api/publicbookings/booking-types-list')
    const padel = types.find((type) => /p[aá]del/i.test(type.name))!
    const date = nextWeekday()
    const courts = (await day(padel.id, date)).list.filter((r) => /court/i.test(r.type))
    const cat = await t.app.services.bookings.catalogue.catalogue()
    const rackets = [...cat.resourceById.values()].find((r) => /rackets/i.test(r.name['en-US']))
    const free = (r: (typeof courts)[number]) => r.timeTable.filter((e) => e.durations.includes(60))
    const [first, second] = [free(courts[0]!)[0]!, free(courts[1]!)[0]!]
    const prebook = async (resourceIds: number[], start: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/publicbookings/prebook',
        headers: { 'accept-language': 'en-US', ...token },
        payload: prebookBody(lauraId, padel.id, start, 60, resourceIds),
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json<{ model: PrebookModel }>().model.sale!.id
    }
    const offered = async (saleId: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/shop/checkout-info-by-customer',
        headers: { 'accept-language': 'en-US', ...token },
        payload: { customerId: lauraId, saleIds: [saleId], saleItems: [] },
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json<{ data: CheckoutInfo }>().data.vouchers.map((v) => v.voucher.name)
    }
    const court = await prebook([courts[0]!.id], first.start)
    expect(await offered(court)).toEqual(['Club Mistral wallet', 'Court hours, 10-hour pass'])
    const withRackets = await prebook([courts[1]!.id, rackets!.id], second.start)
    expect(await offered(withRackets)).toEqual(['Club Mistral wallet'])
  })

  it('gives the desk a day to run today: the padel and tennis courts booked by customers, a racket set with one', async () => {
    const staff = data.staff.find((m) => m.role === 'desk')!
    const desk = await staffSession(t.app, staff.email, staff.password)
    const schedule = async (resourceTypeId?: number) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/staff/schedule?date=${today}${resourceTypeId ? `&resourceTypeId=${resourceTypeId}` : ''}`,
        headers: { 'accept-language': 'en-US', ...desk },
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json<{ data: StaffDay }>().data
    }
    const types = (await schedule()).resourceTypes
    const booked = async (name: RegExp) => {
      const day = await schedule(types.find((type) => name.test(type.name))!.id)
      return day.items.filter((i) => i.kind === 'booking' && i.customer?.name)
    }
    expect((await booked(/padel courts/i)).length).toBeGreaterThanOrEqual(2)
    expect((await booked(/tennis courts/i)).length).toBeGreaterThanOrEqual(1)
    expect((await booked(/racket hire/i)).length).toBeGreaterThanOrEqual(1)
  })

  it('gives the demo customer bookings before and after today, one of them paid and cancellable', async () => {
    const mine = await get<{ next: CustomerBooking[]; past: CustomerBooking[] }>(
      `/api/publicbookings/customer-bookings/${lauraId}`,
      token,
    )
    expect(mine.past.length).toBeGreaterThan(0)
    expect(mine.next.length).toBeGreaterThan(0)
    const paid = mine.next.find((b) => /p[aá]del/i.test(b.bookingType) && b.canCancel)
    expect(paid, JSON.stringify(mine.next)).toBeDefined()
    expect(paid!.start > today).toBe(true)
    const orders = await t.app.inject({
      method: 'POST',
      url: `/api/publicbookings/cancel/${paid!.id}/${lauraId}`,
      headers: token,
    })
    expect(orders.json().infoReturns[0].amounts[0].amount).toBeGreaterThan(0)
  })
})

describe('bookings.json', () => {
  let dir: string
  afterAll(() => fs.rm(dir, { recursive: true, force: true }))

  it('names what is wrong when a booking names a resource its type does not book', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-demo-bookings-'))
    await fs.cp(DEMO_DATA_DIR, dir, { recursive: true })
    const file = path.join(dir, 'bookings.json')
    const value = JSON.parse(await fs.readFile(file, 'utf8'))
    value.bookings[0].resources[0] = 'tennis-1'
    await fs.writeFile(file, JSON.stringify(value))
    expect(() => loadDemoData(dir)).toThrow(DemoDataError)
    expect(() => loadDemoData(dir)).toThrow(
      /bookings\.json: bookings\[0\]\.resources\[0\]: "tennis-1" is not booked with "padel"/,
    )
  })
})
