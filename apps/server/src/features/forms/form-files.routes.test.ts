import fs from 'node:fs/promises'
import path from 'node:path'
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { EditInputType, type FormDef } from '@clubhouse/contract/server'
import { both } from '../../test/account-fixtures.ts'
import { HOUR, T0, testClock } from '../../test/booking-fixtures.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { clearRateLimits, insertCustomer, loginAs, type LoggedIn } from '../../test/customers.ts'
import {
  filledForm,
  formDefOf,
  pdfOf,
  REGISTER_FORM_FIELDS,
  saveForm,
  type FileContent,
} from '../../test/form-fixtures.ts'
import { saveTestSettings } from '../../test/settings-fixtures.ts'
import { expectTablesUnchanged, snapshotTables } from '../../test/table-snapshot.ts'
import { communications } from '../comms/comms.tables.ts'
import { customers } from '../customers/customers.tables.ts'
import { formFilesDir, UNLINKED_FILE_MS, UPLOAD_PREFIX } from './forms.service.ts'
import { formSubmissions } from './forms.tables.ts'

const KB = 1024
const DAY = 24 * HOUR

/** The refusals of files as the site words them: code, then message and field message in English and Spanish. */
const REFUSED = {
  visitor: {
    code: 'unauthorized',
    errorMsg: [
      'Log in to send files with this form.',
      'Inicia sesión para enviar archivos con este formulario.',
    ],
    field: ['Log in to send a file.', 'Inicia sesión para enviar un archivo.'],
  },
  full: {
    code: 'file_quota',
    errorMsg: [
      'Your files would take more than the 1 MB of space each customer has.',
      'Tus archivos ocuparían más de los 1 MB de espacio que tiene cada cliente.',
    ],
    field: ['There is no space left for this file.', 'No queda espacio para este archivo.'],
  },
}

/**
 * The files forms carry (decision 073): kept only with the answers of a real customer or of the
 * registration that opens an account, within a space per customer (1 MB here), for a day while no
 * real customer holds them; text only when it is text; their names on one line.
 */
