import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  EditInputType,
  REGISTER_FORM_ACCOUNT_FIELDS,
  type FormDef,
  type LookupRow,
} from '@clubhouse/contract/server'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { DEMO_DATA_DIR, DemoDataError, loadDemoData } from './demo-data.ts'
import { seedDemoCentre } from './index.ts'

/** The demo's dynamic forms as a visitor's browser reads them: an activity's sign-up and the registration form. */
describe('the demo forms', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp('pglite')
    await seedDemoCentre(t.app.services, t.config.dataDir)
  })
  afterAll(() => t.close())

  const get = async <T>(url: string, locale = 'en-US') => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': locale } })
    expect(res.statusCode, url).toBe(200)
    return res.json<{ model?: T; rowData?: T }>()
  }

  it('gives activity 1 a two-column sign-up with legal checks and every kind of field it needs', async () => {
    const def = (await get<FormDef>('/api/dynamicforms/form-def/Activity/1')).model!
    expect(def.legalChecks).toBe(true)
    const types = def.fields.map((f) => f.columnDef.editInputType)
    for (const type of [
      EditInputType.Text,
      EditInputType.Email,
      EditInputType.Date,
      EditInputType.CheckBox,
      EditInputType.TextArea,
      EditInputType.Picklist,
      EditInputType.Lookup,
      EditInputType.FileLoader,
    ])
      expect(types).toContain(type)
    expect(def.fields.every((f) => f.col1 !== f.col2)).toBe(true)
    expect(def.fields.filter((f) => f.col1).length).toBeGreaterThan(0)
    expect(def.fields.filter((f) => f.col2).length).toBeGreaterThan(0)
    const city = def.fields.find((f) => f.columnDef.editInputType === EditInputType.Lookup)!
    expect(city.columnDef).toMatchObject({ fkController: 'Cities', fkLabel: 'Name', fkId: 'Id' })
    expect(def.fields.find((f) => f.isFile)?.label).toBe('Medical certificate')
  })

  it('names the fields and options in Spanish for a Spanish visitor', async () => {
    const def = (await get<FormDef>('/api/dynamicforms/form-def/Activity/1', 'es-ES')).model!
    const level = def.fields.find((f) => f.columnDef.editInputType === EditInputType.Picklist)!
    expect(level.label).toBe('Nivel')
    expect(level.columnDef.floatingFilterComponentParams).toEqual({
      Iniciación: 'beginner',
      Intermedio: 'intermediate',
      Avanzado: 'advanced',
    })
  })

  it('offers the cities in the lookup, by name', async () => {
    const rows = (await get<LookupRow[]>('/api/publiccities/list?startRow=0&endRow=50')).rowData!
    expect(rows.map((r) => r.name)).toEqual(
      [...loadDemoData().forms.cities].sort((a, b) => a.localeCompare(b)),
    )
  })

  it('gives the registration a two-column form that opens the account, with the legal checks', async () => {
    const def = (await get<FormDef>('/api/dynamicforms/form-def/CustomRegisterForm/1')).model!
    expect(def.legalChecks).toBe(true)
    for (const name of REGISTER_FORM_ACCOUNT_FIELDS) {
      expect(def.fields.find((f) => f.name === name)?.required, name).toBe(true)
    }
    expect(def.fields.find((f) => f.name === 'password')?.columnDef.editInputType).toBe(
      EditInputType.Password,
    )
    expect(def.fields.filter((f) => f.col1).length).toBeGreaterThan(0)
    expect(def.fields.filter((f) => f.col2).length).toBeGreaterThan(0)
  })
})

describe('forms.json', () => {
  let dir: string
  afterAll(() => fs.rm(dir, { recursive: true, force: true }))

  it('names what is wrong when a pick list has no options', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-demo-forms-'))
    await fs.cp(DEMO_DATA_DIR, dir, { recursive: true })
    const file = path.join(dir, 'forms.json')
    const value = JSON.parse(await fs.readFile(file, 'utf8'))
    const fields: Array<{ inputType: string; options?: unknown }> = value.forms[1].fields
    const pickList = fields.findIndex((f) => f.inputType === 'Picklist')
    delete fields[pickList]!.options
    await fs.writeFile(file, JSON.stringify(value))
    expect(() => loadDemoData(dir)).toThrow(DemoDataError)
    expect(() => loadDemoData(dir)).toThrow(
      new RegExp(`forms\\.json is wrong:\\n {2}forms\\[1\\]\\.fields\\[${pickList}\\]\\.options`),
    )
  })

  it('names what is wrong when the registration form lacks what an account needs', async () => {
    const file = path.join(dir, 'forms.json')
    const value = JSON.parse(await fs.readFile(path.join(DEMO_DATA_DIR, 'forms.json'), 'utf8'))
    value.forms[1].fields = value.forms[1].fields.filter((f: { name: string }) => f.name !== 'email')
    await fs.writeFile(file, JSON.stringify(value))
    expect(() => loadDemoData(dir)).toThrow(/forms\[1\]\.fields: A registration form has the legal checks/)
  })
})
