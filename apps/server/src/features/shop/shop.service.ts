import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm'
import {
  ShopListAnswer,
  ShopProductAnswer,
  okData,
  Product,
  type Locale,
  type ProductVariant,
  type ShopListQuery,
} from '@clubhouse/contract/server'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { createAnswerCache, toCachedAnswer, type CachedAnswer } from '../../http/cached-answer.ts'
import { AppError } from '../../http/errors.ts'
import { imageUrl } from '../../lib/images.ts'
import { sanitizeCmsHtml } from '../../lib/sanitize.ts'
import { gridSearch, withoutSearchForms, type WithoutSearchForms } from '../../lib/text-search.ts'
import type { ContentService } from '../content/content.service.ts'
import { createShopPopularity } from './shop-popularity.ts'
import { createShopOrders } from './shop-orders.ts'
import { createShopWrites } from './shop-writes.ts'
import { euros, productPrice, type CustomerPriceList, type ProductPrice } from './prices.ts'
import { customerTypePrices, customerTypes, products, productTypes, productVariants } from './shop.tables.ts'

export type ShopListParams = Pick<z.output<typeof ShopListQuery>, 'startRow' | 'endRow' | 'gridStatus'>
type ProductRow = WithoutSearchForms<typeof products.$inferSelect>
type PricedRow = { product: ProductRow; listGrossPriceCents: number | null }

const ProductList = okData(z.array(Product))

/** The search forms of the columns the shop's search looks in, per language (decision 050). */
const SEARCH_FORMS = {
  'es-ES': {
    Name: products.searchNameEs,
    Detail: products.searchDetailEs,
    Description: products.searchDescriptionEs,
  },
  'en-US': {
    Name: products.searchNameEn,
    Detail: products.searchDetailEn,
    Description: products.searchDescriptionEn,
  },
} as const

/** A product row as lists read it: everything but the search forms. */
const productColumns = withoutSearchForms(getTableColumns(products))

/**
 * The cache key part of a parsed gridStatus. Parsed queries are remembered and handed out again
 * (http/validation.ts), so the same object comes back for the same query and is stringified once.
 */
const gridStatusKeys = new WeakMap<object, string>()
function gridStatusKey(status: ShopListParams['gridStatus']): string {
  let key = gridStatusKeys.get(status)
  if (key === undefined) gridStatusKeys.set(status, (key = JSON.stringify(status)))
  return key
}

/**
 * The shop: products, product types, customer price lists, popular and trending products.
 *
 * Answers of the public lists are built once per `ttlMs` and per language, price list and query
 * (a process-local cache, cleared by every change made through this service), so the shop list
 * costs a database round trip only when something new is asked.
 */
