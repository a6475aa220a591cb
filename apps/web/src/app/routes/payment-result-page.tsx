import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../config/paths.ts'
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button.tsx'
import { useSettings } from '../../features/content/settings.tsx'
import { usePopularProducts } from '../../features/shop/api/get-popular-products.ts'
import { ProductCard } from '../../features/shop/components/product-card.tsx'
import { clearCart } from '../../lib/storage.ts'
import { usePageTitle } from '../use-page-title.ts'

/** Delay before the result page scrolls to the top (spec 2 §9). */
const SCROLL_TOP_DELAY_MS = 500

/**
 * Where a payment ends (spec 2 §2): /cz/ok empties the cart and says the payment went through;
 * /cz/ko says it did not. Both lead back to the home page.
 */
export function PaymentResultPage({ outcome }: { outcome: 'ok' | 'ko' }) {
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
      <Link className="button button--primary" to={paths.home}>
        {t('common.continueShopping')}
      </Link>
      <PopularProducts />
    </div>
  )
}

/** The popular products under the result (spec 2 §2), when the centre has a shop. */
function PopularProducts() {
  const { t } = useTranslation()
  const { hasShop } = useSettings()
  const { data } = usePopularProducts()
  if (!hasShop || !data || data.length === 0) return null
  return (
    <section className="result-page__popular" aria-labelledby="result-popular">
      <h2 id="result-popular" className="section__title">
        {t('shop.popular')}
      </h2>
      <ul className="product-grid product-grid--four">
        {data.slice(0, 4).map((product) => (
          <li key={product.id}>
            <ProductCard product={product} action={<AddToCartButton product={product} />} />
          </li>
        ))}
      </ul>
    </section>
  )
}
