import { queryOptions, useQueries } from '@tanstack/react-query'
import type { ResourceTypeSummary } from '@clubhouse/contract'
import { callRoute } from '../../../lib/lazy-api.ts'
import { logCrash } from '../../../lib/crash-log.ts'

export interface FollowUpInput {
  /** The chosen start, `yyyy-MM-dd HH:mm` of the centre. */
  start: string
  duration: number
  bookingTypeId: number
  customerId: number
}

/** The free resources of one related resource type for the chosen time: the follow-up choices. */
export const followUpQuery = (input: FollowUpInput, resourceTypeId: number) =>
  queryOptions({
    queryKey: ['bookings', 'follow-ups', input, resourceTypeId],
    queryFn: async ({ signal }) =>
      (
        await logCrash(
          'related resources',
          signal,
          callRoute('bookingRoutes', 'dateAvailability', {
            body: {
              date: input.start,
              customerId: input.customerId || null,
              bookingTypeResourceId: resourceTypeId,
              bookingTypeId: input.bookingTypeId,
              duration: input.duration,
            },
            signal,
          }),
        )
      ).model,
    staleTime: 0,
  })

/** One answer per related resource type, in the order the types are offered. */
export function useFollowUps(input: FollowUpInput | null, types: readonly ResourceTypeSummary[]) {
  return useQueries({
    queries: input ? types.map((type) => followUpQuery(input, type.id)) : [],
  })
}
