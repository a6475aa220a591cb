import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allRoutes, SESSION_TTL_DAYS, type RouteDef } from '@clubhouse/contract/server'
import { createTestCustomers } from '../../test/account-fixtures.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { clearRateLimits, insertCustomer, loginAs, type LoggedIn } from '../../test/customers.ts'
import { expectTablesUnchanged, snapshotTables } from '../../test/table-snapshot.ts'
import { multipartBody } from '../../test/multipart.ts'

/**
 * Every route the contract marks `auth: 'customer'`, called for one customer with another
 * customer's token (403), with no token (401) and with an ended token (401). New customer routes
 * join the matrix by being in the contract.
 */
const routes = Object.entries(allRoutes as Record<string, RouteDef>)
  .filter(([, def]) => def.auth === 'customer')
  // A refused read cannot have stored anything: only a refused write is shown to leave every table as it was.
  .map(([name, def]) => [name, def.method === 'GET' ? '' : ' and changes nothing', def] as const)

/** Valid bodies of the booking routes: ownership is checked before their ids are looked up. */
const bookingBodies = (customerId: number): Record<string, Record<string, unknown>> => ({
  '/api/publicbookings/list': { date: '2030-01-07', bookingTypeId: 1, customerId },
  '/api/publicbookings/byplace-list': { date: '2030-01-07', customerId },
  '/api/publicbookings/date-availability': { date: '2030-01-07 10:00', customerId, bookingTypeResourceId: 1 },
  '/api/publicbookings/loadprice': {
    startDate: '2030-01-07 10:00',
    bookingTypeId: 1,
    duration: 60,
    customerId,
    resourceId: 1,
  },
  '/api/publicbookings/prebook': {
    booking: { customerId, bookingTypeId: 1 },
    blocks: [{ duration: 60, resourceId: 1, startDate: '2030-01-07 10:00' }],
  },
  '/api/publicpayments/check-stock': { customerId, saleItemsDto: [{ productId: 1, units: 1 }] },
  '/api/promos/validate': { customerId, code: 'VERANO10', saleItems: [{ productId: 1, units: 1 }] },
  '/api/shop/checkout-customer': {
    customerId,
    saleItems: [{ productId: 1, units: 1 }],
    guid: 'cart-ownership-1',
    customer: { id: customerId, acceptConditions: true },
  },
  '/api/publicactivities/inscription': { customerId, id: 1 },
})

/** A request for `victim` that would succeed with the victim's own token. */
function requestFor(def: RouteDef, victim: number, victimEmail: string) {
  const owner = def.owner!
  let url = def.path.replace(/:(\w+)/g, (_m, name: string) => (name === owner.key ? String(victim) : '1'))
  if (owner.from === 'query') url += `?${owner.key}=${victim}`
  let payload: Record<string, unknown> | undefined
  if (def.method === 'POST' || def.method === 'PUT') {
    payload = {
      // A password change and a profile save, complete and valid.
      plainOldPass: 'Victim-Pass-2026',
      plainNewPass: 'Stolen-Pass-2026',
      name: 'Stolen',
      surname: 'Account',
      email: victimEmail,
      phone: '600000000',
    }
    if (owner.from === 'body') payload[owner.key] = victim
    payload = bookingBodies(victim)[def.path] ?? payload
  }
  // A form's answers come as multipart, as a browser sends them: the demo form of an activity.
  if (def.path === '/api/dynamicforms/save') {
    const form = multipartBody({
      parentName: 'Activity',
      parentId: 1,
      customerId: victim,
      acceptConditions: true,
    })
    return { method: def.method, url, payload: form.payload, headers: form.headers }
  }
  return { method: def.method, url, ...(payload ? { payload } : {}), headers: {} }
}

/** A Monday morning in Madrid: the clock of the sessions, moved on once to end one of them. */
const START = Date.parse('2026-03-02T09:30:00Z')

describe.each(testDatabaseKinds())('customer routes on %s', (kind) => {
  let clock = START
  let t: TestApp
  let victim: number
  let thief: LoggedIn
  let loggedOut: LoggedIn
  let expired: LoggedIn

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: () => clock })
    // The victim's saved card is card 1, the one every request names.
    const [victimAccount] = await createTestCustomers(t.app.services, [
      {
        email: 'victim@example.com',
        password: 'Victim-Pass-2026',
        cards: [
          {
            paymentMethodId: 10,
            providerToken: 'tok_victim',
            last4: '4242',
            brand: 'Visa',
            expMonth: 4,
            expYear: 2030,
          },
        ],
      },
    ])
    victim = victimAccount!.id
    // A session opened a moment longer ago than sessions last: expired by the time of the others.
    expired = await loginAs(t.app, 'victim@example.com', 'Victim-Pass-2026')
    clock += SESSION_TTL_DAYS * 86_400_000 + 1000
    await insertCustomer(t.app, { email: 'thief@example.com', password: 'Thief-Pass-2026' })
    thief = await loginAs(t.app, 'thief@example.com', 'Thief-Pass-2026')
    loggedOut = await loginAs(t.app, 'victim@example.com', 'Victim-Pass-2026')
    await t.app.inject({ method: 'POST', url: '/api/publiccustomers/logout', headers: loggedOut.headers })
  })
  afterAll(() => t.close())

  it.each(routes)("%s answers 403 to another customer's token%s", async (_name, changesNothing, def) => {
    await clearRateLimits(t.app)
    const before = changesNothing ? await snapshotTables(t.app) : undefined
    const request = requestFor(def, victim, 'victim@example.com')
    const res = await t.app.inject({ ...request, headers: { ...request.headers, ...thief.headers } })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ ok: false, code: 'forbidden' })
    expect(res.json().errorMsg).toBeTruthy()
    if (before) await expectTablesUnchanged(t.app, before)
  })

  it.each(routes)(
    '%s answers 401 without a token, and with an ended or expired one%s',
    async (_name, changesNothing, def) => {
      await clearRateLimits(t.app)
      const before = changesNothing ? await snapshotTables(t.app) : undefined
      const request = requestFor(def, victim, 'victim@example.com')
      for (const headers of [
        {},
        loggedOut.headers,
        expired.headers,
        { authorization: 'Bearer not-a-token' },
      ]) {
        const res = await t.app.inject({ ...request, headers: { ...request.headers, ...headers } })
        expect(res.statusCode).toBe(401)
        expect(res.json()).toMatchObject({ ok: false, code: 'unauthorized' })
      }
      if (before) await expectTablesUnchanged(t.app, before)
    },
  )

  it.each(
    routes.filter(([, , def]) => !def.owner?.zeroMeansNone).map(([name, , def]) => [name, def] as const),
  )('%s answers 401 for customer id 0, even with a token', async (_name, def) => {
    await clearRateLimits(t.app)
    const request = requestFor(def, 0, 'victim@example.com')
    const res = await t.app.inject({ ...request, headers: { ...request.headers, ...thief.headers } })
    expect(res.statusCode).toBe(401)
  })
})
