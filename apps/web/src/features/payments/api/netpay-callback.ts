import type { PaymentStatusAnswer } from '@clubhouse/contract'
import { callRoute } from '../../../lib/lazy-api.ts'

const sent = new Map<string, Promise<PaymentStatusAnswer>>()

/**
 * Back from NetPay's 3-D Secure: the server confirms the transaction with NetPay and settles it.
 * Sent once per transaction and page load, however often the return page mounts (React's strict
 * mode mounts it twice in development).
 */
export function postNetPayCallback(id: number, transactionToken: string): Promise<PaymentStatusAnswer> {
  const key = `${id}/${transactionToken}`
  let answer = sent.get(key)
  if (!answer) {
    answer = callRoute('paymentRoutes', 'netpayCallback', { params: { id, transactionToken } })
    sent.set(key, answer)
    answer.catch(() => sent.delete(key))
  }
  return answer
}
