import { useCallback, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { paths } from '../../config/paths.ts'
import { postNetPayCallback } from '../../features/payments/api/netpay-callback.ts'
import { fetchStripeStatus } from '../../features/payments/api/stripe-status.ts'
import { ProcessingPayment } from '../../features/payments/components/processing-payment.tsx'
import { paidPath } from '../../features/payments/result-path.ts'
import { usePaymentOutcome } from '../../features/payments/use-payment-outcome.ts'
import '../../lib/i18n/payment-texts.ts'
import { usePageTitle } from '../use-page-title.ts'

/** A payment intent as Stripe names them; anything else in the address is not asked about. */
const PAYMENT_INTENT = /^pi_[A-Za-z0-9_]{1,200}$/
const REFERENCE = /^[0-9]{4}[A-Za-z0-9]{1,8}$/
const TRANSACTION_TOKEN = /^[A-Za-z0-9_-]{1,200}$/

/**
 * Back from the card payment-intent provider (spec 2 §2, §4): Stripe.js sends the browser here with
 * `payment_intent`; the server reads it from Stripe, and a payment still processing is asked about
 * again a second later, up to 10 times. Paid goes to /cz/ok with the order's number, anything else
 * to /cz/ko.
 */
export function StripeReturnPage() {
  const { t } = useTranslation()
  usePageTitle(t('payments.processing'))
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const paymentIntent = params.get('payment_intent') ?? ''
  const reference = params.get('reference') ?? ''
  const valid = PAYMENT_INTENT.test(paymentIntent)
  const ask = useCallback(
    (signal: AbortSignal) =>
      fetchStripeStatus(paymentIntent, REFERENCE.test(reference) ? reference : undefined, signal),
    [paymentIntent, reference],
  )
  const outcome = usePaymentOutcome(valid ? `${paymentIntent}/${reference}` : null, ask)

  useEffect(() => {
    if (!valid || outcome.state === 'failed') navigate(paths.paymentKo, { replace: true })
    else if (outcome.state === 'paid') navigate(paidPath(outcome.orderNumber), { replace: true })
  }, [valid, outcome, navigate])

  return <ProcessingPayment />
}

/**
 * Back from the card tokenizer's 3-D Secure (spec 2 §2, §4): NetPay sends the browser here with
 * `id` (our payment) and `transaction_token`; the callback confirms it with NetPay. Paid goes to
 * /cz/ok with the order's number; anything else, no answer included, to /cz/ko.
 */
export function NetPayReturnPage() {
  const { t } = useTranslation()
  usePageTitle(t('payments.processing'))
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = Number(params.get('id'))
  const token = params.get('transaction_token') ?? ''

  useEffect(() => {
    if (!Number.isInteger(id) || id < 1 || !TRANSACTION_TOKEN.test(token)) {
      navigate(paths.paymentKo, { replace: true })
      return
    }
    let live = true
    postNetPayCallback(id, token).then(
      (answer) => {
        if (!live) return
        if (answer.ok) navigate(paidPath(answer.orderNumber), { replace: true })
        else navigate(paths.paymentKo, { replace: true })
      },
      () => {
        if (live) navigate(paths.paymentKo, { replace: true })
      },
    )
    return () => {
      live = false
    }
  }, [id, token, navigate])

  return <ProcessingPayment />
}
