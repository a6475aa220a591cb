import { and, eq } from 'drizzle-orm'
import { SaleErrorCode, type VoucherKind } from '@clubhouse/contract'
import type { Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import { AppError } from '../../lib/app-error.ts'
import type { Localised } from '../../lib/localised.ts'
import { voucherMovements, vouchers } from './vouchers.tables.ts'

export interface VoucherMovement {
  id: number
  voucherId: number
  amount: number
  previousAmount: number
  current: number
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

  return { createVoucher, moveBalance }
}

export type VouchersService = ReturnType<typeof createVouchersService>
