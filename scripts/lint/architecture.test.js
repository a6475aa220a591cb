// The import rules of decision 039 bite: each is checked on a small tree laid out like ours, written
// to a temporary folder, with the same rule set and the same cycle check that `npm run lint` runs.
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { architecture } from './architecture.js'

const repoRoot = path.resolve(import.meta.dirname, '../..')

/** A tree that keeps the shape: every import here is allowed. */
const SHAPELY = {
  'packages/contract/src/fields.ts': "import { z } from 'zod'\nexport const Id = z.number()\n",
  'packages/contract/src/index.ts': "export * from './fields.ts'\n",
  'packages/contract/src/fields.test.ts':
    "import { it } from 'vitest'\nimport { Id } from './fields.ts'\nit('', () => Id)\n",
  'apps/server/src/lib/app-error.ts': 'export class AppError extends Error {}\n',
  'apps/server/src/db/executor.ts': 'export type Db = { run(): void }\n',
  'apps/server/src/db/units.ts':
    "import type { Db } from './executor.ts'\nexport const units = (db: Db) => db\n",
  'apps/server/src/http/rate-limit.tables.ts': 'export const rateLimits = {}\n',
  'apps/server/src/http/route.ts':
    "import { AppError } from '../lib/app-error.ts'\nimport { units } from '../db/units.ts'\nexport const route = [AppError, units]\n",
  'apps/server/src/features/shop/shop.tables.ts':
    "const pgTable = (name: string) => ({ name })\nexport const products = pgTable('products')\n",
  'apps/server/src/features/customers/customers.tables.ts': [
    'const pgTable = (name: string) => ({ name })',
    "export const customers = pgTable('customers')",
    'export const customerTypes = pgTable(',
    "  'customer_types',",
    ')',
    '',
  ].join('\n'),
  // A tables file may import another feature's tables: a foreign key is schema, not a read.
  'apps/server/src/features/vouchers/vouchers.tables.ts': [
    "import { customers } from '../customers/customers.tables.ts'",
    'const pgTable = (name: string, references: object) => ({ name, references })',
    "export const vouchers = pgTable('vouchers', customers)",
    '',
  ].join('\n'),
  // Its own tables, by import and in raw SQL; a column or a quoted value that only looks like another's.
  'apps/server/src/features/vouchers/vouchers.service.ts': [
    "import { vouchers } from './vouchers.tables.ts'",
    'const sql = (text: TemplateStringsArray, ...values: unknown[]) => [text, values]',
    'export const balanceOf = (id: number) => [',
    '  vouchers,',
    '  sql`select balance, customers_count from "vouchers" where customer_id = ${id}`,',
    "  sql`select id from vouchers where note <> 'customers' and ${vouchers} is not null`,",
    ']',
    '',
  ].join('\n'),
  'apps/server/src/features/vouchers/vouchers.routes.test.ts': [
    "import { customers } from '../customers/customers.tables.ts'",
    'const sql = (text: TemplateStringsArray) => text',
    'export const t = [customers, sql`select email from customers`]',
    '',
  ].join('\n'),
  'apps/server/src/features/content/content.service.ts': 'export const settings = () => ({})\n',
  'apps/server/src/features/shop/shop.service.ts': [
    "import { route } from '../../http/route.ts'",
    "import { settings } from '../content/content.service.ts'",
    "import { products } from './shop.tables.ts'",
    'export const shop = [route, settings, products]',
    '',
  ].join('\n'),
  'apps/server/src/db/schema.ts':
    "export * from '../features/shop/shop.tables.ts'\nexport * from '../http/rate-limit.tables.ts'\n",
  'apps/server/src/db/seed/index.ts':
    "import { shop } from '../../features/shop/shop.service.ts'\nexport const seed = shop\n",
  'apps/server/src/test/build-test-app.ts':
    "import { shop } from '../features/shop/shop.service.ts'\nexport const app = shop\n",
  'apps/server/src/http/route.test.ts':
    "import { products } from '../features/shop/shop.tables.ts'\nimport { app } from '../test/build-test-app.ts'\nexport const t = [products, app]\n",
  'apps/web/src/config/paths.ts': "export const paths = { home: '/' }\n",
  'apps/web/src/lib/format.ts': "import { paths } from '../config/paths.ts'\nexport const format = paths\n",
  'apps/web/src/components/ui/button.tsx':
    "import { format } from '../../lib/format.ts'\nexport const Button = format\n",
  'apps/web/src/features/content/settings.tsx': 'export const useSettings = () => ({})\n',
  'apps/web/src/features/content/components/legal-dialog.tsx': 'export const LegalDialog = () => null\n',
  'apps/web/src/features/blog/api/get-posts.ts': 'export const getPosts = () => []\n',
  'apps/web/src/features/blog/components/post-card.tsx': [
    "import { Button } from '../../../components/ui/button.tsx'",
    "import { useSettings } from '../../content/settings.tsx'",
    "import { getPosts } from '../api/get-posts.ts'",
    'export const PostCard = [Button, useSettings, getPosts]',
    '',
  ].join('\n'),
  'apps/web/src/features/search/api/search.ts':
    "import { getPosts } from '../../blog/api/get-posts.ts'\nexport const search = getPosts\n",
  'apps/web/src/app/routes/blog-page.tsx':
    "import { PostCard } from '../../features/blog/components/post-card.tsx'\nimport { LegalDialog } from '../../features/content/components/legal-dialog.tsx'\nexport const BlogPage = [PostCard, LegalDialog]\n",
  'apps/web/src/test/render.tsx':
    "import { BlogPage } from '../app/routes/blog-page.tsx'\nexport const render = BlogPage\n",
  'apps/web/src/lib/format.test.ts':
    "import { getPosts } from '../features/blog/api/get-posts.ts'\nimport { render } from '../test/render.tsx'\nexport const t = [getPosts, render]\n",
}

