import { useCallback, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { paths } from '../../config/paths.ts'
import { fetchPaymentStatus } from '../../features/payments/api/payment-status.ts'
import { ProcessingPayment } from '../../features/payments/components/processing-payment.tsx'
import { usePaymentOutcome } from '../../features/payments/use-payment-outcome.ts'
import { clearCart } from '../../lib/storage.ts'
import { usePageTitle } from '../use-page-title.ts'
import { PopularProducts } from './popular-products.tsx'

/** Delay before the result page scrolls to the top (spec 2 §9). */
const SCROLL_TOP_DELAY_MS = 500

/**
 * An order number as the server makes them (`W-<year>-<5 digits or more>`): anything else in the
 * address, typed or pasted, is not shown.
 */
const ORDER_NUMBER = /^[A-Z]{1,3}-\d{4}-\d{5,10}$/

/** Our reference of a payment attempt (contract `PaymentReference`). */
const REFERENCE = /^[0-9]{4}[A-Za-z0-9]{1,8}$/

const shownOrder = (order: string | null | undefined) => (order && ORDER_NUMBER.test(order) ? order : null)

/**
 * Where a payment ends (spec 2 §2): /cz/ok empties the cart and says the payment went through;
 * /cz/ko says it did not. Both lead back to the home page. Redsys comes back to /cz/ok with our
 * `?payment=` reference, possibly before its notification has reached the server: that payment is
 * asked about first (1 second apart, up to 10 times), and the page says so until it is paid.
 */
export function PaymentResultPage({ outcome }: { outcome: 'ok' | 'ko' }) {
  const [params] = useSearchParams()
  const reference = outcome === 'ok' ? params.get('payment') : null
  if (reference !== null) return <ConfirmedResult reference={reference} order={params.get('order')} />
  return <Result outcome={outcome} orderNumber={outcome === 'ok' ? shownOrder(params.get('order')) : null} />
}

/** /cz/ok once the server says the payment named by `reference` is paid; /cz/ko when it is not. */
function ConfirmedResult({ reference, order }: { reference: string; order: string | null }) {
  const navigate = useNavigate()
  const valid = REFERENCE.test(reference)
  const ask = useCallback((signal: AbortSignal) => fetchPaymentStatus(reference, signal), [reference])
  const status = usePaymentOutcome(valid ? reference : null, ask)

  useEffect(() => {
    if (!valid || status.state === 'failed') navigate(paths.paymentKo, { replace: true })
  }, [valid, status.state, navigate])

  if (status.state !== 'paid') return <ProcessingPayment />
  return <Result outcome="ok" orderNumber={shownOrder(status.orderNumber) ?? shownOrder(order)} />
}

function Result({ outcome, orderNumber }: { outcome: 'ok' | 'ko'; orderNumber: string | null }) {
  const { t } = useTranslation()
  const message = outcome === 'ok' ? t('payment.ok') : t('payment.ko')
  usePageTitle(message)

  useEffect(() => {
    if (outcome === 'ok') clearCart()
    const timer = window.setTimeout(() => window.scrollTo(0, 0), SCROLL_TOP_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [outcome])

  return (
    <div className={`container result-page result-page--${outcome}`}>
      <h1 className="page-title">{message}</h1>
      {orderNumber && <p className="result-page__order">{t('payment.order', { number: orderNumber })}</p>}
      <Link className="button button--primary" to={paths.home}>
        {t('common.continueShopping')}
      </Link>
      <PopularProducts className="result-page__popular" headingId="result-popular" />
    </div>
  )
}