export function createShopService(
  db: Db,
  opts: { content: ContentService; ttlMs: number; now?: () => Date },
) {
  const now = opts.now ?? (() => new Date())
  const cache = createAnswerCache({ ttlMs: opts.ttlMs })

  /** The centre's main logo: what a product without image shows. */
  async function mainLogo(locale: Locale): Promise<string> {
    try {
      return (await opts.content.mainSettings(locale)).mainlogo
    } catch (err) {
      if (err instanceof AppError && err.code === 'not_found') return ''
      throw err
    }
  }

  async function findPriceList(
    customerTypeId: number | undefined,
  ): Promise<{ id: number; discountPercent: number } | undefined> {
    if (customerTypeId === undefined) return undefined
    return cache.get(`customer-type|${customerTypeId}`, async () => {
      const [row] = await db
        .select({ id: customerTypes.id, discountPercent: customerTypes.discountPercent })
        .from(customerTypes)
        .where(eq(customerTypes.id, customerTypeId))
      return row
    })
  }

  /**
   * Products with their price in one customer type's list. The join names customer type 0 when there
   * is no list: ids start at 1, so it matches nothing and general prices apply.
   */
  function selectPriced(priceList: { id: number } | undefined) {
    return db
      .select({ product: productColumns, listGrossPriceCents: customerTypePrices.grossPriceCents })
      .from(products)
      .leftJoin(
        customerTypePrices,
        and(
          eq(customerTypePrices.productId, products.id),
          eq(customerTypePrices.customerTypeId, priceList?.id ?? 0),
        ),
      )
  }

  /** The price a customer of the list sees, in cents, as SQL (for sorting by price). */
  function priceSql(priceList: { discountPercent: number } | undefined): SQL {
    if (!priceList) return sql`${products.grossPriceCents}`
    if (priceList.discountPercent === 0) {
      return sql`coalesce(${customerTypePrices.grossPriceCents}, ${products.grossPriceCents})`
    }
    // Integer division of (x * (100 - d) + 50) by 100 rounds half up, as customerGrossPriceCents does.
    return sql`coalesce(${customerTypePrices.grossPriceCents}, (${products.grossPriceCents} * ${100 - priceList.discountPercent} + 50) / 100)`
  }

  /** The sizes and colours of some products, in their order, by product. */
  async function variantsOf(productIds: number[], locale: Locale): Promise<Map<number, ProductVariant[]>> {
    const byProduct = new Map<number, ProductVariant[]>()
    if (productIds.length === 0) return byProduct
    const rows = await db
      .select()
      .from(productVariants)
      .where(inArray(productVariants.productId, [...new Set(productIds)]))
      .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id))
    for (const v of rows) {
      const list = byProduct.get(v.productId) ?? []
      list.push({
        id: v.id,
        group: v.group[locale],
        name: v.name,
        stock: v.stock,
        hasStock: v.stock === null || v.stock > 0,
      })
      byProduct.set(v.productId, list)
    }
    return byProduct
  }

  function toProduct(
    row: PricedRow,
    locale: Locale,
    logo: string,
    priceList: CustomerPriceList | undefined,
    variants: ProductVariant[] = [],
  ) {
    const p = row.product
    const price: ProductPrice = productPrice(
      p,
      priceList ? { ...priceList, listGrossPriceCents: row.listGrossPriceCents } : undefined,
    )
    const image = imageUrl(p.image) || logo
    return {
      id: p.id,
      name: p.name[locale],
      logo: image,
      detailImage: imageUrl(p.detailImage) || image,
      grossPrice: euros(price.grossPriceCents),
      price: euros(price.netPriceCents),
      taxPercent: p.taxPercent,
      detail: sanitizeCmsHtml(p.detail[locale]),
      description: p.description[locale],
      productTypeId: p.productTypeId,
      created: p.createdAt.toISOString(),
      stock: p.stock,
      // A product sold in sizes or colours is in stock while one of them is.
      hasStock: variants.length ? variants.some((v) => v.hasStock) : p.stock === null || p.stock > 0,
      transportRequired: p.transportRequired,
      variants,
    }
  }

  const searchOf = (status: ShopListParams['gridStatus'], locale: Locale) =>
    gridSearch(status.filterModel.search, SEARCH_FORMS[locale], 'Name')

  function whereOf(status: ShopListParams['gridStatus'], locale: Locale): SQL | undefined {
    const conditions: SQL[] = []
    const type = status.filterModel.ProductTypeId
    if (type) conditions.push(eq(products.productTypeId, type.filter))
    const search = searchOf(status, locale)
    if (search) conditions.push(search.where)
    return conditions.length ? and(...conditions) : undefined
  }

  function orderOf(
    status: ShopListParams['gridStatus'],
    locale: Locale,
    priceList: { discountPercent: number } | undefined,
  ) {
    const order: SQL[] = []
    const byPrice = status.sortModel.some((s) => s.colId === 'GrossPrice')
    // A search shows what it found in the name before what only mentions it, newest first within
    // each; a price sort asks about prices and orders by price alone (decision 050).
    const nameMatches = searchOf(status, locale)?.firstMatches
    if (nameMatches && !byPrice) order.push(desc(nameMatches))
    for (const s of status.sortModel) {
      if (s.colId === 'GrossPrice')
        order.push(s.sort === 'asc' ? asc(priceSql(priceList)) : desc(priceSql(priceList)))
      if (s.colId === 'Created')
        order.push(s.sort === 'asc' ? asc(products.createdAt) : desc(products.createdAt))
    }
    // Newest first by default; the id keeps pages stable when instants or prices are equal.
    order.push(desc(products.createdAt), desc(products.id))
    return order
  }

  const { popularIds, trendingIds } = createShopPopularity(db, cache, now)

  /** Products by id, in the order of `ids`, priced for a customer type. */
  async function productsByIds(ids: number[], locale: Locale, customerTypeId: number | undefined) {
    if (ids.length === 0) return []
    const priceList = await findPriceList(customerTypeId)
    const [rows, logo, variants] = await Promise.all([
      selectPriced(priceList).where(inArray(products.id, ids)),
      mainLogo(locale),
      variantsOf(ids, locale),
    ])
    const byId = new Map(rows.map((r) => [r.product.id, r]))
    return ids.flatMap((id) => {
      const row = byId.get(id)
      return row ? [toProduct(row, locale, logo, priceList, variants.get(id))] : []
    })
  }

  function popularProducts(locale: Locale, customerTypeId?: number) {
    return cache.get(`popular|${locale}|${customerTypeId ?? ''}`, async () =>
      productsByIds(await popularIds(), locale, customerTypeId),
    )
  }

  function trendingProducts(locale: Locale, customerTypeId?: number) {
    return cache.get(`trending|${locale}|${customerTypeId ?? ''}`, async () =>
      productsByIds(await trendingIds(), locale, customerTypeId),
    )
  }

  function productTypeList(locale: Locale) {
    return cache.get(`product-types|${locale}`, async () => {
      const rows = await db.select().from(productTypes).orderBy(asc(productTypes.id))
      return rows.map((t) => ({ id: t.id, name: t.name[locale] }))
    })
  }

  /** One page of the shop with its total, the popular products and the product types. */
  function listAnswer(
    params: ShopListParams,
    locale: Locale,
    customerTypeId?: number,
  ): Promise<CachedAnswer<ShopListAnswer>> {
    const key = `list|${locale}|${customerTypeId ?? ''}|${params.startRow}|${params.endRow}|${gridStatusKey(params.gridStatus)}`
    return cache.get(key, async () => {
      const priceList = await findPriceList(customerTypeId)
      const where = whereOf(params.gridStatus, locale)
      const [rows, [counted], popular, types, logo] = await Promise.all([
        selectPriced(priceList)
          .where(where)
          .orderBy(...orderOf(params.gridStatus, locale, priceList))
          .limit(params.endRow - params.startRow)
          .offset(params.startRow),
        db
          .select({ count: sql<number>`count(*)` })
          .from(products)
          .where(where),
        popularProducts(locale, customerTypeId),
        productTypeList(locale),
        mainLogo(locale),
      ])
      const variants = await variantsOf(
        rows.map((r) => r.product.id),
        locale,
      )
      return toCachedAnswer(ShopListAnswer, {
        ok: true,
        data: rows.map((r) => toProduct(r, locale, logo, priceList, variants.get(r.product.id))),
        popular,
        productTypes: types,
        totalCount: Number(counted?.count ?? 0),
      })
    })
  }

  /** One product with the popular products; 404 when there is no such product. */
  function productAnswer(
    id: number,
    locale: Locale,
    customerTypeId?: number,
  ): Promise<CachedAnswer<ShopProductAnswer>> {
    return cache.get(`product|${id}|${locale}|${customerTypeId ?? ''}`, async () => {
      const [found, popular] = await Promise.all([
        productsByIds([id], locale, customerTypeId),
        popularProducts(locale, customerTypeId),
      ])
      const [data] = found
      if (!data) throw new AppError('not_found', `Product ${id} was not found.`)
      return toCachedAnswer(ShopProductAnswer, { ok: true, data, popular })
    })
  }

  /** The product, or undefined when there is none. */
  async function findProduct(id: number, locale: Locale): Promise<Product | undefined> {
    try {
      return (await productAnswer(id, locale)).data.data
    } catch (err) {
      if (err instanceof AppError && err.code === 'not_found') return undefined
      throw err
    }
  }

  return {
    ...createShopOrders(db),
    listAnswer,
    productAnswer,
    findProduct,
    popularProducts,
    trendingProducts,

    popularAnswer: (locale: Locale) =>
      cache.get(`popular-answer|${locale}`, async () =>
        toCachedAnswer(ProductList, { ok: true, data: await popularProducts(locale) }),
      ),
    trendingAnswer: (locale: Locale) =>
      cache.get(`trending-answer|${locale}`, async () =>
        toCachedAnswer(ProductList, { ok: true, data: await trendingProducts(locale) }),
      ),

    /** Every product's id and last change, for the sitemap. */
    productPages: () =>
      cache.get('product-pages', () =>
        db
          .select({ id: products.id, updatedAt: products.updatedAt })
          .from(products)
          .orderBy(asc(products.id)),
      ),

    /**
     * The price a customer type pays for a product: its own list price, else the general price less
     * its discount (see prices.ts). Without a customer type (or an unknown one), the general price.
     */
    async priceFor(
      product: { id: number; grossPriceCents: number; taxPercent: number },
      customerTypeId: number | undefined,
    ): Promise<ProductPrice> {
      if (customerTypeId === undefined) return productPrice(product, undefined)
      const [row] = await db
        .select({
          discountPercent: customerTypes.discountPercent,
          listGrossPriceCents: customerTypePrices.grossPriceCents,
        })
        .from(customerTypes)
        .leftJoin(
          customerTypePrices,
          and(
            eq(customerTypePrices.customerTypeId, customerTypes.id),
            eq(customerTypePrices.productId, product.id),
          ),
        )
        .where(eq(customerTypes.id, customerTypeId))
      return productPrice(product, row)
    },

    ...createShopWrites(db, () => cache.clear()),
  }
}

export type ShopService = ReturnType<typeof createShopService>
