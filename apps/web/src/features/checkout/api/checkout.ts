import { useMutation } from '@tanstack/react-query'
import { checkoutRoutes, type CheckoutBody, type PromoValidateBody } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'

/** Checks a promo code against this cart; the discount is the server's (spec 2 §7 promos/validate). */
export function usePromoValidate() {
  return useMutation({
    mutationFn: (body: PromoValidateBody) => callApi(checkoutRoutes.promoValidate, { body }),
  })
}

/** The checkout itself: a guest's (`/api/shop/checkout`) or a customer's (`/checkout-customer`). */
export function useCheckout() {
  return useMutation({
    mutationFn: (body: CheckoutBody) =>
      callApi(body.customer.id ? checkoutRoutes.checkoutCustomer : checkoutRoutes.checkout, { body }).then(
        (answer) => answer.model,
      ),
  })
}
