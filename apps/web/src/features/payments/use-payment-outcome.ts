import { useEffect, useRef, useState } from 'react'
import type { PaymentStatusAnswer } from '@clubhouse/contract'

/** Spec 2 §4, §9: a payment still processing is asked about again, up to 10 times, 1 second apart. */
export const STATUS_RETRIES = 10
export const STATUS_RETRY_MS = 1000

export type PaymentOutcome =
  { state: 'waiting' } | { state: 'paid'; orderNumber: string | null } | { state: 'failed' }

/**
 * Asks `ask` what became of a payment (spec 2 §4, payment returns): `ok` is paid; `retry` with
 * retries left asks again a second later; anything else, no answer included, is failed. `key`
 * names the payment (a new key asks again from the start); null asks nothing and stays waiting.
 * Runs in an effect only: nothing here reads the browser while rendering.
 */
export function usePaymentOutcome(
  key: string | null,
  ask: (signal: AbortSignal) => Promise<PaymentStatusAnswer>,
): PaymentOutcome {
  const [outcome, setOutcome] = useState<{ key: string | null; outcome: PaymentOutcome }>({
    key,
    outcome: { state: 'waiting' },
  })
  const asking = useRef(ask)
  useEffect(() => {
    asking.current = ask
  })

  useEffect(() => {
    if (key === null) return
    const controller = new AbortController()
    let timer: number | undefined
    const settle = (next: PaymentOutcome) => {
      if (!controller.signal.aborted) setOutcome({ key, outcome: next })
    }
    const attempt = async (retriesLeft: number) => {
      let answer: PaymentStatusAnswer
      try {
        answer = await asking.current(controller.signal)
      } catch {
        settle({ state: 'failed' })
        return
      }
      if (controller.signal.aborted) return
      if (answer.ok) settle({ state: 'paid', orderNumber: answer.orderNumber })
      else if (answer.retry && retriesLeft > 0)
        timer = window.setTimeout(() => void attempt(retriesLeft - 1), STATUS_RETRY_MS)
      else settle({ state: 'failed' })
    }
    void attempt(STATUS_RETRIES)
    return () => {
      controller.abort()
      window.clearTimeout(timer)
    }
  }, [key])

  return outcome.key === key ? outcome.outcome : { state: 'waiting' }
}
