import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { paths } from '../../config/paths.ts'
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

/**
 * Where a payment ends (spec 2 §2): /cz/ok empties the cart and says the payment went through;
 * /cz/ko says it did not. Both lead back to the home page.
 */
export function PaymentResultPage({ outcome }: { outcome: 'ok' | 'ko' }) {
  const { t } = useTranslation()
  const message = outcome === 'ok' ? t('payment.ok') : t('payment.ko')
  // The checkout passes the order's number in the address (?order=), so a reload still shows it.
  const order = useSearchParams()[0].get('order')
  const orderNumber = outcome === 'ok' && order && ORDER_NUMBER.test(order) ? order : null
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