/** One file that breaks a rule, beside the tree it breaks it in. */
const MISSHAPEN = {
  'packages/contract/src/ours.ts':
    "import { AppError } from '../../../apps/server/src/lib/app-error.ts'\nexport const e = AppError\n",
  'packages/contract/src/theirs.ts': "import { useState } from 'react'\nexport const s = useState\n",
  'apps/web/src/lib/server-code.ts':
    "import { route } from '../../../server/src/http/route.ts'\nexport const r = route\n",
  'apps/web/src/lib/server-code.test.ts':
    "import { route } from '../../../server/src/http/route.ts'\nexport const r = route\n",
  'apps/server/src/lib/web-code.ts':
    "import { format } from '../../../web/src/lib/format.ts'\nexport const f = format\n",
  'apps/server/src/http/feature.ts':
    "import { shop } from '../features/shop/shop.service.ts'\nexport const s = shop\n",
  'apps/server/src/lib/layers.ts': [
    "import { route } from '../http/route.ts'",
    "import { shop } from '../features/shop/shop.service.ts'",
    "import type { Db } from '../db/executor.ts'",
    'export const l = [route, shop] as Array<Db | unknown>',
    '',
  ].join('\n'),
  'apps/server/src/db/feature.ts':
    "import { products } from '../features/shop/shop.tables.ts'\nexport const p = products\n",
  'apps/server/src/db/seed/http.ts': "import { route } from '../../http/route.ts'\nexport const r = route\n",
  'apps/web/src/lib/feature.ts':
    "import { getPosts } from '../features/blog/api/get-posts.ts'\nexport const g = getPosts\n",
  'apps/web/src/components/ui/page.tsx':
    "import { BlogPage } from '../../app/routes/blog-page.tsx'\nexport const p = BlogPage\n",
  'apps/web/src/config/feature.ts':
    "import { useSettings } from '../features/content/settings.tsx'\nexport const s = useSettings\n",
  'apps/web/src/features/blog/page.ts':
    "import { BlogPage } from '../../app/routes/blog-page.tsx'\nexport const p = BlogPage\n",
  'apps/web/src/features/blog/components/terms.tsx':
    "import { LegalDialog } from '../../content/components/legal-dialog.tsx'\nexport const Terms = LegalDialog\n",
  'apps/server/src/http/test-support.ts':
    "import { app } from '../test/build-test-app.ts'\nexport const a = app\n",
  'apps/web/src/lib/test-support.ts':
    "import { render } from '../test/render.tsx'\nexport const r = render\n",
  'apps/server/src/features/shop/orders.ts':
    "import { vouchers } from '../vouchers/vouchers.tables.ts'\nexport const o = vouchers\n",
  'apps/server/src/features/shop/queries/buyers.ts':
    "import type { customers } from '../../customers/customers.tables.ts'\nexport type B = typeof customers\n",
  'apps/server/src/features/shop/order-sql.ts': [
    'const sql = (text: TemplateStringsArray, ...values: unknown[]) => [text, values]',
    'export const spent = (id: number) => [',
    '  sql`select balance from vouchers where id = ${id}`,',
    '  sql`select p.id from products p join "customer_types" t on t.id = ${id}`,',
    ']',
    '',
  ].join('\n'),
  // Named in the exceptions of the test's config below: its vouchers, not its customers.
  'apps/server/src/features/shop/legacy.ts': [
    "import { vouchers } from '../vouchers/vouchers.tables.ts'",
    "import { customers } from '../customers/customers.tables.ts'",
    'const sql = (text: TemplateStringsArray) => text',
    'export const l = [',
    '  vouchers,',
    '  customers,',
    '  sql`select balance from vouchers`,',
    '  sql`select discount_percent from customer_types`,',
    ']',
    '',
  ].join('\n'),
}

