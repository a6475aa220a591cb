import {
  paths,
  StaffErrorCode,
  VoucherKind,
  STAFF_ORDERS_PAGE_SIZE,
  type Locale,
  type StaffOrder,
  type StaffOrderRefundBody,
  type StaffOrderRow,
  type StaffOrdersQuery,
} from '@clubhouse/contract/server'
import type { z } from 'zod'
import type { Units } from '../../db/units.ts'
import { AppError } from '../../lib/app-error.ts'
import { paymentMethodName } from '../account/account.service.ts'
import type { BookingsService } from '../bookings/bookings.service.ts'
import { dayBounds } from '../bookings/centre-clock.ts'
import { shippedMail } from '../checkout/checkout-mails.ts'
import type { Mailer } from '../comms/mailer.ts'
import type { ContentService } from '../content/content.service.ts'
import type { CustomersService } from '../customers/customers.service.ts'
import type { PaymentsService } from '../payments/payments.service.ts'
import type { SalesService } from '../sales/sales.service.ts'
import type { ShopService } from '../shop/shop.service.ts'
import type { VouchersService } from '../vouchers/vouchers.service.ts'
import type { StaffAudit } from './staff-audit.ts'

type OrderRow = Awaited<ReturnType<SalesService['shopOrders']>>['rows'][number]

const fullName = (c: { name: string; surname: string } | undefined) =>
  c ? [c.name, c.surname].filter(Boolean).join(' ') : ''

const rowOf = (r: OrderRow, customerName: string): StaffOrderRow => ({
  id: r.id,
  number: r.number,
  customer: { id: r.customerId, name: customerName },
  totalCents: r.totalCents,
  paidCents: r.paidCents,
  refundedCents: r.refundedCents,
  state: r.state,
  createdAt: r.createdAt.toISOString(),
  paidAt: r.paidAt?.toISOString() ?? null,
  shippedAt: r.shippedAt?.toISOString() ?? null,
})

/** The audit's picture of an order: where it stands and what went back. */
const auditOf = (r: OrderRow) => ({
  state: r.state,
  paidCents: r.paidCents,
  refundedCents: r.refundedCents,
  shippedAt: r.shippedAt?.toISOString() ?? null,
})

/**
 * The desk's shop orders (issue 23, item 8; decision 123), composed from the features that keep
 * each part: sales the order, its lines, delivery, shipping and what was given back; payments the
 * provider's payments and refunds; customers the names and the language of the mail. Shipping and
 * refunding are each one unit of work with their audit row; a refund is sent to the provider after
 * that unit commits.
 */
