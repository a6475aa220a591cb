import type { Db } from '../../db/client.ts'
import { createPaymentContext, type PaymentsDeps } from './payment-context.ts'
import { createPaymentOpen } from './payment-open.ts'
import { createPaymentRefunds } from './payment-refunds.ts'
import { createPaymentSettle } from './payment-settle.ts'
import { createPaymentStatus } from './payment-status.ts'
import { createPaymentSweep } from './payment-sweep.ts'
import { createPaymentTakings } from './payment-takings.ts'

export { unreadable, type OrderSide, type PaymentsDeps, type SettleOutcome } from './payment-context.ts'
/** What a checkout placed and its payment settles: the payments feature keeps it with the payment. */
export type { PlacedOrder } from './payments.tables.ts'

/**
 * Payments (decision 067): one attempt with one provider for one order. The checkout places the
 * order and opens its payment in one unit; `begin` starts it at the provider after that unit
 * commits; `settle` is the one forward-only way an order becomes paid by a provider, whoever calls
 * it (the return page, the status poll, the notification or webhook, the sweep). Opening and
 * starting a payment is payment-open.ts's, settling and notifications payment-settle.ts's, reading
 * where a payment stands payment-status.ts's, refunds through the provider payment-refunds.ts's,
 * and the sweep of payments whose window ended payment-sweep.ts's. What they share is
 * payment-context.ts.
 */
export function createPaymentsService(db: Db, deps: PaymentsDeps) {
  const ctx = createPaymentContext(db, deps)
  const refunds = createPaymentRefunds(ctx)
  const statusReader = createPaymentStatus(ctx)
  const settler = createPaymentSettle(ctx, refunds, statusReader)
  const opening = createPaymentOpen(ctx, settler)
  const sweeper = createPaymentSweep(ctx, settler, refunds)

  return {
    takingsBetween: createPaymentTakings(db).takingsBetween,
    startSweeping: sweeper.startSweeping,
    cancelOpen: opening.cancelOpen,
    registerOrders: ctx.registerOrders,
    hasMethod: (methodId: number) => ctx.byMethod.has(methodId),
    providerOf: ctx.providerOf,
    open: opening.open,
    begin: opening.begin,
    settle: settler.settle,
    notify: settler.notify,
    statusOf: statusReader.statusOf,
    statusOfReference: statusReader.statusOfReference,
    findRow: ctx.findPayment,
    findForCustomer: statusReader.findForCustomer,
    queueRefund: refunds.queueRefund,
    refundSale: refunds.refundSale,
    paymentOfSale: refunds.paymentOfSale,
    moneyOfSale: refunds.moneyOfSale,
    sendRefunds: refunds.sendRefunds,
    sweep: sweeper.sweep,
    findCard: opening.findCard,
    lastPlaced: opening.lastPlaced,
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>
