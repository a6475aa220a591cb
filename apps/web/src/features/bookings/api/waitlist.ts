import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callRoute } from '../../../lib/lazy-api.ts'
import { logCrash } from '../../../lib/crash-log.ts'

/**
 * Waiting lists of full sessions: the customer's lists and the places held for them, joining one,
 * leaving one, and taking a held place that has nothing to pay. After each change the sessions, My
 * bookings and the lists are read again, as each may have moved.
 */
export const waitlistQuery = (customerId: number) =>
  queryOptions({
    queryKey: ['bookings', 'waitlist', customerId],
    queryFn: async ({ signal }) =>
      (
        await logCrash(
          'waiting lists',
          signal,
          callRoute('placeBookingRoutes', 'waitlist', { params: { customerId }, signal }),
        )
      ).model,
    staleTime: 0,
  })

/** The customer's waiting lists; nothing is asked without a customer. */
export function useWaitlist(customerId: number) {
  return useQuery({ ...waitlistQuery(customerId), enabled: customerId > 0 })
}

function useAfterChange() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      [
        ['bookings', 'waitlist'],
        ['bookings', 'mine'],
        ['bookings', 'byplace'],
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    )
}

export function useJoinWaitlist(customerId: number) {
  const onSuccess = useAfterChange()
  return useMutation({
    mutationFn: async (bookingId: number) =>
      (await callRoute('placeBookingRoutes', 'waitlistJoin', { params: { customerId, bookingId } })).model,
    onSuccess,
  })
}

export function useLeaveWaitlist(customerId: number) {
  const onSuccess = useAfterChange()
  return useMutation({
    mutationFn: (entryId: number) =>
      callRoute('placeBookingRoutes', 'waitlistLeave', { params: { customerId, entryId } }),
    onSuccess,
  })
}

/** Takes a place held from the waiting list when it has nothing to pay. */
export function useConfirmHold(customerId: number) {
  const onSuccess = useAfterChange()
  return useMutation({
    mutationFn: (bookingId: number) =>
      callRoute('placeBookingRoutes', 'confirmHold', { params: { customerId, bookingId } }),
    onSuccess,
  })
}
