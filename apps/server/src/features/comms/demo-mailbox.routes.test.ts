import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { createTestCustomers } from '../../test/account-fixtures.ts'
import { clearRateLimits, customerIdOf, customerRow, insertCustomer, loginAs } from '../../test/customers.ts'
import { saveTestSettings } from '../../test/settings-fixtures.ts'
import { captureLog, LOG_LEVEL_NUMBER } from '../../test/log-capture.ts'
import { loadConfig } from '../../config.ts'
import { communications } from './comms.tables.ts'
import { createMailer } from './mailer.ts'

const registration = (email: string) => ({
  name: 'Irene',
  surname: 'Soler',
  email,
  password: 'Irene-Pass-2026',
  phone: '611222444',
  acceptConditions: true,
})

interface Summary {
  id: number
  to: string
  subject: string
  created: string
}

describe.each(testDatabaseKinds())('the demo mailbox on %s', (kind) => {
  describe('without SMTP', () => {
    let t: TestApp
    const get = (url: string) => t.app.inject({ method: 'GET', url })
    const list = async () => (await get('/api/demo-mailbox')).json<{ data: Summary[] }>().data

    beforeAll(async () => {
      t = await buildTestApp(kind)
      await saveTestSettings(t.app.services)
      // A customer with mails already sent, one long ago and one just now.
      await createTestCustomers(t.app.services, [
        {
          email: 'marta@example.com',
          communications: [
            {
              channel: 'email',
              subject: 'Bienvenida',
              body: '<p>Hola</p>',
              createdAt: new Date('2026-01-10T10:00:00.000Z'),
            },
            { channel: 'email', subject: 'Tu bono', body: '<p>Activo</p>', createdAt: new Date() },
          ],
        },
      ])
      await insertCustomer(t.app, { email: 'reset@example.com', password: 'Reset-Pass-2026' })
    })
    afterAll(() => t.close())
    beforeEach(() => clearRateLimits(t.app))

    it('shows the activation mail of a registration, whose link activates the account', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/publiccustomers/register',
        payload: registration('irene@example.com'),
        headers: { 'accept-language': 'en-US' },
      })
      expect(res.statusCode).toBe(200)
      const customerId = await customerIdOf(t.app, 'irene@example.com')

      const answer = await get('/api/demo-mailbox')
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['cache-control']).toBe('no-store')
      const newest = answer.json<{ data: Summary[] }>().data[0]!
      expect(newest).toMatchObject({ to: 'irene@example.com', subject: expect.stringMatching(/^Activate/) })
      expect(Date.now() - Date.parse(newest.created)).toBeLessThan(60_000)

      const detail = await get(`/api/demo-mailbox/${newest.id}`)
      expect(detail.statusCode).toBe(200)
      const mail = detail.json().model as { html: string; text: string; to: string }
      expect(mail.to).toBe('irene@example.com')
      const link = /href="(http:\/\/test\.local\/customer\/activate\/([0-9a-f]{64}))"/.exec(mail.html)
      expect(link).not.toBeNull()
      expect(mail.text).toContain(link![1])

      // The mailbox reads the outbox row itself: one mail, one row.
      const rows = await t.app.database.db
        .select({ id: communications.id })
        .from(communications)
        .where(sql`${communications.toAddress} = 'irene@example.com'`)
      expect(rows.map((r) => r.id)).toEqual([newest.id])

      const activated = await t.app.inject({
        method: 'POST',
        url: '/api/publiccustomers/activate',
        payload: { token: link![2] },
      })
      expect(activated.statusCode).toBe(200)
      expect((await customerRow(t.app, customerId))!.activatedAt).not.toBeNull()
      await loginAs(t.app, 'irene@example.com', 'Irene-Pass-2026')
      // The welcome mail follows, newest first.
      expect((await list())[0]).toMatchObject({
        to: 'irene@example.com',
        subject: expect.stringMatching(/^Welcome/),
      })
    })

    it('shows a reset mail, and its links open in the same tab', async () => {
      await t.app.inject({
        method: 'POST',
        url: '/api/publiccustomers/reset-password-request-cz',
        payload: { email: 'reset@example.com' },
      })
      await t.app.services.background.settled()
      const reset = (await list()).find((m) => m.to === 'reset@example.com')
      expect(reset?.subject).toMatch(/contraseña/)
      const mail = (await get(`/api/demo-mailbox/${reset!.id}`)).json().model as { html: string }
      expect(mail.html).toMatch(/href="http:\/\/test\.local\/customer\/reset-password\/[0-9a-f]{64}"/)
      expect(mail.html).not.toMatch(/target=|<script/)
    })

    it('keeps out sent, old and SMS communications', async () => {
      const [sms] = await t.app.database.db
        .insert(communications)
        .values({ channel: 'sms', toAddress: '600000000', body: 'Your code is 1234' })
        .returning({ id: communications.id })
      const [old] = await t.app.database.db
        .insert(communications)
        .values({
          channel: 'email',
          toAddress: 'old@example.com',
          subject: 'Old',
          body: '<p>Old</p>',
          createdAt: new Date(Date.now() - 25 * 3_600_000),
        })
        .returning({ id: communications.id })
      const ids = (await list()).map((m) => m.id)
      // The mails sent before the mailbox kept them, however recent.
      const seeded = await t.app.database.db
        .select({ id: communications.id })
        .from(communications)
        .where(sql`${communications.status} = 'sent'`)
      expect(seeded).toHaveLength(2)
      for (const id of [sms!.id, old!.id, ...seeded.map((s) => s.id)]) {
        expect(ids).not.toContain(id)
        const one = await get(`/api/demo-mailbox/${id}`)
        expect(one.statusCode).toBe(404)
        expect(one.json()).toMatchObject({ ok: false, code: 'not_found', errorMsg: expect.any(String) })
      }
    })

    it('lists at most the 50 newest mails', async () => {
      await t.app.database.db.insert(communications).values(
        Array.from({ length: 60 }, (_, i) => ({
          channel: 'email' as const,
          toAddress: `bulk${i}@example.com`,
          subject: `Bulk ${i}`,
          body: '<p>Bulk</p>',
        })),
      )
      const mails = await list()
      expect(mails).toHaveLength(50)
      expect(mails[0]!.id).toBeGreaterThan(mails[49]!.id)
    })

    it('refuses an id that is not one with 400', async () => {
      const res = await get('/api/demo-mailbox/abc')
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ ok: false, errorMsg: expect.any(String) })
    })
  })

  describe.each([
    ['SMTP_URL is set', { SMTP_URL: 'smtp://127.0.0.1:1' }],
    ['DEMO_MAILBOX is false', { DEMO_MAILBOX: 'false' }],
  ])('when %s', (_name, env) => {
    let t: TestApp
    beforeAll(async () => {
      t = await buildTestApp(kind, { env })
    })
    afterAll(() => t.close())

    it('answers 404 and shows no mail', async () => {
      const register = await t.app.inject({
        method: 'POST',
        url: '/api/publiccustomers/register',
        payload: registration('hidden@example.com'),
      })
      expect(register.statusCode).toBe(200)
      const [mail] = await t.app.database.db
        .select({ id: communications.id })
        .from(communications)
        .where(sql`${communications.toAddress} = 'hidden@example.com'`)
      for (const url of ['/api/demo-mailbox', `/api/demo-mailbox/${mail!.id}`]) {
        const res = await t.app.inject({ method: 'GET', url })
        expect(res.statusCode).toBe(404)
        expect(res.body).not.toContain('hidden@example.com')
        expect(res.json()).toMatchObject({ ok: false, code: 'not_found' })
      }
    })
  })

  describe('in production (NODE_ENV=production) without SMTP', () => {
    it('answers 404, keeps the mail queued and says so in the log without its links', async () => {
      const log = captureLog()
      const t = await buildTestApp(kind, { env: { NODE_ENV: 'production' }, logger: log.logger })
      try {
        await insertCustomer(t.app, { email: 'reset@example.com', password: 'Reset-Pass-2026' })
        const register = await t.app.inject({
          method: 'POST',
          url: '/api/publiccustomers/register',
          payload: registration('stranger@example.com'),
        })
        expect(register.statusCode).toBe(200)
        const reset = await t.app.inject({
          method: 'POST',
          url: '/api/publiccustomers/reset-password-request-cz',
          payload: { email: 'reset@example.com' },
        })
        expect(reset.statusCode).toBe(200)
        await t.app.services.background.settled()
        const [kept] = await t.app.database.db
          .select({ id: communications.id, status: communications.status, text: communications.textBody })
          .from(communications)
          .where(
            sql`${communications.toAddress} = 'reset@example.com' and ${communications.status} = 'queued'`,
          )
        expect(kept!.text).toMatch(/\/customer\/reset-password\/[0-9a-f]{64}/)

        for (const url of ['/api/demo-mailbox', `/api/demo-mailbox/${kept!.id}`]) {
          const res = await t.app.inject({ method: 'GET', url })
          expect(res.statusCode).toBe(404)
          expect(res.body).not.toContain('reset-password')
        }

        const atStart = log.lines.filter((l) => /No SMTP_URL/.test(l.msg))
        expect(atStart).toHaveLength(1)
        expect(atStart[0]!.level).toBe(LOG_LEVEL_NUMBER.warn)
        expect(atStart[0]!.msg).toMatch(/not sent.*queued in the outbox/)
        expect(log.text()).not.toMatch(/demo-mailbox/)
        const perMail = log.lines.filter((l) => /mail kept in the outbox/.test(l.msg))
        expect(perMail).toHaveLength(2)
        // Activation and reset links open an account: they never reach the log.
        expect(log.text()).not.toMatch(/\/customer\/(activate|reset-password)\//)
        expect(log.text()).not.toMatch(/[0-9a-f]{64}/)
      } finally {
        await t.close()
      }
    })

    it('is on when DEMO_MAILBOX=true asks for it, with a warning at start', async () => {
      const log = captureLog()
      const t = await buildTestApp(kind, {
        env: { NODE_ENV: 'production', DEMO_MAILBOX: 'true' },
        logger: log.logger,
      })
      try {
        await insertCustomer(t.app, { email: 'reset@example.com', password: 'Reset-Pass-2026' })
        await t.app.inject({
          method: 'POST',
          url: '/api/publiccustomers/reset-password-request-cz',
          payload: { email: 'reset@example.com' },
        })
        await t.app.services.background.settled()
        const res = await t.app.inject({ method: 'GET', url: '/api/demo-mailbox' })
        expect(res.statusCode).toBe(200)
        expect(res.json<{ data: Summary[] }>().data[0]).toMatchObject({ to: 'reset@example.com' })
        const warnings = log.lines.filter(
          (l) => l.level === LOG_LEVEL_NUMBER.warn && /demo mailbox is on/i.test(l.msg),
        )
        expect(warnings).toHaveLength(1)
        expect(warnings[0]!.msg).toContain('http://test.local/demo-mailbox')
        expect(warnings[0]!.msg).toMatch(/anyone/)
        expect(log.text()).not.toMatch(/[0-9a-f]{64}/)
      } finally {
        await t.close()
      }
    })
  })
})

