import { and, count, eq, sql } from 'drizzle-orm'
import { DiscountType, VoucherKind } from '@clubhouse/contract/server'
import { rowsOf } from '../../db/client.ts'
import { euros } from '../shop/prices.ts'
import { voucherCostOfSale, type VouchersService } from '../vouchers/vouchers.service.ts'
import type { CartReads } from './cart-reads.ts'
import type { Cart, CartSale, CheckoutContext, PromoInput } from './checkout-context.ts'
import {
  emptyCart,
  promoExhausted,
  promoExpired,
  promoInvalid,
  promoNotApplicable,
} from './checkout-refusals.ts'
import { promos, promoUses } from './checkout.tables.ts'
import { promoDiscountCents, type PromoRule } from './totals.ts'

export type UsableVoucher = Awaited<ReturnType<VouchersService['usableVouchers']>>[number]
/** One movement a voucher makes to pay the cart: for the shop order being made (`sale` null) or a sale. */
export type VoucherSpend = { sale: CartSale | null; amount: number }

export const costOf = (spends: VoucherSpend[]) => spends.reduce((sum, p) => sum + p.amount, 0)

export type PromoRow = Pick<
  typeof promos.$inferSelect,
  | 'id'
  | 'active'
  | 'validFrom'
  | 'validTo'
  | 'maxUses'
  | 'maxUsesPerCustomer'
  | 'usesCount'
  | 'discountType'
  | 'value'
  | 'scope'
  | 'productTypeIds'
  | 'productIds'
  | 'coversShipping'
>

/**
 * What can pay or take off a cart's total: the customer's vouchers and what each would take of
 * this cart, and promo codes, checked for a customer and a cart and counted inside the checkout's
 * unit of work.
 */
export function createCartPromos(ctx: CheckoutContext, reads: CartReads) {
  const { db, deps, now } = ctx
  const { readCart, totalsOf, chosenTransport } = reads

  async function usableVouchers(customerId: number) {
    if (!customerId) return []
    return deps.vouchers.usableVouchers(customerId, now())
  }

  /**
   * What a voucher would take to pay the cart, order by order (one movement each, named by its own
   * sale): money pays the whole total, the shop order's part and each sale's pending part (cents);
   * sessions and hours pay only a cart of bookings their scope covers, one session or the booking's
   * minutes each (decision 069). Undefined when it cannot pay this cart.
   */
  function voucherSpends(v: UsableVoucher, cart: Cart, totalCents: number): VoucherSpend[] | undefined {
    if (v.kind === VoucherKind.Money) {
      const ofSales = cart.sales.map((s) => ({ sale: s, amount: s.totalCents - s.paidCents }))
      const ofOrder = totalCents - ofSales.reduce((sum, p) => sum + p.amount, 0)
      return [{ sale: null, amount: ofOrder }, ...ofSales].filter((p) => p.amount > 0)
    }
    if (cart.lines.length > 0 || cart.sales.length === 0) return undefined
    const spends: VoucherSpend[] = []
    for (const s of cart.sales) {
      const amount = voucherCostOfSale(v.kind as VoucherKind, v, s)
      if (amount === undefined) return undefined
      spends.push({ sale: s, amount })
    }
    return spends
  }

  async function findPromo(code: string) {
    const [promo] = await db.select().from(promos).where(eq(promos.code, code))
    return promo
  }

  /**
   * Checks a promo for a customer and a cart; answers its rule. `counted`: this order's use is
   * already in `usesCount` and `promo_uses` (and the row locked).
   */
  async function judgePromo(promo: PromoRow | undefined, customerId: number, cart: Cart, counted = 0) {
    if (!promo || !promo.active) throw promoInvalid()
    const at = deps.clock()
    if (promo.validFrom && promo.validFrom.getTime() > at) throw promoInvalid()
    if (promo.validTo && promo.validTo.getTime() <= at) throw promoExpired()
    if (promo.maxUses !== null && promo.usesCount - counted >= promo.maxUses) throw promoExhausted()
    if (promo.maxUsesPerCustomer !== null && customerId) {
      const [used] = await db
        .select({ n: count() })
        .from(promoUses)
        .where(and(eq(promoUses.promoId, promo.id), eq(promoUses.customerId, customerId)))
      if ((used?.n ?? 0) - counted >= promo.maxUsesPerCustomer) throw promoExhausted()
    }
    const rule: PromoRule = {
      discountType: promo.discountType === DiscountType.Percent ? DiscountType.Percent : DiscountType.Money,
      value: promo.value,
      scope: promo.scope,
      productTypeIds: promo.productTypeIds,
      productIds: promo.productIds,
      coversShipping: promo.coversShipping,
    }
    const discount = promoDiscountCents(rule, cart.lines)
    if (discount === 0) throw promoNotApplicable()
    return { promo, rule, discount }
  }

  const checkPromo = async (code: string, customerId: number, cart: Cart) =>
    judgePromo(await findPromo(code), customerId, cart)

  /**
   * Counts an order's use of a promo inside the checkout's unit: the update locks the promo's row
   * until the commit and the code is checked again under it, so the last use goes to one order.
   */
  async function countPromoUse(promoId: number, customerId: number, cart: Cart, saleId: number) {
    // One statement: the count goes up (never past the cap) and the order's use is written.
    const res = await db.execute(sql`
    with used as (
      update ${promos} set uses_count = uses_count + 1
      where id = ${promoId} and (max_uses is null or uses_count < max_uses)
      returning *
    ), written as (
      insert into ${promoUses} (promo_id, customer_id, sale_id)
      select id, ${customerId}, ${saleId} from used
    )
    select * from used`)
    const [row] = rowsOf<Record<string, unknown>>(res)
    if (!row) throw promoExhausted()
    const at = (v: unknown) => (v === null ? null : new Date(v as string | Date))
    const promo: PromoRow = {
      id: Number(row.id),
      active: Boolean(row.active),
      validFrom: at(row.valid_from),
      validTo: at(row.valid_to),
      maxUses: row.max_uses === null ? null : Number(row.max_uses),
      maxUsesPerCustomer: row.max_uses_per_customer === null ? null : Number(row.max_uses_per_customer),
      usesCount: Number(row.uses_count),
      discountType: Number(row.discount_type),
      value: Number(row.value),
      scope: row.scope as PromoRow['scope'],
      productTypeIds: row.product_type_ids as number[],
      productIds: row.product_ids as number[],
      coversShipping: Boolean(row.covers_shipping),
    }
    // Checked again under the row's lock (this order's use already counted): the last use goes to one order.
    await judgePromo(promo, customerId, cart, 1)
  }

  /**
   * A code's discount on this cart, exactly as the checkout will take it: with the transport
   * chosen, when the code covers shipping and the cart is sent.
   */
  async function validatePromo(body: PromoInput) {
    const cart = await readCart(body.customerId, body)
    if (cart.lines.length === 0 && cart.sales.length === 0) throw emptyCart()
    const { rule } = await checkPromo(body.code, body.customerId, cart)
    const transport =
      body.shopTransportId !== null && rule.coversShipping
        ? await chosenTransport(cart, body.shopTransportId)
        : undefined
    const { discountCents } = totalsOf(cart, { shippingCents: transport?.priceCents ?? 0, promo: rule })
    return { code: body.code, type: rule.discountType, discount: euros(discountCents) }
  }

  return { usableVouchers, voucherSpends, findPromo, judgePromo, checkPromo, countPromoUse, validatePromo }
}

export type CartPromos = ReturnType<typeof createCartPromos>
