import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import type { InscriptionBody } from '@clubhouse/contract'
import { callRoute } from '../../../lib/lazy-api.ts'
import { logCrash } from '../../../lib/crash-log.ts'

/**
 * One activity (spec 2 §2, §7): with a customer, whether that customer is signed up already. The
 * key names the activity from the address and the customer from the session, so a login reads it
 * again.
 */
export const activityQuery = (id: number, customerId: number) =>
  queryOptions({
    queryKey: ['activities', 'one', id, customerId],
    queryFn: ({ signal }) =>
      logCrash(
        'activity',
        signal,
        customerId
          ? callRoute('activityRoutes', 'activityForCustomer', { params: { id, customerId }, signal })
          : callRoute('activityRoutes', 'activity', { params: { id }, signal }),
      ),
  })

export function useActivity(id: number, customerId: number) {
  return useQuery(activityQuery(id, customerId))
}

/**
 * Signs the customer up (spec 2 §4): the answer's model is null when it is done (a free activity),
 * or the sale the cart pays.
 */
export function useInscription() {
  return useMutation({
    mutationFn: (body: InscriptionBody) => callRoute('activityRoutes', 'inscription', { body }),
  })
}
