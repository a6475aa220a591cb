import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { clearRateLimits, insertCustomer } from '../../test/customers.ts'
import { saveTestSettings, TEST_MAIN_SETTINGS } from '../../test/settings-fixtures.ts'
import { startSmtp } from '../../test/smtp.ts'
import { buildTwoInstances, type TwoInstances } from '../../test/two-instances.ts'
import type { App } from '../../app.ts'
import { MAX_WAIT_MS, waitAfter } from './login-guard.ts'

const LOGIN = '/api/publiccustomers/cauth'
/** 10:30 in Madrid, a Monday: the clock these tests start from and move by hand. */
const START = Date.parse('2026-03-02T09:30:00Z')

/** One login through `app` from the client `address`. */
function loginAt(app: App, address: string, email: string, password: string) {
  return app.inject({ method: 'POST', url: LOGIN, payload: { email, password }, remoteAddress: address })
}

/** What a client notices of a login answer: status, body and the wait it is told. */
async function seen(answer: ReturnType<typeof loginAt>) {
  const res = await answer
  return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] }
}

describe.each(testDatabaseKinds())('failed logins of one email on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let t: TestApp
  let clock = START
  let addresses = 0
  /** A client address no request came from yet. */
  const newAddress = () => `198.51.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`
  const login = (address: string, email: string, password: string) => loginAt(t.app, address, email, password)
  /**
   * `times` wrong passwords for `email`, each from a new address and each checked: when one is told
   * to wait, the clock moves on by the wait it was told and it is tried again.
   */
  async function fail(email: string, times: number) {
    for (let i = 0; i < times; i++) {
      for (let tries = 1; ; tries++) {
        const res = await login(newAddress(), email, 'Not-Her-Pass-1')
        if (res.statusCode === 401) break
        // Told to wait, it is checked once the wait is over.
        expect([res.statusCode, tries]).toEqual([429, 1])
        clock += Number(res.headers['retry-after']) * 1000
      }
    }
  }
  const mailsTo = async (email: string) => {
    await t.app.services.background.settled()
    await t.app.services.mail.flush()
    return smtp.received.filter((m) => m.to === email)
  }

  beforeAll(async () => {
    smtp = await startSmtp()
    t = await buildTestApp(kind, { env: { SMTP_URL: smtp.url }, now: () => clock })
    await saveTestSettings(t.app.services)
    await insertCustomer(t.app, { email: 'laura@example.com', password: 'Laura-Pass-1', name: 'Laura' })
    await insertCustomer(t.app, { email: 'carlos@example.com', password: 'Carlos-Pass-1', name: 'Carlos' })
    await t.app.services.customers.importCustomer({
      customer: {
        email: 'grace@example.com',
        passwordHash: null,
        name: 'Grace',
        surname: 'Hopper',
        phone: '600000000',
        acceptConditions: true,
        activatedAt: new Date(),
        language: 'en-US',
      },
    })
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })
  beforeEach(async () => {
    await clearRateLimits(t.app)
    // Each test starts with no address known as the owner's.
    await t.app.database.db.execute(sql`delete from login_addresses`)
    clock += 24 * 3_600_000
    // Each test reads the mails it caused.
    await mailsTo('')
    smtp.received.length = 0
  })

  it('lets the owner in from her own device after ten wrong passwords from another address', async () => {
    const home = '203.0.113.7'
    expect((await login(home, 'laura@example.com', 'Laura-Pass-1')).statusCode).toBe(200)

    // Ten wrong passwords from one address, each checked: the attacker waits what a failure costs.
    const attacker = '192.0.2.66'
    const answers: number[] = []
    for (let i = 0; i < 10; i++) {
      clock += waitAfter(i)
      answers.push((await login(attacker, 'laura@example.com', `Guess-${i}-Pass`)).statusCode)
    }
    expect(answers).toEqual(Array.from({ length: 10 }, () => 401))
    // That address is now refused whatever it sends...
    expect((await login(attacker, 'laura@example.com', 'Laura-Pass-1')).statusCode).toBe(429)

    // ...while the owner, from the address she logs in from, gets in at once.
    const mine = await login(home, 'laura@example.com', 'Laura-Pass-1')
    expect(mine.statusCode).toBe(200)
    expect(mine.json().model.name).toBe('Laura')
  })

  it('keeps a new address of the owner waiting a few seconds at most, then lets her in', async () => {
    await fail('laura@example.com', 12)
    const phone = newAddress()
    const early = await seen(login(phone, 'laura@example.com', 'Laura-Pass-1'))
    expect(early.status).toBe(429)
    expect(early.body).toEqual({
      ok: false,
      code: 'rate_limited',
      errorMsg: `Too many failed logins for this email. Please try again in ${early.retryAfter} s.`,
    })
    expect(Number(early.retryAfter)).toBeGreaterThan(0)
    expect(Number(early.retryAfter)).toBeLessThanOrEqual(MAX_WAIT_MS / 1000)

    const spanish = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: 'laura@example.com', password: 'Laura-Pass-1' },
      remoteAddress: phone,
      headers: { 'accept-language': 'es-ES' },
    })
    expect(spanish.json().errorMsg).toBe(
      `Demasiados intentos fallidos con este correo. Vuelve a intentarlo dentro de ${spanish.headers['retry-after']} s.`,
    )

    clock += Number(early.retryAfter) * 1000
    expect((await login(phone, 'laura@example.com', 'Laura-Pass-1')).statusCode).toBe(200)
    // Her login forgets the failures: the next wrong password is checked at once.
    expect((await login(newAddress(), 'laura@example.com', 'Wrong-Pass-9')).statusCode).toBe(401)
  })

  it('mails the owner once about repeated failures, in her language and with the time, then at most hourly', async () => {
    await fail('laura@example.com', 4)
    expect(await mailsTo('laura@example.com')).toHaveLength(0)
    const fifthAt = clock
    await fail('laura@example.com', 1)
    await fail('laura@example.com', 10)
    const mails = await mailsTo('laura@example.com')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe(`Alguien ha intentado entrar en tu cuenta de ${TEST_MAIN_SETTINGS.name}`)
    const when = new Intl.DateTimeFormat('es-ES', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: 'Europe/Madrid',
      hourCycle: 'h23',
    }).format(fifthAt)
    expect(mails[0]!.text).toContain(`la última el ${when}`)
    expect(mails[0]!.text).not.toContain('Not-Her-Pass-1')

    // The failures go on: within the hour nothing more is sent, after it the next failure tells her again.
    clock = fifthAt + 50 * 60_000
    await fail('laura@example.com', 5)
    clock = fifthAt + 59 * 60_000
    await fail('laura@example.com', 1)
    expect(await mailsTo('laura@example.com')).toHaveLength(1)
    clock = fifthAt + 61 * 60_000
    await fail('laura@example.com', 1)
    expect(await mailsTo('laura@example.com')).toHaveLength(2)

    // A customer who reads English is told in English.
    await fail('grace@example.com', 5)
    const [grace] = await mailsTo('grace@example.com')
    expect(grace?.subject).toBe(`Someone tried to log in to your account at ${TEST_MAIN_SETTINGS.name}`)
  })

  it('answers an unknown email exactly as a known one, waits included, and mails nobody', async () => {
    const sequence = async (email: string) => {
      const out: Array<Awaited<ReturnType<typeof seen>>> = []
      const from = newAddress()
      for (let i = 0; i < 5; i++) out.push(await seen(login(newAddress(), email, 'Wrong-Pass-1')))
      out.push(await seen(login(from, email, 'Wrong-Pass-1')))
      clock += 1000
      out.push(await seen(login(from, email, 'Wrong-Pass-1')))
      out.push(await seen(login(newAddress(), email, 'Wrong-Pass-1')))
      clock += 2000
      out.push(await seen(login(from, email, 'Wrong-Pass-1')))
      return out
    }
    const sent = smtp.received.length
    const known = await sequence('carlos@example.com')
    const unknown = await sequence('nobody-here@example.com')
    expect(unknown).toEqual(known)
    expect(known.map((a) => [a.status, a.retryAfter])).toEqual([
      [401, undefined],
      [401, undefined],
      [401, undefined],
      [401, undefined],
      [401, undefined],
      [429, '1'],
      [401, undefined],
      [429, '2'],
      [401, undefined],
    ])
    await mailsTo('carlos@example.com')
    expect(smtp.received.slice(sent).map((m) => m.to)).toEqual(['carlos@example.com'])
  })
})

