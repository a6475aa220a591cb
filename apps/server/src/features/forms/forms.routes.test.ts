import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EditInputType, type FormDef } from '@clubhouse/contract/server'
import { both } from '../../test/account-fixtures.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { clearRateLimits, insertCustomer, loginAs, type LoggedIn } from '../../test/customers.ts'
import { multipartBody, type FilePart } from '../../test/multipart.ts'
import { expectTablesUnchanged, snapshotTables } from '../../test/table-snapshot.ts'
import { formFilesDir } from './forms.service.ts'

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
])
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n')
/** A Windows executable, whatever it is called. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)])

describe.each(testDatabaseKinds())('dynamic forms, on %s', (kind) => {
  let t: TestApp
  let me: LoggedIn
  let def: FormDef
  let filesDir: string
  const FORM_TABLES = ['form_submissions', 'form_submission_values', 'form_files']

  beforeAll(async () => {
    t = await buildTestApp(kind)
    const { forms } = t.app.services
    await forms.createCities(['Madrid', 'Bilbao'])
    await forms.createForm({
      parentName: 'Activity',
      parentId: 1,
      legalChecks: true,
      fields: [
        {
          name: 'nickname',
          label: both('Apodo', 'Nickname'),
          inputType: EditInputType.Text,
          required: true,
          column: 1,
        },
        { name: 'mail', label: both('Correo', 'Email'), inputType: EditInputType.Email, column: 2 },
        {
          name: 'level',
          label: both('Nivel', 'Level'),
          inputType: EditInputType.Picklist,
          options: [
            { value: 'b', label: both('Iniciación', 'Beginner') },
            { value: 'a', label: both('Avanzado', 'Advanced') },
          ],
        },
        {
          name: 'city',
          label: both('Ciudad', 'City'),
          inputType: EditInputType.Lookup,
          lookup: { controller: 'Cities', label: 'Name', id: 'Id' },
        },
        { name: 'notes', label: both('Notas', 'Notes'), inputType: EditInputType.TextArea, required: true },
        {
          name: 'certificate',
          label: both('Certificado', 'Certificate'),
          inputType: EditInputType.FileLoader,
        },
      ],
    })
    await insertCustomer(t.app, { email: 'ana@example.com', password: 'Probe-Pass-1' })
    me = await loginAs(t.app, 'ana@example.com', 'Probe-Pass-1')
    filesDir = formFilesDir(t.config.dataDir)
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dynamicforms/form-def/Activity/1',
      headers: { 'accept-language': 'en-US' },
    })
    def = res.json<{ model: FormDef }>().model
  })
  afterAll(() => t.close())

  const idOf = (name: string) => def.fields.find((f) => f.name === name)!.id
  const valid = () => ({
    parentId: 1,
    parentName: 'Activity',
    okRss: false,
    acceptConditions: true,
    fields: [
      { id: idOf('nickname'), name: 'nickname', value: 'Ana' },
      { id: idOf('mail'), name: 'mail', value: 'ana@example.com' },
      { id: idOf('level'), name: 'level', value: 'a' },
      { id: idOf('city'), name: 'city', value: '-1' },
      { id: idOf('notes'), name: 'notes', value: 'Two lines\nof notes' },
    ],
  })
  const save = async (values: Record<string, unknown>, files: FilePart[] = [], headers = {}) => {
    await clearRateLimits(t.app)
    const form = multipartBody(values, files)
    return t.app.inject({
      method: 'POST',
      url: '/api/dynamicforms/save',
      headers: { 'accept-language': 'en-US', ...headers, ...form.headers },
      payload: form.payload,
    })
  }
  const certificate = (content: Buffer, filename = 'certificate.pdf'): FilePart => ({
    name: `fields[${valid().fields.length}].file`,
    filename,
    content,
  })
  const withCertificate = () => {
    const body = valid()
    body.fields.push({ id: idOf('certificate'), name: 'certificate', value: '' })
    return body
  }
  const filesOnDisk = async () => (await fs.readdir(filesDir)).sort()

  /** Refused with `status`, leaving every form table and the files folder as they were. */
  const expectRefused = async (
    values: Record<string, unknown>,
    files: FilePart[],
    status: number,
    headers = {},
  ) => {
    const before = await snapshotTables(t.app, FORM_TABLES)
    const onDisk = await filesOnDisk()
    const res = await save(values, files, headers)
    expect(res.statusCode, res.body).toBe(status)
    expect(res.json()).toMatchObject({ ok: false })
    await expectTablesUnchanged(t.app, before)
    expect(await filesOnDisk()).toEqual(onDisk)
    return res.json<{ errorMsg: string; code: string; errors?: Record<string, string> }>()
  }

  it('gives the definition: fields in order, columns, pick list and lookup, legal checks', async () => {
    expect(def.legalChecks).toBe(true)
    expect(def.fields.map((f) => f.name)).toEqual([
      'nickname',
      'mail',
      'level',
      'city',
      'notes',
      'certificate',
    ])
    const [nickname, mail, level, city, , file] = def.fields
    expect(nickname).toMatchObject({ label: 'Nickname', required: true, col1: true, col2: false })
    expect(mail).toMatchObject({ col1: false, col2: true })
    expect(level!.columnDef.floatingFilterComponentParams).toEqual({ Beginner: 'b', Advanced: 'a' })
    expect(city!.columnDef).toMatchObject({
      editInputType: EditInputType.Lookup,
      fkController: 'Cities',
      fkLabel: 'Name',
      fkId: 'Id',
    })
    expect(file).toMatchObject({ isFile: true })
    const es = await t.app.inject({
      method: 'GET',
      url: '/api/dynamicforms/form-def/Activity/1',
      headers: { 'accept-language': 'es-ES' },
    })
    expect(es.json().model.fields[0].label).toBe('Apodo')
  })

  it('answers 404 for a form of a parent that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dynamicforms/form-def/Activity/999' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ ok: false, code: 'not_found' })
  })

  it('lists the lookup rows 0 to 50', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/publiccities/list?startRow=0&endRow=50' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      ok: true,
      rowData: [expect.objectContaining({ name: 'Bilbao' }), expect.objectContaining({ name: 'Madrid' })],
    })
  })

  it('saves the values and a PDF under a generated name, outside the public uploads', async () => {
    const res = await save(
      { ...withCertificate(), customerId: me.id },
      [certificate(PDF, '../../etc/evil name.pdf')],
      me.headers,
    )
    expect(res.statusCode, res.body).toBe(200)
    const { model } = res.json<{ model: { id: number } }>()
    const [file] = await t.app.services.forms.filesOf([model.id])
    expect(file).toMatchObject({
      contentType: 'application/pdf',
      originalName: 'evil name.pdf',
      size: PDF.length,
    })
    expect(file!.storedName).toMatch(/^[0-9a-f-]{36}\.pdf$/)
    expect(await fs.readFile(path.join(filesDir, file!.storedName))).toEqual(PDF)
    expect((await filesOnDisk()).filter((n) => n.startsWith('.upload-'))).toEqual([])
    const rows = await snapshotTables(t.app, ['form_submissions'])
    expect(rows.rows.form_submissions!.some((r) => JSON.parse(r).customer_id === me.id)).toBe(true)
  })

  it('takes an image by its content, whatever its name', async () => {
    const res = await save(
      { ...withCertificate(), customerId: me.id },
      [certificate(PNG, 'photo.txt')],
      me.headers,
    )
    expect(res.statusCode, res.body).toBe(200)
    const [file] = await t.app.services.forms.filesOf([res.json().model.id])
    expect(file).toMatchObject({ contentType: 'image/png' })
  })

  it('refuses an executable renamed .pdf with 415 and stores nothing', async () => {
    const answer = await expectRefused(
      { ...withCertificate(), customerId: me.id },
      [certificate(EXE, 'invoice.pdf')],
      415,
      me.headers,
    )
    expect(answer.code).toBe('file_type')
  })

  it('refuses a 50 MB file with 413 and a clear message, storing nothing', async () => {
    const answer = await expectRefused(
      withCertificate(),
      [certificate(Buffer.alloc(50 * 1024 * 1024, 0x41))],
      413,
    )
    expect(answer.errorMsg).toBe('A file is larger than 10 MB.')
  })

  it('refuses unknown field ids with 422', async () => {
    const body = valid()
    body.fields.push({ id: 999_999, name: 'ghost', value: 'x' })
    expect((await expectRefused(body, [], 422)).code).toBe('unknown_field')
  })

  it('names each required field left empty', async () => {
    const body = valid()
    body.fields = body.fields
      .filter((f) => f.name !== 'nickname')
      .map((f) => (f.name === 'notes' ? { ...f, value: '' } : f))
    const answer = await expectRefused(body, [], 422)
    expect(answer.errors).toEqual({ nickname: 'The field is required', notes: 'The field is required' })
  })

  it('asks for the legal conditions when they are not accepted', async () => {
    const answer = await expectRefused({ ...valid(), acceptConditions: false }, [], 422)
    expect(answer.errorMsg).toBe('Please accept our legal conditions')
  })

  it('refuses a value that is no option of its pick list or lookup', async () => {
    const body = valid()
    body.fields = body.fields.map((f) =>
      f.name === 'level' ? { ...f, value: 'z' } : f.name === 'city' ? { ...f, value: '12345' } : f,
    )
    const answer = await expectRefused(body, [], 422)
    expect(Object.keys(answer.errors ?? {}).sort()).toEqual(['city', 'level'])
  })

  it('answers 404 for a parent that does not exist', async () => {
    expect((await expectRefused({ ...valid(), parentId: 999 }, [], 404)).code).toBe('not_found')
  })

  it('refuses control characters with 400', async () => {
    const body = valid()
    body.fields[0]!.value = 'A\u0000na'
    expect((await expectRefused(body, [], 400)).code).toBe('validation')
  })

  it('refuses a body that is not multipart with 415', async () => {
    const before = await snapshotTables(t.app, FORM_TABLES)
    const res = await t.app.inject({ method: 'POST', url: '/api/dynamicforms/save', payload: valid() })
    expect(res.statusCode).toBe(415)
    await expectTablesUnchanged(t.app, before)
  })

  it("refuses another customer's id without that customer's token", async () => {
    expect((await expectRefused({ ...valid(), customerId: me.id }, [], 401)).code).toBe('unauthorized')
  })

  it('answers in Spanish', async () => {
    const body = valid()
    body.fields = body.fields.filter((f) => f.name !== 'nickname')
    const answer = await expectRefused(body, [], 422, { 'accept-language': 'es-ES' })
    expect(answer.errors?.nickname).toBe('El campo es obligatorio')
  })
})
