import { PaymentMethodId, VoucherKind } from '@clubhouse/contract/server'
import type { Localised } from '../../lib/localised.ts'
import { METHOD_OF_KIND, type VouchersService } from '../vouchers/vouchers.service.ts'

/** One way a sale was paid, as its refund gives it back. */
export type SalePayment =
  /** Spent from a voucher: `amount` in the voucher's unit (cents, sessions, minutes). */
  | { by: 'voucher'; voucherId: number; kind: VoucherKind; amount: number }
  /** Money taken otherwise: through a provider (`paymentMethodId`), or at the desk (null). */
  | { by: 'money'; paymentMethodId: number | null; amountCents: number }

/** What went back, and where: a voucher of `kind` with `amount` in its unit. */
export interface Refund {
  /** The payment method the customer reads it under (6 money, 7 sessions, 8 hours voucher). */
  paymentMethodId: PaymentMethodId
  kind: VoucherKind
  amount: number
}

/** The methods through which a provider takes money (spec 2 §3). */
const PROVIDER_METHODS: ReadonlySet<number> = new Set([
  PaymentMethodId.BankCardRedirect,
  PaymentMethodId.Wallet,
  PaymentMethodId.CardTokenizer,
  PaymentMethodId.CardPaymentIntent,
  PaymentMethodId.CardAuthorize,
])

/** The name of the money voucher opened for a customer who has none when credit comes back. */
const MONEY_VOUCHER: Localised = { 'es-ES': 'Bono monedero', 'en-US': 'Money voucher' }

/**
 * Refunds in kind (decisions 048, 069): what paid a sale goes back the way it came. A sessions voucher
 * gets its session back, an hours voucher its minutes, a money voucher its cents; money taken
 * otherwise becomes credit on the customer's money voucher until providers refund. Every movement
 * joins the caller's unit of work and names the sale it gives back.
 */
/** Refunds through the provider that took the money (the payments feature), in the caller's unit. */
export interface ProviderRefunds {
  /**
   * Queues the refund of `amountCents` of a sale to the provider payment that paid it; sent once
   * the unit commits. False when no provider payment covers it (money taken at the desk).
   */
  refundSale(saleId: number, amountCents: number, reason?: string): Promise<boolean>
}

export function createRefunds(deps: { vouchers: VouchersService; providers?: ProviderRefunds | undefined }) {
  const { vouchers } = deps

  /**
   * What paid a sale and is not given back yet: its voucher spends, and the money paid otherwise.
   * A sessions or hours voucher pays a sale whole (decision 057), so beside one no money was taken.
   */
  async function paymentsOf(sale: {
    id: number
    paidCents: number
    paymentMethodId: number | null
  }): Promise<SalePayment[]> {
    const spends = await vouchers.spendsOf(sale.id)
    const payments: SalePayment[] = spends.map((s) => ({ by: 'voucher', ...s }))
    if (spends.some((s) => s.kind !== VoucherKind.Money)) return payments
    const fromVouchers = spends.reduce((sum, s) => sum + s.amount, 0)
    const rest = sale.paidCents - fromVouchers
    if (rest > 0) payments.push({ by: 'money', paymentMethodId: sale.paymentMethodId, amountCents: rest })
    return payments
  }

  /**
   * Gives each payment of a sale back in its kind, in the caller's unit; answers what went back.
   * This is where a provider's refund plugs in: a payment by card or wallet will be refunded through
   * its provider, after the unit commits (provider calls never run inside one, ARCHITECTURE §6), and
   * listed under its own method. Until the providers settle online, that money (and money taken at
   * the desk) comes back as credit on the customer's money voucher.
   */
  async function refundPayments(
    payments: SalePayment[],
    ctx: { customerId: number; saleId: number; concept: Localised; at: Date },
  ): Promise<Refund[]> {
    const refunds: Refund[] = []
    for (const p of payments) {
      const opts = { customerId: ctx.customerId, saleId: ctx.saleId, at: ctx.at }
      if (p.by === 'voucher') {
        await vouchers.moveBalance(p.voucherId, p.amount, ctx.concept, opts)
        refunds.push({ paymentMethodId: METHOD_OF_KIND[p.kind]!, kind: p.kind, amount: p.amount })
        continue
      }
      // Money a provider took goes back to the card or wallet that paid it (decision 067).
      if (
        p.paymentMethodId !== null &&
        PROVIDER_METHODS.has(p.paymentMethodId) &&
        (await deps.providers?.refundSale(ctx.saleId, p.amountCents))
      ) {
        refunds.push({
          paymentMethodId: p.paymentMethodId as PaymentMethodId,
          kind: VoucherKind.Money,
          amount: p.amountCents,
        })
        continue
      }
      const voucherId = await vouchers.moneyVoucherOf(ctx.customerId, MONEY_VOUCHER, ctx.at)
      await vouchers.moveBalance(voucherId, p.amountCents, ctx.concept, opts)
      refunds.push({
        paymentMethodId: PaymentMethodId.MoneyVoucher,
        kind: VoucherKind.Money,
        amount: p.amountCents,
      })
    }
    return refunds
  }

  return { paymentsOf, refundPayments }
}

export type Refunds = ReturnType<typeof createRefunds>
