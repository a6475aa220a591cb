import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import { SaleItemKind, StaffErrorCode, type StaffOrderState } from '@clubhouse/contract/server'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../lib/app-error.ts'
import { saleItems, sales, SaleStatus } from './sales.tables.ts'

const orderNotFound = () => new AppError('not_found', 'This order was not found.')

/** A shop order: a sale with a transport or with at least one shop article among its lines. */
const isShopOrder = or(
  isNotNull(sales.transportId),
  sql`exists (select 1 from ${saleItems} where ${saleItems.saleId} = ${sales.id} and ${saleItems.kind} = ${SaleItemKind.Article})`,
)!

/** The state of an order as one SQL expression, the same the list filters by. */
const stateOf = sql<StaffOrderState>`case
  when ${sales.status} = ${SaleStatus.Cancelled} then 'cancelled'
  when ${sales.status} = ${SaleStatus.Pending} then 'awaiting_payment'
  when ${sales.refundedCents} > 0 then 'refunded'
  when ${sales.shippedAt} is not null then 'shipped'
  else 'paid' end`

const STATE_WHERE: Record<StaffOrderState, SQL> = {
  cancelled: eq(sales.status, SaleStatus.Cancelled),
  awaiting_payment: eq(sales.status, SaleStatus.Pending),
  refunded: and(eq(sales.status, SaleStatus.Paid), gt(sales.refundedCents, 0))!,
  shipped: and(eq(sales.status, SaleStatus.Paid), eq(sales.refundedCents, 0), isNotNull(sales.shippedAt))!,
  paid: and(eq(sales.status, SaleStatus.Paid), eq(sales.refundedCents, 0), isNull(sales.shippedAt))!,
}

const row = {
  id: sales.id,
  number: sales.saleNumber,
  customerId: sales.customerId,
  status: sales.status,
  online: sales.online,
  paymentMethodId: sales.paymentMethodId,
  totalCents: sales.totalCents,
  paidCents: sales.paidCents,
  refundedCents: sales.refundedCents,
  shippingCents: sales.shippingCents,
  discountCents: sales.discountCents,
  state: stateOf,
  createdAt: sales.createdAt,
  paidAt: sales.paidAt,
  shippedAt: sales.shippedAt,
}

/**
 * The desk's reads and writes of shop orders (decision 123), each in the caller's unit: the list by
 * state and date, one order with its lines and delivery, shipped once, and what was given back of
 * it, never more than was paid.
 */
export function createShopOrders(db: Db) {
  async function shopOrders(q: {
    state?: StaffOrderState | undefined
    from?: Date | undefined
    to?: Date | undefined
    page: number
    pageSize: number
  }) {
    const where = and(
      isShopOrder,
      q.state ? STATE_WHERE[q.state] : undefined,
      q.from ? gte(sales.createdAt, q.from) : undefined,
      q.to ? lt(sales.createdAt, q.to) : undefined,
    )
    const [rows, [count]] = await Promise.all([
      db
        .select(row)
        .from(sales)
        .where(where)
        .orderBy(desc(sales.createdAt), desc(sales.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(sales)
        .where(where),
    ])
    return { rows, totalCount: Number(count?.n ?? 0) }
  }

  /** One shop order with its lines and delivery; 404 when there is none (or the sale is no order). */
  async function shopOrder(saleId: number) {
    const [order] = await db
      .select({
        ...row,
        delivery: {
          name: sales.deliveryName,
          addressLine1: sales.deliveryAddressLine1,
          postalCode: sales.deliveryPostalCode,
          city: sales.deliveryCity,
          town: sales.deliveryTown,
          country: sales.deliveryCountry,
          phone: sales.deliveryPhone,
        },
      })
      .from(sales)
      .where(and(eq(sales.id, saleId), isShopOrder))
    if (!order) throw orderNotFound()
    const lines = await db
      .select({
        name: saleItems.name,
        detail: saleItems.stockDetail,
        units: saleItems.units,
        unitPriceCents: saleItems.unitPriceCents,
        totalCents: saleItems.totalCents,
      })
      .from(saleItems)
      .where(eq(saleItems.saleId, saleId))
      .orderBy(asc(saleItems.id))
    return { ...order, lines }
  }

  /** The articles an order sold, as stock: what a whole refund may count back in. */
  async function stockOfOrder(saleId: number) {
    const rows = await db
      .select({ productId: saleItems.productId, variantId: saleItems.stockParentId, units: saleItems.units })
      .from(saleItems)
      .where(
        and(
          eq(saleItems.saleId, saleId),
          eq(saleItems.kind, SaleItemKind.Article),
          isNotNull(saleItems.productId),
        ),
      )
      .orderBy(asc(saleItems.productId), asc(saleItems.stockParentId))
    return rows.map((r) => ({ productId: r.productId!, variantId: r.variantId, units: r.units }))
  }

  /**
   * A paid shop order read under its row lock: two refunds or shipments of it take turns. 404 when
   * there is none, 422 order_not_paid when it is awaiting payment or cancelled.
   */
  async function lockPaidShopOrder(saleId: number) {
    const [order] = await db
      .select(row)
      .from(sales)
      .where(and(eq(sales.id, saleId), isShopOrder))
      .for('update')
    if (!order) throw orderNotFound()
    if (order.status !== SaleStatus.Paid) {
      throw new AppError(StaffErrorCode.orderNotPaid, 'This order is not paid.', { status: 422 })
    }
    return order
  }

  /** Marks a paid order shipped at `at`, once: 409 already_shipped, 422 order_not_paid. */
  async function markShipped(saleId: number, at: Date) {
    const order = await lockPaidShopOrder(saleId)
    if (order.shippedAt) {
      throw new AppError(StaffErrorCode.alreadyShipped, 'This order was marked shipped already.', {
        status: 409,
      })
    }
    await db.update(sales).set({ shippedAt: at }).where(eq(sales.id, saleId))
    return order
  }

  /**
   * Counts `amountCents` more given back of a sale, only while the sum stays within what was paid
   * (compared and set at once); false when it would not.
   */
  async function addRefunded(saleId: number, amountCents: number): Promise<boolean> {
    const done = await db
      .update(sales)
      .set({ refundedCents: sql`${sales.refundedCents} + ${amountCents}` })
      .where(and(eq(sales.id, saleId), sql`${sales.refundedCents} + ${amountCents} <= ${sales.paidCents}`))
      .returning({ id: sales.id })
    return done.length > 0
  }

  return { shopOrders, shopOrder, stockOfOrder, lockPaidShopOrder, markShipped, addRefunded }
}

export type ShopOrders = ReturnType<typeof createShopOrders>
