import { queryOptions, useQuery } from '@tanstack/react-query'
import { callRoute } from '../../../lib/lazy-api.ts'
import { logCrash } from '../../../lib/crash-log.ts'
import { shopCustomerId, useShopCustomerId } from './get-shop-list.ts'

/** One product with the popular products, in the customer's prices when logged in. */
export const productQuery = (id: number, customerId = shopCustomerId()) =>
  queryOptions({
    queryKey: ['shop', 'product', id, customerId],
    queryFn: ({ signal }) =>
      logCrash(
        'product',
        signal,
        customerId
          ? callRoute('shopRoutes', 'shopGetByCustomer', { params: { id, customerId }, signal })
          : callRoute('shopRoutes', 'shopGet', { params: { id }, signal }),
      ),
  })

export function useProduct(id: number) {
  return useQuery(productQuery(id, useShopCustomerId()))
}
