import { z } from 'zod'
import { IdParam, IdSchema, MAX_ID } from './fields.ts'
import { checkRowRange, gridStatusParam, gridStatusSchema, numberEqualsFilter, RowRange } from './grid.ts'
import { defineRoute, envelope, okData } from './http.ts'
import { ProductVariant } from './checkout.ts'

/** A URL path or absolute URL of an image, e.g. `/uploads/demo/products/racket.svg`. */
const ImageUrl = z.string().max(2048)

/**
 * A product of the shop (spec 1 §3). Money in decimal euros (stored as integer cents); texts in the
 * request's language. `logo` falls back to the centre's main logo when the product has no image.
 */
export const Product = z.object({
  id: z.number().int(),
  name: z.string(),
  /** List image, 270x280. */
  logo: ImageUrl,
  /** Detail image, 530x480; the list image when the product has none. */
  detailImage: ImageUrl,
  /** Price with taxes, in the customer's price list when one applies. */
  grossPrice: z.number(),
  /** Price before taxes. */
  price: z.number(),
  taxPercent: z.number(),
  /** Sanitised HTML. */
  detail: z.string(),
  description: z.string(),
  productTypeId: z.number().int(),
  /** ISO 8601 instant. */
  created: z.string(),
  /** Units in stock; null when the centre does not count stock for this product. */
  stock: z.number().int().nullable(),
  /** False when stock is counted and none is left (for a product with variants: in none of them). */
  hasStock: z.boolean(),
  /** Whether shipping it needs a transport (and the checkout a delivery address). */
  transportRequired: z.boolean(),
  /** Its sizes or colours, each with its stock; empty when it comes in one kind. */
  variants: z.array(ProductVariant),
})
export type Product = z.infer<typeof Product>

export const ProductType = z.object({ id: z.number().int(), name: z.string() })
export type ProductType = z.infer<typeof ProductType>

/** Column ids the shop list filters and sorts on. */
export const ShopGridColumns = {
  filters: {
    ProductTypeId: numberEqualsFilter(
      'ProductTypeId',
      z
        .number({ error: 'ProductTypeId is filtered by a product type id.' })
        .int('ProductTypeId is filtered by a product type id.')
        .min(1, 'ProductTypeId is filtered by a product type id.')
        .max(MAX_ID, 'ProductTypeId is filtered by a product type id.'),
    ),
  },
  searchColumns: ['Name', 'Detail', 'Description'] as const,
  sorts: { Created: ['desc'], GrossPrice: ['asc', 'desc'] } as const,
}

/** The shop list's gridStatus. Without a sort the newest products come first. */
export const ShopGridStatus = gridStatusSchema(ShopGridColumns)
export type ShopGridStatus = z.input<typeof ShopGridStatus>

const SHOP_GRID_STATUS_DOC = `URL-encoded JSON in the shape of AG Grid's server-side row model request.
- sortModel: [{ "colId": "Created", "sort": "desc" }] (newest, the default), or GrossPrice "asc" / "desc".
- filterModel.ProductTypeId: { "filterType": "number", "type": "equals", "filter": 3 }.
- filterModel.search (our one addition to AG Grid): { "filterType": "text", "type": "contains", "filter": "grip",
  "columns": ["Name", "Detail", "Description"] } matches products where ANY of the columns contains the text
  (ignoring case, accents and HTML tags, in the request's language); "columns" defaults to all three. Text at
  most 200 characters. Unless sorted by price, products whose name contains the text come first.
Filters are ANDed. Any other column, operator or member answers 400.
Example: {"sortModel":[{"colId":"GrossPrice","sort":"asc"}],"filterModel":{"ProductTypeId":{"filterType":"number","type":"equals","filter":2},"search":{"filterType":"text","type":"contains","filter":"padel"}}}`

export const ShopListQuery = z
  .object({
    ...RowRange,
    gridStatus: gridStatusParam(ShopGridStatus, SHOP_GRID_STATUS_DOC),
  })
  .superRefine(checkRowRange)

const CustomerIdQuery = IdSchema({
  min: 0,
  invalid: 'customerId is a whole number from 0.',
  tooLarge: 'customerId is too large.',
})

export const ShopListByCustomerQuery = z
  .object({
    customerId: CustomerIdQuery.meta({
      description: 'The customer of the bearer token; 0 means no customer.',
    }),
    ...RowRange,
    gridStatus: gridStatusParam(ShopGridStatus, SHOP_GRID_STATUS_DOC),
  })
  .superRefine(checkRowRange)

/** One page of the shop with the popular products and every product type (for the type filter). */
export const ShopListAnswer = envelope({
  data: z.array(Product),
  popular: z.array(Product),
  productTypes: z.array(ProductType),
  totalCount: z.number().int().nonnegative(),
})
export type ShopListAnswer = z.infer<typeof ShopListAnswer>

export const ShopProductAnswer = envelope({ data: Product, popular: z.array(Product) })
export type ShopProductAnswer = z.infer<typeof ShopProductAnswer>

/** How many products the popular lists hold, and the trending block at most (spec 1 §9). */
export const POPULAR_PRODUCTS_COUNT = 8
export const TRENDING_PRODUCTS_COUNT = 4

export const shopRoutes = {
  shopList: defineRoute({
    method: 'GET',
    path: '/api/shop/list',
    summary: 'One page of the shop, filtered and sorted, with popular products and product types',
    tags: ['shop'],
    query: ShopListQuery,
    response: ShopListAnswer,
  }),
  shopListByCustomer: defineRoute({
    method: 'GET',
    path: '/api/shop/list-by-customer',
    summary: "The shop list in a customer's prices (needs that customer's token unless customerId is 0)",
    tags: ['shop'],
    query: ShopListByCustomerQuery,
    response: ShopListAnswer,
    auth: 'customer',
    owner: { from: 'query', key: 'customerId', zeroMeansNone: true },
  }),
  shopGet: defineRoute({
    method: 'GET',
    path: '/api/shop/get/:id',
    summary: 'One product with the popular products',
    tags: ['shop'],
    params: z.object({ id: IdParam }),
    response: ShopProductAnswer,
  }),
  shopGetByCustomer: defineRoute({
    method: 'GET',
    path: '/api/shop/get/:id/:customerId',
    summary: "One product in a customer's prices (needs that customer's token unless customerId is 0)",
    tags: ['shop'],
    params: z.object({ id: IdParam, customerId: CustomerIdQuery }),
    response: ShopProductAnswer,
    auth: 'customer',
    owner: { from: 'params', key: 'customerId', zeroMeansNone: true },
  }),
}

export const productRoutes = {
  popularProducts: defineRoute({
    method: 'GET',
    path: '/api/products/popular-products',
    summary: 'The most sold products of the last 90 days, completed with products flagged popular',
    tags: ['shop'],
    response: okData(z.array(Product)),
  }),
  trendingProducts: defineRoute({
    method: 'GET',
    path: '/api/products/trending-products',
    summary: 'Up to 4 products whose sales grow most, completed with products flagged trending',
    tags: ['shop'],
    response: okData(z.array(Product)),
  }),
}
