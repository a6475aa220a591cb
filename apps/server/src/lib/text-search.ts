import { sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Locale } from '@clubhouse/contract'

/**
 * The ILIKE pattern of "contains `text`": the client's `%`, `_` and `\` match themselves. The
 * pattern always travels as a query parameter, never as SQL text.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The text of a `{ 'es-ES', 'en-US' }` jsonb column in one language. */
export function localisedColumn(column: AnyPgColumn, locale: Locale): SQL<string> {
  return sql<string>`(${column} ->> ${locale}::text)`
}

/** "Any of these localised columns contains `text`", ignoring case: the lists' search. */
export function anyColumnContains(columns: AnyPgColumn[], locale: Locale, text: string): SQL {
  const pattern = containsPattern(text)
  const tests = columns.map((c) => sql`${localisedColumn(c, locale)} ilike ${pattern}`)
  return sql`(${sql.join(tests, sql` or `)})`
}
