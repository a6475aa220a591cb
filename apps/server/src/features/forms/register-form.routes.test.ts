import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EditInputType, type FormDef } from '@clubhouse/contract/server'
import { both } from '../../test/account-fixtures.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { clearRateLimits, insertCustomer, loginAs } from '../../test/customers.ts'
import { formDefOf, REGISTER_FORM_FIELDS, saveForm } from '../../test/form-fixtures.ts'
import { saveTestSettings, TEST_MAIN_SETTINGS } from '../../test/settings-fixtures.ts'
import { expectTablesUnchanged, snapshotTables } from '../../test/table-snapshot.ts'
import { communications } from '../comms/comms.tables.ts'
import { customers } from '../customers/customers.tables.ts'
import { formSubmissions, formSubmissionValues } from './forms.tables.ts'
import { REGISTER_FORM_PER_MINUTE } from './forms.service.ts'

/** Registration through the centre's own form (decision 064): the form's save opens the account. */
describe.each(testDatabaseKinds())('registration through the registration form, on %s', (kind) => {
  let t: TestApp
  let def: FormDef
  const TABLES = ['customers', 'form_submissions', 'form_submission_values', 'communications']

  beforeAll(async () => {
    t = await buildTestApp(kind)
    await saveTestSettings(t.app.services)
    await t.app.services.forms.createForm({
      parentName: 'CustomRegisterForm',
      parentId: 1,
      legalChecks: true,
      fields: [
        ...REGISTER_FORM_FIELDS,
        {
          name: 'preferred_hand',
          label: both('Mano dominante', 'Preferred hand'),
          inputType: EditInputType.Picklist,
          required: true,
          options: [
            { value: 'right', label: both('Diestra', 'Right') },
            { value: 'left', label: both('Zurda', 'Left') },
          ],
        },
      ],
    })
    def = await formDefOf(t.app, 'CustomRegisterForm', 1)
  })
  afterAll(() => t.close())

  const idOf = (name: string) => def.fields.find((f) => f.name === name)!.id
  const filled = (overrides: Record<string, string> = {}, extra: Record<string, unknown> = {}) => {
    const values: Record<string, string> = {
      name: 'Nora',
      surname: 'Gil',
      email: 'nora@example.com',
      phone: '600 000 000',
      password: 'Court-Side-42',
      password2: 'Court-Side-42',
      preferred_hand: 'left',
      ...overrides,
    }
    return {
      parentId: 1,
      parentName: 'CustomRegisterForm',
      okRss: false,
      acceptConditions: true,
      fields: Object.entries(values).map(([name, value]) => ({ id: idOf(name), name, value })),
      ...extra,
    }
  }
  const save = (
    values: Record<string, unknown>,
    headers: Record<string, string> = {},
    { keepLimits = false } = {},
  ) => saveForm(t.app, values, [], { headers, keepLimits })
  const refused = async (values: Record<string, unknown>, status: number, headers = {}) => {
    const before = await snapshotTables(t.app, TABLES)
    const res = await save(values, headers)
    expect(res.statusCode, res.body).toBe(status)
    await expectTablesUnchanged(t.app, before)
    return res.json<{ ok: boolean; code: string; errorMsg: string; errors?: Record<string, string> }>()
  }

  it('opens an account that is not active yet, sends its activation mail and keeps the other answers', async () => {
    const res = await save(filled({ email: 'Nora@Example.com' }))
    expect(res.statusCode, res.body).toBe(200)
    const db = t.app.database.db
    const [account] = await db.select().from(customers).where(eq(customers.email, 'nora@example.com'))
    expect(account).toMatchObject({ name: 'Nora', surname: 'Gil', phone: '600 000 000', okRss: false })
    expect(account!.passwordHash).toMatch(/^scrypt/)
    expect(account!.passwordHash).not.toContain('Court-Side-42')

    // The answer names neither the submission nor the account: a taken email answers alike.
    expect(res.json()).toEqual({ ok: true, errorMsg: null, model: { id: 0, customerId: null } })
    const [submission] = await db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.customerId, account!.id))
    expect(submission).toBeDefined()
    const values = await db
      .select({ value: formSubmissionValues.value })
      .from(formSubmissionValues)
      .where(eq(formSubmissionValues.submissionId, submission!.id))
    expect(values.map((v) => v.value)).toContain('left')
    expect(values.map((v) => v.value).join(' ')).not.toContain('Court-Side-42')

    const mails = await db.select().from(communications).where(eq(communications.customerId, account!.id))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toMatch(/activ/i)

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/publiccustomers/cauth',
      payload: { email: 'nora@example.com', password: 'Court-Side-42' },
    })
    expect(login.json()).toMatchObject({ ok: false, code: 'not_activated' })
  })

  it('answers an email that has an account as a new one, keeping nothing, and mails its owner', async () => {
    await insertCustomer(t.app, { email: 'taken@example.com', password: 'Probe-Pass-1' })
    const kept = TABLES.filter((table) => table !== 'communications')
    const before = await snapshotTables(t.app, kept)
    const res = await save(filled({ email: 'Taken@Example.com' }))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ ok: true, errorMsg: null, model: { id: 0, customerId: null } })
    await t.app.services.background.settled()
    // Nothing of the form is kept; only the notice to the owner is written.
    await expectTablesUnchanged(t.app, before)
    const mails = await t.app.database.db
      .select()
      .from(communications)
      .where(eq(communications.toAddress, 'taken@example.com'))
    expect(mails.map((m) => m.subject)).toEqual([
      `Alguien ha intentado registrarse en ${TEST_MAIN_SETTINGS.name} con tu dirección`,
    ])
  })

  it('names each wrong account field, in the reader’s language, and keeps nothing', async () => {
    const answer = await refused(filled({ email: 'not-an-email', password: 'abc', password2: 'abd' }), 422)
    expect(answer.code).toBe('invalid_form')
    expect(answer.errors).toMatchObject({
      email: expect.any(String),
      password: 'Minimum length is 5',
      password2: 'Password does not match',
    })
    const es = await refused(filled({ password2: 'Other-Pass-9' }), 422, { 'accept-language': 'es-ES' })
    expect(es.errors?.password2).toBe('Las contraseñas no coinciden')
  })

  it('asks the legal conditions and refuses a common password', async () => {
    const notAccepted = await refused(filled({ email: 'a@example.com' }, { acceptConditions: false }), 422)
    expect(notAccepted.errorMsg).toBe('Please accept our legal conditions')
    const common = await refused(
      filled({ email: 'b@example.com', password: 'password', password2: 'password' }),
      400,
    )
    expect(common.errors?.password).toBeTruthy()
  })

  it('is not for a customer who is logged in', async () => {
    await insertCustomer(t.app, { email: 'in@example.com', password: 'Probe-Pass-1' })
    const me = await loginAs(t.app, 'in@example.com', 'Probe-Pass-1')
    const answer = await refused(
      filled({ email: 'second@example.com' }, { customerId: me.id }),
      422,
      me.headers,
    )
    expect(answer.code).toBe('invalid_form')
  })

  it('opens no account while registration is closed', async () => {
    await t.app.services.content.saveSettings('main', { ...TEST_MAIN_SETTINGS, registerOn: false })
    try {
      const answer = await refused(filled({ email: 'closed@example.com' }), 403)
      expect(answer.code).toBe('registration_closed')
    } finally {
      await t.app.services.content.saveSettings('main', TEST_MAIN_SETTINGS)
    }
  })

  it(`opens at most ${REGISTER_FORM_PER_MINUTE} accounts a minute from one client`, async () => {
    await clearRateLimits(t.app)
    for (let i = 0; i < REGISTER_FORM_PER_MINUTE; i++) {
      const res = await save(filled({ email: `burst${i}@example.com` }), {}, { keepLimits: true })
      expect(res.statusCode, res.body).toBe(200)
    }
    const before = await snapshotTables(t.app, TABLES)
    const res = await save(filled({ email: 'one-more@example.com' }), {}, { keepLimits: true })
    expect(res.statusCode).toBe(429)
    expect(res.json()).toMatchObject({ ok: false, code: 'rate_limited' })
    await expectTablesUnchanged(t.app, before)
  })
})
