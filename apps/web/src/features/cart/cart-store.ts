import { useSyncExternalStore } from 'react'
import {
  clearCart,
  readEntry,
  readRawItem,
  saveCart,
  StorageKey,
  subscribeToStorage,
} from '../../lib/storage.ts'

/**
 * The cart (spec 2 §2 and §4), kept in the browser under `crt` for 24 days from its last change.
 * It holds what the customer wants, never what they pay: amounts shown here are for display, and
 * the server prices every line again at checkout.
 *
 * Two kinds of line, as the spec's cart has them:
 * - items (`sItems`): products from the shop, with units the customer chooses (1 to 1000);
 * - sales: things already registered on the server (a prebooked court, an activity sign-up, a
 *   pending debt). They have no units; removing one may first cancel it through its `cancelUrl`.
 *
 * The pure functions below change a cart value; the bound actions (`addToCart`, `incrementUnits`,
 * ...) read, change and store it. `configureCart` is where the checkout work plugs in the stock
 * check and the sale cancellation.
 */

/** Quantity limits of a cart line (spec 2 §9): 1 to 1000, step 1. */
export const MIN_UNITS = 1
export const MAX_UNITS = 1000

/** What the cart keeps of a product: enough to show the line without asking the server. */
export interface CartProduct {
  id: number
  name: string
  /** List image (270x280); the main logo when the product has none. */
  logo: string
  /** Gross price when added, for display only. */
  grossPrice: number
  /** False when stock is counted and none is left. */
  hasStock?: boolean
  /** Units in stock when added; null or absent when the centre does not count stock. */
  stock?: number | null
}

/** A size or colour of a product, with its own stock (the contract's ProductVariant). */
export interface CartVariant {
  id: number
  /** What the choice is of: "Size", "Colour". */
  group: string
  /** The choice: "M", "42", "Blue". */
  name: string
  stock?: number | null
  hasStock?: boolean
}

/**
 * A product line of the cart (the spec's sale item). A product sold in sizes or colours has one
 * line per variant: `stockParentId` is the variant's id, `stockParentName` its group ("Size") and
 * `stockDetail` the choice ("M"); all three are null for a product that comes in one kind.
 */
export interface CartItem {
  productId: number
  units: number
  product: CartProduct
  stockParentId: number | null
  stockParentName: string | null
  stockDetail: string | null
}

/** Which line: the product, and its variant when it has them. */
export interface LineKey {
  productId: number
  stockParentId?: number | null
}

const sameLine = (item: CartItem, key: LineKey) =>
  item.productId === key.productId && item.stockParentId === (key.stockParentId ?? null)

/** React key and test id of a line. */
export const lineKey = (item: LineKey) => `${item.productId}-${item.stockParentId ?? 0}`

/** The line's name as the cart, the checkout and the order read it: "T-shirt (Size M)". */
export function lineName(item: Pick<CartItem, 'product' | 'stockParentName' | 'stockDetail'>): string {
  if (!item.stockDetail) return item.product.name
  const variant = item.stockParentName ? `${item.stockParentName} ${item.stockDetail}` : item.stockDetail
  return `${item.product.name} (${variant})`
}

/** A sale registered on the server and waiting to be paid (a booking, a sign-up, a debt). */
export interface CartSale {
  id: number
  title: string
  saleNumber?: string
  /** Amount still to pay, for display. */
  pending: number
  /** API path that cancels the sale (`publicbookings/cancel/{bookingId}/{customerId}`), if any. */
  cancelUrl?: string | null
  /**
   * When the hold of what the sale sells ends (ISO 8601 instant): a prebooked court is kept for the
   * customer until then, and cannot be paid after. Absent when nothing is held.
   */
  holdExpiresAt?: string | null
}

/** Milliseconds left on a sale's hold at `now`: null when nothing is held, 0 once it has run out. */
export function holdLeftMs(sale: Pick<CartSale, 'holdExpiresAt'>, now: number): number | null {
  if (!sale.holdExpiresAt) return null
  const end = Date.parse(sale.holdExpiresAt)
  return Number.isFinite(end) ? Math.max(0, end - now) : 0
}

/** A sale whose hold ran out: what it held is free again, so it cannot be paid. */
export const isHoldExpired = (sale: Pick<CartSale, 'holdExpiresAt'>, now: number) =>
  holdLeftMs(sale, now) === 0

export interface Cart {
  /** Identifies this cart towards the server at checkout. */
  guid: string
  sItems: CartItem[]
  sales: CartSale[]
}

export const EMPTY_CART: Cart = Object.freeze({ guid: '', sItems: [], sales: [] }) as Cart

/** Why units did not grow as asked; `refused` when the stock check said no (and said why itself). */
export type CartOutcome =
  | { status: 'added'; units: number }
  | { status: 'limited'; units: number }
  | { status: 'out_of_stock'; units: number }
  | { status: 'refused'; units: number }

