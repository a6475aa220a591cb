import { sql, type SQL } from 'drizzle-orm'
import { index, text, type AnyPgColumn, type ExtraConfigColumn } from 'drizzle-orm/pg-core'
import type { Locale } from '@clubhouse/contract/server'

/*
 * Text search as people type (decision 050). Each searchable text is kept a second time, per
 * language, in its *search form*: without HTML tags, accents and capitals ("Pádel <b>Pro</b>" →
 * "padel pro"). The database keeps that copy itself (a stored generated column calling the
 * migration's immutable SQL function `search_text`, lower(unaccent(…))), and a trigram index
 * (pg_trgm, GIN) on each copy answers "contains" without reading the whole table. The searched
 * text goes through the same function in the same query, so both sides are normalised alike on
 * PGlite and PostgreSQL.
 */

/** Column name suffix of each language's search form. */
const SUFFIX: Record<Locale, string> = { 'es-ES': 'es', 'en-US': 'en' }

/**
 * The search form of one language of a localised jsonb column (`{ 'es-ES', 'en-US' }`), kept up to
 * date by the database. `html`: the column holds CMS HTML, whose tags and entities are not text.
 */
export function searchForm(column: string, locale: Locale, { html = false } = {}) {
  const fn = html ? 'search_text_of_html' : 'search_text'
  return text(`search_${column}_${SUFFIX[locale]}`).generatedAlwaysAs(
    sql.raw(`public.${fn}(${column} ->> '${locale}'::text)`),
  )
}

/**
 * The trigram index that lets "contains" use a search form column. Without fastupdate, a new row
 * goes straight into the index rather than into a pending list that every search reads through
 * until a vacuum merges it (PGlite runs no autovacuum); texts change seldom, searches often.
 */
export function searchIndex(table: string, column: ExtraConfigColumn) {
  return index(`${table}_${column.name}_trgm_idx`)
    .using('gin', column.op('gin_trgm_ops'))
    .with({ fastupdate: false })
}

/**
 * The LIKE pattern of "contains `text`": the client's `%`, `_` and `\` match themselves. The
 * pattern always travels as a query parameter, never as SQL text.
 */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** "This search form contains `text`", ignoring case, accents and markup. */
export function formContains(form: AnyPgColumn, text: string): SQL<boolean> {
  return sql<boolean>`${form} like search_text(${containsPattern(text)})`
}

/** "Any of these search forms contains `text`": the lists' search (the spec's OR of columns). */
export function anyFormContains(forms: AnyPgColumn[], text: string): SQL {
  return sql`(${sql.join(
    forms.map((form) => formContains(form, text)),
    sql` or `,
  )})`
}

/**
 * A list's search as the grid asks it (`filterModel.search`, spec 1 §7): the condition "any of
 * the named columns' search forms contains the text" (all of them when none is named), and, when
 * other columns are searched too, "`first` contains it", which lists ask to order by first (what
 * the name says before what only mentions it). Undefined for no search or an empty text.
 */
export function gridSearch<C extends string>(
  search: { filter: string; columns?: C[] | undefined } | undefined,
  forms: Record<C, AnyPgColumn>,
  first: C,
): { where: SQL; firstMatches: SQL | undefined } | undefined {
  const text = search?.filter.trim()
  if (!search || !text) return undefined
  const columns = search.columns ?? (Object.keys(forms) as C[])
  return {
    where: anyFormContains(
      columns.map((c) => forms[c]),
      text,
    ),
    firstMatches:
      columns.includes(first) && columns.length > 1 ? formContains(forms[first], text) : undefined,
  }
}

/** A table's columns without its search forms: what reads of whole rows select. */
export function withoutSearchForms<T extends Record<string, unknown>>(columns: T): WithoutSearchForms<T> {
  return Object.fromEntries(
    Object.entries(columns).filter(([key]) => !/^search[A-Z]/.test(key)),
  ) as WithoutSearchForms<T>
}
export type WithoutSearchForms<T> = Omit<T, `search${Capitalize<string>}`>
