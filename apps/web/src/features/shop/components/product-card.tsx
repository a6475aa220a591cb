import type { CSSProperties, ReactNode } from 'react'
import { Link } from 'react-router'
import type { Product } from '@clubhouse/contract'
import { FramedImage } from '../../../components/ui/image.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { paths } from '../../../config/paths.ts'
import { useFormat, useSettings } from '../../content/settings.tsx'

/** The product sizes of the spec (1 §3): list image 270x280, detail image 530x480. */
export const PRODUCT_IMAGE = { width: 270, height: 280 } as const
export const PRODUCT_DETAIL_IMAGE = { width: 530, height: 480 } as const

/**
 * A product in a list: image (270x280, the main logo when it has none) and name linking to the
 * product, its category, the gross price, and whatever action the page puts below (Add to cart).
 */
export function ProductCard({
  product,
  category,
  action,
  priority = false,
  headingLevel = 3,
}: {
  product: Pick<Product, 'id' | 'name' | 'logo' | 'grossPrice'>
  category?: string
  action?: ReactNode
  /** In the first row of the page: not lazy. */
  priority?: boolean
  headingLevel?: 2 | 3
}) {
  const { mainlogo } = useSettings()
  const format = useFormat()
  const href = paths.product.to(product.id)
  const Heading = `h${headingLevel}` as const
  return (
    <article className="product-card">
      <Link to={href} className="product-card__image" tabIndex={-1} aria-hidden="true">
        <FramedImage
          src={product.logo}
          fallback={mainlogo}
          alt=""
          {...PRODUCT_IMAGE}
          priority={priority}
          sizes="(min-width: 992px) 270px, 50vw"
        />
      </Link>
      <div className="product-card__body">
        {category && <p className="product-card__category">{category}</p>}
        <Heading className="product-card__name">
          <Link to={href}>{product.name}</Link>
        </Heading>
        <p className="product-card__price">{format.currency(product.grossPrice)}</p>
        {action && <div className="product-card__action">{action}</div>}
      </div>
    </article>
  )
}

/** The outline of a product card while the list loads. */
export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" aria-hidden="true">
      <span className="framed-image" style={{ '--ratio': '270 / 280' } as CSSProperties} />
      <div className="product-card__body">
        <Skeleton width="40%" height="0.75rem" />
        <Skeleton width="85%" height="1.1rem" />
        <Skeleton width="30%" height="1.1rem" />
      </div>
    </div>
  )
}

/** A small product line for side lists (Popular products): thumbnail, name and price. */
export function ProductListItem({
  product,
}: {
  product: Pick<Product, 'id' | 'name' | 'logo' | 'grossPrice'>
}) {
  const { mainlogo } = useSettings()
  const format = useFormat()
  const href = paths.product.to(product.id)
  return (
    <li className="mini-item">
      <Link to={href} className="mini-item__image" tabIndex={-1} aria-hidden="true">
        <FramedImage src={product.logo} fallback={mainlogo} alt="" width={72} height={75} />
      </Link>
      <div className="mini-item__body">
        <Link to={href} className="mini-item__title">
          {product.name}
        </Link>
        <span className="mini-item__meta">{format.currency(product.grossPrice)}</span>
      </div>
    </li>
  )
}
