import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { SaleErrorCode, SaleItemKind, type SaleItemKind as SaleItemKindT } from '@clubhouse/contract/server'
import type { Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import { AppError } from '../../lib/app-error.ts'
import type { Localised } from '../../lib/localised.ts'
import type { ShopService } from '../shop/shop.service.ts'
import { createDeskTakings } from './desk-takings.ts'
import { createSaleReads } from './sale-reads.ts'
import { createShopOrders } from './shop-orders.ts'
import { saleItems, sales, SaleStatus } from './sales.tables.ts'

export { SaleStatus } from './sales.tables.ts'

/** The tax rate of a line when its product or service says none (Spain's general VAT). */
export const DEFAULT_TAX_PERCENT = 21

/** A shop article: priced from the product as it is in the database, never from the caller. */
export interface ArticleLine {
  kind: typeof SaleItemKind.Article
  productId: number
  units: number
  /**
   * The customer's price from their price list, read from the database by the caller (the
   * checkout); left out, the product's general price.
   */
  unitPriceCents?: number
  /** The size or colour sold: its id, and the words the line's name gains ("Size M"). */
  variant?: { id: number; group: Localised; name: string }
  /**
   * The product as the caller read it from the database in this request (the checkout), with
   * `unitPriceCents`: the sale then does not read it again.
   */
  product?: { name: Localised; image: string; taxPercent: number }
}

/** A shop order's checkout: the cart's guid and fingerprint, transport, promo and delivery address. */
export interface CheckoutMark {
  guid: string
  fingerprint: string
  transportId?: number | null
  promoId?: number | null
  delivery?: {
    name: string
    addressLine1: string
    postalCode: string
    city: string
    town: string
    country: string
    phone: string
  }
}

/**
 * A service (a booking, an inscription, a debt from the desk): its price is worked out by the feature
 * that sells it (bookings from their price rules), on the server, before the sale is opened.
 */
export interface ServiceLine {
  kind: Exclude<SaleItemKindT, typeof SaleItemKind.Article>
  name: Localised
  image?: string
  unitPriceCents: number
  units: number
  taxPercent?: number
}

export type SaleLine = ArticleLine | ServiceLine

export interface OpenSaleInput {
  customerId: number
  title: Localised
  lines: SaleLine[]
  shippingCents?: number
  discountCents?: number
  /** Given only by imports of past sales; new sales are numbered here. */
  saleNumber?: string
  /** Past sales (imports): when it was made. */
  createdAt?: Date
  /** Until when what it sells is held; past it the sale cannot be paid. */
  holdExpiresAt?: Date | null
  checkout?: CheckoutMark
  /** Paid in full as it is opened (a checkout that takes the whole total at once), and how. */
  paidWith?: { paymentMethodId: number | null }
}

export interface Sale {
  id: number
  customerId: number
  saleNumber: string
  status: SaleStatus
  subtotalCents: number
  shippingCents: number
  discountCents: number
  totalCents: number
  paidCents: number
  /** PaymentMethodId of the payment that settled it; null: the desk, or not paid. */
  paymentMethodId: number | null
}

const saleColumns = {
  id: sales.id,
  customerId: sales.customerId,
  saleNumber: sales.saleNumber,
  status: sales.status,
  subtotalCents: sales.subtotalCents,
  shippingCents: sales.shippingCents,
  discountCents: sales.discountCents,
  totalCents: sales.totalCents,
  paidCents: sales.paidCents,
  paymentMethodId: sales.paymentMethodId,
}

/** What a sale's lines come to: integer cents, the total computed once, here. */
export function saleTotals(
  lines: Array<{ unitPriceCents: number; units: number }>,
  shippingCents = 0,
  discountCents = 0,
) {
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.units, 0)
  // A discount never takes a sale below nothing.
  const discount = Math.min(discountCents, subtotalCents + shippingCents)
  return {
    subtotalCents,
    shippingCents,
    discountCents: discount,
    totalCents: subtotalCents + shippingCents - discount,
  }
}

/** The columns of a sale that say which checkout made (or paid) it. */
export function checkoutColumns(mark: CheckoutMark | undefined) {
  if (!mark) return {}
  const d = mark.delivery
  return {
    checkoutGuid: mark.guid,
    checkoutFingerprint: mark.fingerprint,
    transportId: mark.transportId ?? null,
    promoId: mark.promoId ?? null,
    ...(d
      ? {
          deliveryName: d.name,
          deliveryAddressLine1: d.addressLine1,
          deliveryPostalCode: d.postalCode,
          deliveryCity: d.city,
          deliveryTown: d.town,
          deliveryCountry: d.country,
          deliveryPhone: d.phone,
        }
      : {}),
  }
}

const unknownProducts = (ids: number[]) =>
  new AppError(SaleErrorCode.unknownProduct, `There is no product ${ids.join(', ')}.`, { status: 422 })
const saleNotPayable = () =>
  new AppError(SaleErrorCode.saleNotPayable, 'This sale is already paid or cancelled.', { status: 409 })
