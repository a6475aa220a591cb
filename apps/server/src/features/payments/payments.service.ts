import { randomBytes, randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { CheckoutErrorCode, PaymentErrorCode } from '@clubhouse/contract'
import type { Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import { afterCommit } from '../../db/units.ts'
import { AppError } from '../../lib/app-error.ts'
import {
  paymentEvents,
  paymentRefunds,
  payments,
  paymentSales,
  PaymentStatus,
  type PlacedOrder,
} from './payments.tables.ts'
import {
  ProviderError,
  type IncomingNotification,
  type PaymentProvider,
  type ProviderReading,
  type StartRequest,
  type StartResult,
} from './provider.ts'

const MINUTE = 60_000

/**
 * What the checkout does with an order when its payment settles or its window ends. The payments
 * feature knows payments; the checkout knows orders: it registers these when it is created.
 */
/** What a checkout placed and its payment settles: the payments feature keeps it with the payment. */
export type { PlacedOrder } from './payments.tables.ts'

export interface OrderSide {
  /** Whether the order can still be completed: `open`, already `paid` (by another payment), or `released`. */
  state(placed: PlacedOrder, now: number): Promise<'open' | 'paid' | 'released'>
  /** In the settle's unit: the sales paid, their hooks run (bookings confirmed), the order mail queued. */
  complete(placed: PlacedOrder, methodId: number): Promise<void>
  /** In a unit: gives back what the order held (its stock, its promo use); the order sale cancelled. */
  release(placed: PlacedOrder): Promise<void>
  /** In a unit: takes again what a released order held when all of it is still free; false otherwise. */
  retake(placed: PlacedOrder, now: number): Promise<boolean>
  /** Extends the holds of the order's sales (times, places, sign-ups) to `until`. */
  holdUntil(placed: PlacedOrder, until: Date): Promise<void>
}

export interface PaymentsDeps {
  units: Units
  clock: () => number
  log: FastifyBaseLogger
  providers: readonly PaymentProvider[]
  /** Base of the server's own URLs the providers call (PUBLIC_URL). */
  publicUrl: string
  /** How long a placed order waits for its payment (minutes). */
  windowMinutes: number
  /** Capture an authorisation as it settles (the default), or leave it for the desk. */
  captureOnSettle?: boolean
  /** The customers' saved cards (their card tokens): found to pay with, kept when a provider saves one. */
  cards?: {
    find(
      customerId: number,
      cardId: number,
    ): Promise<{ id: number; methodId: number; token: string } | undefined>
    save(
      customerId: number,
      card: { methodId: number; token: string; lastDigits: string; brand: string; expiry: string },
    ): Promise<number>
  }
  /**
   * Tells a customer their late payment was refunded (the order was no longer free). Called in the
   * unit that decides the refund, so the mail is queued exactly when the refund is.
   */
  mailLateRefund?: (customerId: number, orderNumber: string, amountCents: number) => Promise<void>
}

/** What settling a payment came to: the same answer however often it is asked. */
export interface SettleOutcome {
  paymentId: number
  status: PaymentStatus
  /** The order is paid by this payment. */
  paid: boolean
  orderNumber: string
  customerId: number
}

const OPEN: readonly PaymentStatus[] = [PaymentStatus.Created, PaymentStatus.Pending]

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

/** The provider could not tell us where a payment stands (no answer, a 5xx): try again. */
export const unreadable = () =>
  new AppError(PaymentErrorCode.providerUnavailable, 'The payment could not be read. Please try again.', {
    status: 503,
  })

const notFound = () =>
  new AppError(PaymentErrorCode.paymentNotFound, 'This payment was not found.', { status: 404 })

/** The provider's raw answer for the audit: no client secret, no card number, no CVV. */
function auditable(raw: unknown): unknown {
  const secret = /secret|card_?number|pan|cvv|cvc|security_?code|password|token/i
  const clean = (value: unknown, depth: number): unknown => {
    if (depth > 6 || value === null || typeof value !== 'object') return value
    if (Array.isArray(value)) return value.slice(0, 50).map((v) => clean(v, depth + 1))
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = secret.test(k) ? '[kept out]' : clean(v, depth + 1)
    return out
  }
  return clean(raw, 0)
}

/**
 * Payments (decision 067): one attempt with one provider for one order. The checkout places the
 * order and opens its payment in one unit; `begin` starts it at the provider after that unit
 * commits; `settle` is the one forward-only way an order becomes paid by a provider, whoever calls
 * it (the return page, the status poll, the notification or webhook, the sweep).
 */
export function createPaymentsService(db: Db, deps: PaymentsDeps) {
  const { units, clock, log } = deps
  const byName = new Map(deps.providers.map((p) => [p.name, p]))
  const byMethod = new Map(deps.providers.map((p) => [p.methodId, p]))
  let orders: OrderSide | undefined

  const orderSide = () => {
    if (!orders) throw new Error('The checkout has not registered its order side.')
    return orders
  }

  function providerOf(name: string): PaymentProvider {
    const provider = byName.get(name)
    if (!provider) throw notFound()
    return provider
  }

  async function record(
    paymentId: number,
    provider: string,
    kind: string,
    raw: unknown,
    extra: { eventId?: string; providerStatus?: string } = {},
  ): Promise<boolean> {
    const rows = await db
      .insert(paymentEvents)
      .values({
        paymentId,
        provider,
        kind,
        raw: auditable(raw) ?? {},
        eventId: extra.eventId ?? null,
        providerStatus: extra.providerStatus ?? '',
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id })
    return rows.length > 0
  }

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
    const expiresAt = new Date(now + deps.windowMinutes * MINUTE)
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
      row.savedCardId !== null ? (await deps.cards?.find(row.customerId, row.savedCardId))?.token : undefined
    let result: StartResult
    try {
      result = await provider.start({
        ...request,
        urls: { ...request.urls, notify: `${deps.publicUrl}${NOTIFY_PATHS[provider.name] ?? ''}` },
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

  async function findPayment(provider: string, key: { providerRef?: string; reference?: string }) {
    const where = key.providerRef
      ? and(eq(payments.provider, provider), eq(payments.providerRef, key.providerRef))
      : key.reference
        ? and(eq(payments.provider, provider), eq(payments.reference, key.reference))
        : undefined
    if (!where) return undefined
    const [row] = await db.select().from(payments).where(where)
    return row
  }

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
        if (deps.mailLateRefund) {
          await deps.mailLateRefund(row.customerId, row.placed.orderNumber, row.amountCents)
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
    if (outcome.paid && read.needsCapture && deps.captureOnSettle !== false && provider.capture) {
      await captureLater(provider, found.id, read)
    }
    return outcome
  }

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

  async function keepCard(row: typeof payments.$inferSelect, reading: ProviderReading) {
    const card = reading.savedCard!
    if (!/^\d{4}$/.test(card.lastDigits) || !deps.cards) return
    await deps.cards.save(row.customerId, {
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

  async function statusOf(paymentId: number): Promise<SettleOutcome> {
    const [row] = await db.select().from(payments).where(eq(payments.id, paymentId))
    if (!row) throw notFound()
    return {
      paymentId: row.id,
      status: row.status,
      paid: row.status === PaymentStatus.Confirmed,
      orderNumber: row.placed.orderNumber,
      customerId: row.customerId,
    }
  }

  /** A payment by our reference, whichever provider: the return pages poll it. */
  async function statusOfReference(reference: string): Promise<SettleOutcome | undefined> {
    const [row] = await db.select({ id: payments.id }).from(payments).where(eq(payments.reference, reference))
    return row ? statusOf(row.id) : undefined
  }

  /** A customer's payment by our reference (the return pages ask after it); another's is not found. */
  async function findForCustomer(
    provider: string,
    key: { providerRef?: string; reference?: string },
    customerId: number,
  ) {
    const row = await findPayment(provider, key)
    if (!row || row.customerId !== customerId) throw notFound()
    return row
  }

  // -------------------------------------------------------------------------------------------
  // Refunds

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
  async function refundSale(saleId: number, amountCents: number): Promise<boolean> {
    const payment = await paymentOfSale(saleId)
    if (!payment || payment.amountCents - payment.refundedCents < amountCents) return false
    await queueRefund(payment.id, saleId, amountCents, 'cancelled')
    return true
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

  // -------------------------------------------------------------------------------------------
  // The sweep: payments whose window ended

  /**
   * Ends the payments whose window ran out: each is read from its provider first (a success that
   * came without its notification still settles), then, under the row's lock and claimed with
   * SKIP LOCKED so one instance does it, marked expired and its order released. Pending refunds
   * are sent again.
   */
  async function sweep(): Promise<{ expired: number; refunds: number }> {
    const now = clock()
    const due = await db
      .select({ id: payments.id, provider: payments.provider, providerRef: payments.providerRef })
      .from(payments)
      .where(
        and(
          inArray(payments.status, [...OPEN]),
          sql`${payments.expiresAt} <= ${new Date(now).toISOString()}::timestamptz`,
        ),
      )
      .limit(50)
    let expired = 0
    for (const p of due) {
      const provider = byName.get(p.provider)
      if (p.providerRef && provider) {
        try {
          const reading = await provider.read(p.providerRef)
          if (reading.status !== 'pending') {
            await settle(p.provider, { providerRef: p.providerRef }, reading)
            continue
          }
        } catch {
          // A provider without a status read (Redsys redirect) or out of reach: the window decides.
        }
      }
      const ended = await units.run(async () => {
        const [row] = await db
          .select()
          .from(payments)
          .where(and(eq(payments.id, p.id), inArray(payments.status, [...OPEN])))
          .for('update', { skipLocked: true })
        if (!row) return false
        await db
          .update(payments)
          .set({ status: PaymentStatus.Expired, updatedAt: new Date(now) })
          .where(eq(payments.id, row.id))
        const others = await db
          .select({ id: payments.id })
          .from(payments)
          .innerJoin(paymentSales, eq(paymentSales.paymentId, payments.id))
          .where(and(inArray(paymentSales.saleId, row.placed.saleIds), inArray(payments.status, [...OPEN])))
        // The order's held times were extended to this same instant, so they read as ended now:
        // only an order paid another way keeps what it took. `release` gives back an order once.
        if (others.length === 0 && (await orderSide().state(row.placed, now)) !== 'paid') {
          await orderSide().release(row.placed)
        }
        await record(row.id, row.provider, 'expired', {})
        return true
      })
      if (ended) expired += 1
    }
    return { expired, refunds: await sendRefunds() }
  }

  /** A saved card of the customer's that a checkout may pay with. */
  async function findCard(customerId: number, cardId: number) {
    return deps.cards?.find(customerId, cardId)
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

  /** Runs the sweep now and then (every `everyMs`; 0: never, for tests that sweep by hand). */
  function startSweeping(everyMs: number) {
    if (everyMs <= 0) return { stop: async () => {} }
    let running: Promise<unknown> | undefined
    const tick = () => {
      running ??= sweep()
        .catch((err: unknown) => log.warn({ err }, 'payment sweep failed'))
        .finally(() => (running = undefined))
    }
    const timer = setInterval(tick, everyMs)
    return {
      stop: async () => {
        clearInterval(timer)
        await running
      },
    }
  }

  return {
    startSweeping,
    cancelOpen,
    registerOrders(side: OrderSide) {
      orders = side
    },
    hasMethod: (methodId: number) => byMethod.has(methodId),
    providerOf,
    open,
    begin,
    settle,
    notify,
    statusOf,
    statusOfReference,
    findRow: findPayment,
    findForCustomer,
    queueRefund,
    refundSale,
    paymentOfSale,
    sendRefunds,
    sweep,
    findCard,
    lastPlaced,
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>
