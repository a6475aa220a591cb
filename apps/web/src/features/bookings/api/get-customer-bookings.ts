import { queryOptions, useQuery } from '@tanstack/react-query'
import { callRoute } from '../../../lib/lazy-api.ts'
import { logCrash } from '../../../lib/crash-log.ts'

/** The customer's next and past bookings. */
export const customerBookingsQuery = (customerId: number) =>
  queryOptions({
    queryKey: ['bookings', 'mine', customerId],
    queryFn: async ({ signal }) =>
      (
        await logCrash(
          'my bookings',
          signal,
          callRoute('bookingRoutes', 'customerBookings', { params: { customerId }, signal }),
        )
      ).model,
  })

export function useCustomerBookings(customerId: number) {
  return useQuery(customerBookingsQuery(customerId))
}
