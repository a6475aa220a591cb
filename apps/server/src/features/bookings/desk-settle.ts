import {
  CheckoutErrorCode,
  DeskPaymentMethodId,
  VoucherKind,
  type DeskPayment,
} from '@clubhouse/contract/server'
import { AppError } from '../../lib/app-error.ts'
import type { Sale, SalesService } from '../sales/sales.service.ts'
import {
  METHOD_OF_KIND,
  voucherCostOfSale,
  type PayableSale,
  type VouchersService,
} from '../vouchers/vouchers.service.ts'

export const deskVoucherNotUsable = () =>
  new AppError(
    CheckoutErrorCode.voucherNotUsable,
    'This voucher cannot pay this booking: choose another way.',
    {
      status: 422,
    },
  )

/** How the desk settles what it books: the way, and the customer's voucher when it pays. */
export interface DeskSettlement {
  payment: DeskPayment
  voucherId?: number | undefined
}

/**
 * Settles a sale the desk has just written, in the caller's unit of work: paid in cash or by the
 * card terminal, paid from one of the customer's vouchers (a money voucher pays its cents; a sessions
 * or hours voucher pays a booking its scope covers, one session or its minutes), or left owed. The
 * voucher's movement is named by the sale, so a refund gives it back in kind. A voucher that is not
 * the customer's, is switched off, has run out or cannot pay this answers 422 and the caller's unit
 * keeps nothing.
 */
export async function settleAtDesk(
  deps: {
    sales: Pick<SalesService, 'paySale'>
    vouchers: Pick<VouchersService, 'usableVouchers' | 'moveBalance'>
  },
  sale: Sale | null | undefined,
  input: { customerId: number; settlement: DeskSettlement; payable: PayableSale; at: Date },
): Promise<'paid' | 'pending' | null> {
  const { payment, voucherId } = input.settlement
  if (!sale) return null
  if (payment === 'pending') return 'pending'
  if (payment === 'cash' || payment === 'card') {
    const paymentMethodId = payment === 'cash' ? DeskPaymentMethodId.Cash : DeskPaymentMethodId.Card
    await deps.sales.paySale(sale.id, { paymentMethodId, online: false, at: input.at })
    return 'paid'
  }
  const voucher = (await deps.vouchers.usableVouchers(input.customerId, input.at)).find(
    (v) => v.id === voucherId,
  )
  if (!voucher) throw deskVoucherNotUsable()
  const kind = voucher.kind as VoucherKind
  const cost =
    kind === VoucherKind.Money
      ? sale.totalCents - sale.paidCents
      : voucherCostOfSale(kind, voucher, input.payable)
  if (cost === undefined) throw deskVoucherNotUsable()
  // Refused beyond the balance, under the voucher's row lock: a top-up racing it is counted once.
  await deps.vouchers.moveBalance(
    voucher.id,
    -cost,
    { 'es-ES': `Pago ${sale.saleNumber}`, 'en-US': `Payment ${sale.saleNumber}` },
    { customerId: input.customerId, saleId: sale.id, at: input.at },
  )
  await deps.sales.paySale(sale.id, { paymentMethodId: METHOD_OF_KIND[kind]!, online: false, at: input.at })
  return 'paid'
}