describe('the DEMO_MAILBOX setting', () => {
  it('is on by default without SMTP_URL outside production, off when told, and always off with SMTP_URL', () => {
    expect(loadConfig({}).demoMailbox).toBe(true)
    expect(loadConfig({ NODE_ENV: 'development' }).demoMailbox).toBe(true)
    expect(loadConfig({ NODE_ENV: 'test' }).demoMailbox).toBe(true)
    expect(loadConfig({ DEMO_MAILBOX: 'true' }).demoMailbox).toBe(true)
    expect(loadConfig({ DEMO_MAILBOX: 'false' }).demoMailbox).toBe(false)
    expect(loadConfig({ DEMO_MAILBOX: '0' }).demoMailbox).toBe(false)
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com' }).demoMailbox).toBe(false)
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com', DEMO_MAILBOX: 'true' }).demoMailbox).toBe(false)
    expect(() => loadConfig({ DEMO_MAILBOX: 'maybe' })).toThrow(/DEMO_MAILBOX/)
  })

  it('is off in production unless DEMO_MAILBOX=true asks for it, and off with SMTP_URL even then', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoMailbox).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MAILBOX: 'false' }).demoMailbox).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MAILBOX: 'true' }).demoMailbox).toBe(true)
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MAILBOX: '1' }).demoMailbox).toBe(true)
    expect(
      loadConfig({ NODE_ENV: 'production', DEMO_MAILBOX: 'true', SMTP_URL: 'smtp://mail.example.com' })
        .demoMailbox,
    ).toBe(false)
  })

  it('makes the log line of a kept mail name the page to read it', () => {
    const lines: string[] = []
    const log = { info: (_obj: unknown, message: string) => void lines.push(message) } as FastifyBaseLogger
    const mail = { customerId: null, to: 'a@example.com', subject: 'Hi', html: '<p>Hi</p>', text: 'Hi' }
    const on = createMailer({} as never, {} as never, {
      smtpUrl: undefined,
      from: async () => 'x',
      log,
      demoMailboxUrl: 'http://localhost:3000/demo-mailbox',
    })
    on.kick([mail])
    expect(lines.pop()).toContain('read it at http://localhost:3000/demo-mailbox')
    createMailer({} as never, {} as never, { smtpUrl: undefined, from: async () => 'x', log }).kick([mail])
    expect(lines.pop()).not.toContain('demo-mailbox')
  })
})

