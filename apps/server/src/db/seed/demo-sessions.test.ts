import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingTemplateInfo, BookingType, PlaceSession, WaitlistEntry } from '@clubhouse/contract/server'
import { addDays, wallClockAt } from '../../features/bookings/centre-clock.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { loginAs, type LoggedIn } from '../../test/customers.ts'
import { DEMO_DATA_DIR, DemoDataError, loadDemoData } from './demo-data.ts'
import { seedDemoCentre } from './index.ts'

/**
 * The demo club's classes booked by place as its customers meet them, whatever day the seed runs:
 * sessions over the two weeks ahead, one with plenty of room, one with a few places left, full ones
 * with customers waiting, the studio's map of sixty bikes, and the demo customers in and waiting.
 */
const data = loadDemoData()
const ZONE = data.main.timeZone
const laura = data.customers.find((c) => c.key === 'laura')!
const carlos = data.customers.find((c) => c.key === 'carlos')!

describe.each([
  ['a Wednesday morning', Date.parse('2030-01-09T09:00:00Z')],
  ['a Saturday evening before the clocks go back', Date.parse('2030-10-26T19:30:00Z')],
])('the demo sessions seeded on %s', (_label, now) => {
  let t: TestApp
  let lauras: LoggedIn
  let carloss: LoggedIn
  const today = wallClockAt(now, ZONE).date

  beforeAll(async () => {
    t = await buildTestApp('pglite', { now: () => now })
    await seedDemoCentre(t.app.services, t.config.dataDir, DEMO_DATA_DIR, now)
    lauras = await loginAs(t.app, laura.email, laura.password)
    carloss = await loginAs(t.app, carlos.email, carlos.password)
  })
  afterAll(() => t.close())

  const twoWeeks = async (who?: LoggedIn) => {
    const weeks = await Promise.all(
      [0, 7, 14].map(async (n) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/publicbookings/byplace-list',
          headers: { 'accept-language': 'en-US', ...who?.headers },
          payload: { date: addDays(today, n), customerId: who?.id ?? 0 },
        })
        expect(res.statusCode, res.body).toBe(200)
        return res.json<{ data: PlaceSession[] }>().data
      }),
    )
    return weeks.flat()
  }

  it('offers spinning on a map and free yoga, with sessions in every state over the two weeks ahead', async () => {
    const types = (
      await t.app.inject({ method: 'GET', url: '/api/publicbookings/booking-types-list' })
    ).json<{ model: BookingType[] }>().model
    expect(types.filter((type) => type.byPlace).map((type) => type.name)).toEqual(['Spinning', 'Yoga'])

    const sessions = await twoWeeks()
    expect(sessions.length).toBeGreaterThanOrEqual(10)
    const last = addDays(today, 14)
    for (const s of sessions) expect(s.start > today && s.start < `${last} 00:00`, s.start).toBe(true)
    const spinning = sessions.filter((s) => s.bookingTypeName === 'Spinning')
    expect(spinning.every((s) => s.bookingTemplateId !== null && s.price > 0)).toBe(true)
    const yoga = sessions.filter((s) => s.bookingTypeName === 'Yoga')
    expect(yoga.every((s) => s.bookingTemplateId === null && s.price === 0 && s.maxParticipants === 12)).toBe(
      true,
    )
    // Plenty of room, a few places left, and full with customers waiting.
    expect(sessions.some((s) => s.bookable && s.participantsIn === 0)).toBe(true)
    expect(
      sessions.some((s) => s.bookable && s.participantsIn > 0 && s.maxParticipants - s.participantsIn <= 3),
    ).toBe(true)
    const full = sessions.filter((s) => !s.bookable && s.participantsIn === s.maxParticipants)
    expect(full.length).toBeGreaterThanOrEqual(2)
    expect(full.every((s) => s.waitlistCount > 0)).toBe(true)
    expect(sessions.some((s) => s.resources === 'Cycling studio, Irene Gil')).toBe(true)
  })

  it("draws the studio's sixty bikes in rows and sections, with its walls and the instructor's podium", async () => {
    const session = (await twoWeeks()).find((s) => s.bookingTemplateId !== null && s.participantsIn > 0)!
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/publicbookings/booking-template-info/${session.bookingTemplateId}/${session.id}`,
    })
    expect(res.statusCode, res.body).toBe(200)
    const map = res.json<{ model: BookingTemplateInfo }>().model
    expect(map.places.length).toBeGreaterThanOrEqual(60)
    const configs = map.places.map((p) => JSON.parse(p.configJson))
    expect(new Set(configs.map((c) => c.section))).toEqual(new Set(['Left', 'Centre', 'Right']))
    expect(new Set(configs.map((c) => c.row)).size).toBe(5)
    expect(configs[0]).toMatchObject({ ref: 'bike', label: 'A1', row: 1, col: 1, section: 'Left' })
    const drawing = JSON.parse(map.templateMap.configJson)
    expect(drawing).toMatchObject({ zoom: 1 })
    expect(drawing.paths.some((p: { type: string; label: string }) => p.label === 'Instructor')).toBe(true)
    expect(map.allowSeeParticipants).toBe(false)
    expect(map.participants).toHaveLength(session.participantsIn)
    expect(map.participants.every((p) => p.name === '')).toBe(true)
    expect((await t.app.inject({ method: 'GET', url: map.imageMap })).statusCode).toBe(200)
  })

  it('has the demo customers in a class and waiting for a full one, and lets Laura join a waiting list', async () => {
    const hers = await twoWeeks(lauras)
    expect(hers.filter((s) => s.alreadyIn).length).toBeGreaterThanOrEqual(2)
    const his = await twoWeeks(carloss)
    expect(his.some((s) => s.alreadyIn)).toBe(true)
    expect(his.filter((s) => s.waiting).length).toBeGreaterThanOrEqual(2)
    const waiting = await t.app.inject({
      method: 'GET',
      url: `/api/publicbookings/waitlist/${carloss.id}`,
      headers: carloss.headers,
    })
    const entries = waiting.json<{ model: { waitlist: WaitlistEntry[] } }>().model.waitlist
    expect(entries.map((e) => e.position)).toEqual([1, 1])

    const full = hers.find((s) => !s.bookable && !s.alreadyIn && s.waitlistCount > 0)!
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/publicbookings/waitlist-join/${lauras.id}/${full.id}`,
      headers: lauras.headers,
    })
    expect(joined.statusCode, joined.body).toBe(200)
    expect(joined.json().model.position).toBe(full.waitlistCount + 1)
  })
})

describe('sessions.json', () => {
  let dir: string
  afterAll(() => fs.rm(dir, { recursive: true, force: true }))

  it('names what is wrong when a state fills a session past its places', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-demo-sessions-'))
    await fs.cp(DEMO_DATA_DIR, dir, { recursive: true })
    const file = path.join(dir, 'sessions.json')
    const value = JSON.parse(await fs.readFile(file, 'utf8'))
    value.states[0].members = 40
    await fs.writeFile(file, JSON.stringify(value))
    expect(() => loadDemoData(dir)).toThrow(DemoDataError)
    expect(() => loadDemoData(dir)).toThrow(
      /sessions\.json: states\[0\]: 41 people in a session of 24 places/,
    )
  })
})
