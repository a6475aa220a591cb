import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import type { CartSaleModel, PrebookModel } from '@clubhouse/contract'
import { paths } from '../../config/paths.ts'
import { ApiError } from '../../lib/api-error.ts'
import { addSaleToCart } from '../cart/cart-store.ts'

/** A held booking's sale as the cart keeps it; its title falls back to what is booked. */
export function toCartSale(sale: CartSaleModel, description = '') {
  return {
    id: sale.id,
    title: sale.title || description,
    saleNumber: sale.saleNumber,
    pending: sale.pending,
    cancelUrl: sale.cancelUrl,
    holdExpiresAt: sale.holdExpiresAt,
  }
}

/** Puts a held booking's sale into the cart and goes on to the checkout. */
export function usePayHeld() {
  const navigate = useNavigate()
  return useCallback(
    (sale: CartSaleModel, description = '') => {
      addSaleToCart(toCartSale(sale, description))
      navigate(paths.checkout)
    },
    [navigate],
  )
}

/**
 * Where a prebook leads (spec 2 §4): a free booking is confirmed and lands on My bookings; anything
 * else puts its sale into the cart and goes to the checkout. False when a paid answer carries no
 * sale, which the caller reports as the crash it is.
 */
export function useFinishPrebook() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const pay = usePayHeld()
  return useCallback(
    (model: PrebookModel): boolean => {
      if (model.serviceFree) {
        void queryClient.invalidateQueries({ queryKey: ['bookings', 'mine'] })
        navigate(paths.customerBookings)
        return true
      }
      if (!model.sale) return false
      pay(model.sale, model.description)
      return true
    },
    [navigate, queryClient, pay],
  )
}

/** The words for a refused or failed prebook (spec 2 §8): the field errors joined, else the server's. */
export function prebookErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.isClientError) {
    const joined = error.errors ? Object.values(error.errors).join(' ') : ''
    return joined || error.errorMsg || t('messages.crash')
  }
  return t('messages.crash')
}
