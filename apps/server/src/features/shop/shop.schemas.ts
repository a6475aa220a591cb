import { z } from 'zod'
import { Localised } from '../../lib/localised.ts'

/** A product type as the back office (and the seed) writes it. */
export const NewProductType = z.object({ name: Localised })
export type NewProductType = z.input<typeof NewProductType>

/** A product as the back office (and the seed) writes it; `detail` is sanitised when stored. */
export const NewProduct = z.object({
  productTypeId: z.number().int().positive(),
  name: Localised,
  description: Localised,
  detail: Localised,
  grossPriceCents: z.number().int().nonnegative(),
  taxPercent: z.number().int().min(0).max(100),
  image: z.string().max(2048).default(''),
  detailImage: z.string().max(2048).default(''),
  stock: z.number().int().nonnegative().nullable().default(null),
  isPopular: z.boolean().default(false),
  isTrending: z.boolean().default(false),
  transportRequired: z.boolean().default(false),
  /** Sizes or colours, each with its own stock (null: not counted). */
  variants: z
    .array(
      z.object({
        group: Localised,
        name: z.string().trim().min(1).max(60),
        stock: z.number().int().nonnegative().nullable().default(null),
      }),
    )
    .default([]),
  createdAt: z.coerce.date().optional(),
})
export type NewProduct = z.input<typeof NewProduct>

/** Units of a product sold (written by the orders feature when a shop sale is paid). */
export const ProductSale = z.object({
  productId: z.number().int().positive(),
  units: z.number().int().positive(),
  soldAt: z.coerce.date().optional(),
})
export type ProductSale = z.input<typeof ProductSale>

/** A price list: a discount on general prices and the type's own prices for some products. */
export const NewCustomerType = z.object({
  name: z.string().trim().min(1),
  discountPercent: z.number().int().min(0).max(100).default(0),
  prices: z
    .array(
      z.object({ productId: z.number().int().positive(), grossPriceCents: z.number().int().nonnegative() }),
    )
    .default([]),
})
export type NewCustomerType = z.input<typeof NewCustomerType>
