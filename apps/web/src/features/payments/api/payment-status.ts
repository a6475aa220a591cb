import type { PaymentStatusAnswer } from '@clubhouse/contract'
import { callRoute } from '../../../lib/lazy-api.ts'

/**
 * Whether the payment attempt named by our `reference` is paid, still waiting or neither (Redsys's
 * return to /cz/ok can come before its notification).
 */
export function fetchPaymentStatus(reference: string, signal?: AbortSignal): Promise<PaymentStatusAnswer> {
  return callRoute('paymentRoutes', 'paymentStatus', { params: { reference }, signal })
}
