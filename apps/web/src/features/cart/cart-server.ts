import { i18next } from '../../lib/i18n/index.ts'
import { ApiError } from '../../lib/api-error.ts'
import { showErrorPopup } from '../../lib/error-popup.ts'
import { callApiLazily } from '../../lib/lazy-api.ts'
import { getCustomerId } from '../../lib/storage.ts'
import {
  configureCart,
  knownStockLimit,
  type CartHooks,
  type CartProduct,
  type CartVariant,
} from './cart-store.ts'

/**
 * The cart's calls to the server (spec 2 §4, §7, §8), plugged in at start with `configureCart`.
 * The client and the contract load on the first call, so the shell's first paint does not wait.
 */

/** A product whose units the centre counts (in the variant chosen, when it has them). */
const tracksStock = (product: CartProduct, variant: CartVariant | null) =>
  typeof (variant ?? product).stock === 'number' || (variant ?? product).hasStock === false

/** The server's words for a refusal, or the spec's "Crash" when no usable answer came. */
const refusalText = (error: unknown) =>
  error instanceof ApiError && error.isClientError && error.errorMsg
    ? error.errorMsg
    : i18next.t('messages.crash')

/**
 * Products with tracked stock pass `POST /api/publicpayments/check-stock` first; a refusal opens
 * the global error popup with the server's message ("Crash" without one) and adds nothing.
 */
export const checkStockOnServer: CartHooks['checkStock'] = async (product, wanted, variant) => {
  if (!tracksStock(product, variant)) return knownStockLimit(product, wanted, variant)
  try {
    await callApiLazily(async () => (await import('@clubhouse/contract')).checkoutRoutes.checkStock, {
      body: {
        customerId: getCustomerId(),
        saleItemsDto: [
          {
            productId: product.id,
            units: wanted,
            temp: false,
            stockParentId: variant?.id ?? null,
            stockParentName: variant?.group ?? null,
            stockDetail: variant?.name ?? null,
          },
        ],
      },
    })
    return wanted
  } catch (error) {
    showErrorPopup(refusalText(error))
    return null
  }
}

/** Only what a sale's cancel path may be: API path segments, never another origin or `..`. */
const CANCEL_PATH = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/

/**
 * Removing a sale first posts its cancel URL (`POST /api/{cancelUrl}`), releasing what it holds.
 * A refusal (the sale is gone or already cancelled) still lets it leave the cart; no answer at all
 * keeps it there, with "Crash" in the popup, so nothing stays held without the customer knowing.
 */
export const cancelSaleOnServer: CartHooks['cancelSale'] = async (sale) => {
  const cancelUrl = sale.cancelUrl?.replace(/^\/+/, '').replace(/^api\//, '')
  if (!cancelUrl || !CANCEL_PATH.test(cancelUrl)) return true
  try {
    await callApiLazily(async () => (await import('@clubhouse/contract')).saleCancelRoute(cancelUrl))
    return true
  } catch (error) {
    if (error instanceof ApiError && error.isClientError) return true
    showErrorPopup(refusalText(error))
    return false
  }
}

/** Plugs the server's stock check and cancellation into the cart. */
export function connectCartToServer() {
  configureCart({ checkStock: checkStockOnServer, cancelSale: cancelSaleOnServer })
}