export interface CartHooks {
  /**
   * How many units of `product` (in `variant`, when it has them) the cart may hold when the
   * customer asks for `wanted`, or null when the check refused and told the customer why. The
   * default trusts what the shop said (`hasStock`, `stock`); `cart-server.ts` asks the server for
   * products whose stock is tracked.
   */
  checkStock: (product: CartProduct, wanted: number, variant: CartVariant | null) => Promise<number | null>
  /**
   * Runs before a sale leaves the cart (`cart-server.ts` posts the sale's cancelUrl); answering
   * false keeps the sale in the cart (the cancellation could not be asked for).
   */
  cancelSale: (sale: CartSale) => Promise<boolean>
}

/** Units the shop's own figures allow: the variant's when there is one, else the product's. */
export function knownStockLimit(product: CartProduct, wanted: number, variant: CartVariant | null): number {
  const source = variant ?? product
  if (source.hasStock === false) return 0
  return typeof source.stock === 'number' ? Math.min(wanted, Math.max(0, source.stock)) : wanted
}

const defaultHooks: CartHooks = {
  checkStock: async (product, wanted, variant) => knownStockLimit(product, wanted, variant),
  cancelSale: async () => true,
}

let hooks: CartHooks = defaultHooks

/** Plugs in the stock check and the sale cancellation (the checkout issue); the rest keeps defaults. */
export function configureCart(next: Partial<CartHooks>) {
  hooks = { ...defaultHooks, ...next }
}

// ---------------------------------------------------------------------------------------------
// Units

/** Whole units within 1..1000. */
export function clampUnits(units: number): number {
  return Math.min(MAX_UNITS, Math.max(MIN_UNITS, Math.trunc(units)))
}

/**
 * Units typed in a quantity field: null when the text is not a number (the field ignores it),
 * otherwise the number made whole and held within 1..1000.
 */
export function parseUnits(text: string): number | null {
  const trimmed = text.trim()
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed)) return null
  const value = Number(trimmed.replace(',', '.'))
  return Number.isFinite(value) ? clampUnits(value) : null
}

// ---------------------------------------------------------------------------------------------
// Pure changes of a cart value

