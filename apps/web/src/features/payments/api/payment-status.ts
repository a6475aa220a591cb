import { paymentRoutes, type PaymentStatusAnswer } from '@clubhouse/contract'
import { callApi } from '../../../lib/api-client.ts'

/**
 * Whether the payment attempt named by our `reference` is paid, still waiting or neither (Redsys's
 * return to /cz/ok can come before its notification).
 */
export function fetchPaymentStatus(reference: string, signal?: AbortSignal): Promise<PaymentStatusAnswer> {
  return callApi(paymentRoutes.paymentStatus, { params: { reference }, signal })
}
