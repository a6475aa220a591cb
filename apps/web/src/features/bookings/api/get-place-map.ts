import { queryOptions, useQuery } from '@tanstack/react-query'
import { callRoute } from '../../../lib/lazy-api.ts'
import { logCrash } from '../../../lib/crash-log.ts'

/** A session's place map: the drawing, its places, who has which, and the session itself. */
export const placeMapQuery = (templateId: number, bookingId: number) =>
  queryOptions({
    queryKey: ['bookings', 'place-map', templateId, bookingId],
    queryFn: async ({ signal }) =>
      (
        await logCrash(
          'booking template info',
          signal,
          callRoute('placeBookingRoutes', 'bookingTemplateInfo', {
            params: { templateId, bookingId },
            signal,
          }),
        )
      ).model,
    staleTime: 0,
  })

export function usePlaceMap(templateId: number, bookingId: number) {
  return useQuery(placeMapQuery(templateId, bookingId))
}
