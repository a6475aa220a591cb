import type { DateSort, TextBlockType } from '@clubhouse/contract'
import { searchEntry, type GridStatus } from '../../../lib/grid-status.ts'

/** The blog's page size (spec 1 §9). */
export const BLOG_PAGE_SIZE = 30

/** The spec's date sorts: 1 new, 2 old. */
export const DATE_SORTS = { ByNew: 1, ByOld: 2 } as const satisfies Record<string, DateSort>

/** Kinds of text block by value: 0 posts, 1 testimonials, 2 team members. */
export const TEXT_BLOCK_TYPES = { Posts: 0, Testimonials: 1, Teams: 2 } as const satisfies Record<
  string,
  TextBlockType
>

const typeEntry = (type: TextBlockType) => ({
  TextBlockType: { filterType: 'number', type: 'equals', filter: type },
})

/** The blog list's gridStatus: posts only, searched in title, text and small text, by date. */
export function buildPostsGridStatus({ sort, search }: { sort: DateSort; search: string }): GridStatus {
  return {
    sortModel: [{ colId: 'Created', sort: sort === DATE_SORTS.ByOld ? 'asc' : 'desc' }],
    filterModel: { ...typeEntry(TEXT_BLOCK_TYPES.Posts), ...searchEntry(search) },
  }
}

/** Testimonials or team members, newest first. */
export function buildTextBlocksGridStatus(type: TextBlockType): GridStatus {
  return { sortModel: [{ colId: 'Created', sort: 'desc' }], filterModel: typeEntry(type) }
}
