import type { ReactNode } from 'react'
import type { Product } from '@clubhouse/contract'
import { CARD_CAROUSEL, Carousel } from '../../../components/ui/carousel.tsx'
import { ProductCard } from './product-card.tsx'

/**
 * Popular products as a carousel (spec 1 §9): 3 shown on wide screens (fewer on phones), one
 * scrolled every 3000 ms, dots and no arrows, round and round.
 */
export function ProductCarousel({
  label,
  products,
  renderAction,
}: {
  label: string
  products: Product[]
  renderAction?: (product: Product) => ReactNode
}) {
  return (
    <Carousel
      label={label}
      {...CARD_CAROUSEL}
      slides={products.map((product) => (
        <ProductCard key={product.id} product={product} action={renderAction?.(product)} />
      ))}
    />
  )
}
