import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { Localised } from '../../lib/localised.ts'
import { customers } from '../customers/customers.tables.ts'
import { products } from '../shop/shop.tables.ts'

/** Numbers new sales (W-<year>-<number>); imported past sales carry their own lower numbers. */
export const saleNumberSeq = pgSequence('sale_number_seq', { startWith: 1001 })

/** Where a sale stands. A paid sale with shop articles is an order in "Your orders". */
export const SaleStatus = { Pending: 'pending', Paid: 'paid', Cancelled: 'cancelled' } as const
export type SaleStatus = (typeof SaleStatus)[keyof typeof SaleStatus]

/**
 * An amount a customer owes or paid: a shop order, a booking, an inscription, a debt from the desk.
 * Money in integer cents; `total = subtotal + shipping - discount`.
 */
export const sales = pgTable(
  'sales',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Shown to the customer, e.g. "W-2026-00042"; unique. */
    saleNumber: text('sale_number').notNull(),
    title: jsonb('title').$type<Localised>().notNull(),
    status: text('status').$type<SaleStatus>().notNull().default('pending'),
    /** Paid on the web site rather than at the desk. */
    online: boolean('online').notNull().default(true),
    /** PaymentMethodId of the payment that settled it. */
    paymentMethodId: integer('payment_method_id'),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    paidCents: integer('paid_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sales_sale_number_key').on(t.saleNumber),
    index('sales_customer_id_created_at_idx').on(t.customerId, t.createdAt),
    check('sales_status_check', sql`${t.status} in ('pending', 'paid', 'cancelled')`),
    check(
      'sales_amounts_check',
      sql`${t.subtotalCents} >= 0 and ${t.shippingCents} >= 0 and ${t.discountCents} >= 0 and ${t.paidCents} >= 0`,
    ),
    check(
      'sales_total_check',
      sql`${t.totalCents} = ${t.subtotalCents} + ${t.shippingCents} - ${t.discountCents}`,
    ),
  ],
)

/**
 * One line of a sale. Name and image are kept as they were when sold; `productId` links shop
 * articles (null for services such as bookings). Prices with taxes, in cents.
 */
export const saleItems = pgTable(
  'sale_items',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    /** SaleItemKind: 0 service, 1 article, 2 periodic sale, 3 voucher campaign. */
    kind: smallint('kind').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: jsonb('name').$type<Localised>().notNull(),
    image: text('image').notNull().default(''),
    unitPriceCents: integer('unit_price_cents').notNull(),
    units: integer('units').notNull(),
    totalCents: integer('total_cents').notNull(),
    taxPercent: integer('tax_percent').notNull().default(21),
  },
  (t) => [
    index('sale_items_sale_id_idx').on(t.saleId),
    check('sale_items_kind_check', sql`${t.kind} in (0, 1, 2, 3)`),
    check('sale_items_units_check', sql`${t.units} >= 1 and ${t.units} <= 1000`),
    check('sale_items_total_check', sql`${t.totalCents} = ${t.unitPriceCents} * ${t.units}`),
  ],
)
