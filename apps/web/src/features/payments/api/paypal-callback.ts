import { paymentRoutes, type PaymentStatusAnswer } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'

/** PayPal approved and authorised in the browser: the server reads it from PayPal and settles it. */
export function postPayPalCallback(orderId: string, authorizationId: string): Promise<PaymentStatusAnswer> {
  return callApi(paymentRoutes.paypalCallback, { body: { orderId, authorizationId } })
}
