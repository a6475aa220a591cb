import {
  SaleItemKind,
  STAFF_VOUCHER_KIND,
  StaffVoucherKind,
  type LinkSent,
  type Locale,
  type StaffCustomer,
  type StaffCustomerEditBody,
  type StaffCustomerProfile,
  type StaffDebtBody,
  type StaffPendingSale,
  type StaffTopUpBody,
  type StaffVoucher,
  type StaffVoucherBody,
  type VoucherKind,
} from '@clubhouse/contract/server'
import type { z } from 'zod'
import type { Units } from '../../db/units.ts'
import { AppError } from '../../lib/app-error.ts'
import type { Localised } from '../../lib/localised.ts'
import { isVoucherActive, paymentMethodName } from '../account/account.service.ts'
import type { BookingsService } from '../bookings/bookings.service.ts'
import type { CustomersService } from '../customers/customers.service.ts'
import type { DeskAccount } from '../customers/desk-accounts.ts'
import type { SalesService } from '../sales/sales.service.ts'
import type { VouchersService } from '../vouchers/vouchers.service.ts'
import type { StaffAudit } from './staff-audit.ts'

/** The desk writes one text: the customer reads it in either language. */
const inBoth = (text: string): Localised => ({ 'es-ES': text, 'en-US': text })
const kindName = (kind: VoucherKind) =>
  StaffVoucherKind.find((name) => STAFF_VOUCHER_KIND[name] === kind) ?? 'money'

const customerNotFound = () => new AppError('not_found', 'This customer was not found.')
const voucherNotFound = () => new AppError('not_found', 'This voucher was not found.')

/** The most pending sales the desk lists of one customer. */
const PENDING_LISTED = 200

const profileOf = (a: DeskAccount): StaffCustomerProfile => ({
  id: a.id,
  name: a.name,
  surname: a.surname,
  email: a.email,
  phone: a.phone,
  walkIn: a.walkIn,
  activated: a.activatedAt !== null,
  disabled: a.disabledAt !== null,
  activatedAt: a.activatedAt?.toISOString() ?? null,
  disabledAt: a.disabledAt?.toISOString() ?? null,
  createdAt: a.createdAt.toISOString(),
})

/** A customer's contact details as the audit keeps them. */
const contactOf = (a: DeskAccount) => ({ name: a.name, surname: a.surname, phone: a.phone, email: a.email })

/**
 * The desk's customers (issue 23, item 7), composed from the features that keep each part: the
 * customers feature the account, the bookings theirs, sales the orders and debts, vouchers the
 * balances and movements. Every write is one unit of work with its audit row, so a refused write
 * leaves neither.
 */
