// The shape of the code as import rules (decision 039): which part of the tree may import which.
// Import cycles are checked by oxlint (.oxlintrc.json), which also follows type-only imports.
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import { ownTablesPlugin } from './own-tables-rule.js'

/** Files that test the code or support its tests: they may reach across layers to set up and assert. */
export const TEST_FILES = ['**/*.test.{ts,tsx}', 'apps/*/src/test/**']

/**
 * What is left of "a server feature calls another feature's service, never its tables" (decision 039):
 * each file named here may still import these tables modules of other features and name these tables
 * in its raw SQL. Paths are relative to apps/server/src/features. Each entry waits for its own change;
 * the list shrinks, it never grows. It is empty: every feature reads only its own tables.
 */
export const FOREIGN_TABLES_LEFT = []

/** The feature folders of one app, read when the config loads. */
function featuresOf(root, app) {
  const dir = path.join(root, 'apps', app, 'src', 'features')
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
}

/** The `*.tables.ts` files of each server feature, `[feature, file relative to features/]`. */
function serverTablesFiles(root) {
  const dir = path.join(root, 'apps', 'server', 'src', 'features')
  return featuresOf(root, 'server').flatMap((feature) =>
    readdirSync(path.join(dir, feature), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.tables.ts'))
      .map((file) => [feature, path.posix.join(feature, file.split(path.sep).join('/'))]),
  )
}

/**
 * Flat config objects for the tree at `root` (absolute): the repository's own root in eslint.config.js,
 * a small tree of its own in the test beside this file. `foreignTablesLeft`: the exceptions to "only
 * its own tables", FOREIGN_TABLES_LEFT unless a test names its own.
 */
export function architecture(root, { foreignTablesLeft = FOREIGN_TABLES_LEFT } = {}) {
  const at = (...parts) => path.join(root, ...parts)
  const server = (...parts) => at('apps', 'server', 'src', ...parts)
  const web = (...parts) => at('apps', 'web', 'src', ...parts)

  // Between packages: these hold for tests too.
  const packageZones = [
    {
      target: at('packages', 'contract'),
      from: root,
      except: ['./packages/contract', './node_modules'],
      message: 'The contract imports only zod and its own files (decision 039).',
    },
    {
      target: at('apps', 'web'),
      from: at('apps', 'server'),
      message: 'The browser never imports server code; share it through packages/contract (decision 039).',
    },
    {
      target: at('apps', 'server'),
      from: at('apps', 'web'),
      message:
        'The server imports nothing from the web app; share it through packages/contract (decision 039).',
    },
  ]

  // Layers inside each app: production code only.
  const webFeatures = featuresOf(root, 'web')
  const layerZones = [
    {
      target: server('http'),
      from: server('features'),
      message: 'HTTP plumbing knows no feature: a feature registers its routes (decision 039).',
    },
    {
      target: server('lib'),
      from: [server('http'), server('features'), server('db')],
      message: 'lib/ is plain helpers: no HTTP, feature or database code (decision 039).',
    },
    {
      // db/schema.ts gathers every table, wherever it lives; the seed goes in through the services.
      target: [server('db', '!(schema).ts'), server('db', '!(seed)', '**', '*')],
      from: server('features'),
      message: 'The database layer imports no feature, but for db/schema.ts and the seed (decision 039).',
    },
    {
      target: [server('db', '!(schema).ts'), server('db', '*', '**', '*')],
      from: server('http'),
      message:
        'The database layer imports no HTTP code, but for the tables db/schema.ts gathers (decision 039).',
    },
    {
      target: [web('lib'), web('components'), web('config')],
      from: [web('features'), web('app')],
      message:
        'lib/, components/ and config/ are shared by every page: they import no feature and no app code (decision 039).',
    },
    {
      target: web('features'),
      from: web('app'),
      message: 'Pages compose features; a feature imports no app code (decision 039).',
    },
    ...webFeatures.map((feature) => ({
      target: web('features', feature),
      from: web('features', `!(${feature})`, 'components', '**'),
      message:
        "A feature does not import another feature's components (its api, hooks and types are fine); the app composes them (decision 039).",
    })),
    {
      target: [at('apps', 'server'), at('apps', 'web')],
      from: [server('test'), web('test')],
      message: 'Test support is for tests only (decision 039).',
    },
  ]

  // A server feature reads and writes only its own tables: another feature's are queried through that
  // feature's service. Its *.tables.ts files may import other features' tables, for foreign keys.
  const tablesFiles = serverTablesFiles(root)
  const ownTablesMessage =
    "A server feature reads and writes only its own tables: call a function of the owning feature's service (decision 039)."
  const ownTablesZones = featuresOf(root, 'server').flatMap((feature) => {
    const foreign = tablesFiles.filter(([owner]) => owner !== feature).map(([, file]) => file)
    if (foreign.length === 0) return []
    const left = foreignTablesLeft.filter((entry) => entry.file.split('/')[0] === feature)
    for (const entry of left) {
      if (entry.file.split('/').length !== 2)
        throw new Error(`${entry.file}: list files at a feature's root.`)
    }
    const kept = left.map((entry) => path.posix.basename(entry.file, '.ts'))
    return [
      {
        target: [
          server('features', feature, `!(${['*.tables', ...kept].join('|')}).ts`),
          server('features', feature, '*', '**', '!(*.tables).ts'),
        ],
        from: foreign.map((file) => server('features', file)),
        message: ownTablesMessage,
      },
      ...left.flatMap((entry) => {
        const from = foreign.filter((file) => !entry.imports.includes(file))
        return from.length
          ? [
              {
                target: server('features', entry.file),
                from: from.map((file) => server('features', file)),
                message: ownTablesMessage,
              },
            ]
          : []
      }),
    ]
  })

  const restrictedPaths = (zones) => ['error', { basePath: root, zones }]

  return [
    {
      files: ['**/*.{js,ts,tsx}'],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      },
      rules: {
        'import-x/no-restricted-paths': restrictedPaths([...packageZones, ...layerZones, ...ownTablesZones]),
      },
    },
    {
      // The same for raw SQL, which no import shows: `sql\`… from vouchers\`` in a feature that does not own it.
      files: ['apps/server/src/features/**/*.ts'],
      ignores: TEST_FILES,
      plugins: { 'own-tables': ownTablesPlugin },
      rules: {
        'own-tables/sql-names-own-tables': [
          'error',
          {
            featuresDir: server('features'),
            allow: foreignTablesLeft.map((entry) => ({ file: entry.file, tables: entry.sql })),
          },
        ],
      },
    },
    {
      files: TEST_FILES,
      rules: { 'import-x/no-restricted-paths': restrictedPaths(packageZones) },
    },
    {
      // The contract runs in the browser and on the server: zod and its own files, nothing else.
      files: ['packages/contract/**/*.ts'],
      ignores: TEST_FILES,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: '^(?!zod$|zod/|\\./|\\.\\./)',
                message: 'The contract imports only zod and its own files (decision 039).',
              },
            ],
          },
        ],
      },
    },
  ]
}
