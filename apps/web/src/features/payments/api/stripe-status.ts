import type { PaymentStatusAnswer } from '@clubhouse/contract'
import { callRoute } from '../../../lib/lazy-api.ts'

/**
 * The card payment intent's status, read from Stripe by the server (spec 2 §7). `reference` names
 * the attempt for a guest, who has no login the server could match the payment with.
 */
export function fetchStripeStatus(
  paymentIntent: string,
  reference: string | undefined,
  signal?: AbortSignal,
): Promise<PaymentStatusAnswer> {
  return callRoute('paymentRoutes', 'stripeStatus', {
    params: { paymentIntent },
    query: { reference },
    signal,
  })
}
