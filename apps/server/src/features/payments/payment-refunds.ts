import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { afterCommit } from '../../db/units.ts'
import { AppError } from '../../lib/app-error.ts'
import type { PaymentContext } from './payment-context.ts'
import { paymentRefunds, payments, paymentSales, PaymentStatus } from './payments.tables.ts'
import type { ProviderReading } from './provider.ts'

/**
 * Refunds through the provider that took the money (decision 067): queued in the unit that decides
 * them, sent after it commits, and sent again by the sweep until the provider has them. Refunds in
 * kind (vouchers, credit) are refunds.ts's.
 */
export function createPaymentRefunds(ctx: PaymentContext) {
  const { db, clock, log, byName, record } = ctx

  /** In the caller's unit: money of a confirmed payment to give back; sent once the unit commits. */
  async function queueRefund(paymentId: number, saleId: number | null, amountCents: number, reason: string) {
    const [row] = await db
      .update(payments)
      .set({ refundedCents: sql`${payments.refundedCents} + ${amountCents}` })
      .where(
        and(
          eq(payments.id, paymentId),
          sql`${payments.refundedCents} + ${amountCents} <= ${payments.amountCents}`,
        ),
      )
      .returning({
        id: payments.id,
        amountCents: payments.amountCents,
        refundedCents: payments.refundedCents,
      })
    if (!row) throw new AppError('conflict', 'This payment cannot be refunded that much.')
    if (row.refundedCents === row.amountCents) {
      await db.update(payments).set({ status: PaymentStatus.Refunded }).where(eq(payments.id, paymentId))
    }
    await db
      .insert(paymentRefunds)
      .values({ paymentId, saleId, amountCents, reason, idempotencyKey: randomUUID() })
    afterCommit(() => void sendRefunds(paymentId))
  }

  /** The confirmed provider payment that paid a sale, if any: what a cancel refunds through. */
  async function paymentOfSale(saleId: number) {
    const [row] = await db
      .select({
        id: payments.id,
        methodId: payments.methodId,
        amountCents: payments.amountCents,
        refundedCents: payments.refundedCents,
      })
      .from(payments)
      .innerJoin(paymentSales, eq(paymentSales.paymentId, payments.id))
      .where(
        and(
          eq(paymentSales.saleId, saleId),
          inArray(payments.status, [PaymentStatus.Confirmed, PaymentStatus.Refunded]),
        ),
      )
      .orderBy(desc(payments.confirmedAt))
      .limit(1)
    return row
  }

  /**
   * In the caller's unit: the refund of part of a sale (a cancelled booking) through the provider
   * payment that paid it, when one did and has that much left to give back.
   */
  async function refundSale(saleId: number, amountCents: number, reason = 'cancelled'): Promise<boolean> {
    const payment = await paymentOfSale(saleId)
    if (!payment || payment.amountCents - payment.refundedCents < amountCents) return false
    await queueRefund(payment.id, saleId, amountCents, reason)
    return true
  }

  /** A sale's provider payments (any status) and the refunds queued of it, oldest first: the desk's order. */
  async function moneyOfSale(saleId: number) {
    const [paid, back] = await Promise.all([
      db
        .select({
          id: payments.id,
          provider: payments.provider,
          methodId: payments.methodId,
          status: payments.status,
          amountCents: payments.amountCents,
          refundedCents: payments.refundedCents,
          confirmedAt: payments.confirmedAt,
        })
        .from(payments)
        .innerJoin(paymentSales, eq(paymentSales.paymentId, payments.id))
        .where(eq(paymentSales.saleId, saleId))
        .orderBy(payments.id),
      db
        .select({
          id: paymentRefunds.id,
          amountCents: paymentRefunds.amountCents,
          status: paymentRefunds.status,
          reason: paymentRefunds.reason,
          createdAt: paymentRefunds.createdAt,
          doneAt: paymentRefunds.doneAt,
        })
        .from(paymentRefunds)
        .where(eq(paymentRefunds.saleId, saleId))
        .orderBy(paymentRefunds.id),
    ])
    return { payments: paid, refunds: back }
  }

  /**
   * Sends a payment's pending refunds to its provider (outside any unit); the sweep retries. Each
   * try claims its refund first (its attempt counted before the call, compared and set at once), so
   * two senders at the same moment — the hook of the commit that queued it and a sweep on another
   * instance — never both send it: Redsys takes no idempotency key and would refund twice. The
   * sweep retries a refund only a minute per attempt after it was written, so it does not send one
   * again while its first try is still waiting for the provider.
   */
  async function sendRefunds(paymentId?: number): Promise<number> {
    const due = await db
      .select({ refund: paymentRefunds, payment: payments })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(
        and(
          eq(paymentRefunds.status, 'pending'),
          paymentId
            ? eq(paymentRefunds.paymentId, paymentId)
            : sql`${paymentRefunds.createdAt} <= now() - ${paymentRefunds.attempts} * interval '1 minute'`,
        ),
      )
      .limit(50)
    let sent = 0
    for (const { refund, payment } of due) {
      const provider = byName.get(payment.provider)
      if (!provider || !payment.providerRef) continue
      const [claimed] = await db
        .update(paymentRefunds)
        .set({ attempts: sql`${paymentRefunds.attempts} + 1` })
        .where(
          and(
            eq(paymentRefunds.id, refund.id),
            eq(paymentRefunds.status, 'pending'),
            eq(paymentRefunds.attempts, refund.attempts),
          ),
        )
        .returning({ id: paymentRefunds.id })
      if (!claimed) continue
      try {
        const reading: ProviderReading = {
          providerRef: payment.providerRef,
          status: 'confirmed',
          amountCents: payment.amountCents,
          currency: payment.currency,
          providerStatus: payment.providerStatus,
          raw: {},
        }
        const result = await provider.refund(reading, refund.amountCents, refund.idempotencyKey)
        await db
          .update(paymentRefunds)
          .set({
            status: result.status === 'pending' ? 'pending' : result.status,
            refundRef: result.refundRef,
            ...(result.status === 'pending' ? {} : { doneAt: new Date(clock()) }),
          })
          .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, 'pending')))
        await record(payment.id, payment.provider, 'refund', result.raw, { providerStatus: result.status })
        sent += 1
      } catch (err) {
        log.warn({ err, paymentId: payment.id }, 'refund not sent; it is tried again')
      }
    }
    return sent
  }

  return { queueRefund, paymentOfSale, refundSale, moneyOfSale, sendRefunds }
}

export type PaymentRefunds = ReturnType<typeof createPaymentRefunds>
