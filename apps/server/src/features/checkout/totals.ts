import { DiscountType, type DiscountType as DiscountTypeT } from '@clubhouse/contract/server'
import { PromoScope } from './checkout.tables.ts'

/**
 * What a cart comes to, in integer cents, worked out once here from what the database says (never
 * from the request). Prices include their taxes; the tax in a gross amount is
 * `amount - round(amount * 100 / (100 + rate))`.
 */

export interface TotalsLine {
  productId: number
  productTypeId: number
  unitPriceCents: number
  units: number
  taxPercent: number
}

export interface TotalsSale {
  totalCents: number
  paidCents: number
  /** The sale's own lines, for the taxes it includes. */
  lines: Array<{ totalCents: number; taxPercent: number }>
}

export interface PromoRule {
  discountType: DiscountTypeT
  /** Cents off (money) or percent off (percent). */
  value: number
  scope: PromoScope
  productTypeIds: number[]
  productIds: number[]
  /** A percent code that also takes its percent off the shipping. */
  coversShipping?: boolean
}

export interface CartTotals {
  /** Products plus the whole of the cart's sales. */
  subtotalCents: number
  /** What the cart's products come to (the new order's lines). */
  productsCents: number
  /** Already paid of the cart's sales. */
  paidCents: number
  shippingCents: number
  discountCents: number
  /** What is paid now: subtotal - paid + shipping - discount. */
  totalCents: number
  /** The tax included, per rate, in what is paid now. */
  taxes: Array<{ taxPercent: number; baseCents: number; taxCents: number }>
}

export const lineCents = (l: { unitPriceCents: number; units: number }) => l.unitPriceCents * l.units

/** Whether a promo applies to a line. */
export function promoApplies(promo: PromoRule, line: TotalsLine): boolean {
  if (promo.scope === PromoScope.All) return true
  if (promo.scope === PromoScope.ProductTypes) return promo.productTypeIds.includes(line.productTypeId)
  return promo.productIds.includes(line.productId)
}

/** Whether a promo takes its percent off the shipping too (decision 055). */
export const promoCoversShipping = (promo: PromoRule | null | undefined) =>
  !!promo?.coversShipping && promo.discountType === DiscountType.Percent

/**
 * The discount of a promo on a cart (decision 055): percent of what the product lines it applies
 * to come to (plus the shipping, when the code covers it), rounded to the cent (half up); money is
 * that amount, capped at those lines. Sales (bookings, debts) are never discounted, and shipping
 * only by a code that covers it, and only when the code applies to something in the cart.
 */
export function promoDiscountCents(promo: PromoRule, lines: TotalsLine[], shippingCents = 0): number {
  const base = lines.filter((l) => promoApplies(promo, l)).reduce((sum, l) => sum + lineCents(l), 0)
  if (base === 0) return 0
  if (promo.discountType === DiscountType.Percent) {
    const covered = base + (promoCoversShipping(promo) ? shippingCents : 0)
    return Math.min(covered, Math.floor((covered * promo.value + 50) / 100))
  }
  return Math.min(base, promo.value)
}

/** The tax included in a gross amount at a rate. */
export const includedTax = (grossCents: number, taxPercent: number) =>
  grossCents - Math.round((grossCents * 100) / (100 + taxPercent))

/**
 * Spreads `total` over `weights` in proportion, in whole cents that add up exactly (the largest
 * remainders get the leftover cents; ties to the first).
 */
export function spread(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (sum === 0 || total === 0) return weights.map(() => 0)
  const exact = weights.map((w) => (w * total) / sum)
  const parts = exact.map(Math.floor)
  let left = total - parts.reduce((a, b) => a + b, 0)
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i)
  for (const { i } of order) {
    if (left <= 0) break
    parts[i]! += 1
    left -= 1
  }
  return parts
}

/**
 * The cart's totals: its product lines, the shipping of the transport chosen, a discount already
 * worked out (`promoDiscountCents`, capped at the products and at the shipping when the promo
 * covers it) and the sales it pays. Taxes are per rate over what is paid now: the discount comes off
 * the discounted lines (and the shipping it covers) in proportion, and a sale paid in part includes
 * its taxes in proportion to what is left.
 */
export function cartTotals(input: {
  lines: TotalsLine[]
  sales: TotalsSale[]
  shippingCents: number
  shippingTaxPercent: number
  discountCents: number
  promo?: PromoRule | null
}): CartTotals {
  const productsCents = input.lines.reduce((sum, l) => sum + lineCents(l), 0)
  const salesCents = input.sales.reduce((sum, s) => sum + s.totalCents, 0)
  const paidCents = input.sales.reduce((sum, s) => sum + s.paidCents, 0)
  const shippingOff = promoCoversShipping(input.promo) ? input.shippingCents : 0
  const discountCents = Math.max(0, Math.min(input.discountCents, productsCents + shippingOff))

  // What each piece of the total comes to after the discount, with its rate.
  const pieces: Array<{ cents: number; taxPercent: number }> = []
  const discounted = input.lines.map((l) => (!input.promo || promoApplies(input.promo, l) ? lineCents(l) : 0))
  const off = spread(discountCents, [...discounted, shippingOff])
  input.lines.forEach((l, i) => pieces.push({ cents: lineCents(l) - off[i]!, taxPercent: l.taxPercent }))
  if (input.shippingCents > 0)
    pieces.push({
      cents: input.shippingCents - off[input.lines.length]!,
      taxPercent: input.shippingTaxPercent,
    })
  for (const sale of input.sales) {
    const pending = sale.totalCents - sale.paidCents
    const shares = spread(
      pending,
      sale.lines.map((l) => l.totalCents),
    )
    sale.lines.forEach((l, i) => pieces.push({ cents: shares[i]!, taxPercent: l.taxPercent }))
  }
  const byRate = new Map<number, number>()
  for (const p of pieces) if (p.cents > 0) byRate.set(p.taxPercent, (byRate.get(p.taxPercent) ?? 0) + p.cents)
  const taxes = [...byRate]
    .sort(([a], [b]) => b - a)
    .map(([taxPercent, grossCents]) => {
      const taxCents = includedTax(grossCents, taxPercent)
      return { taxPercent, baseCents: grossCents - taxCents, taxCents }
    })

  return {
    subtotalCents: productsCents + salesCents,
    productsCents,
    paidCents,
    shippingCents: input.shippingCents,
    discountCents,
    totalCents: productsCents + salesCents - paidCents + input.shippingCents - discountCents,
    taxes,
  }
}
