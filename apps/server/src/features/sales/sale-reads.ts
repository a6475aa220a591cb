import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Locale } from '@clubhouse/contract/server'
import type { Db } from '../../db/client.ts'
import { saleItems, sales, SaleStatus } from './sales.tables.ts'

/**
 * What the account and the checkout read and mark of a customer's sales, each in the caller's unit
 * of work: paid orders with their lines, the sales a cart pays, the order a checkout's cart id made,
 * and the row locks a placed order is settled or released under (decision 067).
 */
export function createSaleReads(db: Db) {
  /**
   * The customer's paid sales, newest first, each with its lines, their names in `locale`: one query
   * over the sales joined with their lines (index on sales(customer_id, created_at) and
   * sale_items(sale_id)). A sale without lines comes once, with `item` null.
   */
  function paidSalesWithLines(customerId: number, locale: Locale) {
    return db
      .select({
        id: sales.id,
        number: sales.saleNumber,
        createdAt: sales.createdAt,
        totalCents: sales.totalCents,
        online: sales.online,
        paymentMethodId: sales.paymentMethodId,
        item: {
          id: saleItems.id,
          kind: saleItems.kind,
          productId: saleItems.productId,
          name: sql<string>`${saleItems.name}->>${locale}`,
          image: saleItems.image,
        },
      })
      .from(sales)
      .leftJoin(saleItems, eq(saleItems.saleId, sales.id))
      .where(and(eq(sales.customerId, customerId), eq(sales.status, SaleStatus.Paid)))
      .orderBy(desc(sales.createdAt), desc(sales.id), asc(saleItems.id))
  }

  /** One paid sale of the customer with its lines, one row a line; none when it is not theirs or not paid. */
  function paidSaleWithLines(customerId: number, saleId: number) {
    return db
      .select({ sale: sales, item: saleItems })
      .from(sales)
      .leftJoin(saleItems, eq(saleItems.saleId, sales.id))
      .where(and(eq(sales.id, saleId), eq(sales.customerId, customerId), eq(sales.status, SaleStatus.Paid)))
      .orderBy(asc(saleItems.id))
  }

  /** The customer's sales among `ids`, whatever their status, in id order; another's are left out. */
  function salesOfCustomer(customerId: number, ids: number[]) {
    return db
      .select({
        id: sales.id,
        saleNumber: sales.saleNumber,
        title: sales.title,
        status: sales.status,
        totalCents: sales.totalCents,
        paidCents: sales.paidCents,
        holdExpiresAt: sales.holdExpiresAt,
      })
      .from(sales)
      .where(and(inArray(sales.id, ids), eq(sales.customerId, customerId)))
      .orderBy(asc(sales.id))
  }

  /** The lines of these sales, in the order they were written. */
  function linesOf(saleIds: number[]) {
    return db
      .select({
        id: saleItems.id,
        saleId: saleItems.saleId,
        totalCents: saleItems.totalCents,
        taxPercent: saleItems.taxPercent,
        name: saleItems.name,
        units: saleItems.units,
        unitPriceCents: saleItems.unitPriceCents,
      })
      .from(saleItems)
      .where(inArray(saleItems.saleId, saleIds))
      .orderBy(asc(saleItems.id))
  }

  /** The customer's pending sales whose hold (if any) has not run out at `at`, newest first; at most `limit`. */
  function pendingOf(customerId: number, at: Date, limit: number) {
    return db
      .select({
        id: sales.id,
        saleNumber: sales.saleNumber,
        title: sales.title,
        totalCents: sales.totalCents,
        paidCents: sales.paidCents,
        holdExpiresAt: sales.holdExpiresAt,
      })
      .from(sales)
      .where(
        and(
          eq(sales.customerId, customerId),
          eq(sales.status, SaleStatus.Pending),
          or(isNull(sales.holdExpiresAt), gt(sales.holdExpiresAt, at)),
        ),
      )
      .orderBy(desc(sales.createdAt), desc(sales.id))
      .limit(limit)
  }

  /** The sale a checkout's cart id (`guid`) made or paid for the customer, or undefined. */
  async function saleOfCheckout(customerId: number, guid: string) {
    const [row] = await db
      .select({
        id: sales.id,
        saleNumber: sales.saleNumber,
        fingerprint: sales.checkoutFingerprint,
        paidCents: sales.paidCents,
        totalCents: sales.totalCents,
        status: sales.status,
      })
      .from(sales)
      .where(and(eq(sales.customerId, customerId), eq(sales.checkoutGuid, guid)))
    return row
  }

  /** Marks a sale as the one a checkout's cart (its id and fingerprint) paid, or frees it (null). */
  async function markCheckout(saleId: number, mark: { guid: string; fingerprint: string } | null) {
    await db
      .update(sales)
      .set({ checkoutGuid: mark?.guid ?? null, checkoutFingerprint: mark?.fingerprint ?? null })
      .where(eq(sales.id, saleId))
  }

  /** Frees the cart ids of the cancelled sales among `saleIds`: their cart may be placed again. */
  async function freeCancelledCheckouts(saleIds: number[]) {
    await db
      .update(sales)
      .set({ checkoutGuid: null, checkoutFingerprint: null })
      .where(and(inArray(sales.id, saleIds), eq(sales.status, SaleStatus.Cancelled)))
  }

  /** What is still pending of these sales, in cents. */
  async function owedCents(saleIds: number[]): Promise<number> {
    const [owed] = await db
      .select({ cents: sql<number>`coalesce(sum(${sales.totalCents} - ${sales.paidCents}), 0)::int` })
      .from(sales)
      .where(inArray(sales.id, saleIds))
    return owed?.cents ?? 0
  }

  /** The status and hold of these sales, read under their row locks, taken in id order. */
  function statesLocked(saleIds: number[]) {
    return db
      .select({ status: sales.status, holdExpiresAt: sales.holdExpiresAt })
      .from(sales)
      .where(inArray(sales.id, saleIds))
      .orderBy(sales.id)
      .for('update')
  }

  /** One sale's status, read under its row lock; undefined when there is no such sale. */
  async function statusLocked(saleId: number): Promise<SaleStatus | undefined> {
    const [row] = await db
      .select({ status: sales.status })
      .from(sales)
      .where(eq(sales.id, saleId))
      .for('update')
    return row?.status
  }

  /** The status of these sales. */
  function statusesOf(saleIds: number[]) {
    return db.select({ id: sales.id, status: sales.status }).from(sales).where(inArray(sales.id, saleIds))
  }

  /** A released (cancelled) sale pending again: what it sold was taken again (decision 072). */
  async function reopen(saleId: number) {
    await db.update(sales).set({ status: SaleStatus.Pending }).where(eq(sales.id, saleId))
  }

  return {
    paidSalesWithLines,
    paidSaleWithLines,
    salesOfCustomer,
    linesOf,
    pendingOf,
    saleOfCheckout,
    markCheckout,
    freeCancelledCheckouts,
    owedCents,
    statesLocked,
    statusLocked,
    statusesOf,
    reopen,
  }
}
