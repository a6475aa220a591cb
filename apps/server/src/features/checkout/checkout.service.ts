import { createHash } from 'node:crypto'
import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  CheckoutErrorCode,
  DiscountType,
  GuestDetails,
  PaymentErrorCode,
  PaymentMethodId,
  threeDsMessage,
  SaleErrorCode,
  SaleItemKind,
  VoucherKind,
  type CartContentBody,
  type CartSaleModel,
  type CheckoutBody,
  type CheckoutInfo,
  type CheckoutModel,
  type CheckStockBody,
  type Locale,
  type PaymentMethod,
  type PendingSale,
  type PricedLine,
  type PromoValidateBody,
  type VoucherOption,
} from '@clubhouse/contract'
import type { Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import type { AuthCustomer } from '../../http/auth.ts'
import { AppError } from '../../lib/app-error.ts'
import { imageUrl } from '../../lib/images.ts'
import type { Localised } from '../../lib/localised.ts'
import { PAYMENT_METHOD_NAMES, voucherUnits } from '../account/account.service.ts'
import type { Mailer } from '../comms/mailer.ts'
import type { ContentService } from '../content/content.service.ts'
import { customers } from '../customers/customers.tables.ts'
import type { createCustomersService } from '../customers/customers.service.ts'
import { hashPassword, isCommonPassword, COMMON_PASSWORD_MESSAGE } from '../customers/passwords.ts'
import type { Holds } from '../holds/holds.ts'
import type { SaleHooks } from '../sales/sale-hooks.ts'
import type { PaymentsService } from '../payments/payments.service.ts'
import type { PlacedOrder } from '../payments/payments.tables.ts'
import type { StartResult } from '../payments/provider.ts'
import type { PaymentBrowserConfig } from '../payments/providers/index.ts'
import { DEFAULT_TAX_PERCENT, type SalesService } from '../sales/sales.service.ts'
import { saleItems, sales, SaleStatus } from '../sales/sales.tables.ts'
import { customerGrossPriceCents, euros } from '../shop/prices.ts'
import type { ShopService } from '../shop/shop.service.ts'
import { customerTypePrices, customerTypes, products, productVariants } from '../shop/shop.tables.ts'
import { voucherCostOfSale, type VouchersService } from '../vouchers/vouchers.service.ts'
import { vouchers } from '../vouchers/vouchers.tables.ts'
import type { OrderMailContext } from './checkout-mails.ts'
import { createPlacedOrders } from './placed-orders.ts'
import { promos, promoUses, transports } from './checkout.tables.ts'
import { cartTotals, lineCents, promoDiscountCents, type CartTotals, type PromoRule } from './totals.ts'

type CartInput = z.output<typeof CartContentBody>
type CheckoutInput = z.output<typeof CheckoutBody>
type StockInput = z.output<typeof CheckStockBody>
type PromoInput = z.output<typeof PromoValidateBody>
type CustomersService = ReturnType<typeof createCustomersService>

// ---------------------------------------------------------------------------------------------
// Refusals

const refuse = (code: string, message: string, status = 422, errors?: Record<string, string>) =>
  new AppError(code, message, { status, ...(errors ? { errors } : {}) })
const emptyCart = () => refuse(CheckoutErrorCode.emptyCart, 'Your basket is empty!')
const unknownProducts = (ids: number[]) =>
  refuse(SaleErrorCode.unknownProduct, `There is no product ${ids.join(', ')}.`)
const variantRequired = (name: string) =>
  refuse(CheckoutErrorCode.variantRequired, `Choose a size or colour of ${name} first.`)
const saleNotFound = () => new AppError('not_found', 'This sale was not found among your pending sales.')
const saleNotPayable = (number: string) =>
  refuse(SaleErrorCode.saleNotPayable, `Sale ${number} is already paid or cancelled.`, 409)
const holdExpired = (number: string) =>
  refuse(
    CheckoutErrorCode.holdExpired,
    `The hold of sale ${number} ran out and what it held was released. Remove it from the cart and book again.`,
  )
const transportRequired = () => refuse(CheckoutErrorCode.transportRequired, 'Please select transport')
const methodRequired = () => refuse(CheckoutErrorCode.paymentMethodRequired, 'Please select a payment method')
const paymentUnavailable = () =>
  refuse(
    CheckoutErrorCode.paymentUnavailable,
    'This way of paying is not open online yet. Nothing was charged: choose another way of paying.',
  )
const conditionsRequired = () =>
  refuse(CheckoutErrorCode.conditionsRequired, 'Please accept our legal conditions', 422, {
    acceptConditions: 'Please accept our legal conditions',
  })
const voucherNotUsable = () =>
  refuse(CheckoutErrorCode.voucherNotUsable, 'This voucher cannot pay this cart.')
const cartReused = () =>
  refuse(
    CheckoutErrorCode.cartReused,
    'This cart was already ordered with other contents. Reload the page to start a new order.',
    409,
  )
const promoInvalid = () => refuse(CheckoutErrorCode.promoInvalid, 'Sorry, the code is not valid')
const promoExpired = () => refuse(CheckoutErrorCode.promoExpired, 'Sorry, this code has expired.')
const promoExhausted = () =>
  refuse(CheckoutErrorCode.promoExhausted, 'Sorry, this code has been used as many times as it can be.')
const promoNotApplicable = () =>
  refuse(CheckoutErrorCode.promoNotApplicable, 'Sorry, this code does not apply to anything in your cart.')

/** "T-shirt (Size M)": a product's name with its variant's. */
const variantName = (product: string, v: { group: string; name: string } | null) =>
  v ? `${product} (${v.group} ${v.name})` : product

function outOfStock(name: string, left: number) {
  return refuse(
    CheckoutErrorCode.outOfStock,
    left === 1
      ? `Only 1 unit is left of ${name}.`
      : left > 1
        ? `Only ${left} units are left of ${name}.`
        : `${name} is out of stock.`,
    409,
  )
}

/** The payment methods of spec 2 §3 that go through a provider; none is open online yet (decision 057). */
const PROVIDER_METHODS = [
  { id: PaymentMethodId.BankCardRedirect, type: 'card', tokenize: false },
  { id: PaymentMethodId.Wallet, type: 'wallet', tokenize: false },
  { id: PaymentMethodId.CardTokenizer, type: 'card', tokenize: true },
  { id: PaymentMethodId.CardPaymentIntent, type: 'card', tokenize: false },
  { id: PaymentMethodId.CardAuthorize, type: 'card', tokenize: true },
] as const

const METHOD_OF_KIND: Record<number, 6 | 7 | 8> = {
  [VoucherKind.Money]: PaymentMethodId.MoneyVoucher,
  [VoucherKind.Sessions]: PaymentMethodId.SessionsVoucher,
  [VoucherKind.Hours]: PaymentMethodId.HoursVoucher,
}
const KIND_OF_METHOD: Record<number, number> = {
  [PaymentMethodId.MoneyVoucher]: VoucherKind.Money,
  [PaymentMethodId.SessionsVoucher]: VoucherKind.Sessions,
  [PaymentMethodId.HoursVoucher]: VoucherKind.Hours,
}

const METHOD_DESCRIPTIONS: Record<string, Localised> = {
  card: { 'en-US': 'Pay by card', 'es-ES': 'Paga con tarjeta' },
  wallet: { 'en-US': 'Pay with your wallet', 'es-ES': 'Paga con tu monedero electrónico' },
  voucher: { 'en-US': 'Pay with your voucher', 'es-ES': 'Paga con tu bono' },
}
/** A saved card's note among the ways to pay: its expiry, as /account writes it. */
const CARD_EXPIRES: Localised = { 'en-US': 'Expires', 'es-ES': 'Caduca' }

// ---------------------------------------------------------------------------------------------
// The cart as the database says it is

interface CartLine {
  productId: number
  productTypeId: number
  variant: { id: number; group: Localised; name: string; stock: number | null } | null
  name: Localised
  image: string
  unitPriceCents: number
  units: number
  taxPercent: number
  transportRequired: boolean
  stock: number | null
}

interface CartSale {
  id: number
  saleNumber: string
  title: Localised
  totalCents: number
  paidCents: number
  holdExpiresAt: Date | null
  lines: Array<{ totalCents: number; taxPercent: number; name: Localised }>
  cancelUrl: string | null
  /** What a sessions or hours voucher would pay of it (sale-hooks.ts). */
  bookingTypeId: number | null
  minutes: number | null
  extrasCents: number
}

interface Cart {
  lines: CartLine[]
  sales: CartSale[]
  transportRequired: boolean
}

export interface CheckoutDeps {
  units: Units
  content: ContentService
  sales: SalesService
  vouchers: VouchersService
  customers: CustomersService
  shop: ShopService
  mail: Mailer
  saleHooks: SaleHooks
  /** The holds of the cart's sales: kept for a payment's window, taken back by a late success. */
  holds: Holds
  publicUrl: string
  clock: () => number
  /** Payments through providers; without it only vouchers and totals of 0 are taken. */
  payments?: PaymentsService
  /** What the browser needs of the providers (public keys, sandbox scripts). */
  paymentBrowser?: PaymentBrowserConfig
}

/** The centre's currency: the shop's prices are in euros. */
const CURRENCY = 'EUR'

/**
 * A one-time card token the browser got from a tokenising provider (NetPay), sent in the spec's
 * `tpvOnlineInfoTemp`. Card numbers never travel here: only a token of letters, digits and dashes.
 */
function cardTokenOf(input: CheckoutInput): string | undefined {
  const temp = input.tpvOnlineInfoTemp
  const token =
    typeof temp === 'string'
      ? temp
      : temp && typeof temp === 'object'
        ? (temp as { token?: unknown }).token
        : undefined
  return typeof token === 'string' && /^[A-Za-z0-9_-]{8,200}$/.test(token) ? token : undefined
}

/**
 * The cart's way to an order (spec 2 §2, §4, §5, §7): the stock check, pending sales, what a
 * checkout offers, promo codes and the checkout itself. Prices, taxes, discounts, shipping and
 * totals are read and worked out here from the database; a request only says what it wants.
 */
export function createCheckoutService(db: Db, deps: CheckoutDeps) {
  const { units, saleHooks } = deps
  const now = () => new Date(deps.clock())
  const placedOrders = createPlacedOrders(db, deps)
  const browser = deps.paymentBrowser
  deps.payments?.registerOrders(placedOrders)

  const priceListColumns = { id: customerTypes.id, discountPercent: customerTypes.discountPercent }
  type PriceList = { id: number; discountPercent: number } | null

  /** The price list of a customer (their type), or none. */
  async function priceListOf(customerId: number): Promise<PriceList> {
    if (!customerId) return null
    const [row] = await db
      .select(priceListColumns)
      .from(customers)
      .innerJoin(customerTypes, eq(customerTypes.id, customers.customerTypeId))
      .where(eq(customers.id, customerId))
    return row ?? null
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
    const rows = await db
      .select({
        id: products.id,
        productTypeId: products.productTypeId,
        name: products.name,
        image: products.image,
        grossPriceCents: products.grossPriceCents,
        listGrossPriceCents: customerTypePrices.grossPriceCents,
        taxPercent: products.taxPercent,
        stock: products.stock,
        transportRequired: products.transportRequired,
        variants: sql<Array<{ id: number; group: Localised; name: string; stock: number }>>`coalesce((
          select json_agg(json_build_object('id', v.id, 'group', v.group_name, 'name', v.name, 'stock', v.stock))
          from ${productVariants} v where v.product_id = ${products.id}), '[]'::json)`,
      })
      .from(products)
      .leftJoin(
        customerTypePrices,
        and(
          eq(customerTypePrices.productId, products.id),
          eq(customerTypePrices.customerTypeId, list?.id ?? 0),
        ),
      )
      .where(inArray(products.id, ids))
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
    const rows = await db
      .select({
        id: sales.id,
        saleNumber: sales.saleNumber,
        title: sales.title,
        status: sales.status,
        totalCents: sales.totalCents,
        paidCents: sales.paidCents,
        holdExpiresAt: sales.holdExpiresAt,
      })
      .from(sales)
      .where(and(inArray(sales.id, ids), eq(sales.customerId, customerId)))
      .orderBy(asc(sales.id))
    if (rows.length !== ids.length) throw saleNotFound()
    const at = deps.clock()
    for (const r of rows) {
      const expired = r.holdExpiresAt !== null && r.holdExpiresAt.getTime() <= at
      if (r.status === SaleStatus.Paid) throw saleNotPayable(r.saleNumber)
      if (expired || (r.status === SaleStatus.Cancelled && r.holdExpiresAt !== null))
        throw holdExpired(r.saleNumber)
      if (r.status !== SaleStatus.Pending) throw saleNotPayable(r.saleNumber)
    }
    const [items, details] = await Promise.all([
      db
        .select({
          saleId: saleItems.saleId,
          totalCents: saleItems.totalCents,
          taxPercent: saleItems.taxPercent,
          name: saleItems.name,
        })
        .from(saleItems)
        .where(inArray(saleItems.saleId, ids))
        .orderBy(asc(saleItems.id)),
      saleHooks.details(ids),
    ])
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
    const rows = await db
      .select({
        id: sales.id,
        saleNumber: sales.saleNumber,
        title: sales.title,
        totalCents: sales.totalCents,
        paidCents: sales.paidCents,
        holdExpiresAt: sales.holdExpiresAt,
      })
      .from(sales)
      .where(
        and(
          eq(sales.customerId, customerId),
          eq(sales.status, SaleStatus.Pending),
          or(isNull(sales.holdExpiresAt), gt(sales.holdExpiresAt, now())),
        ),
      )
      .orderBy(desc(sales.createdAt), desc(sales.id))
      .limit(200)
    const ids = rows.map((r) => r.id)
    if (ids.length === 0) return []
    const [items, details] = await Promise.all([
      db
        .select({ id: saleItems.id, saleId: saleItems.saleId, name: saleItems.name })
        .from(saleItems)
        .where(inArray(saleItems.saleId, ids))
        .orderBy(asc(saleItems.id)),
      saleHooks.details(ids),
    ])
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
  // Transports, vouchers, promos

  async function activeTransports() {
    return db
      .select()
      .from(transports)
      .where(eq(transports.active, true))
      .orderBy(asc(transports.position), asc(transports.id))
  }

  async function usableVouchers(customerId: number) {
    if (!customerId) return []
    return db
      .select({
        id: vouchers.id,
        kind: vouchers.kind,
        description: vouchers.description,
        balance: vouchers.balance,
        bookingTypeIds: vouchers.bookingTypeIds,
        durationMinutes: vouchers.durationMinutes,
      })
      .from(vouchers)
      .where(
        and(
          eq(vouchers.customerId, customerId),
          eq(vouchers.active, true),
          gt(vouchers.balance, 0),
          or(isNull(vouchers.expiresAt), gt(vouchers.expiresAt, now())),
        ),
      )
      .orderBy(asc(vouchers.id))
  }

  type UsableVoucher = Awaited<ReturnType<typeof usableVouchers>>[number]
  /** One movement a voucher makes to pay the cart: for the shop order being made (`sale` null) or a sale. */
  type VoucherSpend = { sale: CartSale | null; amount: number }

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
  const costOf = (spends: VoucherSpend[]) => spends.reduce((sum, p) => sum + p.amount, 0)

  async function findPromo(code: string) {
    const [promo] = await db.select().from(promos).where(eq(promos.code, code))
    return promo
  }

  type PromoRow = Pick<
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
    const [row] = (res as unknown as { rows: Array<Record<string, unknown>> }).rows
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

  /** The transport chosen for a cart that is sent; none when the cart is not sent. */
  async function chosenTransport(cart: Cart, transportId: number | null) {
    if (!cart.transportRequired) return undefined
    const transport = (await activeTransports()).find((t) => t.id === transportId)
    if (!transport) throw transportRequired()
    return transport
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

  // -------------------------------------------------------------------------------------------
  // Checkout info

  /**
   * The ways to pay (spec 2 §3): each provider's method, open when its adapter is configured; the
   * customer's saved cards as methods of their own (`tokenId`); the vouchers that can pay this cart.
   */
  async function paymentMethods(
    voucherKinds: number[],
    locale: Locale,
    customerId: number,
  ): Promise<PaymentMethod[]> {
    const methods: PaymentMethod[] = PROVIDER_METHODS.map((m) => ({
      id: m.id,
      tokenId: null,
      name: PAYMENT_METHOD_NAMES[m.id]![locale],
      description: METHOD_DESCRIPTIONS[m.type]![locale],
      type: m.type,
      allowTokenization: m.tokenize,
      available: deps.payments?.hasMethod(m.id) ?? false,
    }))
    if (customerId && deps.payments) {
      for (const card of await deps.customers.cardMethods(customerId)) {
        // Saved cards pay through the card-on-file provider only (decisions 067, 068); cards other
        // providers kept stay listed on the account, where they can be deleted.
        if (card.methodId !== PaymentMethodId.CardAuthorize || !deps.payments.hasMethod(card.methodId))
          continue
        const expiry = `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`
        methods.push({
          id: card.methodId as PaymentMethod['id'],
          tokenId: card.id,
          name: `${card.brand || PAYMENT_METHOD_NAMES[card.methodId]![locale]} •••• ${card.lastDigits}`,
          description: `${CARD_EXPIRES[locale]} ${expiry}`,
          type: 'card',
          allowTokenization: false,
          available: true,
        })
      }
    }
    for (const kind of [...new Set(voucherKinds)].sort()) {
      const id = METHOD_OF_KIND[kind]!
      methods.push({
        id,
        tokenId: null,
        name: PAYMENT_METHOD_NAMES[id]![locale],
        description: METHOD_DESCRIPTIONS.voucher![locale],
        type: 'voucher',
        allowTokenization: false,
        available: true,
      })
    }
    return methods
  }

  async function checkoutInfo(body: CartInput, customerId: number, locale: Locale): Promise<CheckoutInfo> {
    const cart = await readCart(customerId, body)
    const [transportRows, voucherRows, settings, customerRow] = await Promise.all([
      activeTransports(),
      usableVouchers(customerId),
      deps.content.mainSettings(locale).catch(() => ({ currency: 'EUR' })),
      customerId
        ? db
            .select()
            .from(customers)
            .where(eq(customers.id, customerId))
            .then((r) => r[0])
        : Promise.resolve(undefined),
    ])
    const firstShipping = cart.transportRequired ? (transportRows[0]?.priceCents ?? 0) : 0
    const totals = totalsOf(cart, { shippingCents: firstShipping })
    const options: VoucherOption[] = []
    for (const v of voucherRows) {
      const spends = voucherSpends(v, cart, totals.totalCents)
      if (spends === undefined) continue
      options.push({
        id: v.id,
        voucher: {
          id: v.id,
          name: v.description[locale],
          kind: v.kind,
          balance: voucherUnits(v.kind as 0 | 1 | 2, v.balance),
        },
        paymentMethodId: METHOD_OF_KIND[v.kind]!,
        saleIds: cart.sales.map((s) => s.id),
        enough: v.balance >= costOf(spends),
      })
    }
    const c = customerRow
    return {
      paymentMethods: await paymentMethods(
        options.map((o) => o.voucher.kind),
        locale,
        customerId,
      ),
      transports: transportRows.map((t) => ({
        id: t.id,
        name: t.name[locale],
        logo: imageUrl(t.logo),
        deliveryTime: t.deliveryTime[locale],
        product: { grossPrice: euros(t.priceCents) },
      })),
      vouchers: options,
      lines: cart.lines.map((l): PricedLine => ({
        productId: l.productId,
        stockParentId: l.variant?.id ?? null,
        name: lineName(l, locale),
        logo: imageUrl(l.image),
        units: l.units,
        unitPrice: euros(l.unitPriceCents),
        total: euros(lineCents(l)),
        taxPercent: l.taxPercent,
        transportRequired: l.transportRequired,
        stock: l.stock,
      })),
      sales: cart.sales.map((s) => cartSaleModel(s, locale)),
      subtotal: euros(totals.subtotalCents),
      paid: euros(totals.paidCents),
      transportRequired: cart.transportRequired,
      name: c?.name ?? '',
      surname: c?.surname ?? '',
      addressLine1: c?.addressLine1 ?? '',
      city: c?.city ?? '',
      town: c?.town ?? '',
      country: c?.country ?? '',
      postalCode: c?.postalCode ?? '',
      email: c?.email ?? '',
      phone: c?.phone ?? '',
      password: '',
      password2: '',
      okRss: c?.okRss ?? false,
      acceptConditions: c?.acceptConditions ?? false,
      payPalId: browser?.payPalClientId ?? '',
      currency: 'currency' in settings ? settings.currency : 'EUR',
      netPayPublicKey: browser?.netPayPublicKey ?? '',
      netPayProdMode: browser?.netPayProdMode ?? false,
      paymentScripts: {
        sandbox: browser?.sandbox ?? false,
        payPalSdkUrl: browser?.payPalSdkUrl ?? null,
        stripeScriptUrl: browser?.stripeScriptUrl ?? null,
        netPayScriptUrl: browser?.netPayScriptUrl ?? '',
        cardScriptUrl: browser?.cardScriptUrl ?? null,
      },
    }
  }

  // -------------------------------------------------------------------------------------------
  // Checkout

  /**
   * What the cart asked for, whatever its order: the same cart gives the same fingerprint. How it
   * is paid is not part of it: a declined card leaves the cart as it was, to pay another way.
   */
  function fingerprintOf(body: CheckoutInput): string {
    const items = body.saleItems
      .map((i) => `${i.productId}:${i.stockParentId ?? ''}:${i.units}`)
      .sort()
      .join(',')
    const wanted = [
      items,
      [...body.saleIds].sort((a, b) => a - b).join(','),
      body.promoCode ?? '',
      body.shopTransportId ?? '',
    ].join('|')
    return createHash('sha256').update(wanted).digest('hex')
  }

  /**
   * The order a guid already made for a customer. With other contents (`changed`), a paid order
   * answers `cart_reused`; an order still waiting for its payment is the caller's to replace.
   */
  async function earlierOrder(customerId: number, guid: string, fingerprint: string) {
    const [row] = await db
      .select({
        id: sales.id,
        saleNumber: sales.saleNumber,
        fingerprint: sales.checkoutFingerprint,
        paidCents: sales.paidCents,
        totalCents: sales.totalCents,
        status: sales.status,
      })
      .from(sales)
      .where(and(eq(sales.customerId, customerId), eq(sales.checkoutGuid, guid)))
    if (!row) return undefined
    const changed = row.fingerprint !== fingerprint
    if (changed && row.status === SaleStatus.Paid) throw cartReused()
    return { ...row, changed }
  }

  /**
   * A cart changed after its order was placed and before it was paid (a declined card, a provider's
   * page left, then a line more or less): that order gives back what it held (its open payments
   * end, its stock and promo use come back, its order sale is cancelled) and frees the cart's guid
   * for the order of what the cart holds now. The cart's held sales keep their holds, to be paid
   * with it. Under the sales' locks: an order paid this very moment stays paid, and is `cart_reused`.
   */
  async function releaseChanged(earlier: NonNullable<Awaited<ReturnType<typeof earlierOrder>>>) {
    const placed = await deps.payments?.lastPlaced(earlier.id)
    if (earlier.status !== SaleStatus.Pending || !placed) throw cartReused()
    await units.run(async () => {
      if ((await placedOrders.state(placed, deps.clock())) === 'paid') throw cartReused()
      await deps.payments!.cancelOpen(placed.saleIds)
      await placedOrders.release(placed)
      await db
        .update(sales)
        .set({ checkoutGuid: null, checkoutFingerprint: null })
        .where(eq(sales.id, earlier.id))
    })
  }

  const model = (
    customerId: number,
    saleId: number,
    saleNumber: string,
    completed: boolean,
    totalCents: number,
    started?: StartResult & { reference: string },
  ): CheckoutModel => ({
    // NetPay's 3-D Secure: the spec's client follows a message carrying `netpay3ds-` and the URL.
    errorMsg: started?.redirectUrl ? threeDsMessage(started.redirectUrl) : null,
    saleId,
    saleNumber,
    total: euros(totalCents),
    completed,
    customerId,
    redsysData: started?.form
      ? {
          url: started.form.url,
          data: {
            ds_SignatureVersion: started.form.fields.Ds_SignatureVersion ?? '',
            ds_MerchantParameters: started.form.fields.Ds_MerchantParameters ?? '',
            ds_Signature: started.form.fields.Ds_Signature ?? '',
          },
        }
      : null,
    paypal: started?.orderId ?? null,
    stripe: started?.clientSecret ?? null,
    publicKey: started?.publicKey ?? null,
    redirectUrl: started?.redirectUrl ?? null,
    paymentReference: started ? started.reference : null,
  })

  const REQUIRED = [
    'name',
    'surname',
    'addressLine1',
    'postalCode',
    'city',
    'town',
    'country',
    'email',
    'phone',
  ] as const

  /** Spec 2 §5: the details a guest (always) or a customer (when sent to them) must give. */
  function checkDetails(input: CheckoutInput, guest: boolean, delivery: boolean) {
    const c = input.customer
    const errors: Record<string, string> = {}
    if (guest || delivery) {
      for (const key of REQUIRED) {
        if (!guest && key === 'email') continue
        if (!c[key]) errors[key] = 'Field required'
      }
    }
    if (guest) {
      const parsed = GuestDetails.safeParse({
        name: c.name,
        surname: c.surname,
        email: c.email,
        password: c.password,
      })
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const key = issue.path[0] === 'password' ? 'password1' : String(issue.path[0])
          errors[key] ??= issue.message
        }
      }
      if (!c.password) errors.password1 = 'Field required'
      else if (isCommonPassword(c.password)) errors.password1 ??= COMMON_PASSWORD_MESSAGE
      if (!c.password2) errors.password2 = 'Field required'
    }
    if (Object.keys(errors).length) {
      throw new AppError('validation', 'Check required fields', { status: 422, errors })
    }
    if (guest && c.password !== c.password2) {
      throw refuse(CheckoutErrorCode.passwordMismatch, 'Password does not match', 422, {
        password2: 'Password does not match',
      })
    }
  }

  /** How the total is paid: nothing, a voucher (checked and costed), or a provider (a saved card perhaps). */
  type Payer =
    | { kind: 'none' }
    | { kind: 'voucher'; id: number; spends: VoucherSpend[]; methodId: number }
    | { kind: 'provider'; methodId: number; savedCardId: number | null }

  async function payerOf(
    input: CheckoutInput,
    who: AuthCustomer | undefined,
    cart: Cart,
    totalCents: number,
  ): Promise<Payer> {
    if (totalCents <= 0) return { kind: 'none' }
    const method = input.paymentMethodId
    if (method === null) throw methodRequired()
    const kind = KIND_OF_METHOD[method]
    if (kind === undefined) {
      if (!deps.payments?.hasMethod(method)) throw paymentUnavailable()
      let savedCardId: number | null = null
      if (input.tokenId !== null) {
        const card = who ? await deps.payments.findCard(who.id, input.tokenId) : undefined
        if (!card || card.methodId !== method) {
          throw new AppError(PaymentErrorCode.cardNotFound, 'This card was not found.', { status: 404 })
        }
        savedCardId = card.id
      }
      return { kind: 'provider', methodId: method, savedCardId }
    }
    if (!who || input.voucherId === null) throw voucherNotUsable()
    const found = (await usableVouchers(who.id)).find((v) => v.id === input.voucherId && v.kind === kind)
    const spends = found ? voucherSpends(found, cart, totalCents) : undefined
    if (!found || spends === undefined) throw voucherNotUsable()
    if (found.balance < costOf(spends))
      throw refuse(SaleErrorCode.voucherInsufficient, 'This voucher does not have enough balance left.')
    return { kind: 'voucher', id: found.id, spends, methodId: METHOD_OF_KIND[kind]! }
  }

  /**
   * In the caller's unit: the voucher's movements, one per order paid, named by its own number (so
   * a refund finds what paid its sale), and the order's completion.
   */
  async function payWithVoucher(
    placed: PlacedOrder,
    payer: Extract<Payer, { kind: 'voucher' }>,
    customerId: number,
  ) {
    for (const spend of payer.spends) {
      const number = spend.sale?.saleNumber ?? placed.orderNumber
      await deps.vouchers.moveBalance(
        payer.id,
        -spend.amount,
        { 'es-ES': `Pago ${number}`, 'en-US': `Payment ${number}` },
        { customerId, saleId: spend.sale?.id ?? placed.orderId ?? placed.saleIds[0]!, at: now() },
      )
    }
    await placedOrders.complete(placed, payer.methodId)
  }

  /** Starts a provider's payment opened in a committed unit; the model tells the browser where to go on. */
  async function startPayment(
    paymentId: number,
    reference: string,
    placed: PlacedOrder,
    buyer: CheckoutInput['customer'] & { email: string },
    locale: Locale,
    cardToken: string | undefined,
  ): Promise<StartResult & { reference: string }> {
    const base = deps.publicUrl
    const started = await deps.payments!.begin(paymentId, {
      saleNumber: placed.orderNumber,
      description: `${placed.orderNumber}`,
      locale,
      customer: {
        id: 0,
        email: buyer.email,
        name: buyer.name,
        surname: buyer.surname,
        phone: buyer.phone,
        addressLine1: buyer.addressLine1,
        postalCode: buyer.postalCode,
        city: buyer.city,
        town: buyer.town,
        country: buyer.country,
      },
      urls: {
        ok: `${base}/cz/ok?order=${encodeURIComponent(placed.orderNumber)}&payment=${reference}`,
        ko: `${base}/cz/ko?payment=${reference}`,
        callback: `${base}/netpay-callback?id=${paymentId}`,
      },
      ...(cardToken ? { cardToken } : {}),
    })
    return { ...started, reference }
  }

  /**
   * A checkout (spec 2 §4, §5), for a guest (`who` undefined: their account is opened) or a
   * customer. Everything is checked (and read) first, then one unit of work places the order: the
   * guest's account, the order sale with its lines, the stock taken (never below 0), the cart's
   * sales, the promo's use (last: its row stays locked the shortest). Paid by a voucher or nothing
   * left to pay, the same unit completes it (the voucher's movement, the sales paid, their bookings
   * confirmed, the order mail in the outbox). Paid through a provider, the unit opens the payment
   * and holds what the order sells for its window; the provider is called after the commit, and
   * settling the payment completes the order (decision 067). The cart's guid makes it idempotent
   * (decision 056): the same cart again answers its order, or pays it again another way.
   */
  async function checkout(
    input: CheckoutInput,
    who: AuthCustomer | undefined,
    locale: Locale,
  ): Promise<CheckoutModel> {
    const guest = who === undefined
    const fingerprint = fingerprintOf(input)
    const email = input.customer.email.trim().toLowerCase()
    const cardToken = cardTokenOf(input)

    // The same cart sent again answers the order it made, or pays it again; changed before it was
    // paid, it is placed anew. Only to its buyer (decision 077): the customer of the token, or the
    // guest who opened the account of this email with this password; anyone else sending a guest
    // checkout with that email learns nothing of its orders (login_required below).
    const knownId = guest ? (email ? await deps.customers.customerIdOfEmail(email) : undefined) : who.id
    const buyerId = await sameBuyer(knownId, input, guest)
    if (buyerId !== undefined) {
      const earlier = await earlierOrder(buyerId, input.guid, fingerprint)
      if (earlier?.changed) await releaseChanged(earlier)
      else if (earlier) return payAgain(earlier, buyerId, input, who, locale, cardToken)
    }
    if (input.saleItems.length === 0 && input.saleIds.length === 0) throw emptyCart()
    if (guest && input.saleIds.length) throw saleNotFound()

    // The customer's account and price list in one read.
    const [found] = guest
      ? []
      : await db
          .select({ account: customers, list: priceListColumns })
          .from(customers)
          .leftJoin(customerTypes, eq(customerTypes.id, customers.customerTypeId))
          .where(eq(customers.id, who.id))
    const account = found?.account
    if (!guest && !account) throw new AppError('unauthorized', 'Please login or register')
    const cart = await readCart(guest ? 0 : who.id, input, found?.list ?? null)
    checkStock(cart.lines, locale)
    checkDetails(input, guest, cart.transportRequired)
    if (!input.customer.acceptConditions && !account?.acceptConditions) throw conditionsRequired()
    if (guest && knownId !== undefined) throw deps.customers.loginRequired()

    const transport = await chosenTransport(cart, input.shopTransportId)
    const checked = input.promoCode ? await checkPromo(input.promoCode, guest ? 0 : who.id, cart) : undefined
    const totals = totalsOf(cart, {
      shippingCents: transport?.priceCents ?? 0,
      shippingTaxPercent: transport?.taxPercent ?? DEFAULT_TAX_PERCENT,
      promo: checked?.rule ?? null,
    })

    // How it is paid, checked before anything is written.
    const payer = await payerOf(input, who, cart, totals.totalCents)
    const paidWith = payer.kind === 'voucher' ? payer.methodId : null
    const passwordHash = guest ? await hashPassword(input.customer.password) : undefined
    const c = input.customer
    const buyer = account ?? { email, name: c.name, language: locale }
    const mailLocale = buyer.language ?? locale
    const settings = await deps.content.mainSettings(mailLocale).catch(() => undefined)

    try {
      const done = await units.run(async () => {
        const customerId = guest
          ? await deps.customers.createGuestAccount(
              {
                email,
                passwordHash: passwordHash!,
                name: c.name,
                surname: c.surname,
                phone: c.phone,
                addressLine1: c.addressLine1,
                postalCode: c.postalCode,
                city: c.city,
                town: c.town,
                country: c.country,
                okRss: c.okRss,
              },
              locale,
            )
          : who.id
        if (!guest && c.acceptConditions && !account!.acceptConditions) {
          await db
            .update(customers)
            .set({ acceptConditions: true, okRss: c.okRss })
            .where(eq(customers.id, customerId))
        }
        const mark = {
          guid: input.guid,
          fingerprint,
          transportId: transport?.id ?? null,
          promoId: checked?.promo.id ?? null,
          ...(transport
            ? {
                delivery: {
                  name: `${c.name} ${c.surname}`.trim(),
                  addressLine1: c.addressLine1,
                  postalCode: c.postalCode,
                  city: c.city,
                  town: c.town,
                  country: c.country,
                  phone: c.phone,
                },
              }
            : {}),
        }
        // The order first: its guid's unique index makes a second unit with the same cart wait here.
        let orderId: number | null = null
        let orderNumber: string
        if (cart.lines.length) {
          const order = await deps.sales.openSale({
            customerId,
            title: { 'es-ES': 'Pedido de la tienda', 'en-US': 'Shop order' },
            lines: cart.lines.map((l) => ({
              kind: SaleItemKind.Article,
              productId: l.productId,
              units: l.units,
              unitPriceCents: l.unitPriceCents,
              product: { name: l.name, image: l.image, taxPercent: l.taxPercent },
              ...(l.variant ? { variant: l.variant } : {}),
            })),
            shippingCents: totals.shippingCents,
            discountCents: totals.discountCents,
            createdAt: now(),
            checkout: mark,
          })
          orderId = order.id
          orderNumber = order.saleNumber
        } else {
          const first = cart.sales[0]!
          await db
            .update(sales)
            .set({ checkoutGuid: mark.guid, checkoutFingerprint: mark.fingerprint })
            .where(eq(sales.id, first.id))
          orderNumber = first.saleNumber
        }

        // Stock, in a fixed order so two carts never wait for each other crosswise. A product whose
        // stock is not counted is not written (nor locked): the order is as if made before anyone
        // started counting it.
        const sorted = cart.lines
          .filter((l) => l.stock !== null)
          .sort((a, b) => a.productId - b.productId || (a.variant?.id ?? 0) - (b.variant?.id ?? 0))
        for (const l of sorted) {
          if (l.variant) {
            const [left] = await db
              .update(productVariants)
              .set({ stock: sql`${productVariants.stock} - ${l.units}` })
              .where(
                and(
                  eq(productVariants.id, l.variant.id),
                  sql`(${productVariants.stock} is null or ${productVariants.stock} >= ${l.units})`,
                ),
              )
              .returning({ id: productVariants.id })
            if (!left) await refuseStock(l, locale)
          } else {
            const [left] = await db
              .update(products)
              .set({ stock: sql`${products.stock} - ${l.units}` })
              .where(
                and(
                  eq(products.id, l.productId),
                  sql`(${products.stock} is null or ${products.stock} >= ${l.units})`,
                ),
              )
              .returning({ id: products.id })
            if (!left) await refuseStock(l, locale)
          }
        }
        for (const s of cart.sales) {
          if (deps.clock() >= (s.holdExpiresAt?.getTime() ?? Infinity)) throw holdExpired(s.saleNumber)
        }

        const placed: PlacedOrder = {
          orderId,
          orderNumber,
          saleIds: [...(orderId === null ? [] : [orderId]), ...cart.sales.map((s) => s.id)],
          stock: sorted.map((l) => ({
            productId: l.productId,
            variantId: l.variant?.id ?? null,
            units: l.units,
          })),
          promoId: checked?.promo.id ?? null,
          mail: {
            customerId,
            to: buyer.email,
            input: orderMailInput({
              orderNumber,
              buyer,
              locale: mailLocale,
              settings,
              cart,
              totals,
              transport,
            }),
          },
        }
        // The promo's use before the payment opens, so its row stays locked the shortest: the last use goes to one order.
        if (checked && orderId !== null) await countPromoUse(checked.promo.id, customerId, cart, orderId)

        if (payer.kind === 'provider') {
          const payment = await deps.payments!.open({
            customerId,
            methodId: payer.methodId,
            amountCents: totals.totalCents,
            currency: CURRENCY,
            placed,
            saveCard: Boolean(input.saveCreditCard),
            savedCardId: payer.savedCardId,
          })
          return { customerId, placed, payment }
        }
        if (payer.kind === 'voucher') await payWithVoucher(placed, payer, customerId)
        else await placedOrders.complete(placed, paidWith as number)
        return { customerId, placed, payment: undefined }
      })

      const first = done.placed.orderId ?? done.placed.saleIds[0]!
      if (!done.payment) {
        return model(done.customerId, first, done.placed.orderNumber, true, totals.totalCents)
      }
      const started = await startPayment(
        done.payment.id,
        done.payment.reference,
        done.placed,
        { ...input.customer, email: buyer.email },
        locale,
        cardToken,
      )
      const settled = started.reading?.status === 'confirmed'
      return model(done.customerId, first, done.placed.orderNumber, settled, totals.totalCents, started)
    } catch (err) {
      // A retry of the same cart racing the first: answer the order it made, to the same buyer.
      const id = await sameBuyer(
        guest ? await deps.customers.customerIdOfEmail(email) : who.id,
        input,
        guest,
      ).catch(() => undefined)
      if (id !== undefined && err instanceof AppError && err.code !== PaymentErrorCode.paymentDeclined) {
        const earlier = await earlierOrder(id, input.guid, fingerprint).catch(() => undefined)
        if (earlier?.status === SaleStatus.Paid) {
          return model(id, earlier.id, earlier.saleNumber, true, earlier.paidCents)
        }
      }
      throw err
    }
  }

  /**
   * The account whose orders a checkout may answer again: a customer's own; for a guest, the account
   * of the email only when the password sent is its password (the guest who opened it here, decision
   * 077). A cart's guid alone proves nothing: it can be read or guessed.
   */
  async function sameBuyer(
    knownId: number | undefined,
    input: CheckoutInput,
    guest: boolean,
  ): Promise<number | undefined> {
    if (knownId === undefined || !guest) return knownId
    const password = input.customer.password
    return password && (await deps.customers.passwordMatches(knownId, password)) ? knownId : undefined
  }

  /**
   * The same cart again: its order paid answers as it did; an order still waiting for its payment
   * (a declined card, a closed provider page) is paid again, the same way or another, as one order.
   */
  async function payAgain(
    earlier: NonNullable<Awaited<ReturnType<typeof earlierOrder>>>,
    customerId: number,
    input: CheckoutInput,
    who: AuthCustomer | undefined,
    locale: Locale,
    cardToken: string | undefined,
  ): Promise<CheckoutModel> {
    if (earlier.status === SaleStatus.Paid) {
      return model(customerId, earlier.id, earlier.saleNumber, true, earlier.paidCents)
    }
    const placed = await deps.payments?.lastPlaced(earlier.id)
    if (earlier.status !== SaleStatus.Pending || !placed) throw cartReused()
    if ((await placedOrders.state(placed, deps.clock())) !== 'open') throw holdExpired(earlier.saleNumber)
    const [owed] = await db
      .select({ cents: sql<number>`coalesce(sum(${sales.totalCents} - ${sales.paidCents}), 0)::int` })
      .from(sales)
      .where(inArray(sales.id, placed.saleIds))
    const totalCents = owed?.cents ?? 0
    const cart = await readCart(who ? who.id : 0, {
      ...input,
      saleItems: [],
      saleIds: placed.saleIds.filter((id) => id !== placed.orderId),
    })
    const payer = await payerOf(input, who, cart, totalCents)
    const paidMeanwhile = () => model(customerId, earlier.id, placed.orderNumber, true, totalCents)
    if (payer.kind === 'provider') {
      const payment = await units.run(async () => {
        if (await paidWhileOpenAttemptsEnd(placed)) return undefined
        return deps.payments!.open({
          customerId,
          methodId: payer.methodId,
          amountCents: totalCents,
          currency: CURRENCY,
          placed,
          saveCard: Boolean(input.saveCreditCard),
          savedCardId: payer.savedCardId,
        })
      })
      if (!payment) return paidMeanwhile()
      const [account] = await db.select().from(customers).where(eq(customers.id, customerId))
      const started = await startPayment(
        payment.id,
        payment.reference,
        placed,
        { ...input.customer, email: account?.email ?? input.customer.email },
        locale,
        cardToken,
      )
      const settled = started.reading?.status === 'confirmed'
      return model(customerId, earlier.id, placed.orderNumber, settled, totalCents, started)
    }
    await units.run(async () => {
      if (await paidWhileOpenAttemptsEnd(placed)) return
      if (payer.kind === 'voucher') await payWithVoucher(placed, payer, customerId)
      else await placedOrders.complete(placed, 0)
    })
    return paidMeanwhile()
  }

  /**
   * In the unit that pays a placed order again: its open attempts end first (their rows locked,
   * waiting for a provider's notification being applied to one of them), then the order is read
   * under its lock. True when it was paid meanwhile — that notification, another tab — and must not
   * be paid again: the cart answers the paid order (decision 091). Payments before sales, the
   * order in which a notification takes them, so the two never wait on each other.
   */
  async function paidWhileOpenAttemptsEnd(placed: PlacedOrder): Promise<boolean> {
    await deps.payments?.cancelOpen(placed.saleIds)
    return (await placedOrders.state(placed, deps.clock())) === 'paid'
  }

  async function refuseStock(l: CartLine, locale: Locale): Promise<never> {
    const [row] = l.variant
      ? await db
          .select({ stock: productVariants.stock })
          .from(productVariants)
          .where(eq(productVariants.id, l.variant.id))
      : await db.select({ stock: products.stock }).from(products).where(eq(products.id, l.productId))
    if (row?.stock === null || row?.stock === undefined) throw new AppError('busy', 'Please try again.')
    throw outOfStock(lineName(l, locale), row.stock)
  }

  /** The order's confirmation mail as it will be sent once the order is paid. */
  function orderMailInput(o: {
    orderNumber: string
    buyer: { email: string; name: string }
    locale: Locale
    settings: Awaited<ReturnType<ContentService['mainSettings']>> | undefined
    cart: Cart
    totals: CartTotals
    transport: typeof transports.$inferSelect | undefined
  }): OrderMailContext {
    const { locale, settings, cart } = o
    return {
      locale,
      centreName: settings?.name ?? 'Clubhouse',
      customerName: o.buyer.name,
      orderNumber: o.orderNumber,
      money: {
        decimalSeparator: settings?.decimalSeparator ?? ',',
        currencySymbol: settings?.currencySymbol ?? '€',
      },
      lines: [
        ...cart.lines.map((l) => ({ name: lineName(l, locale), units: l.units, totalCents: lineCents(l) })),
        ...cart.sales.map((s) => ({ name: s.title[locale], units: 1, totalCents: s.totalCents })),
      ],
      transport: o.transport?.name[locale] ?? null,
      totals: o.totals,
      link: `${deps.publicUrl}/customer-orders`,
    }
  }

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

  return {
    createTransports,
    createPromos,
    stockCheck,
    pendingSales,
    checkoutInfo,
    validatePromo,
    checkout,
    findPromo,
  }
}

export type CheckoutService = ReturnType<typeof createCheckoutService>
