import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { App } from '../app.ts'

/**
 * What a refused write must leave as it was: every row of the tables it could touch. Take one before
 * the request and compare after it (`expectTablesUnchanged`); a row added, removed or changed in any
 * column shows in the comparison, where a count or one customer's row would miss it.
 */
export interface TableSnapshot {
  tables: string[]
  /** Each table's rows as JSON text, in a stable order. */
  rows: Record<string, string[]>
}

/** The rate limiter's and the login guards' counters (customers', staff's): a refused request is still counted, as it should be. */
export const COUNTERS = ['rate_limits', 'login_failures', 'staff_login_failures']

type Rows<T> = { rows: T[] }

/** Every table of the database but the counters. */
export async function allTables(app: App): Promise<string[]> {
  const res = (await app.database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as Rows<{ tablename: string }>
  return res.rows.map((r) => r.tablename).filter((name) => !COUNTERS.includes(name))
}

/** The rows of `tables` (every table but the rate limiter's unless told) as they are now. */
export async function snapshotTables(app: App, tables?: readonly string[]): Promise<TableSnapshot> {
  const names = tables ? [...tables] : await allTables(app)
  const rows: Record<string, string[]> = {}
  for (const name of names) {
    const res = (await app.database.db.execute(
      sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t order by 1`,
    )) as unknown as Rows<{ row: string }>
    rows[name] = res.rows.map((r) => r.row)
  }
  return { tables: names, rows }
}

/** Fails the test when any row of the snapshot's tables was added, removed or changed since. */
export async function expectTablesUnchanged(app: App, before: TableSnapshot, label?: string): Promise<void> {
  expect(await snapshotTables(app, before.tables), label).toEqual(before)
}

/**
 * A digest of each table's rows (every table but the counters unless told), in one round trip: for
 * comparing before and after thousands of requests, where a whole snapshot each time would be too
 * slow. A table without rows is absent.
 */
export async function fingerprintTables(
  app: App,
  tables?: readonly string[],
): Promise<Record<string, string>> {
  const names = tables ? [...tables] : await allTables(app)
  if (names.length === 0) return {}
  const rowsOf = names.map(
    (name) => sql`select ${name}::text as t, row_to_json(x)::text as r from ${sql.identifier(name)} x`,
  )
  const res = (await app.database.db.execute(sql`
    select t, md5(string_agg(r, E'\n' order by r)) as digest
    from (${sql.join(rowsOf, sql` union all `)}) rows group by t`)) as unknown as Rows<{
    t: string
    digest: string
  }>
  return Object.fromEntries(res.rows.map((r) => [r.t, r.digest]))
}

/** The tables whose digests differ between two fingerprints. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...names].filter((name) => before[name] !== after[name]).sort()
}
