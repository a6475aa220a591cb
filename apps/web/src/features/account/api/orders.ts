import { queryOptions, useQuery } from '@tanstack/react-query'
import { accountRoutes } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'
import { logCrash } from '../../../lib/crash-log.ts'

/** The customer's orders, newest first. */
export const ordersQuery = (customerId: number) =>
  queryOptions({
    queryKey: ['account', 'orders', customerId],
    queryFn: ({ signal }) =>
      logCrash(
        'orders',
        signal,
        callApi(accountRoutes.customerOrders, { params: { customerId }, signal }).then(
          (answer) => answer.model,
        ),
      ),
  })

export function useOrders(customerId: number) {
  return useQuery(ordersQuery(customerId))
}

/** One order with its lines and totals. */
export const orderQuery = (customerId: number, saleId: number) =>
  queryOptions({
    queryKey: ['account', 'order', customerId, saleId],
    queryFn: ({ signal }) =>
      logCrash(
        'order',
        signal,
        callApi(accountRoutes.customerOrder, { params: { customerId, saleId }, signal }).then(
          (answer) => answer.model,
        ),
      ),
  })

export function useOrder(customerId: number, saleId: number, enabled = true) {
  return useQuery({ ...orderQuery(customerId, saleId), enabled })
}
