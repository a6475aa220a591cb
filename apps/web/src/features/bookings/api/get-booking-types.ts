import { queryOptions, useQuery } from '@tanstack/react-query'
import { logCrash } from '../../../lib/crash-log.ts'
import { callApiLazily } from '../../../lib/lazy-api.ts'

/**
 * The booking types the centre offers online (the index and the home page's direct-access menu).
 * Loads the contract with the call, so the home page's first paint does not wait for it.
 */
export const bookingTypesQuery = () =>
  queryOptions({
    queryKey: ['bookings', 'types'],
    queryFn: async ({ signal }) =>
      (
        await logCrash(
          'booking types',
          signal,
          callApiLazily(async () => (await import('@clubhouse/contract')).bookingRoutes.bookingTypesList, {
            signal,
          }),
        )
      ).model,
    staleTime: 5 * 60_000,
  })

export function useBookingTypes() {
  return useQuery(bookingTypesQuery())
}
