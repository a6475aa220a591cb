import { queryOptions, useQuery } from '@tanstack/react-query'
import { accountRoutes } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'
import { logCrash } from '../../../lib/crash-log.ts'

/** The customer's vouchers, active and inactive, each with its movements. */
export const vouchersQuery = (customerId: number) =>
  queryOptions({
    queryKey: ['account', 'vouchers', customerId],
    queryFn: ({ signal }) =>
      logCrash(
        'vouchers',
        signal,
        callApi(accountRoutes.customerVouchers, { params: { customerId }, signal }).then(
          (answer) => answer.model,
        ),
      ),
  })

export function useVouchers(customerId: number) {
  return useQuery(vouchersQuery(customerId))
}
