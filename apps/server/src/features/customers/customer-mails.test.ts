import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  buildTestApp,
  describeOnPostgres,
  testDatabaseKinds,
  type TestApp,
} from '../../test/build-test-app.ts'
import { clearRateLimits, customerIdOf, customerRow, insertCustomer, loginAs } from '../../test/customers.ts'
import { buildTwoInstances, type TwoInstances } from '../../test/two-instances.ts'
import { saveTestSettings, TEST_MAIN_SETTINGS } from '../../test/settings-fixtures.ts'
import { startSmtp } from '../../test/smtp.ts'
import { communications } from '../comms/comms.tables.ts'
import { customers } from './customers.tables.ts'

const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? ''
const tokenOf = (link: string) => link.split('/').pop()!

describe.each(testDatabaseKinds())('account mails over SMTP on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let t: TestApp
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers })
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to === email)

  beforeAll(async () => {
    smtp = await startSmtp()
    t = await buildTestApp(kind, { env: { SMTP_URL: smtp.url } })
    await saveTestSettings(t.app.services)
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })
  beforeEach(() => clearRateLimits(t.app))

  it('mails the activation link, which activates the account, then a welcome', async () => {
    const res = await post(
      '/api/publiccustomers/register',
      {
        name: 'Irene',
        surname: 'Soler',
        email: 'irene@example.com',
        password: 'Irene-Pass-2026',
        phone: '622333444',
        acceptConditions: true,
      },
      { 'accept-language': 'en-US' },
    )
    expect(res.statusCode).toBe(200)
    await t.app.services.mail.flush()

    const [activation] = mailsTo('irene@example.com')
    expect(activation).toBeDefined()
    expect(activation!.subject).toBe(`Activate your account at ${TEST_MAIN_SETTINGS.name}`)
    expect(activation!.from).toMatch(/no-reply@test\.local/)
    const link = linkIn(activation!.text)
    expect(link).toMatch(/^http:\/\/test\.local\/customer\/activate\/[0-9a-f]{64}$/)
    expect(activation!.html).toContain(`href="${link}"`)

    expect((await post('/api/publiccustomers/activate', { token: tokenOf(link) })).statusCode).toBe(200)
    await t.app.services.mail.flush()
    const welcome = mailsTo('irene@example.com')[1]
    expect(welcome!.subject).toMatch(/^Welcome to /)
    const session = await loginAs(t.app, 'irene@example.com', 'Irene-Pass-2026')
    expect(session.token).toMatch(/^[0-9a-f]{64}$/)

    // What was sent is also what the customer reads as their communications.
    const rows = await t.app.database.db
      .select()
      .from(communications)
      .where(eq(communications.toAddress, 'irene@example.com'))
    expect(rows.map((r) => [r.subject, r.status])).toEqual([
      [activation!.subject, 'sent'],
      [welcome!.subject, 'sent'],
    ])
  })

  it.each([
    ['a woman', 'marta@example.com', 1, 'Bienvenida a'],
    ['a man', 'jordi@example.com', 0, 'Bienvenido a'],
    ['a customer whose gender is not known', 'alex@example.com', null, 'Te damos la bienvenida a'],
  ] as const)('welcomes %s in Spanish in the right words', async (_who, email, gender, words) => {
    const res = await post(
      '/api/publiccustomers/register',
      {
        name: 'Cliente',
        surname: 'Prueba',
        email,
        password: 'Welcome-Pass-2026',
        phone: '622333445',
        acceptConditions: true,
      },
      { 'accept-language': 'es-ES' },
    )
    expect(res.statusCode).toBe(200)
    const id = await customerIdOf(t.app, email)
    // What the centre knows of the customer (its records, an earlier visit).
    await t.app.database.db.update(customers).set({ gender }).where(eq(customers.id, id))
    await t.app.services.mail.flush()
    const link = linkIn(mailsTo(email)[0]!.text)

    expect((await post('/api/publiccustomers/activate', { token: tokenOf(link) })).statusCode).toBe(200)
    await t.app.services.mail.flush()
    const welcome = mailsTo(email)[1]!
    expect(welcome.subject).toBe(`${words} ${TEST_MAIN_SETTINGS.name}`)
    expect(welcome.text).not.toMatch(
      gender === 1 ? /Bienvenido/ : gender === 0 ? /Bienvenida/ : /Bienvenid[oa]/,
    )
  })

  it('mails a reset link in the customer language; the reset sets the password and a mail tells so', async () => {
    await post('/api/publiccustomers/register', {
      name: 'Pau',
      surname: 'Ferrer',
      email: 'pau@example.com',
      password: 'Pau-Pass-2026',
      phone: '633444555',
      acceptConditions: true,
    })
    await t.app.services.mail.flush()
    await post('/api/publiccustomers/activate', {
      token: tokenOf(linkIn(mailsTo('pau@example.com')[0]!.text)),
    })

    expect(
      (await post('/api/publiccustomers/reset-password-request-cz', { email: 'pau@example.com' })).statusCode,
    ).toBe(200)
    // The reset link is made after the answer (decision 040): wait for that work before delivering,
    // or under load its mail arrives late, here or in the next test.
    await t.app.services.background.settled()
    await t.app.services.mail.flush()
    const reset = mailsTo('pau@example.com').find((m) => m.subject.startsWith('Restablece tu contraseña'))
    expect(reset).toBeDefined()
    const link = linkIn(reset!.text)
    expect(link).toMatch(/^http:\/\/test\.local\/customer\/reset-password\/[0-9a-f]{64}$/)

    const ok = await post('/api/publiccustomers/reset-password-cz', {
      token: tokenOf(link),
      plainPassword: 'Pau-New-2026',
    })
    expect(ok.statusCode).toBe(200)
    await t.app.services.mail.flush()
    expect(mailsTo('pau@example.com').at(-1)!.subject).toMatch(/^Tu contraseña en .* ha cambiado$/)
    await loginAs(t.app, 'pau@example.com', 'Pau-New-2026')
  })

  it('keeps the registration when the SMTP server refuses, and delivers the mail on the retry', async () => {
    smtp.refuseNext(1)
    const res = await post('/api/publiccustomers/register', {
      name: 'Marc',
      surname: 'Puig',
      email: 'marc@example.com',
      password: 'Marc-Pass-2026',
      phone: '644555666',
      acceptConditions: true,
    })
    expect(res.statusCode).toBe(200)
    const id = await customerIdOf(t.app, 'marc@example.com')
    await t.app.services.mail.flush()
    expect(mailsTo('marc@example.com')).toHaveLength(0)
    expect(await customerRow(t.app, id)).toBeDefined()
    const [queued] = await t.app.database.db
      .select()
      .from(communications)
      .where(eq(communications.toAddress, 'marc@example.com'))
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 })
    expect(queued!.lastError).toMatch(/busy/)
    expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now())

    // The retry's time comes.
    await t.app.database.db.execute(
      sql`update communications set next_attempt_at = now() where id = ${queued!.id}`,
    )
    await t.app.services.mail.flush()
    const [mail] = mailsTo('marc@example.com')
    expect(mail!.subject).toMatch(/^Activa tu cuenta/)
    const [sent] = await t.app.database.db
      .select()
      .from(communications)
      .where(eq(communications.id, queued!.id))
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null })
    expect(
      (await post('/api/publiccustomers/activate', { token: tokenOf(linkIn(mail!.text)) })).statusCode,
    ).toBe(200)
  })
  it('answers a registration with a taken email as a new one, and mails its owner once an hour', async () => {
    const registration = (email: string, password: string) => ({
      name: 'Someone',
      surname: 'Else',
      email,
      password,
      phone: '655666777',
      acceptConditions: true,
    })
    await insertCustomer(t.app, { email: 'owner@example.com', password: 'Owner-Pass-2026', name: 'Olga' })
    await t.app.database.db
      .update(customers)
      .set({ language: 'en-US' })
      .where(eq(customers.email, 'owner@example.com'))
    const before = await t.app.database.db.select().from(customers)

    const fresh = await post(
      '/api/publiccustomers/register',
      registration('fresh@example.com', 'Fresh-Pass-2026'),
    )
    const taken = await post(
      '/api/publiccustomers/register',
      registration('Owner@Example.com', 'Intruder-Pass-2026'),
      { 'accept-language': 'es-ES' },
    )
    // The same status and body: nothing tells the two addresses apart.
    expect(taken.statusCode).toBe(fresh.statusCode)
    expect(taken.json()).toEqual(fresh.json())
    expect(taken.json()).toEqual({ ok: true, model: { id: 0 } })

    await t.app.services.background.settled()
    await t.app.services.mail.flush()
    // The owner hears of it in their own language, with a way to log in; nothing of theirs changed.
    const [notice, ...more] = mailsTo('owner@example.com')
    expect(more).toEqual([])
    expect(notice!.subject).toBe(`Someone tried to register at ${TEST_MAIN_SETTINGS.name} with your address`)
    expect(notice!.text).toMatch(/^Hello Olga,/)
    expect(linkIn(notice!.text)).toBe('http://test.local/account')
    expect(notice!.html).toContain('href="http://test.local/account"')
    const owner = before.find((c) => c.email === 'owner@example.com')!
    expect(await customerRow(t.app, owner.id)).toEqual(owner)
    await loginAs(t.app, 'owner@example.com', 'Owner-Pass-2026')
    expect(mailsTo('fresh@example.com')[0]!.subject).toMatch(/^Activa tu cuenta/)

    // Again within the hour: the same answer, and no second mail to the owner.
    const again = await post(
      '/api/publiccustomers/register',
      registration('owner@example.com', 'Intruder-Pass-2026'),
    )
    expect(again.json()).toEqual({ ok: true, model: { id: 0 } })
    await t.app.services.background.settled()
    await t.app.services.mail.flush()
    expect(mailsTo('owner@example.com')).toHaveLength(1)

    // An hour later, another try tells the owner again.
    await t.app.database.db.execute(
      sql`update rate_limits set reset_at = now() where key like 'registration-attempt|%'`,
    )
    await post('/api/publiccustomers/register', registration('owner@example.com', 'Intruder-Pass-2026'))
    await t.app.services.background.settled()
    await t.app.services.mail.flush()
    expect(mailsTo('owner@example.com')).toHaveLength(2)
  })
})

