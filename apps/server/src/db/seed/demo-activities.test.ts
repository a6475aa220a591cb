import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Activity, ActivityListItem } from '@clubhouse/contract/server'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { seedDemoCentre } from './index.ts'

const DAY = 24 * 3_600_000

/** The demo's activities as a visitor meets them, counted from the day the seed runs. */
describe('the demo activities', () => {
  let t: TestApp
  const now = Date.now()
  beforeAll(async () => {
    t = await buildTestApp('pglite')
    await seedDemoCentre(t.app.services, t.config.dataDir, undefined, now)
  })
  afterAll(() => t.close())

  const get = async <T>(url: string, locale = 'en-US') => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': locale } })
    expect(res.statusCode, url).toBe(200)
    return res.json<T>()
  }
  const activity = (id: number, locale?: string) =>
    get<{ model: Activity; hasCustomSignUp: boolean }>(`/api/publicactivities/${id}`, locale)

  it('lists the three open to sign up in the weeks to come, soonest first, in both languages', async () => {
    const list = (await get<{ model: ActivityListItem[] }>('/api/publicactivities/list')).model
    expect(list).toHaveLength(3)
    const starts = list.map((a) => Date.parse(a.start))
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    for (const start of starts) {
      expect(start).toBeGreaterThan(now)
      expect(start).toBeLessThan(now + 30 * DAY)
    }
    for (const a of list) expect(a.poster).toMatch(/^\/uploads\/demo\/activities\/.+\.svg$/)
    const es = (await get<{ model: ActivityListItem[] }>('/api/publicactivities/list', 'es-ES')).model
    expect(es.map((a) => a.name)).not.toEqual(list.map((a) => a.name))
  })

  it('makes activity 1 the free one online with the sign-up form of forms.json', async () => {
    const one = await activity(1)
    expect(one.hasCustomSignUp).toBe(true)
    expect(one.model).toMatchObject({ onlineSignUp: true, price: 0, capacity: null, placesLeft: null })
  })

  it('has a paid one of 12 places, one with a single place left, and one taken at reception only', async () => {
    const all = await Promise.all([2, 3, 4].map((id) => activity(id)))
    const models = all.map((a) => a.model)
    expect(models.find((m) => m.capacity === 12)).toMatchObject({ onlineSignUp: true, placesLeft: 12 })
    expect(models.find((m) => m.capacity === 12)!.price).toBeGreaterThan(0)
    expect(models.find((m) => m.onlineSignUp && m.placesLeft === 1)).toBeDefined()
    expect(models.find((m) => !m.onlineSignUp)).toBeDefined()
    expect(all.every((a) => !a.hasCustomSignUp)).toBe(true)
  })
})
