import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { customers } from '../customers/customers.tables.ts'
import { sales } from '../sales/sales.tables.ts'

/**
 * Where a payment stands (decision 067). Forward only: created → pending → confirmed | failed |
 * cancelled | expired → refunded. A confirmed word from the provider beats a failed or expired one
 * (money taken is money taken: the order is taken again, or refunded at once).
 */
export const PaymentStatus = {
  Created: 'created',
  Pending: 'pending',
  Confirmed: 'confirmed',
  Failed: 'failed',
  Cancelled: 'cancelled',
  Expired: 'expired',
  Refunded: 'refunded',
} as const
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus]

/**
 * What a placed order holds while its payment is open, kept with the payment so that settling it
 * (perhaps on another instance, perhaps after a restart) or releasing it needs nothing else.
 */
export interface PlacedOrder {
  /** The shop order's sale, when the cart had articles; null when it paid pending sales only. */
  orderId: number | null
  orderNumber: string
  /** Every sale this payment pays: the shop order and the cart's pending sales (bookings, sign-ups). */
  saleIds: number[]
  /** Units of stock the order took, to give back on release (and take again on a late success). */
  stock: Array<{ productId: number; variantId: number | null; units: number }>
  promoId: number | null
  /** The order mail, ready but for the calendar files the paid sales bring at settle time. */
  mail: { customerId: number; to: string; input: unknown } | null
}

/**
 * One attempt to pay one order with one provider. `reference` is ours (sent to the provider where
 * it takes one: Redsys's order number), `providerRef` the provider's; each unique per provider, so
 * a notification names exactly one payment. Amount and currency are the order's as it was priced.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** PaymentMethodId of the spec (1 Redsys, 9 PayPal, 10 NetPay, 14 Stripe, 15 card on file). */
    methodId: smallint('method_id').notNull(),
    /** The adapter's name: `redsys`, `paypal`, `netpay`, `stripe`, `card`. */
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    providerRef: text('provider_ref'),
    status: text('status').$type<PaymentStatus>().notNull().default('created'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Sent to the provider with every POST of this attempt. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The order as placed: what to complete, release or take again. */
    placed: jsonb('placed').$type<PlacedOrder>().notNull(),
    /** Until when the order holds its stock, promo use and times for this payment. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Keep the card with the provider (card on file). */
    saveCard: boolean('save_card').notNull().default(false),
    /** The saved card (customers' card_tokens) it paid with, if any. */
    savedCardId: integer('saved_card_id'),
    /** The provider's last status word, for the desk and the log. */
    providerStatus: text('provider_status').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_provider_reference_key').on(t.provider, t.reference),
    uniqueIndex('payments_provider_provider_ref_key')
      .on(t.provider, t.providerRef)
      .where(sql`${t.providerRef} is not null`),
    index('payments_customer_id_idx').on(t.customerId),
    index('payments_open_expires_at_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('created', 'pending')`),
    check(
      'payments_status_check',
      sql`${t.status} in ('created', 'pending', 'confirmed', 'failed', 'cancelled', 'expired', 'refunded')`,
    ),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
    check('payments_refunded_check', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`),
  ],
)

/** The sales one payment pays; a sale is paid by at most one confirmed payment (checked at settle). */
export const paymentSales = pgTable(
  'payment_sales',
  {
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.saleId] }), index('payment_sales_sale_id_idx').on(t.saleId)],
)

/**
 * Everything that happened to a payment, as received: the start, each notification, webhook,
 * callback and read, the settle, refunds and releases. `raw` never holds a secret or card data.
 * `eventId` (a provider's own event id) is unique per provider: a replayed webhook is seen as one.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    eventId: text('event_id'),
    providerStatus: text('provider_status').notNull().default(''),
    raw: jsonb('raw').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_events_payment_id_idx').on(t.paymentId),
    uniqueIndex('payment_events_provider_event_id_key')
      .on(t.provider, t.eventId)
      .where(sql`${t.eventId} is not null`),
  ],
)

/**
 * Money to give back through the provider that took it: written in the unit that decides it (a
 * cancel, a late success for an order no longer free), sent after that unit commits, and retried by
 * the sweep until the provider confirms. The idempotency key makes a retry the same refund.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** The sale cancelled, when a cancel asked for it. */
    saleId: integer('sale_id').references(() => sales.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<'pending' | 'confirmed' | 'failed'>().notNull().default('pending'),
    reason: text('reason').notNull(),
    refundRef: text('refund_ref'),
    idempotencyKey: text('idempotency_key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_refunds_payment_id_idx').on(t.paymentId),
    index('payment_refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('payment_refunds_amount_check', sql`${t.amountCents} > 0`),
    check('payment_refunds_status_check', sql`${t.status} in ('pending', 'confirmed', 'failed')`),
  ],
)
