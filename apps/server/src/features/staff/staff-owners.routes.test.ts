import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { clearRateLimits } from '../../test/customers.ts'
import { insertStaffMember, STAFF_TEST_START, staffSession } from '../../test/staff.ts'
import { fromBase32, totp } from './totp.ts'

/**
 * What an owner does to the staff's accounts beyond adding them (issue 23, item 1): the last owner
 * who can log in is never disabled, and a second factor is reset, so that its account enrols again.
 */

const PASSWORD = 'Long-Staff-Pass-26'

describe.each(testDatabaseKinds())('the owners and the second factors, on %s', (kind) => {
  let t: TestApp
  let clock = STAFF_TEST_START
  let n = 0

  const post = (url: string, headers: Record<string, string>, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: {}, headers: { ...headers, ...extra } })
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.app.database.db.execute(query)) as unknown as { rows: T[] }).rows
  /** A new account of the role with its password set, and a session of it. */
  async function member(role: 'desk' | 'manager' | 'owner') {
    const email = `${role}${++n}@example.com`
    const account = await insertStaffMember(t.app, email, role, PASSWORD)
    return { ...account, session: await staffSession(t.app, email, PASSWORD) }
  }
  /** Enrols the account's second factor through its own session; answers its recovery codes. */
  async function enrol(session: Record<string, string>): Promise<string[]> {
    const { secret } = (await post('/api/staff/second-factor/start', session)).json().model
    const code = totp(fromBase32(secret)!, clock)
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/staff/second-factor/confirm',
      payload: { code },
      headers: session,
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    return confirmed.json().model.recoveryCodes
  }

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: () => clock })
  })
  beforeEach(async () => {
    await clearRateLimits(t.app)
    // Each case starts with no working owner but its own.
    await t.app.database.db.execute(sql`update staff_accounts set disabled_at = now() where role = 'owner'`)
  })
  afterAll(() => t.close())

  it('never disables the last owner who can log in, not even by their own hand', async () => {
    const eva = await member('owner')
    const alone = await post(`/api/staff/accounts/${eva.id}/disable`, eva.session)
    expect(alone.statusCode).toBe(409)
    expect(alone.json()).toEqual({
      ok: false,
      code: 'last_owner',
      errorMsg: 'This is the last owner who can log in: add another owner before disabling this one.',
    })
    const inSpanish = await post(`/api/staff/accounts/${eva.id}/disable`, eva.session, {
      'accept-language': 'es-ES',
    })
    expect(inSpanish.json().errorMsg).toBe(
      'Es el último propietario con acceso: añade otro propietario antes de desactivar este.',
    )

    // An owner who has not set a password yet cannot log in: they do not count.
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/staff/accounts',
      payload: { email: `pending${++n}@example.com`, role: 'owner' },
      headers: eva.session,
    })
    expect(added.statusCode).toBe(200)
    expect((await post(`/api/staff/accounts/${eva.id}/disable`, eva.session)).statusCode).toBe(409)

    const ana = await member('owner')
    const done = await post(`/api/staff/accounts/${eva.id}/disable`, ana.session)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().data).toMatchObject({ role: 'owner', disabledAt: new Date(clock).toISOString() })
    const last = await post(`/api/staff/accounts/${ana.id}/disable`, ana.session)
    expect(last.json()).toMatchObject({ code: 'last_owner' })
    // A desk or a manager account is disabled whatever the owners are.
    const desk = await member('desk')
    expect((await post(`/api/staff/accounts/${desk.id}/disable`, ana.session)).statusCode).toBe(200)
    const disabled = await rows<{ n: number }>(
      sql`select count(*)::int as n from staff_accounts where id = ${ana.id} and disabled_at is null`,
    )
    expect(Number(disabled[0]!.n)).toBe(1)
  })

  it('gives another role from the next request, enables a disabled account and gives a new link', async () => {
    const owner = await member('owner')
    const desk = await member('desk')
    const orders = () => t.app.inject({ method: 'GET', url: '/api/staff/orders', headers: desk.session })
    const role = (id: number, body: unknown, headers: Record<string, string> = owner.session) =>
      t.app.inject({
        method: 'POST',
        url: `/api/staff/accounts/${id}/role`,
        payload: body as object,
        headers,
      })
    expect((await orders()).statusCode).toBe(403)

    const promoted = await role(desk.id, { role: 'manager' })
    expect(promoted.statusCode, promoted.body).toBe(200)
    expect(promoted.json().data).toMatchObject({ id: desk.id, role: 'manager' })
    expect((await orders()).statusCode).toBe(200)
    expect((await role(desk.id, { role: 'desk' })).statusCode).toBe(200)
    expect((await orders()).statusCode).toBe(403)
    // The same role again changes nothing; a role off the ladder, an unknown account, a lower role.
    expect((await role(desk.id, { role: 'desk' })).json().data.role).toBe('desk')
    const bad = await role(desk.id, { role: 'admin\u0000' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ ok: false, code: 'validation' })
    expect((await role(999999, { role: 'desk' })).statusCode).toBe(404)
    expect((await role(desk.id, { role: 'owner' }, desk.session)).statusCode).toBe(403)
    // The last owner who can log in keeps the role, in the request's language.
    const alone = await role(owner.id, { role: 'manager' }, { ...owner.session, 'accept-language': 'es-ES' })
    expect(alone.statusCode).toBe(409)
    expect(alone.json()).toEqual({
      ok: false,
      code: 'last_owner',
      errorMsg: 'Es el último propietario con acceso: añade otro propietario antes de darle otro rol a este.',
    })

    // Disabled, it gets no link; enabled, it logs in with the password it had.
    expect((await post(`/api/staff/accounts/${desk.id}/disable`, owner.session)).statusCode).toBe(200)
    const refused = await post(`/api/staff/accounts/${desk.id}/link`, owner.session)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('account_disabled')
    const enabled = await post(`/api/staff/accounts/${desk.id}/enable`, owner.session)
    expect(enabled.statusCode, enabled.body).toBe(200)
    expect(enabled.json().data).toMatchObject({ id: desk.id, disabledAt: null })
    const again = await staffSession(t.app, desk.email, PASSWORD)

    // A new link: the one before it stops working, the session goes on until the password is set.
    const first = (await post(`/api/staff/accounts/${desk.id}/link`, owner.session)).json().model
    const second = await post(`/api/staff/accounts/${desk.id}/link`, owner.session)
    expect(second.statusCode).toBe(200)
    expect(second.json().model.link).toMatch(/\/staff\/set-password\?token=[0-9a-f]{64}$/)
    const tokenOf = (link: string) => new URL(link).searchParams.get('token')
    const setWith = (link: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/staff/set-password',
        payload: { token: tokenOf(link), password: 'Another-Long-Pass-26' },
      })
    expect((await setWith(first.link)).statusCode).toBe(400)
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: again })).statusCode).toBe(200)
    expect((await setWith(second.json().model.link)).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: again })).statusCode).toBe(401)

    const audit = await rows<{ staff_id: number; action: string }>(
      sql`select staff_id, action from staff_audit where subject = ${`staff:${desk.id}`} order by id`,
    )
    expect(audit.map((r) => r.action)).toEqual([
      'account.add',
      'account.role',
      'account.role',
      'account.disable',
      'account.enable',
      'account.link',
      'account.link',
    ])
    expect(audit.slice(1).every((r) => r.staff_id === owner.id)).toBe(true)
  })

  it('resets a second factor: its codes go, its sessions end, and the next login has no code step', async () => {
    const owner = await member('owner')
    const manager = await member('manager')
    const recoveryCodes = await enrol(manager.session)
    clock += 60_000
    const listed = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/staff/accounts', headers: owner.session }))
        .json()
        .data.find((a: { id: number }) => a.id === manager.id)
    expect(await listed()).toMatchObject({ hasSecondFactor: true })
    const before = await t.app.services.staff.login({ email: manager.email, password: PASSWORD }, '127.0.0.1')
    expect(before.codeNeeded).toBeDefined()

    const reset = await post(`/api/staff/accounts/${manager.id}/second-factor/reset`, owner.session)
    expect(reset.statusCode, reset.body).toBe(200)
    expect(reset.json().data).toMatchObject({ id: manager.id, hasSecondFactor: false, disabledAt: null })
    expect(await listed()).toMatchObject({ hasSecondFactor: false })
    const me = await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: manager.session })
    expect(me.statusCode).toBe(401)
    // The login waiting for its code ends too.
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login/second-step',
      payload: { challenge: before.codeNeeded!.challenge, code: recoveryCodes[0] },
    })
    expect(second.statusCode).toBe(401)
    const after = await t.app.services.staff.login({ email: manager.email, password: PASSWORD }, '127.0.0.1')
    expect(after.codeNeeded).toBeUndefined()
    expect(after.token).toMatch(/^[0-9a-f]{64}$/)
    const codes = await rows<{ n: number }>(
      sql`select count(*)::int as n from staff_recovery_codes where staff_id = ${manager.id}`,
    )
    expect(Number(codes[0]!.n)).toBe(0)
    const audit = await rows<{ staff_id: number; before: unknown; after: unknown }>(
      sql`select staff_id, before, after from staff_audit
          where action = 'second-factor.reset' and subject = ${`staff:${manager.id}`}`,
    )
    const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)
    expect(audit.map((r) => [r.staff_id, json(r.before), json(r.after)])).toEqual([
      [owner.id, { hasSecondFactor: true }, { hasSecondFactor: false }],
    ])
    // It enrols again with a new secret.
    await enrol({ authorization: `Bearer ${after.token}` })
    const unknown = await post('/api/staff/accounts/999999/second-factor/reset', owner.session)
    expect(unknown.statusCode).toBe(404)
  })
})

describe.each(testDatabaseKinds())('a second factor reset in production, on %s', (kind) => {
  let t: TestApp

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: () => STAFF_TEST_START, env: { NODE_ENV: 'production' } })
  })
  afterAll(() => t.close())

  it("makes a manager's next session enrol again before anything else", async () => {
    const { staff } = t.app.services
    const manager = await insertStaffMember(t.app, 'manager@example.com', 'manager', PASSWORD)
    const { secret } = await staff.startEnrolment(manager.id)
    await staff.confirmEnrolment(manager.id, totp(fromBase32(secret)!, STAFF_TEST_START))
    await staff.resetSecondFactor(manager.id)
    const login = await staff.login({ email: 'manager@example.com', password: PASSWORD }, '127.0.0.1')
    expect(login.codeNeeded).toBeUndefined()
    expect(login.session).toMatchObject({ mustEnrol: true, hasSecondFactor: false })
  })
})
