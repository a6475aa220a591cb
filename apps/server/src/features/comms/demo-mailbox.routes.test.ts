import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { clearRateLimits, customerRow, loginAs } from '../../test/customers.ts'
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
      const customerId = res.json().model.id as number

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
        payload: { email: 'demo@clubmistral.es' },
      })
      const reset = (await list()).find((m) => m.to === 'demo@clubmistral.es')
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
      // The seeded mails of the demo customers were sent long ago.
      const seeded = await t.app.database.db
        .select({ id: communications.id })
        .from(communications)
        .where(sql`${communications.status} = 'sent'`)
      expect(seeded.length).toBeGreaterThan(0)
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
})

describe('the DEMO_MAILBOX setting', () => {
  it('is on by default without SMTP_URL, off when told, and always off with SMTP_URL', () => {
    expect(loadConfig({}).demoMailbox).toBe(true)
    expect(loadConfig({ DEMO_MAILBOX: 'true' }).demoMailbox).toBe(true)
    expect(loadConfig({ DEMO_MAILBOX: 'false' }).demoMailbox).toBe(false)
    expect(loadConfig({ DEMO_MAILBOX: '0' }).demoMailbox).toBe(false)
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com' }).demoMailbox).toBe(false)
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com', DEMO_MAILBOX: 'true' }).demoMailbox).toBe(false)
    expect(() => loadConfig({ DEMO_MAILBOX: 'maybe' })).toThrow(/DEMO_MAILBOX/)
  })

  it('makes the log line of a kept mail name the page to read it', () => {
    const lines: string[] = []
    const log = { info: (_obj: unknown, message: string) => void lines.push(message) } as FastifyBaseLogger
    const mail = { customerId: null, to: 'a@example.com', subject: 'Hi', html: '<p>Hi</p>', text: 'Hi' }
    const on = createMailer({} as never, {
      smtpUrl: undefined,
      from: async () => 'x',
      log,
      demoMailboxUrl: 'http://localhost:3000/demo-mailbox',
    })
    on.kick([mail])
    expect(lines.pop()).toContain('read it at http://localhost:3000/demo-mailbox')
    createMailer({} as never, { smtpUrl: undefined, from: async () => 'x', log }).kick([mail])
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
  ])('tells the web app whether the demo mailbox is on (%o)', async (env, expected) => {
    const t = await buildTestApp('pglite', { env: { WEB_DIST: webDist, ...env } })
    try {
      const page = await t.app.inject({
        method: 'GET',
        url: '/demo-mailbox',
        headers: { cookie: 'cz-lang=en-US' },
      })
      expect(page.statusCode).toBe(200)
      expect(bootOf(page.body).demoMailbox).toBe(expected)
      if (expected) expect(page.body).toContain('<title>Demo mailbox · ')
    } finally {
      await t.close()
    }
  })
})