describe.each(testDatabaseKinds())('form files on %s', (kind) => {
  const TABLES = ['customers', 'form_submissions', 'form_submission_values', 'form_files', 'communications']
  const clock = testClock()
  let t: TestApp
  let customerCount = 0
  let activity: FormDef
  let registration: FormDef
  let filesDir: string

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: clock.now, env: { FORM_FILES_QUOTA_MB: '1' } })
    await saveTestSettings(t.app.services)
    const { forms } = t.app.services
    const certificate = {
      name: 'certificate',
      label: both('Certificado', 'Certificate'),
      inputType: EditInputType.FileLoader,
    }
    await forms.createForm({
      parentName: 'Activity',
      parentId: 1,
      legalChecks: false,
      fields: [
        { name: 'nickname', label: both('Apodo', 'Nickname'), inputType: EditInputType.Text },
        certificate,
        { name: 'photo', label: both('Foto', 'Photo'), inputType: EditInputType.ImageLoader },
      ],
    })
    await forms.createForm({
      parentName: 'CustomRegisterForm',
      parentId: 1,
      legalChecks: true,
      fields: [...REGISTER_FORM_FIELDS, certificate],
    })
    activity = await formDefOf(t.app, 'Activity', 1)
    registration = await formDefOf(t.app, 'CustomRegisterForm', 1)
    filesDir = formFilesDir(t.config.dataDir)
  })
  afterAll(() => t.close())
  beforeEach(() => clock.set(T0))

  /** A customer of their own, logged in: their space is all theirs. */
  const newCustomer = async (): Promise<LoggedIn> => {
    const email = `member${++customerCount}@example.com`
    await insertCustomer(t.app, { email, password: 'Member-Pass-2026' })
    return loginAs(t.app, email, 'Member-Pass-2026')
  }
  const signUp = (
    who: LoggedIn | undefined,
    files: Record<string, FileContent | FileContent[]>,
    headers: Record<string, string> = {},
  ) => {
    const { fields, parts } = filledForm(activity, { nickname: 'Ace' }, files)
    const values = { parentId: 1, parentName: 'Activity', fields, ...(who ? { customerId: who.id } : {}) }
    return saveForm(t.app, values, parts, { headers: { ...who?.headers, ...headers } })
  }
  const register = (
    email: string,
    files: Record<string, { filename: string; content: Buffer }>,
    opts: { remoteAddress?: string; keepLimits?: boolean } = {},
  ) => {
    const { fields, parts } = filledForm(
      registration,
      {
        name: 'Nora',
        surname: 'Gil',
        email,
        phone: '600000000',
        password: 'Court-Side-42',
        password2: 'Court-Side-42',
      },
      files,
    )
    const values = { parentId: 1, parentName: 'CustomRegisterForm', acceptConditions: true, fields }
    return saveForm(t.app, values, parts, opts)
  }
  const pdf = (size: number, filename = 'certificate.pdf') => ({ filename, content: pdfOf(size) })
  const onDisk = async () => (await fs.readdir(filesDir)).sort()
  const fileOf = async (submissionId: number) => {
    const [row] = await t.app.services.forms.filesOf([submissionId])
    return row!
  }
  const exists = (storedName: string) =>
    fs.access(path.join(filesDir, storedName)).then(
      () => true,
      () => false,
    )

  /** Refused with `status`, leaving every table it could write and the files' folder as they were. */
  const expectRefused = async (send: () => ReturnType<typeof saveForm>, status: number) => {
    const before = await snapshotTables(t.app, TABLES)
    const files = await onDisk()
    const res = await send()
    expect(res.statusCode, res.body).toBe(status)
    await expectTablesUnchanged(t.app, before)
    expect(await onDisk()).toEqual(files)
    return res.json<{ ok: false; code: string; errorMsg: string; errors?: Record<string, string> }>()
  }
  /**
   * Refused with `status` and `refusal` in English and in Spanish alike, keeping nothing either time:
   * its code, its message and the message under the certificate field in each language.
   */
  const expectRefusedInBoth = async (
    send: (headers: Record<string, string>) => ReturnType<typeof saveForm>,
    status: number,
    refusal: (typeof REFUSED)[keyof typeof REFUSED],
  ) => {
    for (const [i, language] of ['en-US', 'es-ES'].entries()) {
      expect(await expectRefused(() => send({ 'accept-language': language }), status)).toEqual({
        ok: false,
        code: refusal.code,
        errorMsg: refusal.errorMsg[i],
        errors: { certificate: refusal.field[i] },
      })
    }
  }

  describe('who may store a file', () => {
    it("stores no file with a visitor's answers: 401 under the file field, nothing kept", async () => {
      const send = (headers: Record<string, string>) =>
        signUp(undefined, { certificate: pdf(10 * KB) }, headers)
      await expectRefusedInBoth(send, 401, REFUSED.visitor)
      // A visitor's answers without a file are kept as before.
      expect((await signUp(undefined, {})).statusCode).toBe(200)
    })

    it("keeps a customer's file for good", async () => {
      const me = await newCustomer()
      const res = await signUp(me, { certificate: pdf(10 * KB) })
      expect(res.statusCode, res.body).toBe(200)
      const file = await fileOf(res.json().model.id)
      expect(file.expiresAt).toBeNull()
      clock.set(T0 + 30 * DAY)
      await clearRateLimits(t.app)
      await t.app.services.forms.sweepFiles()
      expect(await exists(file.storedName)).toBe(true)
    })
  })

  describe('several files in one field', () => {
    it('keeps each file chosen in a field, with its own name, in the order sent', async () => {
      const me = await newCustomer()
      const res = await signUp(me, {
        certificate: [pdf(10 * KB, 'front.pdf'), pdf(12 * KB, 'back.pdf')],
        photo: pdf(5 * KB, 'me.pdf'),
      })
      expect(res.statusCode, res.body).toBe(200)
      const files = await t.app.services.forms.filesOf([res.json().model.id])
      const fieldOf = (name: string) => activity.fields.find((f) => f.name === name)!.id
      expect(
        files.sort((a, b) => a.id - b.id).map((f) => [f.fieldId, f.originalName, f.size, f.contentType]),
      ).toEqual([
        [fieldOf('certificate'), 'front.pdf', 10 * KB, 'application/pdf'],
        [fieldOf('certificate'), 'back.pdf', 12 * KB, 'application/pdf'],
        [fieldOf('photo'), 'me.pdf', 5 * KB, 'application/pdf'],
      ])
      for (const f of files) expect(await exists(f.storedName)).toBe(true)
    })

    it('checks each file as one: a page among them refuses the save, keeping none', async () => {
      const me = await newCustomer()
      const page = { filename: 'notes.txt', content: Buffer.from('<html><script>x()</script></html>') }
      const answer = await expectRefused(() => signUp(me, { certificate: [pdf(10 * KB), page] }), 415)
      expect(answer).toMatchObject({
        code: 'file_type',
        errors: { certificate: 'This kind of file is not accepted.' },
      })
    })

    it('takes no text part in the place of a file', async () => {
      const me = await newCustomer()
      const { fields, parts } = filledForm(activity, { nickname: 'Ace' }, { certificate: pdf(10 * KB) })
      const values = { parentId: 1, parentName: 'Activity', customerId: me.id, fields: [...fields] }
      // The certificate's part, and a text part naming the same upload for the photo.
      values.fields.push({
        ...fields[1]!,
        id: activity.fields.find((f) => f.name === 'photo')!.id,
        name: 'photo',
      })
      const forged = { ...values, 'fields[2].file': 'upload-0' }
      await expectRefused(() => saveForm(t.app, forged, parts, { headers: me.headers }), 400)
    })
  })

  describe("a customer's space", () => {
    it('takes files up to 1 MB in all, and refuses one past it under its field, keeping nothing', async () => {
      const me = await newCustomer()
      expect((await signUp(me, { certificate: pdf(600 * KB) })).statusCode).toBe(200)
      await expectRefusedInBoth(
        (headers) => signUp(me, { certificate: pdf(600 * KB) }, headers),
        422,
        REFUSED.full,
      )
      // What still fits is taken.
      expect((await signUp(me, { certificate: pdf(300 * KB) })).statusCode).toBe(200)
    })

    it('counts several files of one field together against it', async () => {
      const me = await newCustomer()
      const answer = await expectRefused(
        () => signUp(me, { certificate: [pdf(600 * KB, 'front.pdf'), pdf(600 * KB, 'back.pdf')] }),
        422,
      )
      expect(answer.errors).toEqual({ certificate: 'There is no space left for this file.' })
      expect((await signUp(me, { certificate: [pdf(400 * KB), pdf(400 * KB)] })).statusCode).toBe(200)
    })

    it('refuses two files of one save that pass it together, on both their fields', async () => {
      const me = await newCustomer()
      const answer = await expectRefused(
        () => signUp(me, { certificate: pdf(600 * KB), photo: pdf(600 * KB) }),
        422,
      )
      expect(answer.errors).toEqual({
        certificate: 'There is no space left for this file.',
        photo: 'There is no space left for this file.',
      })
    })
  })

  describe('what a text file is', () => {
    it('takes plain text, accents and line ends included, as .txt', async () => {
      const me = await newCustomer()
      const text = Buffer.from('\ufeffCertificado médico\r\nApto para el pádel: sí. 3 < 5\n')
      const res = await signUp(me, { certificate: { filename: 'apto.txt', content: text } })
      expect(res.statusCode, res.body).toBe(200)
      const file = await fileOf(res.json().model.id)
      expect(file).toMatchObject({ contentType: 'text/plain', originalName: 'apto.txt' })
      expect(file.storedName).toMatch(/\.txt$/)
    })

    it.each([
      [
        'an SVG with a script',
        'badge.svg',
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ],
      ['an HTML page', 'page.txt', 'Hello\n<!DOCTYPE html><html><body onload="x()">hi</body></html>'],
      ['an XML file', 'data.txt', '<?xml version="1.0"?><a/>'],
      ['a shell script', 'run.txt', '#!/bin/sh\nrm -rf ~\n'],
      ['a shell script after a byte order mark', 'run.txt', '\ufeff#!/usr/bin/env python3\nprint(1)\n'],
      ['text with an escape sequence', 'term.txt', 'plain \u001b[31mred\u001b[0m text'],
    ])('refuses %s with 415, keeping nothing', async (_what, filename, content) => {
      const me = await newCustomer()
      const answer = await expectRefused(
        () => signUp(me, { certificate: { filename, content: Buffer.from(content) } }),
        415,
      )
      expect(answer.code).toBe('file_type')
      expect(answer.errors).toEqual({ certificate: 'This kind of file is not accepted.' })
    })
  })

  it("keeps a file's name on one line, without control characters or direction marks", async () => {
    const me = await newCustomer()
    const res = await signUp(me, {
      // The multipart reader drops a part whose name holds CR or LF; the other breaks reach us.
      certificate: pdf(1 * KB, 'medical\u2028certificate\u0085 2026\u0007\u000b\u202Efdp.pdf'),
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await fileOf(res.json().model.id)).originalName).toBe('medical certificate 2026 fdp.pdf')
  })

  describe("a registration's files", () => {
    /** Activates an account through the link of its activation mail. */
    const activate = async (email: string) => {
      const [mail] = await t.app.database.db
        .select()
        .from(communications)
        .where(eq(communications.toAddress, email))
        .orderBy(desc(communications.id))
      const token = /\/customer\/activate\/([0-9a-f]{64})/.exec(mail!.textBody)![1]
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/publiccustomers/activate',
        payload: { token },
      })
      expect(res.statusCode, res.body).toBe(200)
    }

    it('are kept for good once the account is activated within a day, and removed a day on otherwise', async () => {
      const kept = await register('kept@example.com', { certificate: pdf(100 * KB) })
      const lost = await register('lost@example.com', { certificate: pdf(100 * KB) })
      expect([kept.statusCode, lost.statusCode]).toEqual([200, 200])
      // A registration's answer names no submission (decision 076): found by its account.
      const submissionOf = async (email: string) => {
        const [row] = await t.app.database.db
          .select({ id: formSubmissions.id })
          .from(formSubmissions)
          .innerJoin(customers, eq(customers.id, formSubmissions.customerId))
          .where(eq(customers.email, email))
        return row!.id
      }
      const keptId = await submissionOf('kept@example.com')
      const lostId = await submissionOf('lost@example.com')
      const keptFile = await fileOf(keptId)
      const lostFile = await fileOf(lostId)
      expect(lostFile.expiresAt).toEqual(new Date(T0 + UNLINKED_FILE_MS))
      await activate('kept@example.com')

      const sweepAt = async (at: number) => {
        clock.set(at)
        await clearRateLimits(t.app)
        return t.app.services.forms.sweepFiles()
      }
      expect(await sweepAt(T0 + 23 * HOUR)).toEqual({ removed: 0, kept: 0, strays: 0 })
      expect(await exists(lostFile.storedName)).toBe(true)

      expect(await sweepAt(T0 + 25 * HOUR)).toEqual({ removed: 1, kept: 1, strays: 0 })
      expect(await exists(lostFile.storedName)).toBe(false)
      expect(await t.app.services.forms.filesOf([lostId])).toEqual([])
      // The account itself stays, and may still be activated: only its files went.
      const [account] = await t.app.database.db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.email, 'lost@example.com'))
      expect(account).toBeDefined()

      expect(await sweepAt(T0 + 60 * DAY)).toEqual({ removed: 0, kept: 0, strays: 0 })
      expect(await exists(keptFile.storedName)).toBe(true)
      expect((await fileOf(keptId)).expiresAt).toBeNull()
    })

    it('from one address in a day take at most the space of two customers', async () => {
      await clearRateLimits(t.app)
      const from = { remoteAddress: '203.0.113.9', keepLimits: true }
      expect((await register('first@example.com', { certificate: pdf(800 * KB) }, from)).statusCode).toBe(200)
      expect((await register('second@example.com', { certificate: pdf(800 * KB) }, from)).statusCode).toBe(
        200,
      )
      const answer = await expectRefused(
        () => register('third@example.com', { certificate: pdf(800 * KB) }, from),
        429,
      )
      expect(answer).toMatchObject({
        code: 'rate_limited',
        errors: { certificate: 'Too many files were sent from here today.' },
      })
      // Without a file, or from elsewhere, a registration goes on.
      expect((await register('fourth@example.com', {}, from)).statusCode).toBe(200)
      const elsewhere = { remoteAddress: '203.0.113.10', keepLimits: true }
      expect(
        (await register('fifth@example.com', { certificate: pdf(800 * KB) }, elsewhere)).statusCode,
      ).toBe(200)
    })
  })

  it('removes what a request left at a temporary name a day on, in one sweep an hour', async () => {
    const old = path.join(filesDir, `${UPLOAD_PREFIX}left-by-a-stopped-process`)
    const fresh = path.join(filesDir, `${UPLOAD_PREFIX}being-written`)
    for (const [file, at] of [
      [old, T0 - 25 * HOUR],
      [fresh, T0 - HOUR],
    ] as const) {
      await fs.writeFile(file, 'part of an upload')
      await fs.utimes(file, new Date(at), new Date(at))
    }
    await clearRateLimits(t.app)
    expect((await t.app.services.forms.sweepFiles()).strays).toBe(1)
    expect(await onDisk()).toContain(path.basename(fresh))
    expect(await onDisk()).not.toContain(path.basename(old))
    // Within the hour the folder is not read again, however late the clock says it is.
    clock.set(T0 + 2 * DAY)
    expect((await t.app.services.forms.sweepFiles()).strays).toBe(0)
    expect(await onDisk()).toContain(path.basename(fresh))
  })
})
