import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { clearRateLimits } from '../../test/customers.ts'
import { insertStaffMember, STAFF_TEST_START, tokenOf } from '../../test/staff.ts'
import { fromBase32, totp } from './totp.ts'

const PASSWORD = 'Long-Staff-Pass-26'

describe.each(testDatabaseKinds())('the staff routes on %s', (kind) => {
  let t: TestApp
  let clock = STAFF_TEST_START
  let owner: { authorization: string }

  const post = (url: string, payload: object = {}, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers })
  const me = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/staff/me', headers })
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  /** A login through the API: its answer's status and body. */
  async function login(email: string, password = PASSWORD) {
    const res = await post('/api/staff/login', { email, password })
    return { status: res.statusCode, body: res.json() }
  }
  async function sessionOf(email: string) {
    const { status, body } = await login(email)
    if (status !== 200 || body.model.step !== 'session') throw new Error(`no session for ${email}: ${status}`)
    return bearer(body.model.token as string)
  }

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: () => clock })
    await insertStaffMember(t.app, 'owner@example.com', 'owner', PASSWORD)
    owner = await sessionOf('owner@example.com')
  })
  beforeEach(() => clearRateLimits(t.app))
  afterAll(() => t.close())

  it('logs in with a password, and says who is signed in', async () => {
    await insertStaffMember(t.app, 'desk@example.com', 'desk', PASSWORD)
    const { status, body } = await login('  DESK@example.com ')
    expect(status).toBe(200)
    expect(body.model).toMatchObject({
      step: 'session',
      token: expect.stringMatching(/^[0-9a-f]{64}$/),
      account: { email: 'desk@example.com', role: 'desk', mustEnrol: false },
    })
    const res = await me(bearer(body.model.token))
    expect(res.json()).toMatchObject({
      ok: true,
      data: { email: 'desk@example.com', name: 'desk', role: 'desk' },
    })
  })

  it('answers an unknown email, a wrong password and a disabled account alike', async () => {
    const disabled = await insertStaffMember(t.app, 'gone@example.com', 'desk', PASSWORD)
    await post(`/api/staff/accounts/${disabled.id}/disable`, {}, owner)
    const answers = [
      await login('nobody@example.com'),
      await login('owner@example.com', 'Not-The-Password-1'),
      await login('gone@example.com'),
    ]
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 401,
        body: { ok: false, code: 'invalid_credentials', errorMsg: 'Invalid email or password.' },
      })
    }
  })

  it('logs in in two steps once a second factor is enrolled, a code or a recovery code each once', async () => {
    await insertStaffMember(t.app, 'manager@example.com', 'manager', PASSWORD)
    const session = await sessionOf('manager@example.com')
    const started = await post('/api/staff/second-factor/start', {}, session)
    const { secret, uri } = started.json().model
    expect(uri).toMatch(/^otpauth:\/\/totp\//)
    const codeNow = () => totp(fromBase32(secret)!, clock)
    const confirmed = await post('/api/staff/second-factor/confirm', { code: codeNow() }, session)
    const { recoveryCodes } = confirmed.json().model
    expect(recoveryCodes).toHaveLength(10)
    clock += 30_000

    const first = await login('manager@example.com')
    expect(first.status).toBe(200)
    expect(first.body.model).toMatchObject({ step: 'code', challenge: expect.any(String) })
    expect(first.body.model.token).toBeUndefined()
    const { challenge } = first.body.model

    const wrong = await post('/api/staff/login/second-step', { challenge, code: '000000' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials', errorMsg: 'This code is not right.' })

    const right = await post('/api/staff/login/second-step', { challenge, code: codeNow() })
    expect(right.statusCode).toBe(200)
    expect(right.json().model).toMatchObject({ step: 'session', account: { role: 'manager' } })
    expect((await me(bearer(right.json().model.token))).statusCode).toBe(200)
    // The challenge was answered: it opens no second session.
    const again = await post('/api/staff/login/second-step', { challenge, code: recoveryCodes[0] })
    expect(again.statusCode).toBe(401)

    const next = (await login('manager@example.com')).body.model.challenge
    const recovered = await post('/api/staff/login/second-step', { challenge: next, code: recoveryCodes[0] })
    expect(recovered.statusCode).toBe(200)
    const last = (await login('manager@example.com')).body.model.challenge
    const reused = await post('/api/staff/login/second-step', { challenge: last, code: recoveryCodes[0] })
    expect(reused.statusCode).toBe(401)
  })

  it('stops a token the moment it logs out', async () => {
    const session = await sessionOf('owner@example.com')
    expect((await me(session)).statusCode).toBe(200)
    expect((await post('/api/staff/logout', {}, session)).json()).toEqual({ ok: true })
    const after = await me(session)
    expect(after.statusCode).toBe(401)
    expect(after.json()).toMatchObject({ code: 'unauthorized' })
    // The owner's other session goes on.
    expect((await me(owner)).statusCode).toBe(200)
  })

  it('lets an owner create an account, whose link sets its password once', async () => {
    const created = await post(
      '/api/staff/accounts',
      { email: 'new@example.com', role: 'desk', name: 'New' },
      owner,
    )
    expect(created.statusCode).toBe(200)
    const { account, link } = created.json().model
    expect(account).toMatchObject({
      email: 'new@example.com',
      role: 'desk',
      hasPassword: false,
      disabledAt: null,
    })
    expect(link).toMatch(/^http:\/\/test\.local\/staff\/set-password\?token=/)
    expect((await login('new@example.com')).status).toBe(401)

    const set = await post('/api/staff/set-password', { token: tokenOf(link), password: PASSWORD })
    expect(set.json()).toEqual({ ok: true, model: { email: 'new@example.com' } })
    expect((await login('new@example.com')).status).toBe(200)
    const twice = await post('/api/staff/set-password', {
      token: tokenOf(link),
      password: 'Another-Long-Pass-1',
    })
    expect(twice.statusCode).toBe(400)
    expect(twice.json()).toMatchObject({ code: 'invalid_token' })

    const taken = await post('/api/staff/accounts', { email: 'new@example.com', role: 'owner' }, owner)
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject({ code: 'email_taken' })
  })

  it('lets an owner disable an account, whose sessions stop at once', async () => {
    const account = await insertStaffMember(t.app, 'leaving@example.com', 'manager', PASSWORD)
    const session = await sessionOf('leaving@example.com')
    expect((await me(session)).statusCode).toBe(200)
    const disabled = await post(`/api/staff/accounts/${account.id}/disable`, {}, owner)
    expect(disabled.json().data).toMatchObject({
      email: 'leaving@example.com',
      disabledAt: new Date(clock).toISOString(),
    })
    expect((await me(session)).statusCode).toBe(401)
    expect((await login('leaving@example.com')).status).toBe(401)

    const listed = await t.app.inject({ method: 'GET', url: '/api/staff/accounts', headers: owner })
    const shown = listed.json().data.find((a: { email: string }) => a.email === 'leaving@example.com')
    expect(shown.disabledAt).not.toBeNull()
    const unknown = await post('/api/staff/accounts/999999/disable', {}, owner)
    expect(unknown.statusCode).toBe(404)
  })
})
