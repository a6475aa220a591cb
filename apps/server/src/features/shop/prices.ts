/**
 * Customer prices. A customer type is a price list: its own gross price for a product wins; otherwise
 * the general gross price less the type's discount percent, rounded to the cent (half up). Without a
 * customer type the general price applies. Taxes are included in gross prices; the net price is
 * worked out from the gross one, so what the customer sees is exactly what they pay.
 */

/** What a customer type says about one product's price. */
export interface CustomerPriceList {
  /** The type's own gross price for the product, when it has one. */
  listGrossPriceCents?: number | null
  /** The type's discount on general prices, 0 to 100. */
  discountPercent: number
}

export interface ProductPrice {
  grossPriceCents: number
  netPriceCents: number
}

/** The gross price a customer pays for a product (`baseGrossCents` in the general price list). */
export function customerGrossPriceCents(baseGrossCents: number, list: CustomerPriceList | undefined): number {
  if (!list) return baseGrossCents
  if (list.listGrossPriceCents !== undefined && list.listGrossPriceCents !== null)
    return list.listGrossPriceCents
  const discount = Math.min(100, Math.max(0, list.discountPercent))
  return Math.round((baseGrossCents * (100 - discount)) / 100)
}

/** The price before taxes of a gross price, rounded to the cent. */
export function netPriceCents(grossCents: number, taxPercent: number): number {
  return Math.round((grossCents * 100) / (100 + taxPercent))
}

/** Gross and net price of a product for a customer price list (or the general list). */
export function productPrice(
  product: { grossPriceCents: number; taxPercent: number },
  list: CustomerPriceList | undefined,
): ProductPrice {
  const grossPriceCents = customerGrossPriceCents(product.grossPriceCents, list)
  return { grossPriceCents, netPriceCents: netPriceCents(grossPriceCents, product.taxPercent) }
}

/** Cents as the decimal euros the API answers. */
export function euros(cents: number): number {
  return cents / 100
}
