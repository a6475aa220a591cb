import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button.tsx'
import { paths } from '../../../config/paths.ts'
import { CartIcon, CheckIcon } from '../../../components/ui/icons.tsx'
import { addToCart, type CartOutcome, type CartProduct, type CartVariant } from '../cart-store.ts'

/** How long the button says "Added" before it is ready again (spec 2 §9: stateful buttons reset after 2 s). */
const RESET_MS = 2000

/**
 * Adds `units` of a product (1 unless a quantity is chosen), in `variant` when it comes in sizes or
 * colours, and says so for two seconds, on the button and to screen readers. A product the shop
 * says is sold out cannot be added; with `needsVariant` and none chosen the button is disabled and
 * `describedBy` names the hint that says why.
 */
export function AddToCartButton({
  product,
  units = 1,
  variant = null,
  needsVariant = false,
  describedBy,
  className = '',
  size = 'normal',
}: {
  /** `variants`: a product sold in sizes or colours; on a card, the button leads to its page to choose. */
  product: CartProduct & { variants?: readonly unknown[] }
  units?: number
  variant?: CartVariant | null
  needsVariant?: boolean
  describedBy?: string
  className?: string
  size?: 'normal' | 'large'
}) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<CartOutcome | null>(null)

  useEffect(() => {
    if (!outcome) return
    const timer = window.setTimeout(() => setOutcome(null), RESET_MS)
    return () => window.clearTimeout(timer)
  }, [outcome])

  const soldOut = (variant ?? product).hasStock === false
  const choosesOnItsPage = !needsVariant && !variant && (product.variants?.length ?? 0) > 0
  const message =
    outcome?.status === 'added'
      ? t('cart.addedAnnounce', { name: product.name })
      : outcome?.status === 'limited'
        ? t('cart.limited', { count: outcome.units })
        : outcome?.status === 'out_of_stock'
          ? t('cart.outOfStock')
          : ''

  if (choosesOnItsPage && !soldOut) {
    return (
      <Link className={`button button--secondary add-to-cart ${className}`} to={paths.product.to(product.id)}>
        {t('cart.chooseOptions')}
        <span className="visually-hidden"> {product.name}</span>
      </Link>
    )
  }

  return (
    <>
      <Button
        type="button"
        variant="primary"
        className={`add-to-cart${size === 'large' ? ' button--large' : ''}${outcome ? ' is-done' : ''} ${className}`}
        disabled={soldOut || (needsVariant && !variant)}
        aria-describedby={describedBy}
        busy={busy}
        busyLabel={t('common.loading')}
        onClick={async () => {
          setBusy(true)
          try {
            setOutcome(await addToCart(product, units, variant))
          } finally {
            setBusy(false)
          }
        }}
      >
        {soldOut ? (
          t('cart.outOfStock')
        ) : outcome?.status === 'added' ? (
          <>
            <CheckIcon width={18} height={18} />
            {t('cart.added')}
            <span className="visually-hidden"> {product.name}</span>
          </>
        ) : (
          <>
            <CartIcon width={18} height={18} />
            {t('cart.add')}
            <span className="visually-hidden"> {product.name}</span>
          </>
        )}
      </Button>
      <span
        className={
          outcome?.status === 'added' || outcome?.status === 'refused' || !outcome
            ? 'visually-hidden'
            : 'add-to-cart__note'
        }
        role="status"
      >
        {message}
      </span>
    </>
  )
}