const newGuid = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`

/** What the cart keeps of a product, whatever else the caller's product carries (detail HTML...). */
export function toCartProduct(p: CartProduct): CartProduct {
  return {
    id: p.id,
    name: p.name,
    logo: p.logo,
    grossPrice: p.grossPrice,
    ...(p.hasStock !== undefined ? { hasStock: p.hasStock } : {}),
    ...(p.stock !== undefined ? { stock: p.stock } : {}),
  }
}

/**
 * Adds `units` of a product (in `variant`, when it has them); a line already in the cart only gets
 * its units increased (spec 2 §4). Each variant is a line of its own.
 */
export function withProduct(
  cart: Cart,
  full: CartProduct,
  units: number,
  variant: CartVariant | null = null,
): Cart {
  const product = toCartProduct(full)
  const key = { productId: product.id, stockParentId: variant?.id ?? null }
  const existing = cart.sItems.find((item) => sameLine(item, key))
  const sItems = existing
    ? cart.sItems.map((item) =>
        item === existing
          ? { ...item, units: clampUnits(item.units + units), product: { ...item.product, ...product } }
          : item,
      )
    : [
        ...cart.sItems,
        {
          productId: product.id,
          units: clampUnits(units),
          product,
          stockParentId: variant?.id ?? null,
          stockParentName: variant?.group ?? null,
          stockDetail: variant?.name ?? null,
        },
      ]
  return { ...cart, guid: cart.guid || newGuid(), sItems }
}

/** Sets a line's units; 0 or less removes the line (spec 2 §4), more than 1000 keeps 1000. */
export function withUnits(cart: Cart, key: LineKey, units: number): Cart {
  if (!Number.isFinite(units)) return cart
  if (units < MIN_UNITS) return withoutProduct(cart, key)
  return {
    ...cart,
    sItems: cart.sItems.map((item) => (sameLine(item, key) ? { ...item, units: clampUnits(units) } : item)),
  }
}

export function withoutProduct(cart: Cart, key: LineKey): Cart {
  return { ...cart, sItems: cart.sItems.filter((item) => !sameLine(item, key)) }
}

/** Adds a sale; one already in the cart is ignored (spec 2 §4). */
export function withSale(cart: Cart, sale: CartSale): Cart {
  if (cart.sales.some((s) => s.id === sale.id)) return cart
  return { ...cart, guid: cart.guid || newGuid(), sales: [...cart.sales, sale] }
}

export function withoutSale(cart: Cart, saleId: number): Cart {
  return { ...cart, sales: cart.sales.filter((s) => s.id !== saleId) }
}

/** What the badge shows: units of every product line plus one per sale. */
export function cartCount(cart: Cart): number {
  return cart.sItems.reduce((sum, item) => sum + item.units, 0) + cart.sales.length
}

/**
 * The total to show, in currency units; summed in cents so 0.1 + 0.2 stays 0.3. Sales whose hold
 * ran out by `now` (when given) are left out: they can no longer be paid.
 */
export function cartTotal(cart: Cart, now?: number): number {
  const cents =
    cart.sItems.reduce((sum, item) => sum + Math.round(item.product.grossPrice * 100) * item.units, 0) +
    cart.sales
      .filter((sale) => now === undefined || !isHoldExpired(sale, now))
      .reduce((sum, sale) => sum + Math.round(sale.pending * 100), 0)
  return cents / 100
}

export const lineTotal = (item: CartItem) => (Math.round(item.product.grossPrice * 100) * item.units) / 100

// ---------------------------------------------------------------------------------------------
// Reading what is stored: written by this code, but a browser keeps it across releases, so it is
// checked field by field and anything unrecognisable is dropped rather than trusted.

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0
const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

function toItem(value: unknown): CartItem | undefined {
  if (!isRecord(value) || !isId(value.productId) || !isRecord(value.product)) return undefined
  const p = value.product
  if (typeof p.name !== 'string' || !isAmount(p.grossPrice)) return undefined
  const units = typeof value.units === 'number' ? value.units : NaN
  if (!Number.isFinite(units) || units < MIN_UNITS) return undefined
  const variant = isId(value.stockParentId)
  return {
    productId: value.productId,
    units: clampUnits(units),
    stockParentId: variant ? (value.stockParentId as number) : null,
    stockParentName: variant && typeof value.stockParentName === 'string' ? value.stockParentName : null,
    stockDetail: variant && typeof value.stockDetail === 'string' ? value.stockDetail : null,
    product: {
      id: value.productId,
      name: p.name,
      logo: typeof p.logo === 'string' ? p.logo : '',
      grossPrice: p.grossPrice,
      ...(typeof p.hasStock === 'boolean' ? { hasStock: p.hasStock } : {}),
      ...(typeof p.stock === 'number' || p.stock === null ? { stock: p.stock } : {}),
    },
  }
}

function toSale(value: unknown): CartSale | undefined {
  if (!isRecord(value) || !isId(value.id) || typeof value.title !== 'string' || !isAmount(value.pending)) {
    return undefined
  }
  return {
    id: value.id,
    title: value.title,
    pending: value.pending,
    ...(typeof value.saleNumber === 'string' ? { saleNumber: value.saleNumber } : {}),
    ...(typeof value.cancelUrl === 'string' ? { cancelUrl: value.cancelUrl } : {}),
    ...(typeof value.holdExpiresAt === 'string' ? { holdExpiresAt: value.holdExpiresAt } : {}),
  }
}

export function toCart(value: unknown): Cart {
  if (!isRecord(value)) return EMPTY_CART
  const sItems = Array.isArray(value.sItems) ? value.sItems.map(toItem).filter((i) => !!i) : []
  const sales = Array.isArray(value.sales) ? value.sales.map(toSale).filter((s) => !!s) : []
  if (sItems.length === 0 && sales.length === 0) return EMPTY_CART
  return { guid: typeof value.guid === 'string' ? value.guid : newGuid(), sItems, sales }
}

// ---------------------------------------------------------------------------------------------
// The stored cart

let cached: { cart: Cart; expiresAt: number | null; raw: string } | undefined

/** The stored cart (empty when there is none or it expired); the same object until it changes. */
export function getCart(): Cart {
  const raw = readRawItem(StorageKey.cart)
  if (cached && cached.raw === raw && (cached.expiresAt === null || Date.now() < cached.expiresAt)) {
    return cached.cart
  }
  const entry = readEntry<unknown>(StorageKey.cart)
  cached = entry ? { cart: toCart(entry.value), expiresAt: entry.expiresAt, raw: entry.raw } : undefined
  return cached?.cart ?? EMPTY_CART
}

function store(cart: Cart) {
  if (cart.sItems.length === 0 && cart.sales.length === 0) clearCart()
  // Every change keeps the cart for another 24 days.
  else saveCart(cart)
}

/** The cart, following changes made here, in other tabs and by logout. */
export function useCart(): Cart {
  // A page rendered on the server shows an empty cart; the stored one appears once hydrated.
  return useSyncExternalStore(subscribeToStorage, getCart, () => EMPTY_CART)
}

function findItem(key: LineKey) {
  return getCart().sItems.find((item) => sameLine(item, key))
}

/** The variant a line was added in, as the stock check reads it. */
const lineVariant = (item: CartItem): CartVariant | null =>
  item.stockParentId === null
    ? null
    : { id: item.stockParentId, group: item.stockParentName ?? '', name: item.stockDetail ?? '' }

/**
 * Adds `units` (1 by default, as the shop's buttons do) of a product, in `variant` when it has
 * them, after the stock check. A line already in the cart gets its units increased. Answers how
 * many units the line holds now.
 */
export function addToCart(
  product: CartProduct,
  units = 1,
  variant: CartVariant | null = null,
): Promise<CartOutcome> {
  return inTurn(() => addUnits(product, units, variant))
}

async function addUnits(
  product: CartProduct,
  units: number,
  variant: CartVariant | null,
): Promise<CartOutcome> {
  const key = { productId: product.id, stockParentId: variant?.id ?? null }
  const current = findItem(key)?.units ?? 0
  const requested = current + Math.trunc(units)
  const wanted = clampUnits(requested)
  const checked = await hooks.checkStock(product, wanted, variant)
  if (checked === null) return { status: 'refused', units: current }
  const allowed = Math.min(wanted, checked)
  if (allowed <= current) {
    // Nothing more may be added; the product's known stock is refreshed in the line, if any.
    if (current > 0) store(withProduct(getCart(), product, 0, variant))
    return { status: allowed <= 0 ? 'out_of_stock' : 'limited', units: current }
  }
  store(withProduct(getCart(), product, allowed - current, variant))
  return { status: allowed < requested ? 'limited' : 'added', units: allowed }
}

/** Sets a line's units (a quantity field): held within 1..1000 and the stock check. */
export function setUnits(key: LineKey, units: number): Promise<CartOutcome | undefined> {
  return inTurn(() => changeUnits(key, units))
}

async function changeUnits(key: LineKey, units: number): Promise<CartOutcome | undefined> {
  const item = findItem(key)
  if (!item || !Number.isFinite(units)) return undefined
  const wanted = clampUnits(units)
  let allowed = wanted
  if (wanted > item.units) {
    const checked = await hooks.checkStock(item.product, wanted, lineVariant(item))
    if (checked === null) return { status: 'refused', units: item.units }
    allowed = Math.min(wanted, checked)
  }
  const next = Math.max(MIN_UNITS, allowed)
  store(withUnits(getCart(), key, next))
  return { status: next < wanted ? 'limited' : 'added', units: next }
}

/** The stepper's plus: one more unit than the line has once the changes before it are made, if the stock check allows it. */
export function incrementUnits(key: LineKey): Promise<CartOutcome | undefined> {
  return inTurn(async () => {
    const item = findItem(key)
    return item ? changeUnits(key, item.units + 1) : undefined
  })
}

/** The stepper's minus: one unit less; at 1 unit the line leaves the cart (spec 2 §4). */
export function decrementUnits(key: LineKey): Promise<void> {
  const apply = () => {
    const item = findItem(key)
    if (item) store(withUnits(getCart(), key, item.units - 1))
  }
  // At once, unless a change asked before it still waits for its stock check.
  if (pendingChange) return inTurn(async () => apply())
  apply()
  return Promise.resolve()
}

/**
 * The changes of units still being made (a stock check is out). Changes are made one after another
 * in the order they were asked: a second tap on plus while the first one's check is out counts from
 * the first one's result, and a quantity typed after them is the one that stays.
 */
let pendingChange: Promise<void> | null = null

function inTurn<T>(change: () => Promise<T>): Promise<T> {
  // Cleared before the change's caller hears of its end, so what it does next is at once again.
  const result = (pendingChange ?? Promise.resolve()).then(change).finally(() => {
    if (pendingChange === settled) pendingChange = null
  })
  const settled: Promise<void> = result.then(
    () => undefined,
    () => undefined,
  )
  pendingChange = settled
  return result
}

export function removeFromCart(key: LineKey) {
  store(withoutProduct(getCart(), key))
}

/** Adds a registered sale (pending sales, bookings); a sale already in the cart is ignored. */
export function addSaleToCart(sale: CartSale) {
  store(withSale(getCart(), sale))
}

/** Puts a sale as the API answers it (a pending sale, a held sign-up) in the cart: what the cart keeps of it. */
export function addApiSaleToCart(sale: CartSale) {
  addSaleToCart({
    id: sale.id,
    title: sale.title,
    saleNumber: sale.saleNumber,
    pending: sale.pending,
    cancelUrl: sale.cancelUrl,
    holdExpiresAt: sale.holdExpiresAt,
  })
}

/** Cancels the sale on the server when the hook says so, then takes it out of the cart. */
export async function removeSaleFromCart(saleId: number) {
  const sale = getCart().sales.find((s) => s.id === saleId)
  if (!sale) return
  if (!(await hooks.cancelSale(sale))) return
  store(withoutSale(getCart(), saleId))
}
