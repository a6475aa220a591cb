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
import { products, productVariants } from '../shop/shop.tables.ts'

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
    /** A shop order sent to the customer (the desk's orders, decision 123); null until then. */
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /**
     * What the desk gave back of it through the provider (decision 123), kept with the sale in the
     * unit that queues the refund: never more than was paid.
     */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Until when what it sells is held (a booking's hold); past it the sale cannot be paid. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /**
     * The checkout (the cart's guid) this sale carries, with a fingerprint of what the cart held:
     * the same guid again answers this sale, with other contents it is refused (decision 056).
     */
    checkoutGuid: text('checkout_guid'),
    checkoutFingerprint: text('checkout_fingerprint'),
    /** A shop order's transport and promo code, and where it is delivered. */
    transportId: integer('transport_id'),
    promoId: integer('promo_id'),
    deliveryName: text('delivery_name').notNull().default(''),
    deliveryAddressLine1: text('delivery_address_line1').notNull().default(''),
    deliveryPostalCode: text('delivery_postal_code').notNull().default(''),
    deliveryCity: text('delivery_city').notNull().default(''),
    deliveryTown: text('delivery_town').notNull().default(''),
    deliveryCountry: text('delivery_country').notNull().default(''),
    deliveryPhone: text('delivery_phone').notNull().default(''),
  },
  (t) => [
    uniqueIndex('sales_sale_number_key').on(t.saleNumber),
    index('sales_customer_id_created_at_idx').on(t.customerId, t.createdAt),
    uniqueIndex('sales_customer_id_checkout_guid_key')
      .on(t.customerId, t.checkoutGuid)
      .where(sql`${t.checkoutGuid} is not null`),
    check('sales_status_check', sql`${t.status} in ('pending', 'paid', 'cancelled')`),
    check(
      'sales_amounts_check',
      sql`${t.subtotalCents} >= 0 and ${t.shippingCents} >= 0 and ${t.discountCents} >= 0 and ${t.paidCents} >= 0`,
    ),
    check('sales_refunded_check', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.paidCents}`),
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
    /** The size or colour sold (spec 2 §3: stockParentId, stockParentName, stockDetail). */
    stockParentId: integer('stock_parent_id').references(() => productVariants.id, { onDelete: 'set null' }),
    stockParentName: text('stock_parent_name'),
    stockDetail: text('stock_detail'),
  },
  (t) => [
    index('sale_items_sale_id_idx').on(t.saleId),
    check('sale_items_kind_check', sql`${t.kind} in (0, 1, 2, 3)`),
    check('sale_items_units_check', sql`${t.units} >= 1 and ${t.units} <= 1000`),
    check('sale_items_total_check', sql`${t.totalCents} = ${t.unitPriceCents} * ${t.units}`),
  ],
)
