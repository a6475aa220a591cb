import type { CheckoutContext } from './checkout-context.ts'
import { promos, transports } from './checkout.tables.ts'

/** The seed's and the tests' own writes: transports and promo codes, stored as given. */
export function createCheckoutImports(ctx: CheckoutContext) {
  const { db } = ctx

  /** Stores transports (the seed, tests), in the order given. */
  async function createTransports(items: Array<typeof transports.$inferInsert>): Promise<number[]> {
    if (items.length === 0) return []
    const rows = await db
      .insert(transports)
      .values(items.map((t, position) => ({ position, ...t })))
      .returning({ id: transports.id })
    return rows.map((r) => r.id)
  }

  /** Stores promo codes (the seed, tests); codes are kept upper case. */
  async function createPromos(items: Array<typeof promos.$inferInsert>): Promise<number[]> {
    if (items.length === 0) return []
    const rows = await db
      .insert(promos)
      .values(items.map((p) => ({ ...p, code: p.code.trim().toUpperCase() })))
      .returning({ id: promos.id })
    return rows.map((r) => r.id)
  }

  return { createTransports, createPromos }
}
