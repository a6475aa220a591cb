import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import { PaymentMethodId, SaleErrorCode, VoucherKind, type Locale } from '@clubhouse/contract/server'
import type { Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import { AppError } from '../../lib/app-error.ts'
import type { Localised } from '../../lib/localised.ts'
import { createVoucherTakings } from './voucher-takings.ts'
import { voucherMovements, vouchers } from './vouchers.tables.ts'

export interface VoucherMovement {
  id: number
  voucherId: number
  amount: number
  previousAmount: number
  current: number
}

/**
 * What a sessions or hours voucher may pay (decision 069): bookings of these booking types, and of
 * these lengths when any are listed. A money voucher has no scope: it pays anything.
 */
export interface VoucherScope {
  bookingTypeIds: number[]
  durationMinutes: number[]
}

/** What a voucher is asked to pay: one sale of the cart, as the feature that sells it describes it. */
export interface PayableSale {
  /** The booking type of the booking the sale sells; null when it sells no booking. */
  bookingTypeId: number | null
  /** The booking's minutes; null when it sells no timed service. */
  minutes: number | null
  /** What the sale charges beyond the booked time (a racket hire with a court): money only. */
  extrasCents: number
}

/**
 * Whether a sessions or hours voucher's scope covers a sale: a booking of one of its types, of one of
 * its lengths (when it lists any), with nothing else to pay. Money vouchers are not asked.
 */
export function scopeCovers(scope: VoucherScope, sale: PayableSale): boolean {
  if (sale.bookingTypeId === null || sale.minutes === null || sale.extrasCents > 0) return false
  if (!scope.bookingTypeIds.includes(sale.bookingTypeId)) return false
  return scope.durationMinutes.length === 0 || scope.durationMinutes.includes(sale.minutes)
}

/**
 * What a voucher of `kind` takes to pay one sale of a booking it covers: one session, or the
 * booking's minutes. Undefined when its scope does not cover the sale.
 */
export function voucherCostOfSale(
  kind: VoucherKind,
  scope: VoucherScope,
  sale: PayableSale,
): number | undefined {
  if (kind === VoucherKind.Money || !scopeCovers(scope, sale)) return undefined
  return kind === VoucherKind.Sessions ? 1 : sale.minutes!
}

/** The payment method a voucher of each kind pays as (spec 2 §3), and back. */
export const METHOD_OF_KIND: Record<number, PaymentMethodId> = {
  [VoucherKind.Money]: PaymentMethodId.MoneyVoucher,
  [VoucherKind.Sessions]: PaymentMethodId.SessionsVoucher,
  [VoucherKind.Hours]: PaymentMethodId.HoursVoucher,
}
export const KIND_OF_METHOD: Record<number, VoucherKind> = {
  [PaymentMethodId.MoneyVoucher]: VoucherKind.Money,
  [PaymentMethodId.SessionsVoucher]: VoucherKind.Sessions,
  [PaymentMethodId.HoursVoucher]: VoucherKind.Hours,
}

/** What one voucher paid of a sale and has not given back yet, in the voucher's unit. */
export interface VoucherSpend {
  voucherId: number
  kind: VoucherKind
  /** Positive: cents, sessions or minutes still owed back to the voucher. */
  amount: number
}

const notEnough = () =>
  new AppError(SaleErrorCode.voucherInsufficient, 'This voucher does not have enough balance left.', {
    status: 422,
  })
const voucherNotFound = () => new AppError('not_found', 'This voucher was not found.')

/**
 * Vouchers: a customer's balance of money (cents), sessions or hours (minutes). A balance only moves
 * here, by a movement row written with it under a row lock on the voucher, so it always equals the
 * sum of its movements and never goes below zero, however many spends race for it.
 */
export function createVouchersService(db: Db, units: Units) {
  /** Opens an empty voucher for a customer; recharges are movements (`moveBalance`). */
  async function createVoucher(input: {
    customerId: number
    kind: VoucherKind
    description: Localised
    active?: boolean
    expiresAt?: Date | null
    createdAt?: Date
    /** Sessions and hours vouchers: what they pay (none given: nothing online). */
    scope?: VoucherScope
  }): Promise<number> {
    const [row] = await db
      .insert(vouchers)
      .values({
        customerId: input.customerId,
        kind: input.kind,
        description: input.description,
        balance: 0,
        active: input.active ?? true,
        expiresAt: input.expiresAt ?? null,
        bookingTypeIds: input.scope?.bookingTypeIds ?? [],
        durationMinutes: input.scope?.durationMinutes ?? [],
        ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      })
      .returning({ id: vouchers.id })
    return row!.id
  }

  /**
   * Moves a voucher's balance by `amount` (positive a recharge, negative a spend) with a movement
   * naming its concept and, for a spend, the sale it paid. `customerId`, when given, must own the
   * voucher (another's answers "not found"). A spend beyond the balance is refused and moves nothing.
   */
  function moveBalance(
    voucherId: number,
    amount: number,
    concept: Localised,
    opts: { customerId?: number; saleId?: number | null; at?: Date } = {},
  ): Promise<VoucherMovement> {
    return units.run(async () => {
      if (!Number.isSafeInteger(amount) || amount === 0) {
        throw new AppError('validation', 'A voucher movement is a whole, non-zero amount.', { status: 400 })
      }
      // The row lock makes concurrent movements of one voucher wait for each other.
      const [voucher] = await db
        .select({ id: vouchers.id, balance: vouchers.balance })
        .from(vouchers)
        .where(
          opts.customerId === undefined
            ? eq(vouchers.id, voucherId)
            : and(eq(vouchers.id, voucherId), eq(vouchers.customerId, opts.customerId)),
        )
        .for('update')
      if (!voucher) throw voucherNotFound()
      const current = voucher.balance + amount
      if (current < 0) throw notEnough()
      await db.update(vouchers).set({ balance: current }).where(eq(vouchers.id, voucherId))
      const [movement] = await db
        .insert(voucherMovements)
        .values({
          voucherId,
          amount,
          previousAmount: voucher.balance,
          current,
          concept,
          saleId: opts.saleId ?? null,
          ...(opts.at ? { createdAt: opts.at } : {}),
        })
        .returning({
          id: voucherMovements.id,
          voucherId: voucherMovements.voucherId,
          amount: voucherMovements.amount,
          previousAmount: voucherMovements.previousAmount,
          current: voucherMovements.current,
        })
      return movement!
    })
  }

  /**
   * What paid a sale from vouchers and is not given back yet: per voucher, the spends linked to the
   * sale less the refunds linked to it. Read in the caller's unit, after it locked the sale's owner
   * row (a booking), so a second cancellation sees the first one's refund.
   */
  async function spendsOf(saleId: number): Promise<VoucherSpend[]> {
    const rows = await db
      .select({
        voucherId: voucherMovements.voucherId,
        kind: vouchers.kind,
        net: sql<number>`sum(${voucherMovements.amount})`.mapWith(Number),
      })
      .from(voucherMovements)
      .innerJoin(vouchers, eq(vouchers.id, voucherMovements.voucherId))
      .where(eq(voucherMovements.saleId, saleId))
      .groupBy(voucherMovements.voucherId, vouchers.kind)
      .orderBy(asc(voucherMovements.voucherId))
    return rows
      .filter((r) => r.net < 0)
      .map((r) => ({ voucherId: r.voucherId, kind: r.kind as VoucherKind, amount: -r.net }))
  }

  /**
   * The customer's active money voucher (the oldest), opened with `description` when they have none:
   * where money taken otherwise than from a voucher comes back as credit (decision 048).
   */
  async function moneyVoucherOf(customerId: number, description: Localised, at: Date): Promise<number> {
    const [found] = await db
      .select({ id: vouchers.id })
      .from(vouchers)
      .where(
        and(
          eq(vouchers.customerId, customerId),
          eq(vouchers.kind, VoucherKind.Money),
          eq(vouchers.active, true),
          sql`(${vouchers.expiresAt} is null or ${vouchers.expiresAt} > ${at.toISOString()}::timestamptz)`,
        ),
      )
      .orderBy(asc(vouchers.id))
      .limit(1)
    if (found) return found.id
    return createVoucher({ customerId, kind: VoucherKind.Money, description })
  }

  /**
   * The customer's vouchers, newest first, each with its movements newest first, their texts in
   * `locale`: one query over vouchers joined with their movements (what the account lists).
   */
  function vouchersWithMovements(customerId: number, locale: Locale) {
    return db
      .select({
        voucher: {
          id: vouchers.id,
          kind: vouchers.kind,
          description: sql<string>`${vouchers.description}->>${locale}`,
          balance: vouchers.balance,
          active: vouchers.active,
          expiresAt: vouchers.expiresAt,
        },
        movement: {
          id: voucherMovements.id,
          createdAt: voucherMovements.createdAt,
          amount: voucherMovements.amount,
          previousAmount: voucherMovements.previousAmount,
          current: voucherMovements.current,
          concept: sql<string>`${voucherMovements.concept}->>${locale}`,
        },
      })
      .from(vouchers)
      .leftJoin(voucherMovements, eq(voucherMovements.voucherId, vouchers.id))
      .where(eq(vouchers.customerId, customerId))
      .orderBy(
        desc(vouchers.createdAt),
        desc(vouchers.id),
        desc(voucherMovements.createdAt),
        desc(voucherMovements.id),
      )
  }

  /** The customer's vouchers that can pay at `at`: switched on, something left, not expired; oldest first. */
  function usableVouchers(customerId: number, at: Date) {
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
          or(isNull(vouchers.expiresAt), gt(vouchers.expiresAt, at)),
        ),
      )
      .orderBy(asc(vouchers.id))
  }

  /** A voucher's owner and kind, or undefined (the desk's top-up names a voucher by its id alone). */
  async function findVoucher(voucherId: number) {
    const [row] = await db
      .select({ id: vouchers.id, customerId: vouchers.customerId, kind: vouchers.kind })
      .from(vouchers)
      .where(eq(vouchers.id, voucherId))
    return row && { ...row, kind: row.kind as VoucherKind }
  }

  return {
    ...createVoucherTakings(db),
    findVoucher,
    createVoucher,
    moveBalance,
    spendsOf,
    moneyVoucherOf,
    vouchersWithMovements,
    usableVouchers,
  }
}

export type VouchersService = ReturnType<typeof createVouchersService>
