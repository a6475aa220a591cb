import { useTranslation } from 'react-i18next'
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button.tsx'
import { useSettings } from '../../features/content/settings.tsx'
import { usePopularProducts } from '../../features/shop/api/get-popular-products.ts'
import { ProductCard } from '../../features/shop/components/product-card.tsx'

/**
 * The four most popular products under a result page (spec 1 §2, spec 2 §2), when the centre has a
 * shop. `headingId` names the section by its heading.
 */
export function PopularProducts({ className, headingId }: { className: string; headingId: string }) {
  const { t } = useTranslation()
  const { hasShop } = useSettings()
  const { data } = usePopularProducts()
  if (!hasShop || !data || data.length === 0) return null
  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 id={headingId} className="section__title">
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
