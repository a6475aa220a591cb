import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { checkoutRoutes, type SaleItemInput } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'
import { logCrash } from '../../../lib/crash-log.ts'

/** What the checkout sends of the cart: products (with their variant) and units, and the sales it pays. */
export interface CartContent {
  saleItems: SaleItemInput[]
  saleIds: number[]
}

/**
 * What this checkout offers, with the cart priced now by the server (spec 2 §7 checkout-info): a
 * guest's from `/checkout-info`, a customer's (vouchers, details) from `/checkout-info-by-customer`.
 * Keyed by the cart's content, so a changed line asks again; the last answer stays on screen meanwhile.
 */
export const checkoutInfoQuery = (customerId: number, content: CartContent) =>
  queryOptions({
    queryKey: ['checkout', 'info', customerId, content],
    queryFn: ({ signal }) =>
      logCrash(
        'checkout info',
        signal,
        callApi(customerId ? checkoutRoutes.checkoutInfoByCustomer : checkoutRoutes.checkoutInfo, {
          body: { customerId, ...content },
          signal,
        }).then((answer) => answer.data),
      ),
  })

export function useCheckoutInfo(customerId: number, content: CartContent, enabled: boolean) {
  return useQuery({ ...checkoutInfoQuery(customerId, content), enabled, placeholderData: keepPreviousData })
}
