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
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import type { Localised } from '../../lib/localised.ts'
import { searchForm, searchIndex } from '../../lib/text-search.ts'

/** A group of products in the shop's type filter (rackets, balls, clothing...). */
export const productTypes = pgTable('product_types', {
  id: serial('id').primaryKey(),
  /** `{ 'es-ES', 'en-US' }` */
  name: jsonb('name').$type<Localised>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * What the shop sells. Texts are `{ 'es-ES', 'en-US' }`; `detail` is CMS HTML, sanitised when stored.
 * Images are paths under the uploads folder (or absolute URLs).
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    productTypeId: integer('product_type_id')
      .notNull()
      .references(() => productTypes.id),
    name: jsonb('name').$type<Localised>().notNull(),
    description: jsonb('description').$type<Localised>().notNull(),
    detail: jsonb('detail').$type<Localised>().notNull(),
    /** Price with taxes, in the general price list. */
    grossPriceCents: integer('gross_price_cents').notNull(),
    taxPercent: integer('tax_percent').notNull(),
    /** List image (270x280); empty: the centre's main logo is shown. */
    image: text('image').notNull().default(''),
    /** Detail image (530x480); empty: the list image. */
    detailImage: text('detail_image').notNull().default(''),
    /** Units in stock; null when the centre does not count stock for this product. */
    stock: integer('stock'),
    /** Chosen by the centre: shown as popular when too few products have recent sales. */
    isPopular: boolean('is_popular').notNull().default(false),
    /** Chosen by the centre: shown as trending when too few products have growing sales. */
    isTrending: boolean('is_trending').notNull().default(false),
    /** Sent to the buyer: the checkout then asks for a delivery address and a transport. */
    transportRequired: boolean('transport_required').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Search forms of the texts (decision 050): kept by the database, read only by the search. */
    searchNameEs: searchForm('name', 'es-ES'),
    searchNameEn: searchForm('name', 'en-US'),
    searchDescriptionEs: searchForm('description', 'es-ES'),
    searchDescriptionEn: searchForm('description', 'en-US'),
    searchDetailEs: searchForm('detail', 'es-ES', { html: true }),
    searchDetailEn: searchForm('detail', 'en-US', { html: true }),
  },
  (t) => [
    searchIndex('products', t.searchNameEs),
    searchIndex('products', t.searchNameEn),
    searchIndex('products', t.searchDescriptionEs),
    searchIndex('products', t.searchDescriptionEn),
    searchIndex('products', t.searchDetailEs),
    searchIndex('products', t.searchDetailEn),
    index('products_product_type_id_created_at_idx').on(t.productTypeId, t.createdAt),
    index('products_created_at_idx').on(t.createdAt),
    index('products_gross_price_cents_idx').on(t.grossPriceCents),
    check('products_gross_price_cents_check', sql`${t.grossPriceCents} >= 0`),
    check('products_tax_percent_check', sql`${t.taxPercent} >= 0 and ${t.taxPercent} <= 100`),
    check('products_stock_check', sql`${t.stock} >= 0`),
  ],
)

/**
 * A size or colour of a product (spec 2 §3 sale item: stockParentId, stockParentName, stockDetail),
 * with its own stock; a product with variants is sold only with one. `group` names what the choice
 * is of ("Size", "Colour"); `stock` null when the centre does not count it.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    group: jsonb('group_name').$type<Localised>().notNull(),
    name: text('name').notNull(),
    stock: integer('stock'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('product_variants_product_id_position_idx').on(t.productId, t.position),
    check('product_variants_stock_check', sql`${t.stock} >= 0`),
  ],
)

/**
 * Units of a product sold at an instant: one row per sold line. The orders feature writes them when a
 * shop sale is paid; popular and trending products are worked out from them.
 */
export const productSales = pgTable(
  'product_sales',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    units: integer('units').notNull(),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_sales_sold_at_product_id_idx').on(t.soldAt, t.productId),
    check('product_sales_units_check', sql`${t.units} > 0`),
  ],
)

/**
 * A customer's price list. A customer of this type pays the type's own price for a product when it
 * has one (customer_type_prices), else the general price less `discountPercent`.
 */
export const customerTypes = pgTable(
  'customer_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('customer_types_discount_percent_check', sql`${t.discountPercent} between 0 and 100`)],
)

/** A product's gross price in one customer type's price list. */
export const customerTypePrices = pgTable(
  'customer_type_prices',
  {
    customerTypeId: integer('customer_type_id')
      .notNull()
      .references(() => customerTypes.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    grossPriceCents: integer('gross_price_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerTypeId, t.productId] }),
    check('customer_type_prices_gross_price_cents_check', sql`${t.grossPriceCents} >= 0`),
  ],
)
