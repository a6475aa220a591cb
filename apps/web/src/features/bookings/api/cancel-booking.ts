import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callRoute } from '../../../lib/lazy-api.ts'

/**
 * Cancels one of the customer's bookings (spec 2 §4): the answer lists what was returned and how.
 * On success the bookings list is read again; on a refusal nothing reloads.
 */
export function useCancelBooking(customerId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (bookingId: number) =>
      callRoute('bookingRoutes', 'cancel', { params: { bookingId, customerId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bookings', 'mine', customerId] }),
  })
}
