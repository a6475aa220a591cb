import { Link } from 'react-router'
import { FramedImage } from '../../../components/ui/image.tsx'
import { paths } from '../../../config/paths.ts'

/**
 * One line of an order as the customer sees it: the product's image (the centre's logo when it has
 * none) and its name, linking to the product; a service has no product page, so no link.
 */
export function OrderItem({
  item,
  mainlogo,
  size,
}: {
  item: { name: string; logo: string; productId: number | null }
  mainlogo: string
  /** The image's width and height in pixels. */
  size: number
}) {
  return (
    <span className="order-item">
      <FramedImage
        className={`order-item__image${!item.logo || item.logo === mainlogo ? ' order-item__image--logo' : ''}`}
        src={item.logo}
        fallback={mainlogo}
        alt=""
        width={size}
        height={size}
      />
      {item.productId !== null ? (
        <Link className="order-item__name" to={paths.product.to(item.productId)}>
          {item.name}
        </Link>
      ) : (
        <span className="order-item__name">{item.name}</span>
      )}
    </span>
  )
}
