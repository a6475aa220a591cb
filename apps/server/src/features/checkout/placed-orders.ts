import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import type { Mailer } from '../comms/mailer.ts'
import type { Holds } from '../holds/holds.ts'
import type { OrderSide } from '../payments/payments.service.ts'
import type { PlacedOrder } from '../payments/payments.tables.ts'
import type { SaleHooks } from '../sales/sale-hooks.ts'
import type { SalesService } from '../sales/sales.service.ts'
import { sales, SaleStatus } from '../sales/sales.tables.ts'
import type { ShopService } from '../shop/shop.service.ts'
import { products, productVariants } from '../shop/shop.tables.ts'
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
    const rows = await db
      .select({ status: sales.status, holdExpiresAt: sales.holdExpiresAt })
      .from(sales)
      .where(inArray(sales.id, placed.saleIds))
      .orderBy(sales.id)
      .for('update')
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
      const [order] = await db
        .select({ status: sales.status })
        .from(sales)
        .where(eq(sales.id, placed.orderId))
        .for('update')
      if (order?.status === SaleStatus.Pending) await giveBack(placed, placed.orderId)
    }
    // The cart may be placed again under the same id: the released order no longer answers it.
    await db
      .update(sales)
      .set({ checkoutGuid: null, checkoutFingerprint: null })
      .where(and(inArray(sales.id, placed.saleIds), eq(sales.status, SaleStatus.Cancelled)))
  }

  /** Stock counted back (`+1`) or taken (`-1`); a product whose stock is not counted is not written. */
  async function moveStock(stock: PlacedOrder['stock'], sign: 1 | -1) {
    for (const s of stock) {
      if (s.variantId !== null) {
        await db
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} + ${sign * s.units}` })
          .where(and(eq(productVariants.id, s.variantId), isNotNull(productVariants.stock)))
      } else {
        await db
          .update(products)
          .set({ stock: sql`${products.stock} + ${sign * s.units}` })
          .where(and(eq(products.id, s.productId), isNotNull(products.stock)))
      }
    }
  }

  async function giveBack(placed: PlacedOrder, orderId: number) {
    await moveStock(placed.stock, 1)
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
    const rows = await db
      .select({ id: sales.id, status: sales.status })
      .from(sales)
      .where(inArray(sales.id, placed.saleIds))
    if (rows.length < placed.saleIds.length || rows.some((r) => r.status === SaleStatus.Paid)) return false
    // An order sale still pending was not released (its window ended, the sweep has not come): its
    // stock is still taken.
    const takeStock = rows.some((r) => r.id === placed.orderId && r.status === SaleStatus.Cancelled)
    const sorted = [...placed.stock].sort(
      (a, b) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0),
    )
    if (takeStock && !(await inStock(sorted))) return false
    const held = placed.saleIds.filter((id) => id !== placed.orderId)
    if (!(await deps.holds.retake(held, now))) return false
    if (takeStock) {
      await moveStock(sorted, -1)
      await db.update(sales).set({ status: SaleStatus.Pending }).where(eq(sales.id, placed.orderId!))
    }
    return true
  }

  /** Whether every unit is still in stock, read under the rows' locks (in the checkout's order). */
  async function inStock(sorted: PlacedOrder['stock']) {
    for (const s of sorted) {
      const [row] =
        s.variantId !== null
          ? await db
              .select({ stock: productVariants.stock })
              .from(productVariants)
              .where(eq(productVariants.id, s.variantId))
              .for('update')
          : await db
              .select({ stock: products.stock })
              .from(products)
              .where(eq(products.id, s.productId))
              .for('update')
      if (!row || (row.stock !== null && row.stock < s.units)) return false
    }
    return true
  }

  /** A payment's window: the order's holds (and their sales) kept until it ends. */
  async function holdUntil(placed: PlacedOrder, until: Date) {
    await deps.holds.extend(placed.saleIds, until)
  }

  return { state, complete, release, retake, holdUntil, finish }
}
