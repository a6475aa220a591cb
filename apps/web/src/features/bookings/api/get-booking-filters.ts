import { queryOptions, useQuery } from '@tanstack/react-query'
import { callRoute } from '../../../lib/lazy-api.ts'
import { logCrash } from '../../../lib/crash-log.ts'

/**
 * What the booking page filters by: the booking types, the resource types (of the type when one is
 * given), and the type's anticipation and cancellation rules.
 */
export const bookingFiltersQuery = (bookingTypeId: number | null) =>
  queryOptions({
    queryKey: ['bookings', 'filters', bookingTypeId],
    queryFn: async ({ signal }) =>
      (
        await logCrash(
          'booking filters',
          signal,
          bookingTypeId === null
            ? callRoute('bookingRoutes', 'filters', { signal })
            : callRoute('bookingRoutes', 'filtersOfType', { params: { bookingTypeId }, signal }),
        )
      ).model,
    staleTime: 60_000,
  })

export function useBookingFilters(bookingTypeId: number | null) {
  return useQuery(bookingFiltersQuery(bookingTypeId))
}
