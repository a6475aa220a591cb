import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { Localised } from '../../lib/localised.ts'
import { customers } from '../customers/customers.tables.ts'
import { sales } from '../sales/sales.tables.ts'

/** A way of sending an order: a courier, pickup at the centre. Price with taxes, in cents. */
export const transports = pgTable(
  'transports',
  {
    id: serial('id').primaryKey(),
    name: jsonb('name').$type<Localised>().notNull(),
    logo: text('logo').notNull().default(''),
    deliveryTime: jsonb('delivery_time').$type<Localised>().notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Tax included in the price (the general rate unless the centre says otherwise). */
    taxPercent: integer('tax_percent').notNull().default(21),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check('transports_price_cents_check', sql`${t.priceCents} >= 0`),
    check('transports_tax_percent_check', sql`${t.taxPercent} >= 0 and ${t.taxPercent} <= 100`),
  ],
)

/** What a promo applies to: every product, products of some types, or some products. */
export const PromoScope = { All: 'all', ProductTypes: 'product_types', Products: 'products' } as const
export type PromoScope = (typeof PromoScope)[keyof typeof PromoScope]

/**
 * A promo code (decision 055): money (cents off) or percent off what it applies to (a percent
 * code perhaps off the shipping too), between two instants, with a cap on uses in all and per customer. `usesCount` counts orders that used it, one
 * per order, under a row lock, so the cap holds however many checkouts race for the last use.
 */
export const promos = pgTable(
  'promos',
  {
    id: serial('id').primaryKey(),
    /** Upper case, unique. */
    code: text('code').notNull(),
    description: jsonb('description').$type<Localised>().notNull(),
    /** DiscountType: 0 money, 1 percent. */
    discountType: smallint('discount_type').notNull(),
    /** Cents off (money) or percent off (percent). */
    value: integer('value').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    usesCount: integer('uses_count').notNull().default(0),
    scope: text('scope').$type<PromoScope>().notNull().default('all'),
    productTypeIds: jsonb('product_type_ids').$type<number[]>().notNull().default([]),
    productIds: jsonb('product_ids').$type<number[]>().notNull().default([]),
    /** A percent code that also takes its percent off the shipping (a 100% code: the whole order free). */
    coversShipping: boolean('covers_shipping').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promos_code_key').on(t.code),
    check('promos_code_upper_check', sql`${t.code} = upper(${t.code}) and length(${t.code}) > 0`),
    check('promos_discount_type_check', sql`${t.discountType} in (0, 1)`),
    check('promos_value_check', sql`${t.value} > 0 and (${t.discountType} = 0 or ${t.value} <= 100)`),
    check('promos_covers_shipping_check', sql`not ${t.coversShipping} or ${t.discountType} = 1`),
    check('promos_scope_check', sql`${t.scope} in ('all', 'product_types', 'products')`),
    check(
      'promos_uses_check',
      sql`${t.usesCount} >= 0 and (${t.maxUses} is null or ${t.usesCount} <= ${t.maxUses})`,
    ),
  ],
)

/** One order that used a promo code: counted once per order. */
export const promoUses = pgTable(
  'promo_uses',
  {
    id: serial('id').primaryKey(),
    promoId: integer('promo_id')
      .notNull()
      .references(() => promos.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_uses_promo_id_sale_id_key').on(t.promoId, t.saleId),
    index('promo_uses_promo_id_customer_id_idx').on(t.promoId, t.customerId),
  ],
)
