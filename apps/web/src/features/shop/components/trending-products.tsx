import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Product } from '@clubhouse/contract'
import { FramedImage } from '../../../components/ui/image.tsx'
import { paths } from '../../../config/paths.ts'
import { ProductCard } from './product-card.tsx'

/**
 * Trending products (spec 1 §2): the template's main image, captioned and linking to the shop,
 * beside up to 4 products, with a way into the shop. `renderAction` puts the page's action (Add to cart) on each card.
 */
export function TrendingProducts({
  image,
  caption = '',
  products,
  renderAction,
}: {
  image: string
  /** The centre's words over the main image; the site's own when empty. */
  caption?: string
  products: Product[]
  renderAction?: (product: Product) => ReactNode
}) {
  const { t } = useTranslation()
  return (
    <section className="section section--muted" aria-labelledby="home-trending">
      <div className="container">
        <div className="section__head">
          <h2 id="home-trending" className="section__title">
            {t('home.trending')}
          </h2>
          <Link className="link-button" to={paths.shop}>
            {t('home.toShop')}
          </Link>
        </div>
        <div className={`trending${image ? ' trending--with-image' : ''}`}>
          {image && (
            // The picture leads to the shop, named by the caption it shows.
            <Link to={paths.shop} className="trending__feature">
              <FramedImage
                src={image}
                alt=""
                width={570}
                height={600}
                sizes="(min-width: 992px) 50vw, 100vw"
              />
              <span className="trending__caption">{caption.trim() || t('home.trendingCaption')}</span>
            </Link>
          )}
          <ul className="trending__grid">
            {products.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} action={renderAction?.(product)} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}
