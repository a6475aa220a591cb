import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { callRoute } from '../../../lib/lazy-api.ts'
import { logCrash } from '../../../lib/crash-log.ts'

export interface BookingDayInput {
  /** `yyyy-MM-dd`, a day of the centre. */
  date: string
  bookingTypeId: number
  resourceTypeId: number | null
  /** 0 when nobody is logged in: the server answers the public prices. */
  customerId: number
}

/** The resources of a booking type on a day, each with its time table and the customer's prices. */
export const bookingDayQuery = (input: BookingDayInput) =>
  queryOptions({
    queryKey: ['bookings', 'day', input],
    queryFn: async ({ signal }) =>
      (
        await logCrash(
          'bookings list',
          signal,
          callRoute('bookingRoutes', 'list', {
            body: {
              date: input.date,
              bookingTypeId: input.bookingTypeId,
              customerId: input.customerId || null,
              resourceTypeId: input.resourceTypeId,
            },
            signal,
          }),
        )
      ).model,
    // Slots change as others book: a day is read again when the page comes back to it.
    staleTime: 0,
  })

export function useBookingDay(input: BookingDayInput | null) {
  return useQuery({
    ...bookingDayQuery(input ?? { date: '', bookingTypeId: 0, resourceTypeId: null, customerId: 0 }),
    enabled: input !== null,
    // Another day's slots stay on screen (dimmed) while the chosen day loads.
    placeholderData: keepPreviousData,
  })
}
