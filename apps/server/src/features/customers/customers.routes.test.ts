import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ACTIVATION_TTL_HOURS, RESET_TTL_HOURS, SESSION_TTL_DAYS } from '@clubhouse/contract/server'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { clearRateLimits, customerIdOf, customerRow, insertCustomer, loginAs } from '../../test/customers.ts'
import { saveTestSettings } from '../../test/settings-fixtures.ts'
import { expectTablesUnchanged, snapshotTables } from '../../test/table-snapshot.ts'
import { communications } from '../comms/comms.tables.ts'
import { cardTokens, customerTokens, customFields } from './customers.tables.ts'

const tokenOf = (link: string) => link.split('/').pop()!

/** 10:30 in Madrid, a Monday: the clock of tokens and sessions, moved on by the tests that outlive one. */
const START = Date.parse('2026-03-02T09:30:00Z')
const HOUR = 3_600_000

describe.each(testDatabaseKinds())('customer accounts on %s', (kind) => {
  let t: TestApp
  let laura: number
  let carlos: number
  let clock = START
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers })
  const lastMailTo = async (email: string) => {
    // Links are mailed after the answer: wait for that work first.
    await t.app.services.background.settled()
    const [row] = await t.app.database.db
      .select()
      .from(communications)
      .where(eq(communications.toAddress, email))
      .orderBy(desc(communications.id))
      .limit(1)
    return row
  }
  const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? ''

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: () => clock })
    await saveTestSettings(t.app.services)
    laura = await insertCustomer(t.app, {
      email: 'laura@example.com',
      password: 'Laura-Pass-1',
      name: 'Laura',
    })
    carlos = await insertCustomer(t.app, {
      email: 'carlos@example.com',
      password: 'Carlos-Pass-1',
      name: 'Carlos',
    })
  })
  afterAll(() => t.close())
  beforeEach(() => clearRateLimits(t.app))

  describe('login', () => {
    it('answers a 64-hex token that works until its expiry, 30 days on, and the first name', async () => {
      const res = await post('/api/publiccustomers/cauth', {
        email: ' Laura@Example.com ',
        password: 'Laura-Pass-1',
      })
      expect(res.statusCode).toBe(200)
      const { model } = res.json()
      expect(model.id).toBe(laura)
      // The first name the menu shows while she is logged in.
      expect(model.name).toBe('Laura')
      expect(model.token).toMatch(/^[0-9a-f]{64}$/)
      expect(Date.parse(model.expiry)).toBe(clock + SESSION_TTL_DAYS * 24 * HOUR)
      expect(SESSION_TTL_DAYS).toBe(30)
      const me = await t.app.inject({
        url: `/api/publiccustomers/${laura}`,
        headers: { authorization: `Bearer ${model.token}` },
      })
      expect(me.statusCode).toBe(200)
      expect(me.json().data.email).toBe('laura@example.com')
      // Only the token's SHA-256 is stored.
      const stored = await t.app.database.db
        .select()
        .from(customerTokens)
        .where(eq(customerTokens.tokenHash, model.token))
      expect(stored).toHaveLength(0)
    })

    it('refuses a wrong password and an unknown email alike, and offers a reset from the third failure', async () => {
      const wrong = await post('/api/publiccustomers/cauth', {
        email: 'laura@example.com',
        password: 'nope-nope',
      })
      const unknown = await post('/api/publiccustomers/cauth', {
        email: 'nobody@example.com',
        password: 'nope-nope',
      })
      expect(wrong.statusCode).toBe(401)
      expect(unknown.statusCode).toBe(401)
      expect(wrong.json()).toEqual({
        ok: false,
        code: 'invalid_credentials',
        errorMsg: 'Invalid Email or Password',
      })
      expect(unknown.json()).toEqual(wrong.json())
      await post('/api/publiccustomers/cauth', { email: 'laura@example.com', password: 'nope-nope' })
      await post('/api/publiccustomers/cauth', { email: 'nobody@example.com', password: 'nope-nope' })
      const third = await post('/api/publiccustomers/cauth', {
        email: 'laura@example.com',
        password: 'nope-nope',
      })
      const thirdUnknown = await post('/api/publiccustomers/cauth', {
        email: 'nobody@example.com',
        password: 'x-nope',
      })
      expect(third.json()).toMatchObject({ code: 'invalid_credentials', redirect: true })
      expect(thirdUnknown.json()).toEqual(third.json())
      // The right password still works, and clears the failures.
      await loginAs(t.app, 'laura@example.com', 'Laura-Pass-1')
      const after = await post('/api/publiccustomers/cauth', {
        email: 'laura@example.com',
        password: 'nope-nope',
      })
      expect(after.json().redirect).toBeUndefined()
    })

    it('tells an unactivated account with the right password to activate it, and only then', async () => {
      await insertCustomer(t.app, {
        email: 'pending@example.com',
        password: 'Pending-Pass-1',
        activated: false,
      })
      const right = await post('/api/publiccustomers/cauth', {
        email: 'pending@example.com',
        password: 'Pending-Pass-1',
      })
      expect(right.statusCode).toBe(403)
      expect(right.json().code).toBe('not_activated')
      expect(right.json().errorMsg).toMatch(/not activated/)
      const wrong = await post('/api/publiccustomers/cauth', {
        email: 'pending@example.com',
        password: 'other-pass',
      })
      expect(wrong.statusCode).toBe(401)
      expect(wrong.json().code).toBe('invalid_credentials')
    })

    it('treats an account without a password like a wrong password', async () => {
      await insertCustomer(t.app, { email: 'desk@example.com', password: null })
      const res = await post('/api/publiccustomers/cauth', {
        email: 'desk@example.com',
        password: 'anything',
      })
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('invalid_credentials')
    })

    it('limits logins per address across emails', async () => {
      const from = (ip: string, email: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/publiccustomers/cauth',
          payload: { email, password: 'nope-nope' },
          remoteAddress: ip,
        })
      for (let i = 0; i < 10; i++) await from('10.9.9.9', `someone${i}@example.com`)
      const byAddress = await from('10.9.9.9', 'someone-else@example.com')
      expect(byAddress.statusCode).toBe(429)
      expect(byAddress.json().code).toBe('rate_limited')
      expect(byAddress.json().errorMsg).toBeTruthy()
      // Failures of one email from elsewhere never lock its owner out (failed-logins.routes.test.ts).
    })

    it('refuses an expired token and a logged-out one with 401', async () => {
      const a = await loginAs(t.app, 'laura@example.com', 'Laura-Pass-1')
      const b = await loginAs(t.app, 'laura@example.com', 'Laura-Pass-1')
      // A second before its expiry the session works; once the expiry passes it ends.
      clock += SESSION_TTL_DAYS * 24 * HOUR - 1000
      expect(
        (await t.app.inject({ url: `/api/publiccustomers/${laura}`, headers: a.headers })).statusCode,
      ).toBe(200)
      clock += 2000
      const expired = await t.app.inject({ url: `/api/publiccustomers/${laura}`, headers: a.headers })
      expect(expired.statusCode).toBe(401)
      expect(expired.json()).toMatchObject({ ok: false, code: 'unauthorized' })

      const c = await loginAs(t.app, 'laura@example.com', 'Laura-Pass-1')
      expect(
        (await t.app.inject({ url: `/api/publiccustomers/${laura}`, headers: c.headers })).statusCode,
      ).toBe(200)
      expect((await post('/api/publiccustomers/logout', {}, c.headers)).statusCode).toBe(200)
      expect(
        (await t.app.inject({ url: `/api/publiccustomers/${laura}`, headers: c.headers })).statusCode,
      ).toBe(401)
      expect(b.id).toBe(laura)
    })
  })

  describe('registration and activation', () => {
    const body = (email: string, over: Record<string, unknown> = {}) => ({
      name: 'Nora',
      surname: 'Vidal',
      email,
      password: 'Nora-Pass-2026',
      phone: '611222333',
      acceptConditions: true,
      ...over,
    })

    it('creates an inactive account in the request language, mails the link, and the link activates it once', async () => {
      const res = await post('/api/publiccustomers/register', body('Nora@Example.com'), {
        'accept-language': 'en-US,en;q=0.9',
      })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ ok: true, model: { id: 0 } })
      const id = await customerIdOf(t.app, 'nora@example.com')
      const row = await customerRow(t.app, id)
      expect(row).toMatchObject({
        email: 'nora@example.com',
        language: 'en-US',
        // No consent to publicity was given: none is assumed (decision 051).
        okRss: false,
        activatedAt: null,
      })
      expect(row!.passwordHash).toMatch(/^scrypt\$/)

      const mail = await lastMailTo('nora@example.com')
      expect(mail).toMatchObject({ customerId: id, channel: 'email', status: 'queued' })
      expect(mail!.subject).toMatch(/^Activate your account/)
      const link = linkIn(mail!.textBody)
      expect(link).toMatch(/^http:\/\/test\.local\/customer\/activate\/[0-9a-f]{64}$/)

      const before = await post('/api/publiccustomers/cauth', {
        email: 'nora@example.com',
        password: 'Nora-Pass-2026',
      })
      expect(before.json().code).toBe('not_activated')
      expect((await post('/api/publiccustomers/activate', { token: tokenOf(link) })).statusCode).toBe(200)
      expect((await customerRow(t.app, id))!.activatedAt).not.toBeNull()
      const welcome = await lastMailTo('nora@example.com')
      expect(welcome!.subject).toMatch(/^Welcome to/)
      await loginAs(t.app, 'nora@example.com', 'Nora-Pass-2026')

      // A second click says the account is active (and the web app offers to log in).
      const again = await post('/api/publiccustomers/activate', { token: tokenOf(link) })
      expect(again.statusCode).toBe(409)
      expect(again.json()).toMatchObject({ ok: false, code: 'already_active' })
      expect((await post('/api/publiccustomers/activate', { token: 'f'.repeat(64) })).json()).toMatchObject({
        ok: false,
        code: 'invalid_token',
      })
    })

    it('refuses an expired activation link and leaves the account inactive', async () => {
      await post('/api/publiccustomers/register', body('late@example.com'))
      const id = await customerIdOf(t.app, 'late@example.com')
      const mail = await lastMailTo('late@example.com')
      expect(mail!.subject).toMatch(/^Activa tu cuenta/)
      clock += ACTIVATION_TTL_HOURS * HOUR + 1000
      const late = await post('/api/publiccustomers/activate', { token: tokenOf(linkIn(mail!.textBody)) })
      expect(late.statusCode).toBe(400)
      expect(late.json().errorMsg).toBeTruthy()
      expect((await customerRow(t.app, id))!.activatedAt).toBeNull()

      // A new link can be asked for; the answer is the same for any email.
      expect(
        (await post('/api/publiccustomers/resend-activation', { email: 'late@example.com' })).statusCode,
      ).toBe(200)
      expect(
        (await post('/api/publiccustomers/resend-activation', { email: 'ghost@example.com' })).json(),
      ).toMatchObject({ ok: true, model: { alreadySent: false } })
      const fresh = await lastMailTo('late@example.com')
      expect(fresh!.id).not.toBe(mail!.id)
      expect(
        (await post('/api/publiccustomers/activate', { token: tokenOf(linkIn(fresh!.textBody)) })).statusCode,
      ).toBe(200)
      expect(await lastMailTo('ghost@example.com')).toBeUndefined()
    })

    it.each([
      [
        'conditions not accepted',
        body('a1@example.com', { acceptConditions: false }),
        422,
        'acceptConditions',
      ],
      ['a name over 100 characters', body('a2@example.com', { name: 'n'.repeat(101) }), 400, 'name'],
      ['a surname over 100 characters', body('a3@example.com', { surname: 's'.repeat(101) }), 400, 'surname'],
      ['an email over 254 characters', body(`${'e'.repeat(250)}@example.com`), 400, 'email'],
      ['an invalid email', body('not-an-email'), 400, 'email'],
      [
        'a password over 200 characters',
        body('a4@example.com', { password: 'p'.repeat(201) }),
        400,
        'password',
      ],
      ['a password under 5 characters', body('a5@example.com', { password: 'abcd' }), 400, 'password'],
      ['a most common password', body('a6@example.com', { password: 'Password1' }), 400, 'password'],
      [
        'an unknown custom field',
        body('a7@example.com', { customFieldValues: [{ customFieldId: 9999, value: 'x' }] }),
        400,
        'customFieldValues.0.customFieldId',
      ],
      ['no name', body('a8@example.com', { name: '' }), 400, 'name'],
      ['a name on two lines', body('a9@example.com', { name: 'Ana\nBelén' }), 400, 'name'],
      [
        'a surname with a line separator',
        body('a10@example.com', { surname: 'Gil\u2028Ruiz' }),
        400,
        'surname',
      ],
    ])('refuses %s and stores nothing', async (_what, payload, status, field) => {
      const before = await snapshotTables(t.app)
      const res = await post('/api/publiccustomers/register', payload)
      expect(res.statusCode).toBe(status)
      expect(res.json().ok).toBe(false)
      expect(res.json().errorMsg).toBeTruthy()
      expect(res.json().errors?.[field]).toBeTruthy()
      await expectTablesUnchanged(t.app, before)
    })

    it('says the conditions message of the spec and the common password message', async () => {
      const res = await post(
        '/api/publiccustomers/register',
        body('b1@example.com', { acceptConditions: false }),
      )
      expect(res.json()).toMatchObject({ code: 'rule', errorMsg: 'Please accept our legal conditions' })
      const common = await post(
        '/api/publiccustomers/register',
        body('b2@example.com', { password: 'qwerty' }),
      )
      expect(common.json().errors.password).toBe('This password is too common. Choose another one.')
    })

    it('is closed when the centre switches registration off', async () => {
      const content = t.app.services.content
      const res = await t.app.database.db.execute(sql`select value from settings where kind = 'main'`)
      const [row] = (res as unknown as { rows: Array<{ value: Record<string, unknown> }> }).rows
      await content.saveSettings('main', { ...row!.value, registerOn: false } as never)
      try {
        const before = await snapshotTables(t.app)
        const res = await post('/api/publiccustomers/register', body('closed@example.com'))
        expect(res.statusCode).toBe(403)
        expect(res.json()).toMatchObject({ ok: false, code: 'registration_closed' })
        await expectTablesUnchanged(t.app, before)
      } finally {
        await content.saveSettings('main', row!.value as never)
      }
    })
  })

  describe('password reset', () => {
    it('answers alike for known and unknown emails, and mails a link only to the known one', async () => {
      const known = await post('/api/publiccustomers/reset-password-request-cz', {
        email: 'carlos@example.com',
      })
      const unknown = await post('/api/publiccustomers/reset-password-request-cz', {
        email: 'nobody@example.com',
      })
      expect(known.statusCode).toBe(200)
      expect(unknown.statusCode).toBe(200)
      // The same answer (only the instants differ, by the time between the two requests).
      const shape = (r: typeof known) => {
        const { model } = r.json<{ model: { sentAt: string; resendAfter: string; alreadySent: boolean } }>()
        return {
          keys: Object.keys(model).sort(),
          alreadySent: model.alreadySent,
          window: Date.parse(model.resendAfter) - Date.parse(model.sentAt),
        }
      }
      expect(shape(unknown)).toEqual(shape(known))
      expect((await lastMailTo('carlos@example.com'))!.textBody).toMatch(
        /\/customer\/reset-password\/[0-9a-f]{64}/,
      )
      expect(await lastMailTo('nobody@example.com')).toBeUndefined()
    })

    it('limits reset requests per email', async () => {
      for (let i = 0; i < 10; i++) {
        const r = await t.app.inject({
          method: 'POST',
          url: '/api/publiccustomers/reset-password-request-cz',
          payload: { email: 'spam-target@example.com' },
          remoteAddress: `10.1.0.${i + 1}`,
        })
        expect(r.statusCode).toBe(200)
      }
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/publiccustomers/reset-password-request-cz',
        payload: { email: 'spam-target@example.com' },
        remoteAddress: '10.1.1.1',
      })
      expect(r.statusCode).toBe(429)
      expect(r.json().code).toBe('rate_limited')
    })

    it('sets the new password once, ends every session and every other link, and mails the change', async () => {
      const id = await insertCustomer(t.app, { email: 'forgot@example.com', password: 'Old-Pass-2026' })
      const session = await loginAs(t.app, 'forgot@example.com', 'Old-Pass-2026')
      await post('/api/publiccustomers/reset-password-request-cz', { email: 'forgot@example.com' })
      const first = tokenOf(linkIn((await lastMailTo('forgot@example.com'))!.textBody))
      await post('/api/publiccustomers/reset-password-request-cz', { email: 'forgot@example.com' })
      const second = tokenOf(linkIn((await lastMailTo('forgot@example.com'))!.textBody))

      const common = await post('/api/publiccustomers/reset-password-cz', {
        token: second,
        plainPassword: '123456789',
      })
      expect(common.statusCode).toBe(400)
      expect(common.json().errors.plainPassword).toMatch(/too common/)
      const short = await post('/api/publiccustomers/reset-password-cz', {
        token: second,
        plainPassword: 'abc',
      })
      expect(short.statusCode).toBe(400)
      expect(short.json().errors.plainPassword).toBe('Minimum length is 5')

      const ok = await post('/api/publiccustomers/reset-password-cz', {
        token: second,
        plainPassword: 'New-Pass-2026',
      })
      expect(ok.statusCode).toBe(200)
      expect((await lastMailTo('forgot@example.com'))!.subject).toMatch(/contraseña .* ha cambiado/)
      expect(
        (await t.app.inject({ url: `/api/publiccustomers/${id}`, headers: session.headers })).statusCode,
      ).toBe(401)
      await loginAs(t.app, 'forgot@example.com', 'New-Pass-2026')

      const before = await snapshotTables(t.app)
      for (const token of [second, first]) {
        const reused = await post('/api/publiccustomers/reset-password-cz', {
          token,
          plainPassword: 'Third-Pass-2026',
        })
        expect(reused.statusCode).toBe(400)
        expect(reused.json()).toMatchObject({ ok: false, code: 'invalid_token' })
      }
      await expectTablesUnchanged(t.app, before)
    })

    it('refuses an expired reset link and keeps the password', async () => {
      await insertCustomer(t.app, { email: 'slow@example.com', password: 'Slow-Pass-2026' })
      await post('/api/publiccustomers/reset-password-request-cz', { email: 'slow@example.com' })
      const token = tokenOf(linkIn((await lastMailTo('slow@example.com'))!.textBody))
      clock += RESET_TTL_HOURS * HOUR + 1000
      const res = await post('/api/publiccustomers/reset-password-cz', {
        token,
        plainPassword: 'Late-Pass-2026',
      })
      expect(res.statusCode).toBe(400)
      await loginAs(t.app, 'slow@example.com', 'Slow-Pass-2026')
    })
  })

  describe('password change', () => {
    it('needs the current password, keeps this login and ends the others', async () => {
      const id = await insertCustomer(t.app, { email: 'changer@example.com', password: 'First-Pass-2026' })
      const here = await loginAs(t.app, 'changer@example.com', 'First-Pass-2026')
      const elsewhere = await loginAs(t.app, 'changer@example.com', 'First-Pass-2026')
      const url = '/api/publiccustomers/reset-password-by-old-json'

      const before = await snapshotTables(t.app)
      const wrong = await post(
        url,
        { customerId: id, plainOldPass: 'not-it', plainNewPass: 'Second-Pass-2026' },
        here.headers,
      )
      expect(wrong.statusCode).toBe(422)
      expect(wrong.json()).toMatchObject({ ok: false, code: 'wrong_password', errorMsg: 'Wrong password' })
      const common = await post(
        url,
        { customerId: id, plainOldPass: 'First-Pass-2026', plainNewPass: 'iloveyou' },
        here.headers,
      )
      expect(common.statusCode).toBe(400)
      const long = await post(
        url,
        { customerId: id, plainOldPass: 'First-Pass-2026', plainNewPass: 'x'.repeat(201) },
        here.headers,
      )
      expect(long.statusCode).toBe(400)
      await expectTablesUnchanged(t.app, before)
      await loginAs(t.app, 'changer@example.com', 'First-Pass-2026')

      const ok = await post(
        url,
        { customerId: id, plainOldPass: 'First-Pass-2026', plainNewPass: 'Second-Pass-2026' },
        here.headers,
      )
      expect(ok.statusCode).toBe(200)
      expect(
        (await t.app.inject({ url: `/api/publiccustomers/${id}`, headers: here.headers })).statusCode,
      ).toBe(200)
      expect(
        (await t.app.inject({ url: `/api/publiccustomers/${id}`, headers: elsewhere.headers })).statusCode,
      ).toBe(401)
      await loginAs(t.app, 'changer@example.com', 'Second-Pass-2026')
      expect((await lastMailTo('changer@example.com'))!.subject).toMatch(/ha cambiado/)
    })
  })

  describe('profile', () => {
    let fields: { text: number; bool: number; pick: number; inactive: number }

    beforeAll(async () => {
      const rows = await t.app.database.db
        .insert(customFields)
        .values([
          { name: 'club', label: { 'es-ES': 'Club', 'en-US': 'Club' }, fieldType: 0, position: 1 },
          {
            name: 'federated',
            label: { 'es-ES': 'Federado', 'en-US': 'Federated' },
            fieldType: 1,
            position: 2,
          },
          {
            name: 'level',
            label: { 'es-ES': 'Nivel', 'en-US': 'Level' },
            fieldType: 2,
            pickListValues: {
              'es-ES': 'Iniciación,Intermedio,Avanzado',
              'en-US': 'Beginner,Intermediate,Advanced',
            },
            position: 3,
          },
          { name: 'old', label: { 'es-ES': 'Viejo', 'en-US': 'Old' }, fieldType: 0, active: false },
        ])
        .returning({ id: customFields.id })
      fields = { text: rows[0]!.id, bool: rows[1]!.id, pick: rows[2]!.id, inactive: rows[3]!.id }
    })

    const profile = (over: Record<string, unknown> = {}) => ({
      name: 'Laura',
      surname: 'Martín García',
      email: 'laura@example.com',
      phone: '600111222',
      gender: 1,
      birthDate: '1990-05-17',
      addressLine1: 'Calle Mayor 1',
      postalCode: '28013',
      city: 'Madrid',
      town: 'Madrid',
      country: 'España',
      accountHolderName: 'Laura Martín García',
      iban: 'ES91 2100 0418 4502 0005 1332',
      dni: '12345678Z',
      okRss: false,
      ...over,
    })

    it('answers the profile with the active custom fields in the request language', async () => {
      const me = await loginAs(t.app, 'laura@example.com', 'Laura-Pass-1')
      const res = await t.app.inject({
        url: `/api/publiccustomers/${laura}`,
        headers: { ...me.headers, 'accept-language': 'en-US' },
      })
      expect(res.statusCode).toBe(200)
      const data = res.json().data
      expect(data).toMatchObject({
        id: laura,
        name: 'Laura',
        email: 'laura@example.com',
        gender: null,
        iban: '',
      })
      const labels = data.customFields.map((f: { label: string }) => f.label)
      expect(labels).toEqual(expect.arrayContaining(['Club', 'Federated', 'Level']))
      expect(labels).not.toContain('Old')
      const level = data.customFields.find((f: { customFieldId: number }) => f.customFieldId === fields.pick)
      expect(level).toMatchObject({
        fieldType: 2,
        pickListValues: 'Beginner,Intermediate,Advanced',
        value: '',
      })
    })

    it('saves every field and the custom field values, by PUT /:id and by put-json alike', async () => {
      const me = await loginAs(t.app, 'laura@example.com', 'Laura-Pass-1')
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/publiccustomers/${laura}`,
        headers: { ...me.headers, 'accept-language': 'en-US' },
        payload: profile({
          customFieldValues: [
            { customFieldId: fields.text, value: 'Club Mistral' },
            { customFieldId: fields.bool, value: true },
            { customFieldId: fields.pick, value: 'Advanced' },
          ],
        }),
      })
      expect(res.statusCode).toBe(200)
      const data = res.json().data
      expect(data).toMatchObject({
        gender: 1,
        birthDate: '1990-05-17',
        iban: 'ES9121000418450200051332',
        city: 'Madrid',
        okRss: false,
      })
      expect(
        Object.fromEntries(
          data.customFieldValues.map((v: { customFieldId: number; value: string }) => [
            v.customFieldId,
            v.value,
          ]),
        ),
      ).toEqual({
        [fields.text]: 'Club Mistral',
        [fields.bool]: 'true',
        [fields.pick]: 'Advanced',
      })

      const json = await t.app.inject({
        method: 'PUT',
        url: '/api/publiccustomers/put-json',
        headers: { ...me.headers, 'accept-language': 'en-US' },
        payload: {
          ...profile({ phone: '699000111' }),
          id: laura,
          customFieldValues: [{ customFieldId: fields.pick, value: 'Beginner' }],
        },
      })
      expect(json.statusCode).toBe(200)
      expect(json.json().data.phone).toBe('699000111')
      expect(
        json.json().data.customFields.find((f: { customFieldId: number }) => f.customFieldId === fields.pick)
          .value,
      ).toBe('Beginner')
      // Values not named keep theirs.
      expect(
        json.json().data.customFields.find((f: { customFieldId: number }) => f.customFieldId === fields.text)
          .value,
      ).toBe('Club Mistral')
    })

    it("offers and answers the pick list in the reader's language, whichever language it was chosen in", async () => {
      const me = await loginAs(t.app, 'laura@example.com', 'Laura-Pass-1')
      const save = (value: string, language: string) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/publiccustomers/${laura}`,
          headers: { ...me.headers, 'accept-language': language },
          payload: profile({ customFieldValues: [{ customFieldId: fields.pick, value }] }),
        })
      const levelIn = async (language: string) => {
        const res = await t.app.inject({
          url: `/api/publiccustomers/${laura}`,
          headers: { ...me.headers, 'accept-language': language },
        })
        const data = res.json().data
        return {
          field: data.customFields.find((f: { customFieldId: number }) => f.customFieldId === fields.pick),
          value: data.customFieldValues.find(
            (v: { customFieldId: number }) => v.customFieldId === fields.pick,
          )?.value,
        }
      }

      expect((await save('Advanced', 'en-US')).statusCode).toBe(200)
      expect(await levelIn('es-ES')).toMatchObject({
        field: { label: 'Nivel', pickListValues: 'Iniciación,Intermedio,Avanzado', value: 'Avanzado' },
        value: 'Avanzado',
      })
      expect((await save('Intermedio', 'es-ES')).statusCode).toBe(200)
      expect(await levelIn('en-US')).toMatchObject({
        field: { pickListValues: 'Beginner,Intermediate,Advanced', value: 'Intermediate' },
        value: 'Intermediate',
      })
      const refused = await save('Experto', 'es-ES')
      expect(refused.statusCode).toBe(400)
      expect(refused.json().errorMsg).toBe('Elige una de estas opciones: Iniciación, Intermedio, Avanzado.')
    })

    it.each([
      ['an IBAN with a bad checksum', { iban: 'ES91 2100 0418 4502 0005 1333' }, 400, 'iban'],
      ['a name over 100 characters', { name: 'n'.repeat(101) }, 400, 'name'],
      ['an email over 254 characters', { email: `${'e'.repeat(250)}@example.com` }, 400, 'email'],
      ['an invalid email', { email: 'laura.example.com' }, 400, 'email'],
      ['an empty phone', { phone: '' }, 400, 'phone'],
      [
        'an email of another customer',
        { email: 'carlos@example.com', currentPassword: 'Laura-Pass-1' },
        409,
        'email',
      ],
      [
        'a new email without the current password',
        { email: 'laura.new@example.com' },
        422,
        'currentPassword',
      ],
      [
        'a new email with a wrong password',
        { email: 'laura.new@example.com', currentPassword: 'Nope-Nope-1' },
        422,
        'currentPassword',
      ],
      ['a gender out of range', { gender: 2 }, 400, 'gender'],
      ['a date that does not exist', { birthDate: '1990-02-31' }, 400, 'birthDate'],
    ])('refuses %s and changes nothing', async (_what, over, status, field) => {
      const me = await loginAs(t.app, 'laura@example.com', 'Laura-Pass-1')
      const before = await snapshotTables(t.app)
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/publiccustomers/${laura}`,
        headers: me.headers,
        payload: profile({ name: 'Changed', ...over }),
      })
      expect(res.statusCode).toBe(status)
      expect(res.json().ok).toBe(false)
      expect(res.json().errorMsg).toBeTruthy()
      expect(Object.keys(res.json().errors ?? {})).toContain(field)
      await expectTablesUnchanged(t.app, before)
    })

    it.each(
      Object.entries({
        'a line feed': { name: 'Laura\nMaría' },
        'a carriage return': { surname: 'Martín\rGarcía' },
        'a line separator (U+2028)': { name: 'Laura\u2028María' },
        'a paragraph separator (U+2029)': { surname: 'Martín\u2029García' },
      }).map(([what, named]) => [what, ...Object.entries(named)[0]!] as const),
    )(
      'refuses a name with %s under its field, in either language, and changes nothing',
      async (_what, field, value) => {
        const me = await loginAs(t.app, 'laura@example.com', 'Laura-Pass-1')
        const before = await snapshotTables(t.app)
        for (const [language, message] of [
          ['en-US', 'Write this on one line, without line breaks.'],
          ['es-ES', 'Escríbelo en una sola línea, sin saltos de línea.'],
        ] as const) {
          const res = await t.app.inject({
            method: 'PUT',
            url: `/api/publiccustomers/${laura}`,
            headers: { ...me.headers, 'accept-language': language },
            payload: profile({ [field]: value }),
          })
          expect(res.statusCode, res.body).toBe(400)
          expect(res.json()).toMatchObject({ ok: false, code: 'validation', errors: { [field]: message } })
        }
        await expectTablesUnchanged(t.app, before)
      },
    )

    it.each([
      ['an unknown custom field id', () => ({ customFieldId: 99999, value: 'x' })],
      ['an inactive custom field', () => ({ customFieldId: fields.inactive, value: 'x' })],
      ['a bool field with another value', () => ({ customFieldId: fields.bool, value: 'maybe' })],
      ['a pick list value not among its options', () => ({ customFieldId: fields.pick, value: 'Expert' })],
    ])('refuses %s with 400 and changes nothing', async (_what, value) => {
      const me = await loginAs(t.app, 'laura@example.com', 'Laura-Pass-1')
      const before = await snapshotTables(t.app)
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/publiccustomers/${laura}`,
        headers: me.headers,
        payload: profile({ name: 'Changed', customFieldValues: [value()] }),
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().errorMsg).toBeTruthy()
      await expectTablesUnchanged(t.app, before)
    })

    it("refuses another customer's profile with 403 and changes nothing", async () => {
      const me = await loginAs(t.app, 'laura@example.com', 'Laura-Pass-1')
      const before = await snapshotTables(t.app)
      const read = await t.app.inject({ url: `/api/publiccustomers/${carlos}`, headers: me.headers })
      expect(read.statusCode).toBe(403)
      expect(read.json()).toMatchObject({ ok: false, code: 'forbidden' })
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/publiccustomers/${carlos}`,
        headers: me.headers,
        payload: profile({ email: 'carlos@example.com' }),
      })
      expect(put.statusCode).toBe(403)
      const json = await t.app.inject({
        method: 'PUT',
        url: '/api/publiccustomers/put-json',
        headers: me.headers,
        payload: { ...profile({ email: 'carlos@example.com' }), id: carlos },
      })
      expect(json.statusCode).toBe(403)
      await expectTablesUnchanged(t.app, before)
      const zero = await t.app.inject({ url: '/api/publiccustomers/0', headers: me.headers })
      expect(zero.statusCode).toBe(401)
    })
  })

  describe('saved cards', () => {
    it('lists the last digits only and forgets a card of its own; another customer’s card is not found', async () => {
      const db = t.app.database.db
      const [mine, theirs] = await db
        .insert(cardTokens)
        .values([
          {
            customerId: laura,
            paymentMethodId: 10,
            providerToken: 'tok_laura_4242',
            last4: '4242',
            brand: 'Visa',
            expMonth: 4,
            expYear: 2029,
          },
          {
            customerId: carlos,
            paymentMethodId: 10,
            providerToken: 'tok_carlos_1881',
            last4: '1881',
            brand: 'Mastercard',
            expMonth: 11,
            expYear: 2028,
          },
        ])
        .returning({ id: cardTokens.id })
      const me = await loginAs(t.app, 'laura@example.com', 'Laura-Pass-1')
      const list = await t.app.inject({
        url: `/api/publicpaymentmethods/token-list/${laura}`,
        headers: me.headers,
      })
      expect(list.statusCode).toBe(200)
      expect(list.json().data).toEqual([
        { id: mine!.id, cardNumber: '•••• 4242', brand: 'Visa', expiry: '04/29' },
      ])
      expect(list.body).not.toContain('tok_laura')

      const steal = await t.app.inject({
        method: 'DELETE',
        url: `/api/publicpaymentmethods/${laura}/${theirs!.id}`,
        headers: me.headers,
      })
      expect(steal.statusCode).toBe(404)
      expect(steal.json().errorMsg).toBeTruthy()
      const direct = await t.app.inject({
        method: 'DELETE',
        url: `/api/publicpaymentmethods/${carlos}/${theirs!.id}`,
        headers: me.headers,
      })
      expect(direct.statusCode).toBe(403)
      const [theirsNow] = await db.select().from(cardTokens).where(eq(cardTokens.id, theirs!.id))
      expect(theirsNow!.deletedAt).toBeNull()

      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/publicpaymentmethods/${laura}/${mine!.id}`,
        headers: me.headers,
      })
      expect(del.statusCode).toBe(200)
      expect(
        (
          await t.app.inject({ url: `/api/publicpaymentmethods/token-list/${laura}`, headers: me.headers })
        ).json().data,
      ).toEqual([])
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/publicpaymentmethods/${laura}/${mine!.id}`,
        headers: me.headers,
      })
      expect(again.statusCode).toBe(404)
    })
  })
})
