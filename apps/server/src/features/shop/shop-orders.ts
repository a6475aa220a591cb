import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import type { Localised } from '../../lib/localised.ts'
import { customerTypePrices, customerTypes, products, productVariants } from './shop.tables.ts'

/** One product's units an order takes or gives back: of its variant (a size, a colour) when it has one. */
export interface StockUnits {
  productId: number
  variantId: number | null
  units: number
}

/** A customer type's price list, as the cart prices a line with it. */
export interface PriceList {
  id: number
  discountPercent: number
}

/**
 * What the sales and the checkout read and write of the shop's products, each in the caller's unit
 * of work: products as a sale or a cart prices them, price lists, and the stock an order takes,
 * gives back or takes again. Nothing here goes through the shop's answer cache: an order reads
 * what the database says now, and a change of stock leaves the public lists as they were.
 */
export function createShopOrders(db: Db) {
  /** The products a sale's articles are priced from; the ones not there are left out. */
  function articlesForSale(ids: number[]) {
    return db
      .select({
        id: products.id,
        name: products.name,
        image: products.image,
        grossPriceCents: products.grossPriceCents,
        taxPercent: products.taxPercent,
      })
      .from(products)
      .where(inArray(products.id, ids))
  }

  /** The price list of a customer type; none without a type or for an unknown one. */
  async function priceListOf(customerTypeId: number | null | undefined): Promise<PriceList | null> {
    if (customerTypeId === null || customerTypeId === undefined) return null
    const [row] = await db
      .select({ id: customerTypes.id, discountPercent: customerTypes.discountPercent })
      .from(customerTypes)
      .where(eq(customerTypes.id, customerTypeId))
    return row ?? null
  }

  /**
   * The products of a cart with their price in the list `listId` (null: the general prices) and
   * their sizes or colours, in one read; the ones not there are left out.
   */
  function pricedArticles(ids: number[], listId: number | null) {
    return db
      .select({
        id: products.id,
        productTypeId: products.productTypeId,
        name: products.name,
        image: products.image,
        grossPriceCents: products.grossPriceCents,
        listGrossPriceCents: customerTypePrices.grossPriceCents,
        taxPercent: products.taxPercent,
        stock: products.stock,
        transportRequired: products.transportRequired,
        variants: sql<Array<{ id: number; group: Localised; name: string; stock: number }>>`coalesce((
          select json_agg(json_build_object('id', v.id, 'group', v.group_name, 'name', v.name, 'stock', v.stock))
          from ${productVariants} v where v.product_id = ${products.id}), '[]'::json)`,
      })
      .from(products)
      .leftJoin(
        customerTypePrices,
        and(
          eq(customerTypePrices.productId, products.id),
          // Customer type ids start at 1: 0 matches no list, so general prices apply.
          eq(customerTypePrices.customerTypeId, listId ?? 0),
        ),
      )
      .where(inArray(products.id, ids))
  }

  /** The row that counts the stock of `s`: its variant's when it has one, else its product's. */
  const stockRow = (s: Omit<StockUnits, 'units'>) =>
    s.variantId !== null
      ? { table: productVariants, id: productVariants.id, stock: productVariants.stock, key: s.variantId }
      : { table: products, id: products.id, stock: products.stock, key: s.productId }

  /**
   * Takes `s.units` of the stock, never below 0: false when there are not as many left. The update
   * locks the product's (or variant's) row until the caller's unit ends.
   */
  async function takeStock(s: StockUnits): Promise<boolean> {
    const row = stockRow(s)
    const taken = await db
      .update(row.table)
      .set({ stock: sql`${row.stock} - ${s.units}` })
      .where(and(eq(row.id, row.key), sql`(${row.stock} is null or ${row.stock} >= ${s.units})`))
      .returning({ id: row.id })
    return taken.length > 0
  }

  /** The stock left of a product or variant: null when it is not counted, undefined when it is gone. */
  async function stockLeft(s: Omit<StockUnits, 'units'>): Promise<number | null | undefined> {
    const row = stockRow(s)
    const [found] = await db.select({ stock: row.stock }).from(row.table).where(eq(row.id, row.key))
    return found?.stock
  }

  /** Stock counted back (`+1`) or taken (`-1`); a product whose stock is not counted is not written. */
  async function moveStock(stock: StockUnits[], sign: 1 | -1) {
    for (const s of stock) {
      const row = stockRow(s)
      await db
        .update(row.table)
        .set({ stock: sql`${row.stock} + ${sign * s.units}` })
        .where(and(eq(row.id, row.key), isNotNull(row.stock)))
    }
  }

  /**
   * Whether every unit is still in stock, read under the rows' locks, taken in the order given (the
   * checkout's: by product, then variant) for the rest of the caller's unit.
   */
  async function inStockLocked(sorted: StockUnits[]) {
    for (const s of sorted) {
      const row = stockRow(s)
      const [found] = await db
        .select({ stock: row.stock })
        .from(row.table)
        .where(eq(row.id, row.key))
        .for('update')
      if (!found || (found.stock !== null && found.stock < s.units)) return false
    }
    return true
  }

  return { articlesForSale, priceListOf, pricedArticles, takeStock, stockLeft, moveStock, inStockLocked }
}
