import { z } from 'zod'
import { safeString, wholeNumber } from './fields.ts'

/**
 * Paged lists speak the vocabulary of AG Grid's server-side row model, which the centre's back
 * office uses: `startRow` and `endRow` select the rows, `gridStatus` (URL-encoded JSON) carries the
 * grid's `sortModel` and `filterModel`. Each list names the only columns and operators it accepts;
 * anything else is refused with 400 before it comes near the database.
 */

/** Rows a list answers at most in one call (the checkout's product search asks for rows 0 to 1000). */
export const MAX_ROWS = 1000
/** Longest search text a list accepts. */
export const MAX_SEARCH_LENGTH = 200
/** Longest `gridStatus` text accepted; a real status is a few hundred characters. */
export const MAX_GRID_STATUS_LENGTH = 2000
/** Largest `startRow` accepted. */
export const MAX_START_ROW = 1_000_000
/** Key of the one addition to AG Grid's filter model: a text searched in several columns at once. */
export const SEARCH_FILTER_KEY = 'search'

export const SortDirection = z.enum(['asc', 'desc'])
export type SortDirection = z.infer<typeof SortDirection>

/** AG Grid's number filter, reduced to `equals`. */
export function numberEqualsFilter<T extends z.ZodType<number>>(column: string, value: T) {
  return z.strictObject(
    {
      filterType: z.literal('number', { error: `The filter on ${column} has filterType "number".` }),
      type: z.literal('equals', { error: `${column} is filtered with type "equals" only.` }),
      filter: value,
    },
    { error: (iss) => unknownKeys(iss, `The filter on ${column} takes filterType, type and filter only.`) },
  )
}

/**
 * The documented addition to AG Grid's filter model: `filterModel.search` matches rows where ANY of
 * the named columns (all searchable ones when `columns` is left out) contains `filter`, ignoring case
 * and accents (decision 050).
 * AG Grid itself joins column filters with AND; the spec's search joins them with OR.
 */
export function searchFilter<C extends readonly [string, ...string[]]>(columns: C) {
  return z.strictObject(
    {
      filterType: z.literal('text', { error: 'The search has filterType "text".' }),
      type: z.literal('contains', { error: 'The search has type "contains".' }),
      filter: safeString({ error: 'The search text must be a string.' }).max(
        MAX_SEARCH_LENGTH,
        `The search text is at most ${MAX_SEARCH_LENGTH} characters long.`,
      ),
      columns: z
        .array(z.enum(columns, { error: `The search looks in ${columns.join(', ')} only.` }))
        .min(1)
        .max(columns.length)
        .optional(),
    },
    { error: (iss) => unknownKeys(iss, 'The search takes filterType, type, filter and columns only.') },
  )
}

function unknownKeys(iss: { code?: string; keys?: string[] }, message: string): string | undefined {
  return iss.code === 'unrecognized_keys' ? `${message} Unknown: ${iss.keys?.join(', ')}.` : undefined
}

export interface GridColumns<F extends z.ZodRawShape, C extends readonly [string, ...string[]]> {
  /** Column filters by column id (AG Grid's filterModel entries), ANDed together. */
  filters: F
  /** Columns the `search` entry may look in. */
  searchColumns: C
  /** Sortable columns and the directions each allows. */
  sorts: Record<string, readonly SortDirection[]>
}

/**
 * The gridStatus object of one list: AG Grid's `{ sortModel, filterModel }`, with only the listed
 * filter columns, the `search` entry and the listed sorts. Strict: an unknown column, operator or
 * member is an error with a message saying what is accepted.
 */
