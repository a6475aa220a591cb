import type { PaymentStatusAnswer } from '@clubhouse/contract'
import { callRoute } from '../../../lib/lazy-api.ts'

/** PayPal approved and authorised in the browser: the server reads it from PayPal and settles it. */
export function postPayPalCallback(orderId: string, authorizationId: string): Promise<PaymentStatusAnswer> {
  return callRoute('paymentRoutes', 'paypalCallback', { body: { orderId, authorizationId } })
}
