import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import type { Mailer } from '../comms/mailer.ts'
import type { Holds } from '../holds/holds.ts'
import type { OrderSide, PlacedOrder } from '../payments/payments.service.ts'
import type { SaleHooks } from '../sales/sale-hooks.ts'
import { SaleStatus, type SalesService } from '../sales/sales.service.ts'
import type { ShopService } from '../shop/shop.service.ts'
import { orderMail, type OrderMailContext } from './checkout-mails.ts'
import { promos, promoUses } from './checkout.tables.ts'

/**
 * What happens to an order the checkout placed while its payment is open (decision 067): completed
 * when the payment settles, released when its window ends, taken again when a success comes after
 * the release and everything is still free (decision 072). Every step runs in the caller's unit of
 * work.
 */
export function createPlacedOrders(
  db: Db,
  deps: { sales: SalesService; saleHooks: SaleHooks; holds: Holds; shop: ShopService; mail: Mailer },
): OrderSide & {
  /** The paid sales' hooks, popularity and the order mail: what completing an order does, however it was paid. */
  finish(placed: PlacedOrder): Promise<void>
} {
  /**
   * Read under the holds' locks (their sessions', activities' and bookings' rows: those a prebook
   * takes before a sale's), then the sales' row locks (in id order): two payments of one order
   * settling at once (a superseded attempt the customer finished anyway) take turns here, and the
   * second reads `paid` and is refunded instead of failing on a sale already paid; a late success
   * and a prebook of what the order held take turns too.
   */
  async function state(placed: PlacedOrder, now: number) {
    await deps.holds.lock(placed.saleIds)
    const rows = await deps.sales.statesLocked(placed.saleIds)
    if (rows.length < placed.saleIds.length) return 'released' as const
    if (rows.some((r) => r.status === SaleStatus.Paid)) return 'paid' as const
    const gone = rows.some(
      (r) =>
        r.status === SaleStatus.Cancelled || (r.holdExpiresAt !== null && r.holdExpiresAt.getTime() <= now),
    )
    return gone ? ('released' as const) : ('open' as const)
  }

  async function finish(placed: PlacedOrder) {
    const attachments = await deps.saleHooks.paid(placed.saleIds)
    if (placed.stock.length) {
      await deps.shop.recordSales(placed.stock.map((s) => ({ productId: s.productId, units: s.units })))
    }
    if (placed.mail) {
      const content = orderMail(placed.mail.input as OrderMailContext, {
        withCalendar: attachments.length > 0,
      })
      await deps.mail.queue({
        customerId: placed.mail.customerId,
        to: placed.mail.to,
        ...content,
        attachments,
      })
    }
  }

  async function complete(placed: PlacedOrder, methodId: number) {
    for (const id of placed.saleIds) await deps.sales.paySale(id, { paymentMethodId: methodId })
    await finish(placed)
  }

  /**
   * Stock given back, the promo's use uncounted, the order sale cancelled and its cart id freed:
   * once, under the order sale's lock, and only while the order is still pending.
   */
  async function release(placed: PlacedOrder) {
    if (placed.orderId !== null) {
      const status = await deps.sales.statusLocked(placed.orderId)
      if (status === SaleStatus.Pending) await giveBack(placed, placed.orderId)
    }
    // The cart may be placed again under the same id: the released order no longer answers it.
    await deps.sales.freeCancelledCheckouts(placed.saleIds)
  }

  async function giveBack(placed: PlacedOrder, orderId: number) {
    await deps.shop.moveStock(placed.stock, 1)
    if (placed.promoId !== null) {
      const gone = await db
        .delete(promoUses)
        .where(and(eq(promoUses.promoId, placed.promoId), eq(promoUses.saleId, orderId)))
        .returning({ id: promoUses.id })
      if (gone.length) {
        await db
          .update(promos)
          .set({ usesCount: sql`greatest(${promos.usesCount} - 1, 0)` })
          .where(eq(promos.id, placed.promoId))
      }
    }
    await deps.sales.cancelSale(orderId)
  }

  /**
   * A late success (decision 072): a released order is taken again when everything it held is
   * still free — every unit of its stock, and the holds of its courts, places and sign-ups, taken
   * back through the holds module — and otherwise nothing of it is. Under the locks `state` took:
   * the stock is checked first, then the holds are taken back all or nothing (a savepoint), then
   * the stock is taken, which can no longer fail.
   */
  async function retake(placed: PlacedOrder, now: number) {
    const rows = await deps.sales.statusesOf(placed.saleIds)
    if (rows.length < placed.saleIds.length || rows.some((r) => r.status === SaleStatus.Paid)) return false
    // An order sale still pending was not released (its window ended, the sweep has not come): its
    // stock is still taken.
    const takeStock = rows.some((r) => r.id === placed.orderId && r.status === SaleStatus.Cancelled)
    const sorted = [...placed.stock].sort(
      (a, b) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0),
    )
    // Under the rows' locks, taken in the checkout's order.
    if (takeStock && !(await deps.shop.inStockLocked(sorted))) return false
    const held = placed.saleIds.filter((id) => id !== placed.orderId)
    if (!(await deps.holds.retake(held, now))) return false
    if (takeStock) {
      await deps.shop.moveStock(sorted, -1)
      await deps.sales.reopen(placed.orderId!)
    }
    return true
  }

  /** A payment's window: the order's holds (and their sales) kept until it ends. */
  async function holdUntil(placed: PlacedOrder, until: Date) {
    await deps.holds.extend(placed.saleIds, until)
  }

  return { state, complete, release, retake, holdUntil, finish }
}
