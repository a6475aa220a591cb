import { asc, eq } from 'drizzle-orm'
import type { CartSaleModel, Locale, PendingSale } from '@clubhouse/contract/server'
import { DEFAULT_TAX_PERCENT, SaleStatus } from '../sales/sales.service.ts'
import { customerGrossPriceCents, euros } from '../shop/prices.ts'
import type { PriceList as ShopPriceList } from '../shop/shop-orders.ts'
import type { Cart, CartInput, CartLine, CartSale, CheckoutContext, StockInput } from './checkout-context.ts'
import {
  holdExpired,
  outOfStock,
  saleNotFound,
  saleNotPayable,
  transportRequired,
  unknownProducts,
  variantName,
  variantRequired,
} from './checkout-refusals.ts'
import { transports } from './checkout.tables.ts'
import { cartTotals, promoDiscountCents, type CartTotals, type PromoRule } from './totals.ts'

export type PriceList = ShopPriceList | null

/**
 * The cart as the database says it is: its product lines priced for the customer, its sales (the
 * customer's own, still pending), the stock they ask for, the totals, and the transports it can be
 * sent with. A request only says what it wants; everything else is read here.
 */
export function createCartReads(ctx: CheckoutContext) {
  const { db, deps, saleHooks, now } = ctx

  /** The price list of a customer (their type), or none. */
  async function priceListOf(customerId: number): Promise<PriceList> {
    if (!customerId) return null
    const account = await deps.customers.findAccount(customerId)
    return deps.shop.priceListOf(account?.customerTypeId)
  }

  /**
   * The cart's product lines priced now (the customer's price list), one per product and variant
   * (units of repeated lines add up). Unknown products and missing variants are refused.
   */
  async function readLines(
    customerId: number,
    items: CartInput['saleItems'],
    known?: PriceList,
  ): Promise<CartLine[]> {
    if (items.length === 0) return []
    const ids = [...new Set(items.map((i) => i.productId))]
    const list = known !== undefined ? known : await priceListOf(customerId)
    // The products, their price in the customer's list and their sizes or colours, in one read.
    const rows = await deps.shop.pricedArticles(ids, list?.id ?? null)
    const byId = new Map(rows.map((r) => [r.id, r]))
    const missing = ids.filter((id) => !byId.has(id))
    if (missing.length) throw unknownProducts(missing)
    const merged = new Map<string, CartLine>()
    for (const item of items) {
      const p = byId.get(item.productId)!
      const own = p.variants
      let variant: CartLine['variant'] = null
      if (own.length || item.stockParentId !== null) {
        const v = own.find((o) => o.id === item.stockParentId)
        if (!v) throw variantRequired(p.name['en-US'])
        variant = { id: v.id, group: v.group, name: v.name, stock: v.stock }
      }
      const key = `${p.id}|${variant?.id ?? ''}`
      const known = merged.get(key)
      if (known) {
        known.units += item.units
        continue
      }
      merged.set(key, {
        productId: p.id,
        productTypeId: p.productTypeId,
        variant,
        name: p.name,
        image: p.image,
        unitPriceCents: customerGrossPriceCents(
          p.grossPriceCents,
          list ? { ...list, listGrossPriceCents: p.listGrossPriceCents } : undefined,
        ),
        units: item.units,
        taxPercent: p.taxPercent,
        transportRequired: p.transportRequired,
        stock: variant ? variant.stock : p.stock,
      })
    }
    return [...merged.values()]
  }

  const lineName = (l: CartLine, locale: Locale) =>
    variantName(l.name[locale], l.variant && { group: l.variant.group[locale], name: l.variant.name })

  /**
   * The cart's sales: the customer's own, still pending, their hold (if any) not run out. Another
   * customer's sale, or one that does not exist, is "not found" and says nothing of it.
   */
  async function readSales(customerId: number, ids: number[]): Promise<CartSale[]> {
    if (ids.length === 0) return []
    if (!customerId) throw saleNotFound()
    const rows = await deps.sales.salesOfCustomer(customerId, ids)
    if (rows.length !== ids.length) throw saleNotFound()
    const at = deps.clock()
    for (const r of rows) {
      const expired = r.holdExpiresAt !== null && r.holdExpiresAt.getTime() <= at
      if (r.status === SaleStatus.Paid) throw saleNotPayable(r.saleNumber)
      if (expired || (r.status === SaleStatus.Cancelled && r.holdExpiresAt !== null))
        throw holdExpired(r.saleNumber)
      if (r.status !== SaleStatus.Pending) throw saleNotPayable(r.saleNumber)
    }
    const [items, details] = await Promise.all([deps.sales.linesOf(ids), saleHooks.details(ids)])
    return rows.map((r) => ({
      ...r,
      lines: items.filter((i) => i.saleId === r.id),
      cancelUrl: details.get(r.id)?.cancelUrl ?? null,
      bookingTypeId: details.get(r.id)?.bookingTypeId ?? null,
      minutes: details.get(r.id)?.minutes ?? null,
      extrasCents: details.get(r.id)?.extrasCents ?? 0,
    }))
  }

  /** The cart as the database says it is; `list`: the customer's price list when already read. */
  async function readCart(customerId: number, body: CartInput, list?: PriceList): Promise<Cart> {
    const lines = await readLines(customerId, body.saleItems, list)
    const cartSales = await readSales(customerId, body.saleIds)
    return { lines, sales: cartSales, transportRequired: lines.some((l) => l.transportRequired) }
  }

  /** Refuses the first line asking for more than is in stock. */
  function checkStock(lines: CartLine[], locale: Locale = 'en-US') {
    for (const l of lines) {
      if (l.stock !== null && l.units > l.stock) throw outOfStock(lineName(l, locale), l.stock)
    }
  }

  const cartSaleModel = (s: CartSale, locale: Locale): CartSaleModel => ({
    id: s.id,
    title: s.title[locale],
    saleNumber: s.saleNumber,
    pending: euros(s.totalCents - s.paidCents),
    paid: euros(s.paidCents),
    cancelUrl: s.cancelUrl,
    holdExpiresAt: s.holdExpiresAt?.toISOString() ?? null,
  })

  function totalsOf(
    cart: Cart,
    opts: { shippingCents?: number; shippingTaxPercent?: number; promo?: PromoRule | null } = {},
  ): CartTotals {
    const lines = cart.lines.map((l) => ({ ...l }))
    return cartTotals({
      lines,
      sales: cart.sales,
      shippingCents: opts.shippingCents ?? 0,
      shippingTaxPercent: opts.shippingTaxPercent ?? DEFAULT_TAX_PERCENT,
      discountCents: opts.promo ? promoDiscountCents(opts.promo, lines, opts.shippingCents ?? 0) : 0,
      promo: opts.promo ?? null,
    })
  }

  // -------------------------------------------------------------------------------------------
  // Stock check, pending sales

  async function stockCheck(body: StockInput, locale: Locale): Promise<void> {
    checkStock(await readLines(body.customerId, body.saleItemsDto), locale)
  }

  /** The customer's pending sales (holds not run out), newest first. */
  async function pendingSales(customerId: number, locale: Locale): Promise<PendingSale[]> {
    const rows = await deps.sales.pendingOf(customerId, now(), 200)
    const ids = rows.map((r) => r.id)
    if (ids.length === 0) return []
    const [items, details] = await Promise.all([deps.sales.linesOf(ids), saleHooks.details(ids)])
    return rows.map((r) => ({
      ...cartSaleModel(
        {
          ...r,
          lines: [],
          cancelUrl: details.get(r.id)?.cancelUrl ?? null,
          bookingTypeId: null,
          minutes: null,
          extrasCents: 0,
        },
        locale,
      ),
      total: euros(r.totalCents),
      saleItems: items
        .filter((i) => i.saleId === r.id)
        .map((i) => ({ id: i.id, parentIdentifier: i.name[locale] })),
    }))
  }

  // -------------------------------------------------------------------------------------------
  // Transports

  async function activeTransports() {
    return db
      .select()
      .from(transports)
      .where(eq(transports.active, true))
      .orderBy(asc(transports.position), asc(transports.id))
  }

  /** The transport chosen for a cart that is sent; none when the cart is not sent. */
  async function chosenTransport(cart: Cart, transportId: number | null) {
    if (!cart.transportRequired) return undefined
    const transport = (await activeTransports()).find((t) => t.id === transportId)
    if (!transport) throw transportRequired()
    return transport
  }

  return {
    priceListOf,
    readLines,
    lineName,
    readSales,
    readCart,
    checkStock,
    cartSaleModel,
    totalsOf,
    stockCheck,
    pendingSales,
    activeTransports,
    chosenTransport,
  }
}

export type CartReads = ReturnType<typeof createCartReads>
