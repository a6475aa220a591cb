import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { PaymentErrorCode } from '@clubhouse/contract/server'
import type { Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import { AppError } from '../../lib/app-error.ts'
import { paymentEvents, payments, PaymentStatus, type PlacedOrder } from './payments.tables.ts'
import type { PaymentProvider } from './provider.ts'

export const MINUTE = 60_000

/**
 * What the checkout does with an order when its payment settles or its window ends. The payments
 * feature knows payments; the checkout knows orders: it registers these when it is created.
 */
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

/** The states of a payment still waiting for its provider's word. */
export const OPEN: readonly PaymentStatus[] = [PaymentStatus.Created, PaymentStatus.Pending]

/** The provider could not tell us where a payment stands (no answer, a 5xx): try again. */
export const unreadable = () =>
  new AppError(PaymentErrorCode.providerUnavailable, 'The payment could not be read. Please try again.', {
    status: 503,
  })

export const notFound = () =>
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
 * What the parts of the payments share: the database and the units of work, the providers by name
 * and by payment method, the order side the checkout registers, the audit trail of events, and the
 * look-up of a payment by what a provider calls it.
 */
export function createPaymentContext(db: Db, deps: PaymentsDeps) {
  const byName = new Map(deps.providers.map((p) => [p.name, p]))
  const byMethod = new Map(deps.providers.map((p) => [p.methodId, p]))
  let orders: OrderSide | undefined

  /** What the checkout registered to complete, release and retake orders; there is none before it. */
  const orderSide = () => {
    if (!orders) throw new Error('The checkout has not registered its order side.')
    return orders
  }

  /** A provider by its name; a name no provider has is a payment that is not found. */
  function providerOf(name: string): PaymentProvider {
    const provider = byName.get(name)
    if (!provider) throw notFound()
    return provider
  }

  /**
   * Keeps an event of a payment for the audit, its raw answer cleaned of secrets. An event id the
   * provider gave is kept once: false when it was kept already (a replay).
   */
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

  /** A provider's payment by the provider's own reference or by ours, whichever the caller has. */
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

  return {
    db,
    ...deps,
    byName,
    byMethod,
    orderSide,
    registerOrders(side: OrderSide) {
      orders = side
    },
    providerOf,
    record,
    findPayment,
  }
}

export type PaymentContext = ReturnType<typeof createPaymentContext>