/** The exceptions the test's config names, as FOREIGN_TABLES_LEFT names the repository's. */
const TABLES_LEFT = [{ file: 'shop/legacy.ts', imports: ['vouchers/vouchers.tables.ts'], sql: ['vouchers'] }]

/** Files for the cycle check: a type-only cycle, a longer one through a re-export, and none. */
const CYCLES = {
  'apps/server/src/db/client.ts':
    "import { createUnits } from './units.ts'\nexport type Db = object\nexport const open = createUnits\n",
  'apps/server/src/db/units.ts':
    "import type { Db } from './client.ts'\nexport const createUnits = (db: Db) => db\n",
  'apps/web/src/features/a/index.ts': "export * from './b.ts'\n",
  'apps/web/src/features/a/b.ts': "import { c } from '../c/c.ts'\nexport const b = c\n",
  'apps/web/src/features/c/c.ts': "import { d } from './d.ts'\nexport const c = d\n",
  'apps/web/src/features/c/d.ts': "import { b } from '../a/index.ts'\nexport const d = () => b\n",
  'apps/web/src/lib/e.ts':
    "import type { F } from './f.ts'\nimport { g } from './g.ts'\nexport type E = F\nexport const e = g\n",
  'apps/web/src/lib/f.ts': "import { g } from './g.ts'\nexport type F = typeof g\n",
  'apps/web/src/lib/g.ts': 'export const g = 1\n',
}

function writeTree(root, files) {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
}

