import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { callRoute } from '../../../lib/lazy-api.ts'
import { logCrash } from '../../../lib/crash-log.ts'

export interface PlaceWeekInput {
  /** Any day (`yyyy-MM-dd`) of the week wanted. */
  date: string
  /** null: every by-place type (the page's All). */
  bookingTypeId: number | null
  resourceTypeId: number | null
  /** 0 when nobody is logged in: the sessions without the customer's own state. */
  customerId: number
}

/** The sessions of the by-place types in the week of a day, with their places taken (spec 2 §2). */
export const placeWeekQuery = (input: PlaceWeekInput) =>
  queryOptions({
    queryKey: ['bookings', 'byplace', input],
    queryFn: ({ signal }) =>
      logCrash(
        'sessions by place',
        signal,
        callRoute('placeBookingRoutes', 'byPlaceList', {
          body: {
            date: input.date,
            bookingTypeId: input.bookingTypeId,
            customerId: input.customerId || null,
            resourceTypeId: input.resourceTypeId,
          },
          signal,
        }),
      ),
    // Places go as others book: a week is read again when the page comes back to it.
    staleTime: 0,
  })

export function usePlaceWeek(input: PlaceWeekInput) {
  return useQuery({
    ...placeWeekQuery(input),
    // Another week's sessions stay on screen (dimmed) while the chosen one loads.
    placeholderData: keepPreviousData,
  })
}
