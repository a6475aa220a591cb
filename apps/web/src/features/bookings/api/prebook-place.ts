import { useMutation } from '@tanstack/react-query'
import { callRoute } from '../../../lib/lazy-api.ts'

export interface PlacePrebookInput {
  customerId: number
  /** The session's id. */
  bookingId: number
  /** The place chosen on the session's map; null for a session without one. */
  placeId: number | null
}

/**
 * Holds a place in a session for the customer (spec 2 §4): the named place of its map, or any place
 * when it has none. A free session is confirmed at once; otherwise the answer carries the sale the
 * cart shows, with the instant its hold ends.
 */
export function usePrebookPlace() {
  return useMutation({
    mutationFn: async ({ customerId, bookingId, placeId }: PlacePrebookInput) =>
      (placeId === null
        ? await callRoute('placeBookingRoutes', 'byPlacePrebook', { params: { customerId, bookingId } })
        : await callRoute('placeBookingRoutes', 'byPlacePrebookPlace', {
            params: { customerId, bookingId, placeId },
          })
      ).model,
  })
}
