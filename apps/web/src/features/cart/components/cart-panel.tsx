import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { MinusIcon, PlusIcon, TrashIcon } from '../../../components/ui/icons.tsx'
import { FramedImage } from '../../../components/ui/image.tsx'
import { QuantityInput } from '../../../components/ui/quantity-input.tsx'
import { paths } from '../../../config/paths.ts'
import { useNow } from '../../../lib/use-now.ts'
import { useFormat, useSettings } from '../../content/settings.tsx'
import {
  cartTotal,
  decrementUnits,
  holdLeftMs,
  incrementUnits,
  lineKey,
  lineName,
  lineTotal,
  MAX_UNITS,
  MIN_UNITS,
  parseUnits,
  removeFromCart,
  removeSaleFromCart,
  setUnits,
  useCart,
  type CartItem,
  type CartSale,
} from '../cart-store.ts'
import { HoldCountdown } from './hold-countdown.tsx'

/**
 * What the cart dropdown shows (spec 2 §2): each line (image and name linking to the product, a
 * stepper and a quantity field, remove), the sales waiting to be paid, the total, Continue
 * shopping and Checkout. Loaded the first time the cart opens.
 *
 * A sale that holds something (a prebooked court) shows the time left on its hold, counting down;
 * once it runs out the sale shows as expired, leaves the total and can only be removed. With
 * `actions` false (the checkout page shows the cart) the Continue and Checkout buttons are left out.
 */
export function CartPanel({ onClose, actions = true }: { onClose: () => void; actions?: boolean }) {
  const { t } = useTranslation()
  const cart = useCart()
  const format = useFormat()
  const titleRef = useRef<HTMLHeadingElement>(null)
  const empty = cart.sItems.length === 0 && cart.sales.length === 0
  const close = onClose
  const holding = cart.sales.some((sale) => sale.holdExpiresAt)
  const now = useNow(1000, holding)
  const payable = cart.sItems.length > 0 || cart.sales.some((sale) => holdLeftMs(sale, now) !== 0)

  return (
    <>
      <h2 className="cart__title" ref={titleRef} tabIndex={-1}>
        {t('cart.title')}
      </h2>
      {empty ? (
        <div className="cart__empty">
          <p>{t('cart.empty')}</p>
          <Link className="button button--primary" to={paths.shop} onClick={close}>
            {t('cart.goToShop')}
          </Link>
        </div>
      ) : (
        <>
          <ul className="cart__lines">
            {cart.sItems.map((item) => (
              <CartLine
                key={lineKey(item)}
                item={item}
                onNavigate={close}
                // The focused control leaves with its line: focus goes to the cart's title.
                onRemoved={() => titleRef.current?.focus()}
              />
            ))}
            {cart.sales.map((sale) => (
              <SaleLine
                key={`sale-${sale.id}`}
                sale={sale}
                leftMs={holdLeftMs(sale, now)}
                onRemove={() => void removeSaleFromCart(sale.id).then(() => titleRef.current?.focus())}
              />
            ))}
          </ul>
          <p className="cart__total">
            <span>{t('cart.total')}</span>
            <strong data-testid="cart-total">{format.currency(cartTotal(cart, now))}</strong>
          </p>
          <p className="cart__note">{t('cart.pricesNote')}</p>
          {actions && (
            <div className="cart__actions">
              <button type="button" className="button button--secondary" onClick={close}>
                {t('common.continueShopping')}
              </button>
              {payable && (
                <Link className="button button--primary" to={paths.checkout} onClick={close}>
                  {t('cart.checkout')}
                </Link>
              )}
            </div>
          )}
        </>
      )}
    </>
  )
}

function SaleLine({
  sale,
  leftMs,
  onRemove,
}: {
  sale: CartSale
  leftMs: number | null
  onRemove: () => void
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const expired = leftMs === 0
  return (
    <li className={`cart-line cart-line--sale${expired ? ' is-expired' : ''}`}>
      <div className="cart-line__info">
        <span className="cart-line__name">{sale.title}</span>
        <span className="cart-line__price">{format.currency(sale.pending)}</span>
        {leftMs !== null && <HoldCountdown leftMs={leftMs} />}
        {expired && <span className="cart-line__note">{t('cart.holdExpiredNote')}</span>}
      </div>
      <button
        type="button"
        className="icon-button cart-line__remove"
        aria-label={t('cart.remove', { name: sale.title })}
        onClick={onRemove}
      >
        <TrashIcon width={18} height={18} />
      </button>
    </li>
  )
}

function CartLine({
  item,
  onNavigate,
  onRemoved,
}: {
  item: CartItem
  onNavigate: () => void
  onRemoved: () => void
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const { mainlogo } = useSettings()
  const { product } = item
  const href = paths.product.to(item.productId)
  const name = lineName(item)
  const key = { productId: item.productId, stockParentId: item.stockParentId }

  return (
    <li className="cart-line">
      <Link to={href} className="cart-line__image" tabIndex={-1} aria-hidden="true" onClick={onNavigate}>
        <FramedImage src={product.logo} fallback={mainlogo} alt="" width={56} height={58} />
      </Link>
      <div className="cart-line__info">
        <Link to={href} className="cart-line__name" onClick={onNavigate}>
          {name}
        </Link>
        <span className="cart-line__price">
          {t('cart.unitPrice', { price: format.currency(product.grossPrice) })}
        </span>
        <div className="stepper">
          <button
            type="button"
            className="stepper__button"
            aria-label={t('cart.decrease', { name })}
            onClick={() => {
              void decrementUnits(key)
              if (item.units <= MIN_UNITS) onRemoved()
            }}
          >
            <MinusIcon width={16} height={16} />
          </button>
          <QuantityInput
            className="stepper__input"
            aria-label={t('cart.quantity', { name })}
            value={item.units}
            min={MIN_UNITS}
            max={MAX_UNITS}
            parse={parseUnits}
            onValueChange={(units) => void setUnits(key, units)}
          />
          <button
            type="button"
            className="stepper__button"
            aria-label={t('cart.increase', { name })}
            disabled={item.units >= MAX_UNITS}
            onClick={() => void incrementUnits(key)}
          >
            <PlusIcon width={16} height={16} />
          </button>
        </div>
      </div>
      <div className="cart-line__end">
        <span className="cart-line__total">{format.currency(lineTotal(item))}</span>
        <button
          type="button"
          className="icon-button cart-line__remove"
          aria-label={t('cart.remove', { name })}
          onClick={() => {
            removeFromCart(key)
            onRemoved()
          }}
        >
          <TrashIcon width={18} height={18} />
        </button>
      </div>
    </li>
  )
}
