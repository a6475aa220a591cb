// A server feature's raw SQL names only its own tables (decision 039). The import rules see a feature
// importing another's `*.tables.ts`; they cannot see `sql\`select … from vouchers\``, whose table is a
// word in a string. This rule reads which feature declares which table (`pgTable('name', …)` in its
// `*.tables.ts` files) and reports a `sql` tagged template whose text names a table of another feature.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** `pgTable('name'` in a tables file: the SQL name a table is declared under. */
const DECLARED = /\bpgTable\(\s*['"`]([A-Za-z0-9_]+)['"`]/g

/**
 * Which feature owns each SQL table, read from the `*.tables.ts` files under `featuresDir`:
 * `Map<table, feature>`. Read once per folder while ESLint runs, so a new table is seen on the next run.
 */
const ownersByDir = new Map()
export function tableOwners(featuresDir) {
  const known = ownersByDir.get(featuresDir)
  if (known) return known
  const owners = new Map()
  if (existsSync(featuresDir)) {
    for (const feature of readdirSync(featuresDir, { withFileTypes: true })) {
      if (!feature.isDirectory()) continue
      const dir = path.join(featuresDir, feature.name)
      for (const file of readdirSync(dir, { recursive: true })) {
        if (!String(file).endsWith('.tables.ts')) continue
        const text = readFileSync(path.join(dir, String(file)), 'utf8')
        for (const [, table] of text.matchAll(DECLARED)) owners.set(table, feature.name)
      }
    }
  }
  ownersByDir.set(featuresDir, owners)
  return owners
}

/**
 * The SQL text of a template, its interpolations left out (they are columns and tables Drizzle names,
 * seen by the import rules) and its quoted literals blanked, so a status such as 'sales' is no table.
 */
function sqlText(quasi) {
  return quasi.quasis
    .map((q) => q.value.cooked ?? q.value.raw)
    .join(' ')
    .replace(/'(?:[^']|'')*'/g, "''")
}

const wordOf = (table) => new RegExp(`(?<![A-Za-z0-9_$])${table}(?![A-Za-z0-9_$])`)

/** `sql\`…\``, `sql<T>\`…\``: Drizzle's raw SQL. */
const isSqlTag = (tag) => tag.type === 'Identifier' && tag.name === 'sql'

export const ownTablesRule = {
  meta: {
    type: 'problem',
    docs: { description: "A feature's raw SQL names only the tables its own *.tables.ts files declare." },
    schema: [
      {
        type: 'object',
        properties: {
          featuresDir: { type: 'string' },
          allow: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                file: { type: 'string' },
                tables: { type: 'array', items: { type: 'string' } },
              },
              required: ['file', 'tables'],
            },
          },
        },
        required: ['featuresDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      foreign:
        "This SQL names the table {{table}}, which is the {{owner}} feature's: call a function of its service instead (decision 039).",
    },
  },
  create(context) {
    const { featuresDir, allow = [] } = context.options[0]
    const relative = path.relative(featuresDir, context.physicalFilename)
    const feature = relative.startsWith('..') ? undefined : relative.split(path.sep)[0]
    if (!feature || feature === relative) return {}
    const allowed = new Set(
      allow
        .filter((a) => path.resolve(featuresDir, a.file) === context.physicalFilename)
        .flatMap((a) => a.tables),
    )
    const foreign = [...tableOwners(featuresDir)]
      .filter(([table, owner]) => owner !== feature && !allowed.has(table))
      .map(([table, owner]) => ({ table, owner, word: wordOf(table) }))
    if (foreign.length === 0) return {}
    return {
      TaggedTemplateExpression(node) {
        if (!isSqlTag(node.tag)) return
        const text = sqlText(node.quasi)
        for (const { table, owner, word } of foreign) {
          if (word.test(text)) context.report({ node, messageId: 'foreign', data: { table, owner } })
        }
      },
    }
  },
}

/** The local plugin the flat config registers: `own-tables/sql-names-own-tables`. */
export const ownTablesPlugin = { rules: { 'sql-names-own-tables': ownTablesRule } }