export function createStaffCustomers(deps: {
  units: Units
  customers: Pick<
    CustomersService,
    | 'deskAccount'
    | 'changeContact'
    | 'resendActivationOf'
    | 'disableAccount'
    | 'enableAccount'
    | 'findAccount'
  >
  bookings: Pick<BookingsService, 'customerBookings'>
  sales: Pick<SalesService, 'paidSalesWithLines' | 'pendingOf' | 'linesOf' | 'openSale'>
  vouchers: Pick<VouchersService, 'findVoucher' | 'createVoucher' | 'moveBalance' | 'vouchersWithMovements'>
  audit: Pick<StaffAudit, 'recordAudit'>
  clock: () => number
}) {
  const { units, customers, bookings, sales, vouchers, audit, clock } = deps

  async function ordersOf(customerId: number, locale: Locale): Promise<StaffCustomer['orders']> {
    const orders: StaffCustomer['orders'] = []
    for (const row of await sales.paidSalesWithLines(customerId, locale)) {
      let order = orders.at(-1)
      if (order?.id !== row.id) {
        order = {
          id: row.id,
          number: row.number,
          date: row.createdAt.toISOString(),
          totalCents: row.totalCents,
          online: row.online,
          paymentMethod: paymentMethodName(row.paymentMethodId, locale),
          items: [],
        }
        orders.push(order)
      }
      if (row.item) order.items.push(row.item.name)
    }
    return orders
  }

  async function vouchersOf(customerId: number, locale: Locale): Promise<StaffVoucher[]> {
    const now = new Date(clock())
    const list: StaffVoucher[] = []
    for (const { voucher: v, movement: m } of await vouchers.vouchersWithMovements(customerId, locale)) {
      let voucher = list.at(-1)
      if (voucher?.id !== v.id) {
        voucher = {
          id: v.id,
          kind: kindName(v.kind as VoucherKind),
          description: v.description,
          balance: v.balance,
          active: isVoucherActive(v, now),
          expiresAt: v.expiresAt?.toISOString() ?? null,
          movements: [],
        }
        list.push(voucher)
      }
      if (m) {
        voucher.movements.push({
          id: m.id,
          at: m.createdAt.toISOString(),
          amount: m.amount,
          previousAmount: m.previousAmount,
          current: m.current,
          concept: m.concept,
        })
      }
    }
    return list
  }

  async function pendingOf(customerId: number, locale: Locale): Promise<StaffPendingSale[]> {
    const rows = await sales.pendingOf(customerId, new Date(clock()), PENDING_LISTED)
    if (rows.length === 0) return []
    const lines = await sales.linesOf(rows.map((r) => r.id))
    return rows.map((r) => ({
      id: r.id,
      saleNumber: r.saleNumber,
      concept: r.title[locale],
      totalCents: r.totalCents,
      paidCents: r.paidCents,
      lines: lines
        .filter((l) => l.saleId === r.id)
        .map((l) => ({
          concept: l.name[locale],
          quantity: l.units,
          unitPriceCents: l.unitPriceCents,
          taxPercent: Number(l.taxPercent),
          totalCents: l.totalCents,
        })),
    }))
  }

  /** The customer's account with everything the desk lists of them. */
  async function customer(customerId: number, locale: Locale): Promise<StaffCustomer> {
    const account = await customers.deskAccount(customerId)
    const [booked, orders, held, pending] = await Promise.all([
      bookings.customerBookings(customerId, locale),
      ordersOf(customerId, locale),
      vouchersOf(customerId, locale),
      pendingOf(customerId, locale),
    ])
    return {
      ...profileOf(account),
      nextBookings: booked.next,
      pastBookings: booked.past,
      orders,
      vouchers: held,
      pendingSales: pending,
    }
  }

  /** Changes the contact details, recording `customer.edit` with them before and after (nothing when nothing changed). */
  async function editCustomer(
    staffId: number,
    customerId: number,
    body: z.output<typeof StaffCustomerEditBody>,
  ): Promise<StaffCustomerProfile> {
    const { after } = await units.run(async () => {
      const changed = await customers.changeContact(customerId, body)
      const [was, is] = [contactOf(changed.before), contactOf(changed.after)]
      if (JSON.stringify(was) !== JSON.stringify(is)) {
        await audit.recordAudit({
          staffId,
          action: 'customer.edit',
          subject: `customer:${customerId}`,
          before: was,
          after: is,
        })
      }
      return changed
    })
    return profileOf(after)
  }

  /** Writes a debt: a pending sale with the desk's lines, recording `debt.add`. */
  async function addDebt(
    staffId: number,
    customerId: number,
    body: z.output<typeof StaffDebtBody>,
    locale: Locale,
  ): Promise<StaffPendingSale> {
    const saleId = await units.run(async () => {
      if (!(await customers.findAccount(customerId))) throw customerNotFound()
      const sale = await sales.openSale({
        customerId,
        title: inBoth(body.concept),
        createdAt: new Date(clock()),
        lines: body.lines.map((l) => ({
          kind: SaleItemKind.Service,
          name: inBoth(l.concept),
          unitPriceCents: l.unitPriceCents,
          units: l.quantity,
          taxPercent: l.taxPercent,
        })),
      })
      await audit.recordAudit({
        staffId,
        action: 'debt.add',
        subject: `sale:${sale.id}`,
        before: null,
        after: {
          customerId,
          saleNumber: sale.saleNumber,
          concept: body.concept,
          lines: body.lines,
          totalCents: sale.totalCents,
        },
      })
      return sale.id
    })
    const made = (await pendingOf(customerId, locale)).find((s) => s.id === saleId)
    if (!made) throw new Error(`the debt ${saleId} is not pending`)
    return made
  }

  async function voucherOf(customerId: number, voucherId: number, locale: Locale) {
    const found = (await vouchersOf(customerId, locale)).find((v) => v.id === voucherId)
    if (!found) throw voucherNotFound()
    return found
  }

  /** A new voucher with its first movement, recording `voucher.add`. */
  async function addVoucher(
    staffId: number,
    customerId: number,
    body: z.output<typeof StaffVoucherBody>,
    locale: Locale,
  ): Promise<StaffVoucher> {
    const voucherId = await units.run(async () => {
      if (!(await customers.findAccount(customerId))) throw customerNotFound()
      const at = new Date(clock())
      const kind = STAFF_VOUCHER_KIND[body.kind]
      const id = await vouchers.createVoucher({
        customerId,
        kind,
        description: inBoth(body.description),
        createdAt: at,
        ...(body.kind === 'money'
          ? {}
          : {
              scope: {
                bookingTypeIds: body.bookingTypeIds ?? [],
                durationMinutes: body.durationMinutes ?? [],
              },
            }),
      })
      const movement = await vouchers.moveBalance(id, body.amount, inBoth(body.concept), { at })
      await audit.recordAudit({
        staffId,
        action: 'voucher.add',
        subject: `voucher:${id}`,
        before: null,
        after: {
          customerId,
          kind: body.kind,
          description: body.description,
          bookingTypeIds: body.bookingTypeIds ?? [],
          durationMinutes: body.durationMinutes ?? [],
          movementId: movement.id,
          amount: body.amount,
          concept: body.concept,
          balance: movement.current,
        },
      })
      return id
    })
    return voucherOf(customerId, voucherId, locale)
  }

  /**
   * Tops a voucher up by an amount in its unit, recording `voucher.top-up` with the balance before
   * and after. The movement is written under the voucher's row lock (vouchers.moveBalance), so a
   * spend at the same moment waits for it or it for the spend: the balance stays the sum of its
   * movements.
   */
  async function topUp(
    staffId: number,
    voucherId: number,
    body: z.output<typeof StaffTopUpBody>,
    locale: Locale,
  ): Promise<StaffVoucher> {
    const customerId = await units.run(async () => {
      const voucher = await vouchers.findVoucher(voucherId)
      if (!voucher) throw voucherNotFound()
      const movement = await vouchers.moveBalance(voucherId, body.amount, inBoth(body.concept), {
        at: new Date(clock()),
      })
      await audit.recordAudit({
        staffId,
        action: 'voucher.top-up',
        subject: `voucher:${voucherId}`,
        before: { balance: movement.previousAmount },
        after: {
          balance: movement.current,
          movementId: movement.id,
          amount: body.amount,
          concept: body.concept,
          customerId: voucher.customerId,
        },
      })
      return voucher.customerId
    })
    return voucherOf(customerId, voucherId, locale)
  }

  /**
   * Sends the activation mail again. The site's path claims and counts the link and mails after the
   * answer, in units of its own, so the audit row (`activation.resend`) follows in a unit of its own
   * once the ask is taken; a refused ask records nothing.
   */
  async function resendActivation(staffId: number, customerId: number): Promise<LinkSent> {
    const sent = await customers.resendActivationOf(customerId)
    await units.run(() =>
      audit.recordAudit({
        staffId,
        action: 'activation.resend',
        subject: `customer:${customerId}`,
        before: null,
        after: { alreadySent: sent.alreadySent, sentAt: sent.sentAt },
      }),
    )
    return sent
  }

  /**
   * Disables the account (`customer.disable`) or enables it again (`customer.enable`), recording
   * its `disabledAt` before and after; an account in that state already records nothing.
   */
  async function setDisabled(
    staffId: number,
    customerId: number,
    disabled: boolean,
  ): Promise<StaffCustomerProfile> {
    const { after } = await units.run(async () => {
      const done = disabled
        ? await customers.disableAccount(customerId)
        : await customers.enableAccount(customerId)
      if (done.changed) {
        await audit.recordAudit({
          staffId,
          action: disabled ? 'customer.disable' : 'customer.enable',
          subject: `customer:${customerId}`,
          before: { disabledAt: done.before.disabledAt?.toISOString() ?? null },
          after: { disabledAt: done.after.disabledAt?.toISOString() ?? null },
        })
      }
      return done
    })
    return profileOf(after)
  }
  const disable = (staffId: number, customerId: number) => setDisabled(staffId, customerId, true)
  const enable = (staffId: number, customerId: number) => setDisabled(staffId, customerId, false)

  return { customer, editCustomer, addDebt, addVoucher, topUp, resendActivation, disable, enable }
}

export type StaffCustomers = ReturnType<typeof createStaffCustomers>
