import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BookingsListModel } from '@clubhouse/contract/server'
import type { App } from '../../app.ts'
import { createTestClub, MINUTE, prebookBody, testClock, type TestClub } from '../../test/booking-fixtures.ts'
import { insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { startInstances } from '../../test/instances.ts'
import { describeOnPostgres } from '../../test/build-test-app.ts'

/**
 * Each instance keeps the day answers it built (decision 047). What another instance changes on the
 * same PostgreSQL database must show in the very next answer: bookings, cancellations, staff blocks,
 * the catalogue; and what only the clock changes (a hold running out, a start passing) too.
 */
const DAY = '2030-01-08'

describeOnPostgres('day answers of two instances on one PostgreSQL database', () => {
  const clock = testClock()
  let apps: App[]
  let close: () => Promise<void>
  let club: TestClub
  let ana: LoggedIn

  beforeAll(async () => {
    ;({ apps, close } = await startInstances(2, { now: clock.now }))
    club = await createTestClub(apps[0]!.services)
    ana = (await insertLoggedInCustomers(apps[0]!, 1))[0]!
  })
  afterAll(() => close())

  const [A, B] = [0, 1]
  async function day(instance: number, bookingTypeId = club.padel) {
    const res = await apps[instance]!.inject({
      method: 'POST',
      url: '/api/publicbookings/list',
      headers: { 'accept-language': 'en-US' },
      payload: { date: DAY, bookingTypeId, customerId: null },
    })
    return res
  }
  const free = async (instance: number, resourceId: number, time: string) => {
    const model = (await day(instance)).json<{ model: BookingsListModel }>().model
    return model.list.find((r) => r.id === resourceId)!.timeTable.find((e) => e.sstart === time)!.available
  }

  it('shows a hold made through the other instance in the next answer, and its release too', async () => {
    expect(await free(A, club.court1, '10:00')).toBe(true)
    const etag = (await day(A)).headers.etag
    // Asked again with nothing changed, the instance answers the same day.
    expect((await day(A)).headers.etag).toBe(etag)

    const res = await apps[B]!.inject({
      method: 'POST',
      url: '/api/publicbookings/prebook',
      headers: ana.headers,
      payload: prebookBody(ana.id, club.padel, `${DAY} 10:00`, 60, [club.court1]),
    })
    expect(res.statusCode).toBe(200)
    expect(await free(A, club.court1, '10:00')).toBe(false)
    expect((await day(A)).headers.etag).not.toBe(etag)

    const { cancelUrl } = res.json().model.sale as { cancelUrl: string }
    await apps[B]!.inject({ method: 'POST', url: `/api/${cancelUrl}`, headers: ana.headers })
    expect(await free(A, club.court1, '10:00')).toBe(true)
  })

  it('shows a hold running out, by the clock alone, on both instances', async () => {
    await apps[B]!.inject({
      method: 'POST',
      url: '/api/publicbookings/prebook',
      headers: ana.headers,
      payload: prebookBody(ana.id, club.padel, `${DAY} 12:00`, 60, [club.court2]),
    })
    expect(await free(A, club.court2, '12:00')).toBe(false)
    expect(await free(B, club.court2, '12:00')).toBe(false)
    clock.advance(15 * MINUTE)
    expect(await free(A, club.court2, '12:00')).toBe(true)
    expect(await free(B, club.court2, '12:00')).toBe(true)
  })

  it("shows the staff's block set through the other instance", async () => {
    expect(await free(A, club.court2, '18:00')).toBe(true)
    await apps[B]!.services.bookings.addNoOnlineBlock({
      resourceId: club.court2,
      start: Date.parse(`${DAY}T17:00:00Z`),
      minutes: 60,
    })
    expect(await free(A, club.court2, '18:00')).toBe(false)
  })

  it('shows a change of the catalogue made through the other instance', async () => {
    expect((await day(A, club.gym)).statusCode).toBe(200)
    await apps[B]!.services.bookings.catalogue.setTypeOnline(club.gym, false)
    const closed = await day(A, club.gym)
    expect(closed.statusCode).toBe(422)
    expect(closed.json()).toMatchObject({ code: 'booking_type_closed' })
    const types = await apps[A]!.inject({ method: 'GET', url: '/api/publicbookings/booking-types-list' })
    expect(types.json().model.map((t: { id: number }) => t.id)).not.toContain(club.gym)
    await apps[B]!.services.bookings.catalogue.setResourcesActive([club.court2], false)
    expect((await day(A)).json().model.list.map((r: { id: number }) => r.id)).toEqual([club.court1])
  })
})
