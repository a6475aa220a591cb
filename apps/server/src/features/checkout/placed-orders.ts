import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import type { Mailer } from '../comms/mailer.ts'
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
 * the release and everything is still free. Every step runs in the caller's unit of work.
 */
export function createPlacedOrders(
  db: Db,
  deps: { sales: SalesService; saleHooks: SaleHooks; shop: ShopService; mail: Mailer },
): OrderSide & {
  /** The paid sales' hooks, popularity and the order mail: what completing an order does, however it was paid. */
  finish(placed: PlacedOrder): Promise<void>
} {
  /**
   * Read under the sales' row locks (in id order): two payments of one order settling at once (a
   * superseded attempt the customer finished anyway) take turns here, and the second reads `paid`
   * and is refunded instead of failing on a sale already paid.
   */
  async function state(placed: PlacedOrder, now: number) {
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

  async function giveBack(placed: PlacedOrder, orderId: number) {
    for (const s of placed.stock) {
      if (s.variantId !== null) {
        await db
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} + ${s.units}` })
          .where(and(eq(productVariants.id, s.variantId), isNotNull(productVariants.stock)))
      } else {
        await db
          .update(products)
          .set({ stock: sql`${products.stock} + ${s.units}` })
          .where(and(eq(products.id, s.productId), isNotNull(products.stock)))
      }
    }
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
   * A late success: a released shop order is taken again when every unit is still in stock. Sales
   * of bookings and sign-ups whose holds ended are not taken again (the time may be someone
   * else's): such an order is refunded instead.
   */
  async function retake(placed: PlacedOrder, now: number) {
    if (placed.orderId === null) return false
    const others = placed.saleIds.filter((id) => id !== placed.orderId)
    if (others.length) {
      const open = await state({ ...placed, saleIds: others }, now)
      if (open !== 'open') return false
    }
    const [order] = await db
      .select({ status: sales.status })
      .from(sales)
      .where(eq(sales.id, placed.orderId))
      .for('update')
    if (order?.status !== SaleStatus.Cancelled) return false
    // Checked under row locks first, so a partial take never has to be undone.
    const sorted = [...placed.stock].sort(
      (a, b) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0),
    )
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
    for (const s of sorted) {
      if (s.variantId !== null) {
        await db
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} - ${s.units}` })
          .where(and(eq(productVariants.id, s.variantId), isNotNull(productVariants.stock)))
      } else {
        await db
          .update(products)
          .set({ stock: sql`${products.stock} - ${s.units}` })
          .where(and(eq(products.id, s.productId), isNotNull(products.stock)))
      }
    }
    await db.update(sales).set({ status: SaleStatus.Pending }).where(eq(sales.id, placed.orderId))
    return true
  }

  async function holdUntil(placed: PlacedOrder, until: Date) {
    await db
      .update(sales)
      .set({ holdExpiresAt: until })
      .where(
        and(
          inArray(sales.id, placed.saleIds),
          eq(sales.status, SaleStatus.Pending),
          isNotNull(sales.holdExpiresAt),
        ),
      )
    await deps.saleHooks.holdUntil(placed.saleIds, until)
  }

  return { state, complete, release, retake, holdUntil, finish }
}
