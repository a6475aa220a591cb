import { and, eq } from 'drizzle-orm'
import { PaymentErrorCode } from '@clubhouse/contract/server'
import { AppError } from '../../lib/app-error.ts'
import { notFound, OPEN, unreadable, type PaymentContext, type SettleOutcome } from './payment-context.ts'
import type { PaymentRefunds } from './payment-refunds.ts'
import type { PaymentStatusReader } from './payment-status.ts'
import { paymentEvents, payments, PaymentStatus } from './payments.tables.ts'
import {
  ProviderError,
  type IncomingNotification,
  type PaymentProvider,
  type ProviderReading,
} from './provider.ts'

/**
 * Settling: a provider's reading (read here, or brought by a notification whose signature held)
 * applied to its payment and order, the capture and the saved card that follow a success, and the
 * readings that do not match their order refused.
 */
export function createPaymentSettle(
  ctx: PaymentContext,
  refunds: PaymentRefunds,
  statusReader: PaymentStatusReader,
) {
  const { db, units, clock, log, orderSide, providerOf, record, findPayment } = ctx
  const { queueRefund } = refunds
  const { statusOf } = statusReader

  /** A reading that names another amount, currency or merchant than the order: never settles. */
  function mismatch(row: typeof payments.$inferSelect, reading: ProviderReading, merchant?: string) {
    if (reading.amountCents !== row.amountCents) return 'amount'
    if (reading.currency.toUpperCase() !== row.currency.toUpperCase()) return 'currency'
    if (merchant && reading.merchant && reading.merchant !== merchant) return 'merchant'
    return null
  }

  /**
   * The one way a provider's payment makes an order paid (forward only, at most once). The
   * reading is the provider's own word: read from the provider here, or the content of a
   * notification whose signature held. Under the payment row's lock: a confirmed payment completes
   * its order if the order is still open, takes it again if it was released and is still free,
   * and is refunded at once otherwise; a failure or cancellation ends an open payment. A replay
   * or a late duplicate changes nothing and answers as the first did.
   */
  async function settle(
    providerName: string,
    key: { providerRef?: string; reference?: string },
    given?: ProviderReading,
    opts: { merchant?: string; eventId?: string } = {},
  ): Promise<SettleOutcome> {
    const provider = providerOf(providerName)
    const found = await findPayment(providerName, key)
    if (!found) throw notFound()
    let reading = given
    if (!reading) {
      try {
        reading = await provider.read(found.providerRef ?? key.providerRef ?? '', found.reference)
      } catch (err) {
        log.warn({ err, paymentId: found.id }, 'payment could not be read from its provider')
        throw unreadable()
      }
    }
    const read = reading
    // A success that names another amount, currency or merchant settles nothing, whatever the
    // payment's state; it is kept for the audit outside any unit, so the refusal does not undo it.
    const wrong = read.status === 'confirmed' ? mismatch(found, read, opts.merchant) : null
    if (wrong) {
      log.warn(
        { paymentId: found.id, provider: providerName, wrong },
        'payment reading does not match its order',
      )
      await record(found.id, providerName, `mismatch-${wrong}`, read.raw, {
        providerStatus: read.providerStatus,
      })
      throw new AppError(PaymentErrorCode.paymentMismatch, 'This payment does not match its order.', {
        status: 409,
      })
    }
    const outcome = await units.run(async () => {
      const [row] = await db.select().from(payments).where(eq(payments.id, found.id)).for('update')
      if (!row) throw notFound()
      const answer = (status: PaymentStatus): SettleOutcome => ({
        paymentId: row.id,
        status,
        paid: status === PaymentStatus.Confirmed,
        orderNumber: row.placed.orderNumber,
        customerId: row.customerId,
      })
      // The provider's event id is kept in this unit: a replay finds it and changes nothing, and an
      // event this unit could not apply is not kept, so the provider's next delivery applies it.
      if (opts.eventId) {
        const fresh = await record(row.id, providerName, 'notification', {}, { eventId: opts.eventId })
        if (!fresh) return answer(row.status)
      }
      await record(row.id, providerName, 'reading', read.raw, { providerStatus: read.providerStatus })
      const now = clock()
      const set = (status: PaymentStatus, more: Partial<typeof payments.$inferInsert> = {}) =>
        db
          .update(payments)
          .set({ status, providerStatus: read.providerStatus, updatedAt: new Date(now), ...more })
          .where(eq(payments.id, row.id))

      if (read.status === 'confirmed') {
        if (row.status === PaymentStatus.Confirmed || row.status === PaymentStatus.Refunded) {
          return answer(row.status)
        }
        const side = orderSide()
        let state = await side.state(row.placed, now)
        if (state === 'released' && (await side.retake(row.placed, now))) state = 'open'
        if (state === 'open') {
          await side.complete(row.placed, row.methodId)
          await set(PaymentStatus.Confirmed, { confirmedAt: new Date(now) })
          if (read.savedCard && row.saveCard) await keepCard(row, read)
          await record(row.id, providerName, 'settled', {})
          return answer(PaymentStatus.Confirmed)
        }
        // Paid by another attempt, or no longer free: the money goes back at once (sent after the
        // commit by queueRefund), and the customer is told in the same unit.
        await set(PaymentStatus.Confirmed, { confirmedAt: new Date(now) })
        await queueRefund(row.id, null, row.amountCents, state === 'paid' ? 'paid-twice' : 'released')
        await record(row.id, providerName, 'refund-due', { state })
        if (ctx.mailLateRefund) {
          await ctx.mailLateRefund(row.customerId, row.placed.orderNumber, row.amountCents)
        }
        return { ...answer(PaymentStatus.Refunded), paid: false }
      }
      if (read.status === 'failed' || read.status === 'cancelled') {
        if (OPEN.includes(row.status)) {
          const status = read.status === 'failed' ? PaymentStatus.Failed : PaymentStatus.Cancelled
          await set(status)
          return answer(status)
        }
        return answer(row.status)
      }
      if (row.status === PaymentStatus.Created) await set(PaymentStatus.Pending)
      return answer(row.status === PaymentStatus.Created ? PaymentStatus.Pending : row.status)
    })
    if (outcome.paid && read.needsCapture && ctx.captureOnSettle !== false && provider.capture) {
      await captureLater(provider, found.id, read)
    }
    return outcome
  }

  /**
   * Captures an authorisation that settled, after its unit committed (a provider call never runs in
   * one). A failed capture is kept for the audit and left to the desk: the order stays paid.
   */
  async function captureLater(provider: PaymentProvider, paymentId: number, reading: ProviderReading) {
    const [row] = await db.select().from(payments).where(eq(payments.id, paymentId))
    if (!row) return
    try {
      await provider.capture!(reading, row.amountCents, `${row.idempotencyKey}-capture`)
      await record(paymentId, provider.name, 'captured', {})
    } catch (err) {
      log.warn({ err, paymentId }, 'capture failed; the desk can capture it later')
      await record(paymentId, provider.name, 'capture-failed', { message: String(err) })
    }
  }

  /**
   * In the settle's unit: keeps the card a provider saved for the customer who asked to save it,
   * when its last digits read as a card's; without a card store nothing is kept.
   */
  async function keepCard(row: typeof payments.$inferSelect, reading: ProviderReading) {
    const card = reading.savedCard!
    if (!/^\d{4}$/.test(card.lastDigits) || !ctx.cards) return
    await ctx.cards.save(row.customerId, {
      methodId: row.methodId,
      token: card.token,
      lastDigits: card.lastDigits,
      brand: card.brand ?? '',
      expiry: card.expiry ?? '',
    })
  }

  /** Checks a notification's signature with its provider, drops a replayed event, and settles. */
  async function notify(
    providerName: string,
    incoming: IncomingNotification,
  ): Promise<SettleOutcome | undefined> {
    const provider = providerOf(providerName)
    if (!provider.verifyNotification) throw notFound()
    let verified
    try {
      verified = await provider.verifyNotification(incoming)
    } catch (err) {
      // Signed, but about nothing we settle (another event type): acknowledged and ignored.
      if (err instanceof ProviderError && err.kind === 'refused') return undefined
      log.warn(
        { provider: providerName, err: err instanceof Error ? err.message : err },
        'payment notification refused',
      )
      throw new AppError(PaymentErrorCode.notificationRefused, 'This notification could not be verified.', {
        status: 400,
      })
    }
    const key = verified.reference ? { reference: verified.reference } : { providerRef: verified.providerRef }
    const row = await findPayment(providerName, key)
    if (!row) throw notFound()
    if (verified.eventId) {
      const [seen] = await db
        .select({ id: paymentEvents.id })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.provider, providerName), eq(paymentEvents.eventId, verified.eventId)))
      if (seen) return statusOf(row.id)
    }
    return settle(providerName, key, verified.reading, verified.eventId ? { eventId: verified.eventId } : {})
  }

  return { settle, notify }
}

export type PaymentSettle = ReturnType<typeof createPaymentSettle>