describe('the page the server serves', () => {
  let webDist: string
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-web-'))
    await fs.writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"></div></body></html>',
    )
  })
  afterAll(() => fs.rm(webDist, { recursive: true, force: true }))

  const bootOf = (html: string) =>
    JSON.parse(/<script type="application\/json" id="clubhouse-boot">(.*?)<\/script>/s.exec(html)![1]!) as {
      demoMailbox?: boolean
    }

  it.each([
    [{}, true],
    [{ DEMO_MAILBOX: 'false' }, undefined],
    [{ SMTP_URL: 'smtp://127.0.0.1:1' }, undefined],
    [{ NODE_ENV: 'production' }, undefined],
    [{ NODE_ENV: 'production', DEMO_MAILBOX: 'true' }, true],
  ])(
    'tells the web app whether the demo mailbox is on, and its page is a 404 when off (%o)',
    async (env, expected) => {
      const t = await buildTestApp('pglite', { env: { WEB_DIST: webDist, ...env } })
      try {
        await saveTestSettings(t.app.services)
        const page = await t.app.inject({
          method: 'GET',
          url: '/demo-mailbox',
          headers: { cookie: 'cz-lang=en-US' },
        })
        expect(page.statusCode).toBe(expected ? 200 : 404)
        expect(bootOf(page.body).demoMailbox).toBe(expected)
        if (expected) expect(page.body).toContain('<title>Demo mailbox · ')
      } finally {
        await t.close()
      }
    },
  )
})