describe('layer rules', () => {
  let root
  let eslint

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'clubhouse-shape-'))
    writeTree(root, { ...SHAPELY, ...MISSHAPEN })
    eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        { languageOptions: { parser: tseslint.parser } },
        ...architecture(root, { foreignTablesLeft: TABLES_LEFT }),
      ],
    })
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  /** The refused imports of `file`, as `rule: import` lines; raw SQL as `rule: table`. */
  async function refusals(file) {
    const [result] = await eslint.lintFiles([path.join(root, file)])
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n')
    return result.messages.map((m) => {
      const source =
        m.ruleId === 'own-tables/sql-names-own-tables'
          ? m.message.match(/names the table (\w+)/)?.[1]
          : lines[m.line - 1].match(/from '([^']+)'/)?.[1]
      return `${m.ruleId}: ${source}`
    })
  }

  it('passes a tree that keeps the shape, tests reaching across layers included', async () => {
    const results = await eslint.lintFiles(Object.keys(SHAPELY).map((file) => path.join(root, file)))
    const problems = results.flatMap((r) =>
      r.messages.map((m) => `${path.relative(root, r.filePath)}: ${m.message}`),
    )
    expect(problems).toEqual([])
  })

  it('refuses a contract file importing anything of ours, or any package but zod', async () => {
    expect(await refusals('packages/contract/src/ours.ts')).toEqual([
      'import-x/no-restricted-paths: ../../../apps/server/src/lib/app-error.ts',
    ])
    expect(await refusals('packages/contract/src/theirs.ts')).toEqual(['no-restricted-imports: react'])
  })

  it('refuses web code importing server code, in its tests too, and server code importing web code', async () => {
    const refused = ['import-x/no-restricted-paths: ../../../server/src/http/route.ts']
    expect(await refusals('apps/web/src/lib/server-code.ts')).toEqual(refused)
    expect(await refusals('apps/web/src/lib/server-code.test.ts')).toEqual(refused)
    expect(await refusals('apps/server/src/lib/web-code.ts')).toEqual([
      'import-x/no-restricted-paths: ../../../web/src/lib/format.ts',
    ])
  })

  it('refuses HTTP plumbing importing a feature', async () => {
    expect(await refusals('apps/server/src/http/feature.ts')).toEqual([
      'import-x/no-restricted-paths: ../features/shop/shop.service.ts',
    ])
  })

  it('refuses server lib code importing HTTP, feature or database code, types included', async () => {
    expect(await refusals('apps/server/src/lib/layers.ts')).toEqual([
      'import-x/no-restricted-paths: ../http/route.ts',
      'import-x/no-restricted-paths: ../features/shop/shop.service.ts',
      'import-x/no-restricted-paths: ../db/executor.ts',
    ])
  })

  it('refuses database code importing a feature or HTTP code, the schema and the seed aside', async () => {
    expect(await refusals('apps/server/src/db/feature.ts')).toEqual([
      'import-x/no-restricted-paths: ../features/shop/shop.tables.ts',
    ])
    // The seed goes in through the services, never through HTTP code.
    expect(await refusals('apps/server/src/db/seed/http.ts')).toEqual([
      'import-x/no-restricted-paths: ../../http/route.ts',
    ])
  })

  it('refuses web lib, components and config importing a feature or app code', async () => {
    expect(await refusals('apps/web/src/lib/feature.ts')).toEqual([
      'import-x/no-restricted-paths: ../features/blog/api/get-posts.ts',
    ])
    expect(await refusals('apps/web/src/components/ui/page.tsx')).toEqual([
      'import-x/no-restricted-paths: ../../app/routes/blog-page.tsx',
    ])
    expect(await refusals('apps/web/src/config/feature.ts')).toEqual([
      'import-x/no-restricted-paths: ../features/content/settings.tsx',
    ])
  })

  it("refuses a web feature importing app code or another feature's components", async () => {
    expect(await refusals('apps/web/src/features/blog/page.ts')).toEqual([
      'import-x/no-restricted-paths: ../../app/routes/blog-page.tsx',
    ])
    expect(await refusals('apps/web/src/features/blog/components/terms.tsx')).toEqual([
      'import-x/no-restricted-paths: ../../content/components/legal-dialog.tsx',
    ])
  })

  it("refuses a server feature importing another feature's tables, types and subfolders included", async () => {
    expect(await refusals('apps/server/src/features/shop/orders.ts')).toEqual([
      'import-x/no-restricted-paths: ../vouchers/vouchers.tables.ts',
    ])
    expect(await refusals('apps/server/src/features/shop/queries/buyers.ts')).toEqual([
      'import-x/no-restricted-paths: ../../customers/customers.tables.ts',
    ])
  })

  it("refuses a server feature's raw SQL naming another feature's table, quoted or not", async () => {
    expect(await refusals('apps/server/src/features/shop/order-sql.ts')).toEqual([
      'own-tables/sql-names-own-tables: vouchers',
      'own-tables/sql-names-own-tables: customer_types',
    ])
  })

  it('lets a named exception keep the tables it names, and only those', async () => {
    expect(await refusals('apps/server/src/features/shop/legacy.ts')).toEqual([
      'import-x/no-restricted-paths: ../customers/customers.tables.ts',
      'own-tables/sql-names-own-tables: customer_types',
    ])
  })

  it('refuses production code importing test support', async () => {
    expect(await refusals('apps/server/src/http/test-support.ts')).toEqual([
      'import-x/no-restricted-paths: ../test/build-test-app.ts',
    ])
    expect(await refusals('apps/web/src/lib/test-support.ts')).toEqual([
      'import-x/no-restricted-paths: ../test/render.tsx',
    ])
  })
})