describe.each(testDatabaseKinds())('failed logins counted by two instances on %s', (kind) => {
  let instances: TwoInstances
  let clock = START
  beforeAll(async () => {
    instances = await buildTwoInstances(kind, { now: () => clock })
    const [one] = instances.apps
    await insertCustomer(one, { email: 'laura@example.com', password: 'Laura-Pass-1', name: 'Laura' })
  })
  afterAll(() => instances.close())

  it('makes failures sent to one instance count on the other, one checked login per wait', async () => {
    const [one, two] = instances.apps
    expect((await loginAt(two, '203.0.113.7', 'laura@example.com', 'Laura-Pass-1')).statusCode).toBe(200)
    for (let i = 0; i < 5; i++) {
      expect((await loginAt(one, `192.0.2.${i + 1}`, 'laura@example.com', 'Wrong-Pass-1')).statusCode).toBe(
        401,
      )
    }
    const onTwo = await loginAt(two, '192.0.2.100', 'laura@example.com', 'Wrong-Pass-1')
    expect(onTwo.statusCode).toBe(429)
    expect(onTwo.headers['retry-after']).toBe('1')

    // Once the wait is over, many tries racing on both instances: one is checked, the others wait.
    clock += 1000
    const racing = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        loginAt(i % 2 ? two : one, `192.0.2.${120 + i}`, 'laura@example.com', `Guess-${i}-Pass`),
      ),
    )
    expect(racing.map((r) => r.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429, 429, 429])

    // The owner from the address she logs in from is let in on either instance.
    expect((await loginAt(one, '203.0.113.7', 'laura@example.com', 'Laura-Pass-1')).statusCode).toBe(200)
  })
})