describeOnPostgres('the mail to an account owner about a registration, across two instances', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let pair: TwoInstances

  beforeAll(async () => {
    smtp = await startSmtp()
    pair = await buildTwoInstances('postgres', { env: { SMTP_URL: smtp.url } })
    await saveTestSettings(pair.apps[0].services)
  })
  afterAll(async () => {
    await pair.close()
    await smtp.close()
  })

  it('goes once, however the tries are shared between the instances', async () => {
    await insertCustomer(pair.apps[0], {
      email: 'owner@example.com',
      password: 'Owner-Pass-2026',
      name: 'Olga',
    })
    const tries = [0, 1, 0, 1, 0, 1].map((i) =>
      pair.apps[i]!.inject({
        method: 'POST',
        url: '/api/publiccustomers/register',
        payload: {
          name: 'Someone',
          surname: 'Else',
          email: 'owner@example.com',
          password: `Intruder-Pass-${i}`,
          phone: '655666777',
          acceptConditions: true,
        },
      }),
    )
    const answers = await Promise.all(tries)
    expect(answers.map((a) => a.json())).toEqual(answers.map(() => ({ ok: true, model: { id: 0 } })))
    for (const app of pair.apps) {
      await app.services.background.settled()
      await app.services.mail.flush()
    }
    expect(smtp.received.filter((m) => m.to === 'owner@example.com')).toHaveLength(1)
  })
})
