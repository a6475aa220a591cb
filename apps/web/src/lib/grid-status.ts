/**
 * Lists are asked for in the vocabulary of AG Grid's server-side row model (see the contract's
 * grid.ts): rows `startRow`..`endRow` and a `gridStatus` holding `{ sortModel, filterModel }`.
 * These helpers build it without loading the contract's schemas, so the site search in the menu
 * can use them; tests check every built status against the contract's schema.
 */

/** The contract's MAX_SEARCH_LENGTH (a test checks they agree): longer search texts answer 400. */
export const MAX_SEARCH_LENGTH = 200

/** Key of the contract's one addition to AG Grid's filter model: a text searched in several columns. */
export const SEARCH_FILTER_KEY = 'search'

export interface GridSort<C extends string = string> {
  colId: C
  sort: 'asc' | 'desc'
}

export interface GridStatus {
  sortModel: GridSort[]
  filterModel: Record<string, unknown>
}

/**
 * The filter model entry that searches the list's text columns (joined by OR on the server), or
 * nothing for an empty text. Cut to the length the server accepts.
 */
export function searchEntry(text: string): Record<string, unknown> {
  const filter = text.trim().slice(0, MAX_SEARCH_LENGTH)
  return filter ? { [SEARCH_FILTER_KEY]: { filterType: 'text', type: 'contains', filter } } : {}
}

/** The query parameters of one page of a list: rows of that page and the encoded status. */
export function pageQuery(page: number, pageSize: number, status: GridStatus) {
  const startRow = (Math.max(1, page) - 1) * pageSize
  return { startRow, endRow: startRow + pageSize, gridStatus: JSON.stringify(status) }
}

/** Search rule of the shop and the blog (spec 1 §5): a search fires when empty or longer than 3 characters. */
export const MIN_SEARCH_LENGTH = 4
export const isSearchReady = (text: string) => {
  const length = text.trim().length
  return length === 0 || length >= MIN_SEARCH_LENGTH
}
