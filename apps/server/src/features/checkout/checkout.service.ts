import type { Db } from '../../db/client.ts'
import { createCartReads } from './cart-reads.ts'
import { createCheckoutContext, type CheckoutDeps } from './checkout-context.ts'
import { createCheckoutImports } from './checkout-imports.ts'
import { createCheckoutInfo } from './checkout-info.ts'
import { createOrderPayment } from './order-payment.ts'
import { createPayAgain } from './pay-again.ts'
import { createPlaceOrder } from './place-order.ts'
import { createCartPromos } from './promos.ts'

export type { CheckoutDeps } from './checkout-context.ts'

/**
 * The cart's way to an order (spec 2 §2, §4, §5, §7): the stock check, pending sales, what a
 * checkout offers, promo codes and the checkout itself. Prices, taxes, discounts, shipping and
 * totals are read and worked out here from the database; a request only says what it wants.
 *
 * The parts: the cart as the database says it is and its transports (cart-reads.ts), vouchers and
 * promo codes (promos.ts), what a checkout offers (checkout-info.ts), how an order is paid
 * (order-payment.ts), placing an order (place-order.ts), the same cart sent again (pay-again.ts)
 * and the seed's writes (checkout-imports.ts). Refusals and constants are checkout-refusals.ts;
 * what the parts share is checkout-context.ts.
 */
export function createCheckoutService(db: Db, deps: CheckoutDeps) {
  const ctx = createCheckoutContext(db, deps)
  const reads = createCartReads(ctx)
  const promos = createCartPromos(ctx, reads)
  const info = createCheckoutInfo(ctx, reads, promos)
  const payment = createOrderPayment(ctx, promos)
  const again = createPayAgain(ctx, reads, payment)
  const order = createPlaceOrder(ctx, reads, promos, payment, again)
  const imports = createCheckoutImports(ctx)

  return {
    createTransports: imports.createTransports,
    createPromos: imports.createPromos,
    stockCheck: reads.stockCheck,
    pendingSales: reads.pendingSales,
    checkoutInfo: info.checkoutInfo,
    validatePromo: promos.validatePromo,
    checkout: order.checkout,
    findPromo: promos.findPromo,
  }
}

export type CheckoutService = ReturnType<typeof createCheckoutService>
