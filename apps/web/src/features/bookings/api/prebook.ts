import { useMutation } from '@tanstack/react-query'
import type { PrebookBody } from '@clubhouse/contract'
import { callRoute } from '../../../lib/lazy-api.ts'

/**
 * Holds the chosen time for the customer (spec 2 §4): the main resource's block first, then one
 * per chosen follow-up resource. A free booking is confirmed at once; otherwise the answer carries
 * the sale the cart shows, with the instant its hold ends.
 */
export function usePrebook() {
  return useMutation({
    mutationFn: (body: PrebookBody) =>
      callRoute('bookingRoutes', 'prebook', { body }).then((answer) => answer.model),
  })
}
