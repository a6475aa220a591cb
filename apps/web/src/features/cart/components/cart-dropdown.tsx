import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { CartIcon } from '../../../components/ui/icons.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { cartCount, useCart } from '../cart-store.ts'

const loadPanel = () => import('./cart-panel.tsx')
// The lines, stepper and totals load when the cart first opens (or the pointer nears its button).
const CartPanel = lazy(() => loadPanel().then((m) => ({ default: m.CartPanel })))

/**
 * The cart in the menu (spec 2 §2): a button with the number of units that opens a panel with the
 * cart's lines. Escape, a click elsewhere and any navigation close it.
 */
export function CartDropdown() {
  const { t } = useTranslation()
  const cart = useCart()
  const { pathname } = useLocation()
  const panelId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === pathname
  const count = cartCount(cart)

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenOn(null)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation()
      setOpenOn(null)
      buttonRef.current?.focus()
    }
  }

  return (
    <div className="cart" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="cart__button icon-button"
        aria-expanded={open}
        aria-controls={panelId}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <CartIcon width={24} height={24} />
        <span className="visually-hidden">{t('cart.button', { count })}</span>
        {count > 0 && (
          <span className="cart__badge" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>

      <div id={panelId} className="cart__panel" hidden={!open} role="region" aria-label={t('cart.title')}>
        {open && (
          <Suspense fallback={<Spinner label={t('common.loading')} />}>
            <CartPanel onClose={() => setOpenOn(null)} />
          </Suspense>
        )}
      </div>
    </div>
  )
}
