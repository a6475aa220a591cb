import { describe, expect, it } from 'vitest'
import { customerGrossPriceCents, euros, netPriceCents, productPrice } from './prices.ts'

describe('customer prices', () => {
  it('are the general price without a customer type', () => {
    expect(customerGrossPriceCents(2495, undefined)).toBe(2495)
  })

  it("are the type's own price for a product when its list has one, whatever its discount", () => {
    expect(customerGrossPriceCents(2495, { listGrossPriceCents: 1999, discountPercent: 50 })).toBe(1999)
    expect(customerGrossPriceCents(2495, { listGrossPriceCents: 0, discountPercent: 0 })).toBe(0)
  })

  it("are the general price less the type's discount, rounded half up to the cent", () => {
    expect(customerGrossPriceCents(2495, { discountPercent: 10 })).toBe(2246) // 2245.5
    expect(customerGrossPriceCents(1000, { listGrossPriceCents: null, discountPercent: 15 })).toBe(850)
    expect(customerGrossPriceCents(1000, { discountPercent: 100 })).toBe(0)
    expect(customerGrossPriceCents(1000, { discountPercent: 0 })).toBe(1000)
  })

  it('work the net price out of the gross one', () => {
    expect(netPriceCents(12100, 21)).toBe(10000)
    expect(netPriceCents(18995, 21)).toBe(15698)
    expect(netPriceCents(1000, 0)).toBe(1000)
    expect(productPrice({ grossPriceCents: 2495, taxPercent: 21 }, { discountPercent: 10 })).toEqual({
      grossPriceCents: 2246,
      netPriceCents: 1856,
    })
  })

  it('are answered in decimal euros', () => {
    expect(euros(18995)).toBe(189.95)
    expect(euros(5)).toBe(0.05)
  })
})