const overpaid = () =>
  new AppError(SaleErrorCode.saleOverpaid, 'This payment is more than what is pending.', { status: 422 })

/**
 * Sales: what a customer owes or paid (a shop order, a booking, an inscription, a debt). Every sale
 * is opened here with its lines priced from the database and its totals computed once, then paid
 * (in one go or in parts) or cancelled. Each method joins the caller's unit of work, or runs as its
 * own when called outside one. Money is integer cents throughout.
 */
export function createSalesService(
  db: Db,
  units: Units,
  deps: { shop: Pick<ShopService, 'articlesForSale'> },
) {
  /**
   * Numbers new sales `W-<year>-<5 digits>` from a sequence, unique under any concurrency: worked
   * out by the insert itself.
   */
  const nextSaleNumber = (at: Date) =>
    sql<string>`(select 'W-' || ${String(at.getUTCFullYear())} || '-' || case when length(n) < 5 then lpad(n, 5, '0') else n end from (select nextval('sale_number_seq')::text as n) as next)`

  /**
   * Opens a sale (pending) with its lines; articles are priced from their product. Inside a unit it
   * is a savepoint of its own unless `savepoint: false` (a caller that never goes on after a refusal).
   */
  function openSale(input: OpenSaleInput, opts: { savepoint?: boolean } = {}): Promise<Sale> {
    return units.run(async () => {
      const articleIds = [
        ...new Set(
          input.lines.flatMap((l) =>
            l.kind === SaleItemKind.Article && !(l.product && l.unitPriceCents !== undefined)
              ? [l.productId]
              : [],
          ),
        ),
      ]
      const found = articleIds.length ? await deps.shop.articlesForSale(articleIds) : []
      const byId = new Map(found.map((p) => [p.id, p]))
      const missing = articleIds.filter((id) => !byId.has(id))
      if (missing.length) throw unknownProducts(missing)

      const lines = input.lines.map((line) => {
        if (line.kind === SaleItemKind.Article) {
          const read = byId.get(line.productId)
          const p = read ?? line.product!
          const v = line.variant
          return {
            kind: line.kind,
            productId: line.productId,
            name: v
              ? {
                  'es-ES': `${p.name['es-ES']} (${v.group['es-ES']} ${v.name})`,
                  'en-US': `${p.name['en-US']} (${v.group['en-US']} ${v.name})`,
                }
              : p.name,
            image: p.image,
            unitPriceCents: line.unitPriceCents ?? read!.grossPriceCents,
            units: line.units,
            taxPercent: p.taxPercent,
            stockParentId: v?.id ?? null,
            stockParentName: v ? v.group['en-US'] : null,
            stockDetail: v?.name ?? null,
          }
        }
        return {
          kind: line.kind,
          productId: null,
          name: line.name,
          image: line.image ?? '',
          unitPriceCents: line.unitPriceCents,
          units: line.units,
          taxPercent: line.taxPercent ?? DEFAULT_TAX_PERCENT,
        }
      })
      const totals = saleTotals(lines, input.shippingCents ?? 0, input.discountCents ?? 0)
      const createdAt = input.createdAt ?? new Date()
      const paid = input.paidWith
        ? {
            status: SaleStatus.Paid,
            paidCents: totals.totalCents,
            paidAt: createdAt,
            paymentMethodId: input.paidWith.paymentMethodId,
            online: true,
          }
        : { status: SaleStatus.Pending }
      const [sale] = await db
        .insert(sales)
        .values({
          customerId: input.customerId,
          saleNumber: input.saleNumber ?? nextSaleNumber(createdAt),
          title: input.title,
          ...paid,
          ...totals,
          createdAt,
          holdExpiresAt: input.holdExpiresAt ?? null,
          ...checkoutColumns(input.checkout),
        })
        .returning(saleColumns)
      if (lines.length) {
        await db
          .insert(saleItems)
          .values(lines.map((l) => ({ ...l, saleId: sale!.id, totalCents: l.unitPriceCents * l.units })))
      }
      return sale!
    }, opts)
  }

  /**
   * Pays `amountCents` of a pending sale (all of what is pending when left out): the sale is paid once
   * nothing is pending. Never more than what is pending, never a paid or cancelled sale: the update
   * says so itself, so two payments racing for one sale cannot both pass.
   */
  function paySale(
    saleId: number,
    opts: { amountCents?: number; paymentMethodId: number | null; online?: boolean; at?: Date },
  ): Promise<Sale> {
    return units.run(async () => {
      const at = opts.at ?? new Date()
      const amount =
        opts.amountCents === undefined
          ? sql`${sales.totalCents} - ${sales.paidCents}`
          : sql`${opts.amountCents}`
      if (
        opts.amountCents !== undefined &&
        (!Number.isSafeInteger(opts.amountCents) || opts.amountCents <= 0)
      ) {
        throw overpaid()
      }
      const [sale] = await db
        .update(sales)
        .set({
          paidCents: sql`${sales.paidCents} + ${amount}`,
          status: sql`case when ${sales.paidCents} + ${amount} = ${sales.totalCents} then 'paid' else 'pending' end`,
          paidAt: sql`case when ${sales.paidCents} + ${amount} = ${sales.totalCents} then ${at.toISOString()}::timestamptz else ${sales.paidAt} end`,
          paymentMethodId: opts.paymentMethodId,
          online: opts.online ?? true,
        })
        .where(
          and(
            eq(sales.id, saleId),
            eq(sales.status, SaleStatus.Pending),
            sql`${sales.paidCents} + ${amount} <= ${sales.totalCents}`,
          ),
        )
        .returning(saleColumns)
      if (sale) return sale
      const [current] = await db.select(saleColumns).from(sales).where(eq(sales.id, saleId))
      if (!current) throw new AppError('not_found', 'This sale was not found.')
      throw current.status === SaleStatus.Pending ? overpaid() : saleNotPayable()
    })
  }

  /** Cancels a pending sale (a hold released, a debt written off); a paid one stays as it is. */
  function cancelSale(saleId: number): Promise<Sale> {
    return units.run(async () => {
      const [sale] = await db
        .update(sales)
        .set({ status: SaleStatus.Cancelled })
        .where(and(eq(sales.id, saleId), eq(sales.status, SaleStatus.Pending)))
        .returning(saleColumns)
      if (sale) return sale
      const [current] = await db.select(saleColumns).from(sales).where(eq(sales.id, saleId))
      if (!current) throw new AppError('not_found', 'This sale was not found.')
      if (current.status === SaleStatus.Cancelled) return current
      throw saleNotPayable()
    })
  }

  /**
   * Cancels those of these sales that are still pending, in one statement in the caller's unit:
   * what a released hold or a given-up place was to be paid by. A paid or cancelled sale stays as
   * it is (a payment that settled meanwhile wins); an empty list costs nothing.
   */
  async function cancelPending(saleIds: ReadonlyArray<number | null>): Promise<void> {
    const ids = [...new Set(saleIds.filter((id): id is number => id !== null))]
    if (!ids.length) return
    await db
      .update(sales)
      .set({ status: SaleStatus.Cancelled })
      .where(and(inArray(sales.id, ids), eq(sales.status, SaleStatus.Pending)))
  }

  /**
   * Keeps what these sales hold (their `hold_expires_at`) until `until`, in the caller's unit: the
   * pending ones, and with `reopen` the ones whose hold was released too, pending again (a late
   * payment took their holds back, decision 072). Sales that hold nothing stay as they are.
   */
  async function holdUntil(saleIds: number[], until: Date, opts: { reopen?: boolean } = {}) {
    const statuses = opts.reopen ? [SaleStatus.Pending, SaleStatus.Cancelled] : [SaleStatus.Pending]
    const holding = and(
      inArray(sales.id, saleIds),
      inArray(sales.status, statuses),
      isNotNull(sales.holdExpiresAt),
    )
    await db.update(sales).set({ status: SaleStatus.Pending, holdExpiresAt: until }).where(holding)
  }

  /** A sale of one customer; another's or none: undefined. */
  async function findSale(saleId: number, customerId: number): Promise<Sale | undefined> {
    const [sale] = await db
      .select(saleColumns)
      .from(sales)
      .where(and(eq(sales.id, saleId), eq(sales.customerId, customerId)))
    return sale
  }

  /** What is still owed of each of these sales (a pending sale's total less what was paid), by id. */
  async function owedOf(saleIds: ReadonlyArray<number | null>): Promise<Map<number, number>> {
    const ids = saleIds.filter((id): id is number => id !== null)
    if (ids.length === 0) return new Map()
    const rows = await db
      .select({ id: sales.id, totalCents: sales.totalCents, paidCents: sales.paidCents })
      .from(sales)
      .where(and(inArray(sales.id, ids), eq(sales.status, SaleStatus.Pending)))
    return new Map(rows.map((r) => [r.id, r.totalCents - r.paidCents]))
  }

  /**
   * Renames what a sale sells after the thing itself changed (a booking moved to another time or
   * court), in the caller's unit: its title, and its first line when a name is given. Amounts and
   * the other lines stay as they were sold.
   */
  async function retitle(saleId: number, title: Localised, firstLine?: Localised): Promise<void> {
    await db.update(sales).set({ title }).where(eq(sales.id, saleId))
    if (!firstLine) return
    await db
      .update(saleItems)
      .set({ name: firstLine })
      .where(sql`${saleItems.id} = (select min(id) from sale_items where sale_id = ${saleId})`)
  }

  return {
    ...createSaleReads(db),
    ...createDeskTakings(db),
    ...createShopOrders(db),
    openSale,
    paySale,
    cancelSale,
    cancelPending,
    holdUntil,
    findSale,
    owedOf,
    retitle,
  }
}

export type SalesService = ReturnType<typeof createSalesService>
