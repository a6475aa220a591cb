import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allRoutes, StaffRole, type RouteDef } from '@clubhouse/contract/server'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { insertCustomer, loginAs } from '../../test/customers.ts'
import { insertStaffMember, STAFF_TEST_START } from '../../test/staff.ts'

/**
 * Every route the contract marks `auth: 'staff'`, called by a visitor, with a customer's token, with
 * an unknown token, by every role below the route's and by the route's own role. New staff routes
 * join the sweep by being in the contract: none can be left open by forgetting a check.
 */
const routes = Object.entries(allRoutes as Record<string, RouteDef>).filter(([, def]) => def.auth === 'staff')

const PASSWORD = 'Long-Staff-Pass-26'
const below = (role: StaffRole) => StaffRole.slice(0, StaffRole.indexOf(role))

describe.each(testDatabaseKinds())('who may call the staff routes, on %s', (kind) => {
  let t: TestApp
  const clock = STAFF_TEST_START
  /** An account the owner's calls may act on (a disable) without ending the sessions of the sweep. */
  let spareId: number
  let customer: { authorization: string }

  /** A new session of the role's account: a logout or a disable in one case ends no other's. */
  async function sessionOf(role: StaffRole) {
    const login = await t.app.services.staff.login(
      { email: `${role}@example.com`, password: PASSWORD },
      '127.0.0.1',
    )
    if (!login.token) throw new Error(`the ${role} was asked for a code`)
    return { authorization: `Bearer ${login.token}` }
  }

  /** A call of the route, its input aside: the access is decided before the input is read. */
  const call = (def: RouteDef, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: def.method,
      url: def.path.replace(/:(\w+)/g, String(spareId)),
      headers,
      ...(def.method === 'GET' ? {} : { payload: {} }),
    })

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: () => clock })
    for (const role of StaffRole) await insertStaffMember(t.app, `${role}@example.com`, role, PASSWORD)
    spareId = (await insertStaffMember(t.app, 'spare@example.com', 'desk', PASSWORD)).id
    await insertCustomer(t.app, { email: 'customer@example.com', password: 'Customer-Pass-1' })
    customer = (await loginAs(t.app, 'customer@example.com', 'Customer-Pass-1')).headers
  })
  afterAll(() => t.close())

  it('finds the staff routes in the contract, each with its role', () => {
    expect(routes.length).toBeGreaterThanOrEqual(7)
    for (const [name, def] of routes) expect(StaffRole, name).toContain(def.staffRole)
  })

  it.each(routes)('%s answers a visitor and an unknown token 401', async (_name, def) => {
    const unknown = { authorization: `Bearer ${randomBytes(32).toString('hex')}` }
    for (const headers of [{}, unknown]) {
      const res = await call(def, headers)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({
        ok: false,
        code: 'unauthorized',
        errorMsg: 'Log in with your staff account.',
      })
    }
  })

  it.each(routes)("%s answers a customer's token 401: it is never a staff token", async (_name, def) => {
    const res = await call(def, customer)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ ok: false, code: 'unauthorized' })
  })

  it.each(routes)('%s answers every role below its own 403', async (_name, def) => {
    for (const role of below(def.staffRole!)) {
      const res = await call(def, await sessionOf(role))
      expect(res.statusCode, role).toBe(403)
      expect(res.json(), role).toMatchObject({
        ok: false,
        code: 'forbidden',
        errorMsg: 'Your role does not allow this.',
      })
    }
  })

  it.each(routes)('%s lets its own role and those above it past the check', async (_name, def) => {
    for (const role of StaffRole.slice(StaffRole.indexOf(def.staffRole!))) {
      const res = await call(def, await sessionOf(role))
      expect([401, 403], `${role}: ${res.body}`).not.toContain(res.statusCode)
    }
  })

  it.each(routes)(
    "%s is documented with the staff's own bearer scheme, not the customers'",
    async (_name, def) => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
      const op = doc.paths[def.path.replace(/:(\w+)/g, '{$1}')][def.method.toLowerCase()]
      expect(op.security).toEqual([{ staffToken: [] }])
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '403']))
      expect(doc.components.securitySchemes.staffToken).toMatchObject({ type: 'http', scheme: 'bearer' })
    },
  )

  it('says the refusals in Spanish to a Spanish browser', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/staff/accounts',
      headers: { 'accept-language': 'es-ES' },
    })
    expect(res.json()).toMatchObject({
      code: 'unauthorized',
      errorMsg: 'Inicia sesión con tu cuenta de personal.',
    })
    const desk = await t.app.inject({
      method: 'GET',
      url: '/api/staff/accounts',
      headers: { ...(await sessionOf('desk')), 'accept-language': 'es-ES' },
    })
    expect(desk.json()).toMatchObject({ code: 'forbidden', errorMsg: 'Tu rol no permite hacer esto.' })
  })
})

describe.each(testDatabaseKinds())('a session that must enrol a second factor first, on %s', (kind) => {
  let t: TestApp
  let manager: { authorization: string }

  beforeAll(async () => {
    // In production an owner or a manager without a second factor may only enrol one (decision 108).
    t = await buildTestApp(kind, { now: () => STAFF_TEST_START, env: { NODE_ENV: 'production' } })
    await insertStaffMember(t.app, 'manager@example.com', 'manager', PASSWORD)
    const login = await t.app.services.staff.login(
      { email: 'manager@example.com', password: PASSWORD },
      '127.0.0.1',
    )
    manager = { authorization: `Bearer ${login.token}` }
  })
  afterAll(() => t.close())

  // Logging out would end the session the other cases use: it is called last, below.
  it.each(routes.filter(([, def]) => def.staffRole !== 'owner' && def.path !== '/api/staff/logout'))(
    '%s answers it as the contract says: open before enrolment, or 403',
    async (_name, def) => {
      const res = await t.app.inject({
        method: def.method,
        url: def.path,
        headers: manager,
        ...(def.method === 'GET' ? {} : { payload: {} }),
      })
      if (def.openBeforeEnrolment) {
        expect([401, 403], res.body).not.toContain(res.statusCode)
      } else {
        expect(res.statusCode).toBe(403)
        expect(res.json()).toMatchObject({ code: 'forbidden', errorMsg: 'Set up your second factor first.' })
      }
    },
  )

  it('tells it who it is and that it must enrol, and lets it log out', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: manager })
    expect(me.json()).toMatchObject({
      ok: true,
      data: { email: 'manager@example.com', role: 'manager', mustEnrol: true },
    })
    const out = await t.app.inject({ method: 'POST', url: '/api/staff/logout', headers: manager })
    expect(out.statusCode).toBe(200)
  })
})