export function gridStatusSchema<F extends z.ZodRawShape, C extends readonly [string, ...string[]]>(
  cols: GridColumns<F, C>,
) {
  const filterNames = [...Object.keys(cols.filters), SEARCH_FILTER_KEY].join(', ')
  const sortNames = Object.entries(cols.sorts)
    .map(([col, dirs]) => `${col} ${dirs.join('/')}`)
    .join(', ')
  const sortable = Object.keys(cols.sorts)
  const SortItem = z
    .strictObject(
      {
        colId: safeString({ error: 'Each sort names its column in colId.' }),
        sort: z.enum(['asc', 'desc'], { error: 'Each sort is "asc" or "desc".' }),
      },
      { error: (iss) => unknownKeys(iss, 'Each sort takes colId and sort only.') },
    )
    .superRefine((item, ctx) => {
      const dirs = cols.sorts[item.colId]
      if (!dirs || !dirs.includes(item.sort)) {
        ctx.addIssue({
          code: 'custom',
          message: `Sorting by ${item.colId} ${item.sort} is not offered; the sorts are ${sortNames}.`,
        })
      }
    })
  const filterModel = z
    .strictObject(
      { ...cols.filters, [SEARCH_FILTER_KEY]: searchFilter(cols.searchColumns) } as F & {
        search: ReturnType<typeof searchFilter<C>>
      },
      {
        error: (iss) =>
          iss.code === 'unrecognized_keys'
            ? `Unknown filter column ${iss.keys.join(', ')}; the filters are ${filterNames}.`
            : 'The filterModel is an object keyed by column.',
      },
    )
    .partial()
  return z.strictObject(
    {
      sortModel: z
        .array(SortItem, { error: 'The sortModel is a list of { colId, sort }.' })
        .max(sortable.length, `Sort by at most ${sortable.length} columns.`)
        .refine((items) => new Set(items.map((i) => i.colId)).size === items.length, {
          message: 'Sort by each column once.',
        })
        .default([]),
      // Every filter is optional, so {} is a valid filterModel.
      filterModel: filterModel.default({} as never),
    },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys'
          ? `The gridStatus takes sortModel and filterModel only. Unknown: ${iss.keys.join(', ')}.`
          : 'The gridStatus is a JSON object with sortModel and filterModel.',
    },
  )
}

/**
 * The query parameter carrying a gridStatus: URL-encoded JSON, parsed and checked with `schema`.
 * Absent or empty means no filters and the list's default order.
 */
export function gridStatusParam<S extends z.ZodType<object>>(schema: S, description: string) {
  return safeString()
    .max(MAX_GRID_STATUS_LENGTH, `The gridStatus is at most ${MAX_GRID_STATUS_LENGTH} characters long.`)
    .optional()
    .transform((text, ctx): unknown => {
      if (text === undefined || text.trim() === '') return {}
      try {
        return JSON.parse(text) as unknown
      } catch {
        ctx.addIssue({ code: 'custom', message: 'The gridStatus is not valid JSON.' })
        return z.NEVER
      }
    })
    .pipe(schema)
    .meta({ description })
}

/** `startRow` (first row, from 0) and `endRow` (one past the last row), as AG Grid sends them. */
export const RowRange = {
  startRow: wholeNumber({
    min: 0,
    max: MAX_START_ROW,
    invalid: 'startRow is a whole number from 0.',
    tooLarge: `startRow is at most ${MAX_START_ROW}.`,
  })
    .default(0)
    .meta({ description: 'First row of the page, counting from 0.' }),
  endRow: wholeNumber({
    min: 0,
    max: MAX_START_ROW + MAX_ROWS,
    invalid: 'endRow is a whole number from 0.',
    tooLarge: 'endRow is too large.',
  })
    .default(30)
    .meta({
      description: `One past the last row of the page (rows startRow..endRow-1); at most ${MAX_ROWS} rows.`,
    }),
}

/** Refuses a range that runs backwards or asks for more than MAX_ROWS rows. */
export function checkRowRange(q: { startRow: number; endRow: number }, ctx: z.RefinementCtx) {
  if (q.startRow > q.endRow) {
    ctx.addIssue({ code: 'custom', path: ['endRow'], message: 'endRow must not be below startRow.' })
  } else if (q.endRow - q.startRow > MAX_ROWS) {
    ctx.addIssue({ code: 'custom', path: ['endRow'], message: `Ask for at most ${MAX_ROWS} rows at a time.` })
  }
}

/** Encodes a gridStatus for the query string (the client URL-encodes it with the rest). */
export function encodeGridStatus(status: {
  sortModel?: { colId: string; sort: SortDirection }[]
  filterModel?: Record<string, unknown>
}): string {
  return JSON.stringify(status)
}
