import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createConfig, formatProblems, getTotals, lint } from '@redocly/openapi-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allRoutes, errorCodesOf, ERROR_CODE_DOCS, type RouteDef } from '@clubhouse/contract/server'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'

describe('the API document', () => {
  let t: TestApp
  let dir: string
  beforeAll(async () => {
    t = await buildTestApp('pglite')
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'clubhouse-openapi-'))
  })
  afterAll(async () => {
    await t.close()
    await fs.rm(dir, { recursive: true, force: true })
  })

  it("passes Redocly's recommended lint with no error and no warning", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const file = path.join(dir, 'openapi.json')
    await fs.writeFile(file, JSON.stringify(res.json(), null, 2))
    const config = await createConfig({ extends: ['recommended'] })
    const problems = await lint({ ref: file, config })
    const totals = getTotals(problems)
    if (totals.errors + totals.warnings > 0) {
      formatProblems(problems, { format: 'codeframe', totals, version: 'lint', maxProblems: 50 })
    }
    expect(
      problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`),
    ).toEqual([])
  })

  it('documents every error code a route may answer under its status, with an example body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    for (const [key, route] of Object.entries(allRoutes as Record<string, RouteDef>)) {
      const op = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')][route.method.toLowerCase()]
      const answered = [...errorCodesOf(route)].map(
        (code) =>
          [code, (ERROR_CODE_DOCS as Record<string, readonly [number, string]>)[code]?.[0] ?? 422] as const,
      )
      for (const [code, status] of [...answered, ...Object.entries(route.errorStatuses ?? {})]) {
        const example = op.responses[String(status)]?.content['application/json'].examples[code]
        expect(example, `${key} answers ${code} with ${status}`).toEqual({
          $ref: `#/components/examples/${code}`,
        })
        expect(doc.components.examples[code].value).toMatchObject({ ok: false, code })
      }
    }
  })
})
