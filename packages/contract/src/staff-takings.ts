/**
 * The day's takings (issue 23, item 9): what came in on one day of the centre, by how it was paid —
 * online by provider, at the desk in cash or by card, from money vouchers — less what went back to
 * cards, with the sessions and hours that vouchers paid. The desk app exports it as a CSV file.
 */
import { z } from 'zod'
import { LocalDate } from './bookings.ts'
import { defineRoute, okData } from './http.ts'

export const StaffTakingsQuery = z.object({
  /** A day of the centre; the centre's today when left out. */
  date: LocalDate.optional(),
})

/** How money came in (or went back). */
export const TakingsChannel = ['online', 'desk_cash', 'desk_card', 'money_voucher', 'refund'] as const
export type TakingsChannel = (typeof TakingsChannel)[number]

export const TakingsLine = z.object({
  channel: z.enum(TakingsChannel),
  /** The provider of an online payment or a refund (`redsys`, `paypal`…); empty otherwise. */
  provider: z.string(),
  /** What the line is, in the request's language ("Card (Redsys)", "Cash at the desk"…). */
  label: z.string(),
  /** Payments (or refunds, or spends) counted. */
  count: z.number().int(),
  /** In cents; a refund's is negative. */
  amountCents: z.number().int(),
})
export type TakingsLine = z.infer<typeof TakingsLine>

export const StaffTakings = z.object({
  date: z.string(),
  currencySymbol: z.string(),
  lines: z.array(TakingsLine),
  /** Sessions and hours vouchers paid that day: units, not money. */
  voucherUnits: z.array(
    z.object({
      kind: z.enum(['sessions', 'hours']),
      label: z.string(),
      count: z.number().int(),
      units: z.number(),
    }),
  ),
  /** The sum of the lines: what the day took in, refunds taken off. */
  totalCents: z.number().int(),
})
export type StaffTakings = z.infer<typeof StaffTakings>

export const staffTakingsRoutes = {
  staffTakings: defineRoute({
    method: 'GET',
    path: '/api/staff/takings',
    summary:
      "A day's takings by payment method: online by provider, desk cash and card, money vouchers, refunds",
    tags: ['staff'],
    query: StaffTakingsQuery,
    response: okData(StaffTakings),
    auth: 'staff',
    staffRole: 'manager',
  }),
}
