import fs from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { EditInputType, type FormDef } from '@clubhouse/contract/server'
import type { App } from '../../app.ts'
import { both } from '../../test/account-fixtures.ts'
import { HOUR, T0, testClock } from '../../test/booking-fixtures.ts'
import { clearRateLimits, insertLoggedInCustomers, type LoggedIn } from '../../test/customers.ts'
import { filledForm, formDefOf, pdfOf, REGISTER_FORM_FIELDS, saveForm } from '../../test/form-fixtures.ts'
import { startInstances } from '../../test/instances.ts'
import { saveTestSettings } from '../../test/settings-fixtures.ts'
import { formFilesDir, UPLOAD_PREFIX } from './forms.service.ts'
import { describeOnPostgres } from '../../test/build-test-app.ts'

const KB = 1024

/**
 * Form files through two app instances on one PostgreSQL database, sharing one files folder as
 * instances behind a load balancer share a volume (decision 073): a customer's space holds however
 * their saves are spread, and the sweep removes each file once however many instances sweep.
 */
describeOnPostgres('form files through two instances on PostgreSQL', () => {
  const clock = testClock()
  let apps: App[]
  let instances: Awaited<ReturnType<typeof startInstances>>
  let forms: { activity: FormDef; registration: FormDef; dir: string }

  beforeAll(async () => {
    instances = await startInstances(2, { now: clock.now, env: { FORM_FILES_QUOTA_MB: '1' } })
    apps = instances.apps
    const app = apps[0]!
    await saveTestSettings(app.services)
    const certificate = {
      name: 'certificate',
      label: both('Certificado', 'Certificate'),
      inputType: EditInputType.FileLoader,
    }
    await app.services.forms.createForm({
      parentName: 'Activity',
      parentId: 1,
      legalChecks: false,
      fields: [certificate],
    })
    await app.services.forms.createForm({
      parentName: 'CustomRegisterForm',
      parentId: 1,
      legalChecks: true,
      fields: [...REGISTER_FORM_FIELDS, certificate],
    })
    forms = {
      activity: await formDefOf(app, 'Activity', 1),
      registration: await formDefOf(app, 'CustomRegisterForm', 1),
      dir: formFilesDir(instances.dataDir),
    }
  })
  afterAll(() => instances.close())
  beforeEach(async () => {
    clock.set(T0)
    await clearRateLimits(apps[0]!)
  })

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await apps[0]!.database.db.execute(query)) as unknown as { rows: T[] }).rows

  it('lets one of two saves through where both together would pass the space, for each of 12 customers', async () => {
    const racers: LoggedIn[] = await insertLoggedInCustomers(apps[0]!, 12)
    const send = (who: LoggedIn, i: number) => {
      const { fields, parts } = filledForm(
        forms.activity,
        {},
        { certificate: { filename: 'c.pdf', content: pdfOf(600 * KB) } },
      )
      return saveForm(
        apps[i % 2]!,
        { parentId: 1, parentName: 'Activity', customerId: who.id, fields },
        parts,
        { headers: who.headers, remoteAddress: `198.51.100.${i + 1}`, keepLimits: true },
      )
    }
    const answers = await Promise.all(racers.flatMap((who, n) => [send(who, 2 * n), send(who, 2 * n + 1)]))
    for (let n = 0; n < racers.length; n++) {
      const pair = [answers[2 * n]!, answers[2 * n + 1]!].map((res) => [
        res.statusCode,
        res.json().code ?? null,
      ])
      expect(pair.sort()).toEqual([
        [200, null],
        [422, 'file_quota'],
      ])
    }
    const used = await rows<{ customer_id: number; bytes: string; files: string }>(sql`
      select s.customer_id, sum(f.size) as bytes, count(*) as files from form_files f
      join form_submissions s on s.id = f.submission_id group by s.customer_id`)
    expect(used).toHaveLength(racers.length)
    expect(used.every((u) => Number(u.files) === 1 && Number(u.bytes) <= 1024 * KB)).toBe(true)
  })

  it('removes each expired file once, and reads the folder once, with both instances sweeping at once', async () => {
    const registrations = await Promise.all(
      Array.from({ length: 6 }, (_, i) => {
        const { fields, parts } = filledForm(
          forms.registration,
          {
            name: 'Nora',
            surname: 'Gil',
            email: `nora${i}@example.com`,
            phone: '600000000',
            password: 'Court-Side-42',
            password2: 'Court-Side-42',
          },
          { certificate: { filename: 'c.pdf', content: pdfOf(10 * KB) } },
        )
        return saveForm(
          apps[i % 2]!,
          { parentId: 1, parentName: 'CustomRegisterForm', acceptConditions: true, fields },
          parts,
          { remoteAddress: `192.0.2.${i + 1}`, keepLimits: true },
        )
      }),
    )
    expect(registrations.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200])
    const stray = path.join(forms.dir, `${UPLOAD_PREFIX}left-behind`)
    await fs.writeFile(stray, 'part of an upload')
    await fs.utimes(stray, new Date(T0 - 25 * HOUR), new Date(T0 - 25 * HOUR))
    const due = await rows<{ stored_name: string }>(
      sql`select stored_name from form_files where expires_at is not null`,
    )
    expect(due).toHaveLength(6)

    clock.set(T0 + 25 * HOUR)
    await clearRateLimits(apps[0]!)
    const swept = await Promise.all(apps.map((app) => app.services.forms.sweepFiles()))
    expect(swept.reduce((sum, s) => sum + s.removed, 0)).toBe(6)
    expect(swept.map((s) => s.strays).sort()).toEqual([0, 1])
    expect(await rows(sql`select id from form_files where expires_at is not null`)).toEqual([])
    const left = await fs.readdir(forms.dir)
    for (const { stored_name } of due) expect(left).not.toContain(stored_name)
    expect(left).not.toContain(path.basename(stray))
  })
})
