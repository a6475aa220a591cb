import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { paths } from '../../config/paths.ts'
import { useCart } from '../../features/cart/cart-store.ts'
import { CartPanel } from '../../features/cart/components/cart-panel.tsx'
import { usePageTitle } from '../use-page-title.ts'

/**
 * The checkout's place until payment is built (TODO(issue: checkout): delivery, transport, coupon
 * and payment methods): the cart's contents, with the hold left on each booking, and a note that
 * paying online is not open yet. Without a cart it goes to the home page, as the spec's checkout does.
 */
export function CheckoutPage() {
  const { t } = useTranslation()
  usePageTitle(t('cart.checkout'))
  const cart = useCart()
  if (cart.sItems.length === 0 && cart.sales.length === 0) return <Navigate to={paths.home} replace />
  return (
    <div className="container checkout-page">
      <h1 className="page-title">{t('cart.checkout')}</h1>
      <p className="checkout-page__note" role="note">
        {t('cart.checkoutSoon')}
      </p>
      <div className="card checkout-page__cart">
        <CartPanel onClose={() => {}} actions={false} />
      </div>
    </div>
  )
}
