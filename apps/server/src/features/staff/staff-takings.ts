import {
  DeskPaymentMethodId,
  PaymentMethodId,
  VoucherKind,
  type Locale,
  type StaffTakings,
  type TakingsLine,
} from '@clubhouse/contract/server'
import { paymentMethodName } from '../account/account.service.ts'
import { dayBounds, wallClockAt } from '../bookings/centre-clock.ts'
import type { BookingsService } from '../bookings/bookings.service.ts'
import type { ContentService } from '../content/content.service.ts'
import type { PaymentsService } from '../payments/payments.service.ts'
import type { SalesService } from '../sales/sales.service.ts'
import type { VouchersService } from '../vouchers/vouchers.service.ts'

const REFUND: Record<Locale, string> = { 'es-ES': 'Devolución', 'en-US': 'Refund' }
const UNITS: Record<'sessions' | 'hours', Record<Locale, string>> = {
  sessions: { 'es-ES': 'Bono de sesiones', 'en-US': 'Sessions voucher' },
  hours: { 'es-ES': 'Bono de horas', 'en-US': 'Hours voucher' },
}

/**
 * The day's takings (issue 23, item 9), from what each feature keeps: the providers' confirmed
 * payments and refunds (payments), the desk's cash and card (sales) and the vouchers' spends
 * (vouchers), for one day of the centre, from its midnight to the next.
 */
export function createStaffTakings(deps: {
  bookings: Pick<BookingsService, 'timeZone'>
  content: Pick<ContentService, 'mainSettings'>
  payments: Pick<PaymentsService, 'takingsBetween'>
  sales: Pick<SalesService, 'deskTakingsBetween'>
  vouchers: Pick<VouchersService, 'spendsBetween'>
  clock: () => number
}) {
  async function takings(date: string | undefined, locale: Locale): Promise<StaffTakings> {
    const zone = await deps.bookings.timeZone()
    const day = date ?? wallClockAt(deps.clock(), zone).date
    const { start, end } = dayBounds(day, zone)
    const from = new Date(start)
    const to = new Date(end)
    const [settings, online, desk, spends] = await Promise.all([
      deps.content.mainSettings(locale),
      deps.payments.takingsBetween(from, to),
      deps.sales.deskTakingsBetween(from, to),
      deps.vouchers.spendsBetween(from, to),
    ])
    const lines: TakingsLine[] = [
      ...online.online.map((p) => ({
        channel: 'online' as const,
        provider: p.provider,
        label: paymentMethodName(p.methodId, locale),
        count: p.count,
        amountCents: p.amountCents,
      })),
      ...desk.map((d) => ({
        channel:
          d.paymentMethodId === DeskPaymentMethodId.Cash ? ('desk_cash' as const) : ('desk_card' as const),
        provider: '',
        label: paymentMethodName(d.paymentMethodId, locale),
        count: d.count,
        amountCents: d.amountCents,
      })),
      ...spends
        .filter((s) => s.kind === VoucherKind.Money)
        .map((s) => ({
          channel: 'money_voucher' as const,
          provider: '',
          label: paymentMethodName(PaymentMethodId.MoneyVoucher, locale),
          count: s.count,
          amountCents: s.amount,
        })),
      ...online.refunds.map((r) => ({
        channel: 'refund' as const,
        provider: r.provider,
        label: `${REFUND[locale]} · ${paymentMethodName(r.methodId, locale)}`,
        count: r.count,
        amountCents: -r.amountCents,
      })),
    ]
    const voucherUnits = spends
      .filter((s) => s.kind !== VoucherKind.Money)
      .map((s) => {
        const kind = s.kind === VoucherKind.Hours ? ('hours' as const) : ('sessions' as const)
        // Hours are kept in minutes.
        return {
          kind,
          label: UNITS[kind][locale],
          count: s.count,
          units: kind === 'hours' ? s.amount / 60 : s.amount,
        }
      })
    return {
      date: day,
      currencySymbol: settings.currencySymbol,
      lines,
      voucherUnits,
      totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0),
    }
  }
  return { takings }
}

export type StaffTakingsService = ReturnType<typeof createStaffTakings>
