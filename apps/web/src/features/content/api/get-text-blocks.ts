import { queryOptions, useQuery } from '@tanstack/react-query'
import type { TextBlockType } from '@clubhouse/contract'
import { buildTextBlocksGridStatus, TEXT_BLOCK_TYPES } from '../../blog/api/blog-grid-status.ts'
import { logCrash } from '../../../lib/crash-log.ts'
import { callApiLazily } from '../../../lib/lazy-api.ts'

/** Testimonials and team lists ask for rows 0 to 14 (spec 1 §9). */
const ROWS = { startRow: 0, endRow: 15 }

const textBlocksQuery = (type: TextBlockType, what: string) =>
  queryOptions({
    queryKey: ['content', 'text-blocks', type],
    queryFn: async ({ signal }) =>
      (
        await logCrash(
          what,
          signal,
          callApiLazily(async () => (await import('@clubhouse/contract')).blogRoutes.textBlocksList, {
            query: { ...ROWS, gridstatus: JSON.stringify(buildTextBlocksGridStatus(type)) },
            signal,
          }),
        )
      ).rowData,
    staleTime: 5 * 60_000,
  })

/** What members say about the centre: quote, name, role and portrait. */
export const useTestimonials = () => useQuery(textBlocksQuery(TEXT_BLOCK_TYPES.Testimonials, 'testimonials'))

/** The centre's team: portrait, name, role and a short text. */
export const useTeam = () => useQuery(textBlocksQuery(TEXT_BLOCK_TYPES.Teams, 'team'))
