import { queryOptions, useQuery } from '@tanstack/react-query'
import { checkoutRoutes } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'
import { logCrash } from '../../../lib/crash-log.ts'

/** The sales the customer still owes (spec 2 §2 Pending sales). */
export const pendingSalesQuery = (customerId: number) =>
  queryOptions({
    queryKey: ['checkout', 'pending-sales', customerId],
    queryFn: ({ signal }) =>
      logCrash(
        'pending sales',
        signal,
        callApi(checkoutRoutes.pendingSales, { params: { customerId }, signal }).then(
          (answer) => answer.data,
        ),
      ),
  })

export function usePendingSales(customerId: number) {
  return useQuery(pendingSalesQuery(customerId))
}
