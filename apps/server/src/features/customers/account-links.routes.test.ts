import { desc, eq, like, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { LINK_FRESH_MINUTES } from '@clubhouse/contract/server'
import {
  describeOnPostgres,
  buildTestApp,
  testDatabaseKinds,
  type TestApp,
} from '../../test/build-test-app.ts'
import { saveTestSettings } from '../../test/catalogue-fixtures.ts'
import { clearRateLimits, customerRow, insertCustomer, loginAs } from '../../test/customers.ts'
import { communications } from '../comms/comms.tables.ts'
import { MAIL_CAPS } from '../comms/mailer.ts'
import { rateLimits } from '../../http/rate-limit.tables.ts'

const tokenOf = (link: string) => link.split('/').pop()!
const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? ''

/**
 * The mails that carry a link to an account — activation, reset, email change — are what a stranger
 * can make the site send: they go once per fresh window, under a cap per recipient, and the answer
 * comes before the work so it takes as long for an address with an account as for one without.
 */
describe.each(testDatabaseKinds())('account links on %s', (kind) => {
  let t: TestApp
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers })
  const mailsTo = async (email: string) => {
    await t.app.services.background.settled()
    return t.app.database.db
      .select()
      .from(communications)
      .where(eq(communications.toAddress, email))
      .orderBy(desc(communications.id))
  }
  /** The fresh window of every link ends now, as if LINK_FRESH_MINUTES had passed. */
  const letLinksGoStale = () =>
    t.app.database.db
      .update(rateLimits)
      .set({ resetAt: sql`now()` })
      .where(like(rateLimits.key, 'link|%'))

  beforeAll(async () => {
    t = await buildTestApp(kind)
    await saveTestSettings(t.app.services)
    await insertCustomer(t.app, { email: 'ana@example.com', password: 'Ana-Pass-2026', name: 'Ana' })
  })
  afterAll(() => t.close())
  beforeEach(() => clearRateLimits(t.app))

  describe('a fresh link is not sent again', () => {
    it('says when the last reset link went, and sends no second one while it is fresh', async () => {
      const first = await post('/api/publiccustomers/reset-password-request-cz', { email: 'ana@example.com' })
      const second = await post('/api/publiccustomers/reset-password-request-cz', {
        email: 'ana@example.com',
      })
      expect(first.json().model.alreadySent).toBe(false)
      expect(second.json().model).toEqual({ ...first.json().model, alreadySent: true })
      const window = Date.parse(first.json().model.resendAfter) - Date.parse(first.json().model.sentAt)
      expect(window).toBe(LINK_FRESH_MINUTES * 60_000)
      expect((await mailsTo('ana@example.com')).filter((m) => m.purpose === 'reset')).toHaveLength(1)

      // The same for an address without an account: nobody learns which addresses have one.
      const ghost1 = await post('/api/publiccustomers/reset-password-request-cz', {
        email: 'ghost@example.com',
      })
      const ghost2 = await post('/api/publiccustomers/reset-password-request-cz', {
        email: 'ghost@example.com',
      })
      expect(ghost1.json().model.alreadySent).toBe(false)
      expect(ghost2.json().model.alreadySent).toBe(true)
      expect(await mailsTo('ghost@example.com')).toHaveLength(0)

      await letLinksGoStale()
      const later = await post('/api/publiccustomers/reset-password-request-cz', { email: 'ana@example.com' })
      expect(later.json().model.alreadySent).toBe(false)
      expect((await mailsTo('ana@example.com')).filter((m) => m.purpose === 'reset')).toHaveLength(2)
    })

    it('resends an activation link once per fresh window', async () => {
      await insertCustomer(t.app, { email: 'new@example.com', password: 'New-Pass-2026', activated: false })
      for (let i = 0; i < 4; i++) {
        await post('/api/publiccustomers/resend-activation', { email: 'new@example.com' })
      }
      expect((await mailsTo('new@example.com')).filter((m) => m.purpose === 'activation')).toHaveLength(1)
    })
  })

  it(`caps the link mails one address receives at ${MAIL_CAPS.perHour} an hour, however they are asked for`, async () => {
    const email = 'flooded@example.com'
    await insertCustomer(t.app, { email, password: 'Flood-Pass-2026', activated: false })
    const answers: unknown[] = []
    for (let i = 0; i < MAIL_CAPS.perHour + 3; i++) {
      const url =
        i % 2 === 0
          ? '/api/publiccustomers/reset-password-request-cz'
          : '/api/publiccustomers/resend-activation'
      const res = await post(url, { email })
      expect(res.statusCode).toBe(200)
      answers.push(res.json().model.alreadySent)
      await clearRateLimits(t.app)
    }
    // Each ask got the same answer as any other...
    expect(answers.every((a) => a === false)).toBe(true)
    // ...but no more than the cap reached the mailbox.
    expect(await mailsTo(email)).toHaveLength(MAIL_CAPS.perHour)
  })

  describe('changing the login email', () => {
    let ben: number
    beforeAll(async () => {
      ben = await insertCustomer(t.app, { email: 'ben@example.com', password: 'Ben-Pass-2026', name: 'Ben' })
    })
    const profile = (over: Record<string, unknown>) => ({
      name: 'Ben',
      surname: 'Customer',
      email: 'ben@example.com',
      phone: '600000000',
      ...over,
    })

    it('needs the current password, and changes the email only when the link mailed to it is followed', async () => {
      const me = await loginAs(t.app, 'ben@example.com', 'Ben-Pass-2026')
      const save = await t.app.inject({
        method: 'PUT',
        url: `/api/publiccustomers/${ben}`,
        headers: me.headers,
        payload: profile({ email: 'ben.new@example.com', currentPassword: 'Ben-Pass-2026', name: 'Ben Jr' }),
      })
      expect(save.statusCode).toBe(200)
      expect(save.json().data).toMatchObject({
        name: 'Ben Jr',
        email: 'ben@example.com',
        pendingEmail: 'ben.new@example.com',
      })
      expect((await customerRow(t.app, ben))!.email).toBe('ben@example.com')

      const [confirm] = await mailsTo('ben.new@example.com')
      expect(confirm).toMatchObject({ purpose: 'email_change', customerId: ben })
      const link = linkIn(confirm!.textBody)
      expect(link).toMatch(/^http:\/\/test\.local\/customer\/confirm-email\/[0-9a-f]{64}$/)
      const [notice] = await mailsTo('ben@example.com')
      expect(notice).toMatchObject({ purpose: 'email_change_notice' })
      expect(notice!.textBody).toContain('ben.new@example.com')
      expect(notice!.textBody).not.toContain(tokenOf(link))

      // Until then the new address does not log in.
      const early = await post('/api/publiccustomers/cauth', {
        email: 'ben.new@example.com',
        password: 'Ben-Pass-2026',
      })
      expect(early.statusCode).toBe(401)

      const confirmed = await post('/api/publiccustomers/confirm-email', { token: tokenOf(link) })
      expect(confirmed.statusCode).toBe(200)
      expect(confirmed.json()).toEqual({ ok: true, model: { email: 'ben.new@example.com' } })
      expect((await customerRow(t.app, ben))!.email).toBe('ben.new@example.com')
      await loginAs(t.app, 'ben.new@example.com', 'Ben-Pass-2026')
      const old = await post('/api/publiccustomers/cauth', {
        email: 'ben@example.com',
        password: 'Ben-Pass-2026',
      })
      expect(old.statusCode).toBe(401)
      const profileNow = await t.app.inject({
        method: 'GET',
        url: `/api/publiccustomers/${ben}`,
        headers: me.headers,
      })
      expect(profileNow.json().data.pendingEmail).toBeNull()

      const twice = await post('/api/publiccustomers/confirm-email', { token: tokenOf(link) })
      expect(twice.statusCode).toBe(400)
      expect(twice.json()).toMatchObject({ ok: false, code: 'invalid_token' })

      // Back to the first address for the tests that follow.
      await t.app.database.db.execute(sql`update customers set email = 'ben@example.com' where id = ${ben}`)
    })

    it('refuses a link whose address another account took meanwhile, and changes nothing', async () => {
      const me = await loginAs(t.app, 'ben@example.com', 'Ben-Pass-2026')
      await t.app.inject({
        method: 'PUT',
        url: `/api/publiccustomers/${ben}`,
        headers: me.headers,
        payload: profile({ email: 'wanted@example.com', currentPassword: 'Ben-Pass-2026' }),
      })
      const [confirm] = await mailsTo('wanted@example.com')
      await insertCustomer(t.app, { email: 'wanted@example.com', password: 'Other-Pass-2026' })
      const before = await customerRow(t.app, ben)
      const res = await post('/api/publiccustomers/confirm-email', {
        token: tokenOf(linkIn(confirm!.textBody)),
      })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({ ok: false, code: 'email_taken' })
      expect(await customerRow(t.app, ben)).toEqual(before)
    })

    it('makes an earlier confirmation link stop working when a newer change is asked for', async () => {
      const me = await loginAs(t.app, 'ben@example.com', 'Ben-Pass-2026')
      const ask = (email: string) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/publiccustomers/${ben}`,
          headers: me.headers,
          payload: profile({ email, currentPassword: 'Ben-Pass-2026' }),
        })
      await ask('first.try@example.com')
      const [first] = await mailsTo('first.try@example.com')
      await ask('second.try@example.com')
      const stale = await post('/api/publiccustomers/confirm-email', {
        token: tokenOf(linkIn(first!.textBody)),
      })
      expect(stale.json()).toMatchObject({ ok: false, code: 'invalid_token' })
      expect((await customerRow(t.app, ben))!.email).toBe('ben@example.com')
    })

    describe('once per change', () => {
      let cleo: number
      beforeAll(async () => {
        cleo = await insertCustomer(t.app, { email: 'cleo@example.com', password: 'Cleo-Pass-2026' })
      })
      const askAs = async (me: { headers: Record<string, string> }, email: string) => {
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/publiccustomers/${cleo}`,
          headers: me.headers,
          payload: profile({ name: 'Cleo', email, currentPassword: 'Cleo-Pass-2026' }),
        })
        expect(res.statusCode, res.body).toBe(200)
        return res
      }
      const purposes = async (email: string) => (await mailsTo(email)).map((m) => m.purpose)

      it('sends the link and the notice once, however often the same new email is saved', async () => {
        const me = await loginAs(t.app, 'cleo@example.com', 'Cleo-Pass-2026')
        for (let i = 0; i < 3; i++) await askAs(me, 'cleo.new@example.com')
        expect(await purposes('cleo.new@example.com')).toEqual(['email_change'])
        expect(await purposes('cleo@example.com')).toEqual(['email_change_notice'])
        // The link of the first save still works.
        const [confirm] = await mailsTo('cleo.new@example.com')
        const res = await post('/api/publiccustomers/confirm-email', {
          token: tokenOf(linkIn(confirm!.textBody)),
        })
        expect(res.statusCode).toBe(200)
        await t.app.database.db.execute(
          sql`update customers set email = 'cleo@example.com' where id = ${cleo}`,
        )
      })

      it('tells the old address of every change, even past the hourly cap of link mails', async () => {
        const me = await loginAs(t.app, 'cleo@example.com', 'Cleo-Pass-2026')
        await t.app.database.db.delete(communications).where(eq(communications.toAddress, 'cleo@example.com'))
        for (let i = 0; i < MAIL_CAPS.perHour; i++) {
          await letLinksGoStale()
          await post('/api/publiccustomers/reset-password-request-cz', { email: 'cleo@example.com' })
        }
        expect(await purposes('cleo@example.com')).toHaveLength(MAIL_CAPS.perHour)
        await askAs(me, 'cleo.other@example.com')
        await askAs(me, 'cleo.third@example.com')
        const notices = (await purposes('cleo@example.com')).filter((p) => p === 'email_change_notice')
        expect(notices).toHaveLength(2)
        expect(await purposes('cleo.third@example.com')).toEqual(['email_change'])
      })
    })

    it('refuses a new email without the current password, or with a wrong one, and mails nothing', async () => {
      const me = await loginAs(t.app, 'ben@example.com', 'Ben-Pass-2026')
      for (const [currentPassword, code] of [
        [undefined, 'password_needed'],
        ['Wrong-Pass-2026', 'wrong_password'],
      ] as const) {
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/publiccustomers/${ben}`,
          headers: me.headers,
          payload: profile({ email: 'thief@example.com', ...(currentPassword ? { currentPassword } : {}) }),
        })
        expect(res.statusCode).toBe(422)
        expect(res.json()).toMatchObject({ ok: false, code })
        expect(Object.keys(res.json().errors)).toEqual(['currentPassword'])
      }
      expect(await mailsTo('thief@example.com')).toHaveLength(0)
    })
  })
})

describeOnPostgres('the answer to "send me a link" on postgres', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp('postgres')
    await saveTestSettings(t.app.services)
    await insertCustomer(t.app, { email: 'known@example.com', password: 'Known-Pass-2026', activated: false })
  })
  afterAll(() => t.close())

  it('comes before any look-up of the address, for a known and an unknown email alike', async () => {
    // Another session holds the customers table: anything that reads it waits. The answers must not.
    const holder = new pg.Client({ connectionString: t.config.databaseUrl })
    await holder.connect()
    await holder.query('begin')
    await holder.query('lock table customers in access exclusive mode')
    try {
      for (const url of [
        '/api/publiccustomers/reset-password-request-cz',
        '/api/publiccustomers/resend-activation',
      ]) {
        for (const email of ['known@example.com', 'unknown@example.com']) {
          const res = await t.app.inject({ method: 'POST', url, payload: { email } })
          expect(res.statusCode).toBe(200)
          expect(res.json().model.alreadySent).toBe(false)
        }
      }
    } finally {
      await holder.query('rollback')
      await holder.end()
    }
    await t.app.services.background.settled()
    const mails = await t.app.database.db
      .select({ to: communications.toAddress, purpose: communications.purpose })
      .from(communications)
    expect(mails.sort((a, b) => a.purpose.localeCompare(b.purpose))).toEqual([
      { to: 'known@example.com', purpose: 'activation' },
      { to: 'known@example.com', purpose: 'reset' },
    ])
  })
})