export function createStaffOrders(deps: {
  units: Units
  sales: Pick<
    SalesService,
    'shopOrders' | 'shopOrder' | 'stockOfOrder' | 'lockPaidShopOrder' | 'markShipped' | 'addRefunded'
  >
  payments: Pick<PaymentsService, 'moneyOfSale' | 'paymentOfSale' | 'refundSale'>
  vouchers: Pick<VouchersService, 'spendsOf' | 'moveBalance'>
  shop: Pick<ShopService, 'moveStock'>
  customers: Pick<CustomersService, 'contactsOf' | 'contactOf'>
  bookings: Pick<BookingsService, 'timeZone'>
  content: Pick<ContentService, 'mainSettings'>
  mail: Pick<Mailer, 'queue'>
  audit: Pick<StaffAudit, 'recordAudit'>
  publicUrl: string
  clock: () => number
}) {
  const { units, sales, payments, customers, audit, clock } = deps

  async function orders(q: z.output<typeof StaffOrdersQuery>) {
    const zone = q.from || q.to ? await deps.bookings.timeZone() : ''
    const { rows, totalCount } = await sales.shopOrders({
      state: q.state,
      from: q.from ? new Date(dayBounds(q.from, zone).start) : undefined,
      to: q.to ? new Date(dayBounds(q.to, zone).end) : undefined,
      page: q.page,
      pageSize: STAFF_ORDERS_PAGE_SIZE,
    })
    const names = await customers.contactsOf(rows.map((r) => r.customerId))
    return { rows: rows.map((r) => rowOf(r, fullName(names.get(r.customerId)))), totalCount }
  }

  async function order(saleId: number, locale: Locale): Promise<StaffOrder> {
    const o = await sales.shopOrder(saleId)
    const [names, money] = await Promise.all([
      customers.contactsOf([o.customerId]),
      payments.moneyOfSale(saleId),
    ])
    return {
      ...rowOf(o, fullName(names.get(o.customerId))),
      shippingCents: o.shippingCents,
      discountCents: o.discountCents,
      paymentMethod: o.status === 'paid' ? paymentMethodName(o.paymentMethodId, locale) : '',
      refundableCents: o.status === 'paid' ? o.paidCents - o.refundedCents : 0,
      lines: o.lines.map((l) => ({
        name: l.name[locale],
        detail: l.detail ?? '',
        units: l.units,
        unitPriceCents: l.unitPriceCents,
        totalCents: l.totalCents,
      })),
      delivery: o.delivery,
      payments: money.payments.map((p) => ({
        id: p.id,
        provider: p.provider,
        method: paymentMethodName(p.methodId, locale),
        status: p.status,
        amountCents: p.amountCents,
        refundedCents: p.refundedCents,
        confirmedAt: p.confirmedAt?.toISOString() ?? null,
      })),
      refunds: money.refunds.map((r) => ({
        id: r.id,
        amountCents: r.amountCents,
        status: r.status,
        reason: r.reason,
        createdAt: r.createdAt.toISOString(),
        doneAt: r.doneAt?.toISOString() ?? null,
      })),
    }
  }

  /** Marks the order shipped, once, and queues the customer's mail in their language; `order.ship`. */
  async function ship(staffId: number, saleId: number, locale: Locale): Promise<StaffOrder> {
    await units.run(async () => {
      const before = await sales.markShipped(saleId, new Date(clock()))
      const contact = await customers.contactOf(before.customerId)
      if (contact?.email) {
        const settings = await deps.content.mainSettings(contact.language).catch(() => undefined)
        await deps.mail.queue({
          customerId: contact.id,
          to: contact.email,
          ...shippedMail({
            locale: contact.language,
            centreName: settings?.name ?? 'Clubhouse',
            customerName: contact.name,
            orderNumber: before.number,
            link: `${deps.publicUrl}${paths.customerOrders}`,
          }),
        })
      }
      await audit.recordAudit({
        staffId,
        action: 'order.ship',
        subject: `sale:${saleId}`,
        before: auditOf(before),
        after: {
          ...auditOf(before),
          state: before.refundedCents > 0 ? 'refunded' : 'shipped',
          shippedAt: new Date(clock()).toISOString(),
        },
      })
    })
    return order(saleId, locale)
  }

  const nothingLeft = () =>
    new AppError(StaffErrorCode.refundTooLarge, 'Nothing is left to give back of this order.', {
      status: 422,
    })

  /**
   * Gives back `amountCents` (left out: all that is left) of a paid order, the way it was paid:
   * through the provider that took it (sent once the unit commits), or to the money voucher it was
   * paid from, at once. With `restock`, a refund that gives back all that was paid counts the
   * order's articles back into stock. `order.refund`. Under the order's row lock, so two presses take
   * turns and the second finds less (or nothing) left: a refund never exceeds paid less refunded,
   * and the stock comes back once.
   */
  async function refund(
    staffId: number,
    saleId: number,
    body: z.output<typeof StaffOrderRefundBody>,
    locale: Locale,
  ): Promise<StaffOrder> {
    await units.run(async () => {
      const before = await sales.lockPaidShopOrder(saleId)
      if (before.paidCents - before.refundedCents <= 0) throw nothingLeft()
      const payment = await payments.paymentOfSale(saleId)
      const spends = payment
        ? []
        : (await deps.vouchers.spendsOf(saleId)).filter((v) => v.kind === VoucherKind.Money)
      if (!before.online || (!payment && spends.length === 0)) {
        throw new AppError(
          StaffErrorCode.refundNotOnline,
          'This order was not paid online: give its money back at the desk or as voucher credit.',
          { status: 422 },
        )
      }
      const ofPayment = payment
        ? payment.amountCents - payment.refundedCents
        : spends.reduce((sum, v) => sum + v.amount, 0)
      const left = Math.min(before.paidCents - before.refundedCents, ofPayment)
      const amount = body.amountCents ?? left
      if (left <= 0) throw nothingLeft()
      if (amount > left || !(await sales.addRefunded(saleId, amount))) {
        throw new AppError(
          StaffErrorCode.refundTooLarge,
          `At most ${left} cents are left to give back of this order.`,
          { status: 422 },
        )
      }
      const whole = before.refundedCents + amount === before.paidCents
      if (body.restock && !whole) {
        throw new AppError(
          StaffErrorCode.restockNotWhole,
          'The articles go back into stock only with a refund of the whole order.',
          { status: 422 },
        )
      }
      if (payment) {
        // Within what the payment has left (read above, under the order's lock): queued here.
        if (!(await payments.refundSale(saleId, amount, body.reason))) throw nothingLeft()
      } else {
        let owed = amount
        for (const spend of spends) {
          const back = Math.min(owed, spend.amount)
          if (back <= 0) break
          await deps.vouchers.moveBalance(
            spend.voucherId,
            back,
            { 'es-ES': `Devolución ${before.number}`, 'en-US': `Refund ${before.number}` },
            { customerId: before.customerId, saleId, at: new Date(clock()) },
          )
          owed -= back
        }
      }
      const restocked = body.restock ? await sales.stockOfOrder(saleId) : []
      await deps.shop.moveStock(restocked, 1)
      await audit.recordAudit({
        staffId,
        action: 'order.refund',
        subject: `sale:${saleId}`,
        before: auditOf(before),
        after: {
          ...auditOf(before),
          state: 'refunded',
          refundedCents: before.refundedCents + amount,
          amountCents: amount,
          reason: body.reason,
          to: payment ? 'provider' : 'money_voucher',
          restocked,
        },
      })
    })
    return order(saleId, locale)
  }

  return { orders, order, ship, refund }
}

export type StaffOrders = ReturnType<typeof createStaffOrders>
