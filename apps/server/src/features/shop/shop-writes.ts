import type { Db } from '../../db/client.ts'
import { sanitizeCmsHtml } from '../../lib/sanitize.ts'
import {
  NewCustomerType,
  NewProduct,
  NewProductType,
  ProductSale,
  type NewCustomerType as NewCustomerTypeInput,
  type NewProduct as NewProductInput,
  type NewProductType as NewProductTypeInput,
  type ProductSale as ProductSaleInput,
} from './shop.schemas.ts'
import {
  customerTypePrices,
  customerTypes,
  productSales,
  products,
  productTypes,
  productVariants,
} from './shop.tables.ts'

const INSERT_BATCH = 500

/**
 * What the shop's catalogue is written with (the demo seed, an import): product types, products
 * with their sizes or colours, units sold and customer types with their prices, each checked with
 * its schema. Every write drops the shop's kept answers (`changed`), so the next read sees it.
 */
export function createShopWrites(db: Db, changed: () => void) {
  return {
    async createProductTypes(types: NewProductTypeInput[]): Promise<number[]> {
      const values = types.map((t) => NewProductType.parse(t))
      if (values.length === 0) return []
      const rows = await db.insert(productTypes).values(values).returning({ id: productTypes.id })
      changed()
      return rows.map((r) => r.id)
    },

    /** Stores products (CMS HTML sanitised) in batches; answers their ids in the given order. */
    async createProducts(items: NewProductInput[]): Promise<number[]> {
      const parsed = items.map((item) => NewProduct.parse(item))
      const values = parsed.map(({ variants: _variants, ...p }) => {
        return {
          ...p,
          detail: {
            'es-ES': sanitizeCmsHtml(p.detail['es-ES']),
            'en-US': sanitizeCmsHtml(p.detail['en-US']),
          },
          ...(p.createdAt ? { createdAt: p.createdAt, updatedAt: p.createdAt } : {}),
        }
      })
      const ids: number[] = []
      for (let i = 0; i < values.length; i += INSERT_BATCH) {
        const rows = await db
          .insert(products)
          .values(values.slice(i, i + INSERT_BATCH))
          .returning({ id: products.id })
        ids.push(...rows.map((r) => r.id))
      }
      const variants = parsed.flatMap((p, i) =>
        p.variants.map((v, position) => ({ ...v, productId: ids[i]!, position })),
      )
      for (let i = 0; i < variants.length; i += INSERT_BATCH) {
        await db.insert(productVariants).values(variants.slice(i, i + INSERT_BATCH))
      }
      changed()
      return ids
    },

    /** Records units sold; popular and trending products follow from them. */
    async recordSales(sales: ProductSaleInput[]): Promise<void> {
      const values = sales.map((s) => ProductSale.parse(s))
      if (values.length === 0) return
      await db.insert(productSales).values(values)
      changed()
    },

    async createCustomerType(input: NewCustomerTypeInput): Promise<number> {
      const { prices, ...type } = NewCustomerType.parse(input)
      const id = await db.transaction(async (tx) => {
        const [row] = await tx.insert(customerTypes).values(type).returning({ id: customerTypes.id })
        if (prices.length) {
          await tx.insert(customerTypePrices).values(prices.map((p) => ({ ...p, customerTypeId: row!.id })))
        }
        return row!.id
      })
      changed()
      return id
    },
  }
}
