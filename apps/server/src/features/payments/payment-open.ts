import { randomBytes, randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, isNull } from 'drizzle-orm'
import { CheckoutErrorCode, PaymentErrorCode } from '@clubhouse/contract/server'
import { AppError } from '../../lib/app-error.ts'
import { MINUTE, notFound, OPEN, type PaymentContext } from './payment-context.ts'
import type { PaymentSettle } from './payment-settle.ts'
import { payments, paymentSales, PaymentStatus, type PlacedOrder } from './payments.tables.ts'
import { ProviderError, type StartRequest, type StartResult } from './provider.ts'

/** Where each provider notifies the server (payments.routes.ts). */
const NOTIFY_PATHS: Record<string, string> = {
  redsys: '/api/redsys/notification',
  card: '/api/card/notification',
  stripe: '/api/stripe/webhook',
  paypal: '/api/paypal/webhook',
  netpay: '/api/netpay/webhook',
}

/** Redsys's order number rule, which every other provider accepts: 12 characters, the first 4 digits. */
function newReference(): string {
  const digits = String(randomBytes(2).readUInt16BE(0) % 10_000).padStart(4, '0')
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789'
  const tail = [...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('')
  return digits + tail
}

/**
 * Opening a payment for a placed order and starting it at its provider, and what a checkout asks
 * before and after: the saved card it pays with, the order a retry reuses, the open attempts an
 * order paid another way ends.
 */
export function createPaymentOpen(ctx: PaymentContext, settler: PaymentSettle) {
  const { db, units, clock, log, byMethod, orderSide, providerOf, record } = ctx
  const { settle } = settler

  /**
   * Opens a payment for an order placed in the caller's unit: the row, its sales, and the order's
   * holds extended to the payment window. Earlier open attempts for the same order are cancelled:
   * the customer pays again, perhaps another way (a late success of one of them is refunded).
   */
  async function open(input: {
    customerId: number
    methodId: number
    amountCents: number
    currency: string
    placed: PlacedOrder
    saveCard: boolean
    savedCardId: number | null
  }) {
    const provider = byMethod.get(input.methodId)
    if (!provider) {
      throw new AppError(CheckoutErrorCode.paymentUnavailable, 'This payment method is not available yet.')
    }
    const now = clock()
    const expiresAt = new Date(now + ctx.windowMinutes * MINUTE)
    const earlier = await db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(paymentSales, eq(paymentSales.paymentId, payments.id))
      .where(and(inArray(paymentSales.saleId, input.placed.saleIds), inArray(payments.status, [...OPEN])))
    for (const e of new Set(earlier.map((r) => r.id))) {
      await db
        .update(payments)
        .set({ status: PaymentStatus.Cancelled, updatedAt: new Date(now) })
        .where(and(eq(payments.id, e), inArray(payments.status, [...OPEN])))
      await record(e, provider.name, 'superseded', {})
    }
    const [row] = await db
      .insert(payments)
      .values({
        customerId: input.customerId,
        methodId: input.methodId,
        provider: provider.name,
        reference: newReference(),
        amountCents: input.amountCents,
        currency: input.currency,
        idempotencyKey: randomUUID(),
        placed: input.placed,
        expiresAt,
        saveCard: input.saveCard,
        savedCardId: input.savedCardId,
      })
      .returning()
    await db
      .insert(paymentSales)
      .values(input.placed.saleIds.map((saleId) => ({ paymentId: row!.id, saleId })))
    await orderSide().holdUntil(input.placed, expiresAt)
    await record(row!.id, provider.name, 'open', { amountCents: input.amountCents, currency: input.currency })
    return row!
  }

  /**
   * Starts an opened payment at its provider (never inside a unit of work). A provider's refusal
   * marks it failed and answers the provider's message; a provider out of reach leaves it open
   * (the sweep reads it again, and its window ends it) and answers "try again".
   */
  async function begin(
    paymentId: number,
    request: Omit<
      StartRequest,
      'paymentId' | 'reference' | 'amountCents' | 'currency' | 'idempotencyKey' | 'urls'
    > & {
      urls: Omit<StartRequest['urls'], 'notify'>
    },
  ): Promise<StartResult> {
    const [row] = await db.select().from(payments).where(eq(payments.id, paymentId))
    if (!row) throw notFound()
    const provider = providerOf(row.provider)
    const savedCardToken =
      row.savedCardId !== null ? (await ctx.cards?.find(row.customerId, row.savedCardId))?.token : undefined
    let result: StartResult
    try {
      result = await provider.start({
        ...request,
        urls: { ...request.urls, notify: `${ctx.publicUrl}${NOTIFY_PATHS[provider.name] ?? ''}` },
        paymentId: row.id,
        reference: row.reference,
        amountCents: row.amountCents,
        currency: row.currency,
        idempotencyKey: row.idempotencyKey,
        ...(row.saveCard ? { saveCard: true } : {}),
        ...(savedCardToken ? { savedCardToken } : {}),
      })
    } catch (err) {
      await failStart(row.id, provider.name, err)
      throw err instanceof ProviderError && err.kind === 'declined'
        ? new AppError(PaymentErrorCode.paymentDeclined, err.message, { status: 402 })
        : new AppError(
            PaymentErrorCode.providerUnavailable,
            'The payment could not be started. Please try again.',
            {
              status: 503,
            },
          )
    }
    await units.run(async () => {
      await db
        .update(payments)
        .set({ status: PaymentStatus.Pending, providerRef: result.providerRef, updatedAt: new Date(clock()) })
        .where(and(eq(payments.id, row.id), eq(payments.status, PaymentStatus.Created)))
      await record(row.id, provider.name, 'start', { providerRef: result.providerRef })
    })
    if (result.reading) await settle(provider.name, { providerRef: result.providerRef }, result.reading)
    return result
  }

  /**
   * A start that failed, kept for the audit: a provider's refusal ends the payment as failed; any
   * other failure leaves it open for the sweep and its window to decide.
   */
  async function failStart(paymentId: number, provider: string, err: unknown) {
    const declined = err instanceof ProviderError && err.kind === 'declined'
    log.warn(
      { paymentId, provider, kind: err instanceof ProviderError ? err.kind : 'error' },
      'payment start failed',
    )
    await units.run(async () => {
      if (declined) {
        await db
          .update(payments)
          .set({ status: PaymentStatus.Failed, updatedAt: new Date(clock()) })
          .where(and(eq(payments.id, paymentId), inArray(payments.status, [...OPEN])))
      }
      await record(paymentId, provider, 'start-failed', {
        message: err instanceof Error ? err.message : String(err),
      })
    })
  }

  /** A saved card of the customer's that a checkout may pay with. */
  async function findCard(customerId: number, cardId: number) {
    return ctx.cards?.find(customerId, cardId)
  }

  /** The latest open-or-failed payment of an order not yet paid: a retry of the same cart reuses its order. */
  async function lastPlaced(saleId: number): Promise<PlacedOrder | undefined> {
    const [row] = await db
      .select({ placed: payments.placed })
      .from(payments)
      .innerJoin(paymentSales, eq(paymentSales.paymentId, payments.id))
      .where(and(eq(paymentSales.saleId, saleId), isNull(payments.confirmedAt)))
      .orderBy(desc(payments.id))
      .limit(1)
    return row?.placed
  }

  /** In the caller's unit: the open attempts for these sales end (the order is paid another way). */
  async function cancelOpen(saleIds: number[]) {
    const open = await db
      .select({ id: payments.id, provider: payments.provider })
      .from(payments)
      .innerJoin(paymentSales, eq(paymentSales.paymentId, payments.id))
      .where(and(inArray(paymentSales.saleId, saleIds), inArray(payments.status, [...OPEN])))
    for (const p of open) {
      await db
        .update(payments)
        .set({ status: PaymentStatus.Cancelled, updatedAt: new Date(clock()) })
        .where(and(eq(payments.id, p.id), inArray(payments.status, [...OPEN])))
      await record(p.id, p.provider, 'superseded', {})
    }
  }

  return { open, begin, findCard, lastPlaced, cancelOpen }
}
