import { DiscountType } from '@clubhouse/contract/server'
import { describe, expect, it } from 'vitest'
import {
  cartTotals,
  includedTax,
  promoDiscountCents,
  spread,
  type PromoRule,
  type TotalsLine,
} from './totals.ts'

const line = (
  productId: number,
  unitPriceCents: number,
  units: number,
  taxPercent = 21,
  productTypeId = 1,
): TotalsLine => ({
  productId,
  productTypeId,
  unitPriceCents,
  units,
  taxPercent,
})
const percent = (value: number, more: Partial<PromoRule> = {}): PromoRule => ({
  discountType: DiscountType.Percent,
  value,
  scope: 'all',
  productTypeIds: [],
  productIds: [],
  ...more,
})

describe('cart totals', () => {
  it('adds lines, shipping and the sales still pending, less what is already paid', () => {
    const t = cartTotals({
      lines: [line(1, 9995, 1), line(2, 595, 3)],
      sales: [{ totalCents: 3600, paidCents: 1000, lines: [{ totalCents: 3600, taxPercent: 21 }] }],
      shippingCents: 495,
      shippingTaxPercent: 21,
      discountCents: 0,
    })
    expect(t.productsCents).toBe(11780)
    expect(t.subtotalCents).toBe(15380)
    expect(t.paidCents).toBe(1000)
    expect(t.totalCents).toBe(15380 - 1000 + 495)
  })

  it('states the tax included per rate, rounded to the cent', () => {
    const t = cartTotals({
      lines: [line(1, 1000, 1, 21), line(2, 1000, 1, 10)],
      sales: [],
      shippingCents: 0,
      shippingTaxPercent: 21,
      discountCents: 0,
    })
    // 10.00 at 21%: 8.26 + 1.74; at 10%: 9.09 + 0.91.
    expect(t.taxes).toEqual([
      { taxPercent: 21, baseCents: 826, taxCents: 174 },
      { taxPercent: 10, baseCents: 909, taxCents: 91 },
    ])
    expect(includedTax(1, 21)).toBe(0)
  })

  it('takes a percent off only the lines it applies to, rounding half up', () => {
    const lines = [line(1, 1005, 1, 21, 1), line(2, 5000, 1, 10, 2)]
    expect(promoDiscountCents(percent(10), lines)).toBe(601) // 600.5 → 601
    const types = percent(20, { scope: 'product_types', productTypeIds: [2] })
    expect(promoDiscountCents(types, lines)).toBe(1000)
    const t = cartTotals({
      lines,
      sales: [],
      shippingCents: 495,
      shippingTaxPercent: 21,
      discountCents: 1000,
      promo: types,
    })
    // The discount comes off the 10% line only; shipping is never discounted.
    expect(t.taxes).toEqual([
      { taxPercent: 21, baseCents: 1240, taxCents: 260 },
      { taxPercent: 10, baseCents: 3636, taxCents: 364 },
    ])
    expect(t.totalCents).toBe(1005 + 5000 + 495 - 1000)
  })

  it('caps a money discount at what it applies to, and never discounts shipping or sales', () => {
    const money: PromoRule = { ...percent(0), discountType: DiscountType.Money, value: 5000 }
    expect(promoDiscountCents(money, [line(1, 1200, 2)])).toBe(2400)
    expect(promoDiscountCents(money, [])).toBe(0)
    const t = cartTotals({
      lines: [line(1, 1200, 2)],
      sales: [{ totalCents: 1800, paidCents: 0, lines: [{ totalCents: 1800, taxPercent: 21 }] }],
      shippingCents: 495,
      shippingTaxPercent: 21,
      discountCents: 9999,
    })
    expect(t.discountCents).toBe(2400)
    expect(t.totalCents).toBe(1800 + 495)
  })

  it('makes a 100% code a total of 0 with free shipping', () => {
    const lines = [line(1, 1999, 2), line(2, 333, 3, 10)]
    const discount = promoDiscountCents(percent(100), lines)
    const t = cartTotals({
      lines,
      sales: [],
      shippingCents: 0,
      shippingTaxPercent: 21,
      discountCents: discount,
      promo: percent(100),
    })
    expect(t.totalCents).toBe(0)
    expect(t.taxes).toEqual([])
  })

  it('takes a percent covering shipping off the shipping too, and its taxes with it', () => {
    const lines = [line(1, 1999, 2), line(2, 333, 3, 10)]
    const free = percent(100, { coversShipping: true })
    const whole = cartTotals({
      lines,
      sales: [{ totalCents: 1800, paidCents: 0, lines: [{ totalCents: 1800, taxPercent: 21 }] }],
      shippingCents: 495,
      shippingTaxPercent: 21,
      discountCents: promoDiscountCents(free, lines, 495),
      promo: free,
    })
    expect(whole.discountCents).toBe(3998 + 999 + 495)
    expect(whole.totalCents).toBe(1800)
    expect(whole.taxes).toEqual([{ taxPercent: 21, baseCents: 1488, taxCents: 312 }])

    const half = percent(50, { coversShipping: true })
    expect(promoDiscountCents(half, [line(1, 1000, 1)], 495)).toBe(748)
    // Not applying to anything in the cart, it takes nothing off the shipping either.
    expect(promoDiscountCents({ ...half, scope: 'products', productIds: [9] }, [line(1, 1000, 1)], 495)).toBe(
      0,
    )
    // A code that does not cover shipping leaves it whole.
    expect(promoDiscountCents(percent(100), [line(1, 1000, 1)], 495)).toBe(1000)
  })

  it('spreads cents exactly', () => {
    expect(spread(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(spread(0, [5, 5])).toEqual([0, 0])
    expect(spread(7, [0, 0])).toEqual([0, 0])
  })
})