describe('import cycles', () => {
  let root
  let found

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'clubhouse-cycles-'))
    writeTree(root, CYCLES)
    // The repository's own cycle check, as `npm run lint` runs it.
    const oxlint = path.join(repoRoot, 'node_modules/oxlint/bin/oxlint')
    const config = path.join(repoRoot, '.oxlintrc.json')
    const run = promisify(execFile)(process.execPath, [oxlint, '-c', config, '-f', 'json', '.'], {
      cwd: root,
    })
    const { stdout } = await run.catch((failed) => failed)
    found = JSON.parse(stdout)
      .diagnostics.map((d) => `${d.code} ${d.filename}`)
      .sort()
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('finds a cycle made by a type-only import', () => {
    expect(found).toContain('import(no-cycle) apps/server/src/db/client.ts')
    expect(found).toContain('import(no-cycle) apps/server/src/db/units.ts')
  })

  it('finds a cycle four modules long through a re-export', () => {
    for (const file of ['a/index.ts', 'a/b.ts', 'c/c.ts', 'c/d.ts']) {
      expect(found).toContain(`import(no-cycle) apps/web/src/features/${file}`)
    }
  })

  it('finds nothing where imports only converge', () => {
    expect(found.filter((line) => line.includes('/lib/'))).toEqual([])
    expect(found).toHaveLength(6)
  })
})

describe('the repository', () => {
  it('lints its own files with these rules, and its lint script checks cycles too', async () => {
    const eslint = new ESLint({ cwd: repoRoot })
    const [result] = await eslint.lintText(
      "import { buildApp } from '../../../server/src/app.ts'\nexport const b = buildApp\n",
      {
        filePath: path.join(repoRoot, 'apps/web/src/lib/probe.ts'),
      },
    )
    expect(result.messages.map((m) => m.ruleId)).toEqual(['import-x/no-restricted-paths'])
    const [feature] = await eslint.lintText(
      [
        "import { sql } from 'drizzle-orm'",
        "import { customers } from '../customers/customers.tables.ts'",
        'export const q = [customers, sql`select balance from vouchers`]',
        '',
      ].join('\n'),
      { filePath: path.join(repoRoot, 'apps/server/src/features/shop/probe.ts') },
    )
    expect(feature.messages.map((m) => m.ruleId)).toEqual([
      'import-x/no-restricted-paths',
      'own-tables/sql-names-own-tables',
    ])
    const { scripts } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'))
    expect(scripts.lint).toContain('oxlint -c .oxlintrc.json')
  })
})
