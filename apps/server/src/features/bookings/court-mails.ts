import { eq } from 'drizzle-orm'
import { paths } from '@clubhouse/contract/server'
import { paymentMethodName } from '../account/account.service.ts'
import type { Refund } from '../payments/refunds.ts'
import { bookingMail, formatMoney, formatVoucherAmount, type BookingMailKind } from './booking-mails.ts'
import { bookings } from './bookings.tables.ts'
import { hourMinute, wallClockAt } from './centre-clock.ts'
import type { CourtContext } from './court-context.ts'
import type { CalendarEvent } from './ics.ts'

/**
 * A booking's mails (its confirmation, reminder and cancellation, a place offered, a move at the
 * desk), written in the customer's language; a confirmation's, a move's and a cancellation's carry
 * the calendar file that adds, updates or removes the booking.
 */
export function createCourtMails(ctx: CourtContext) {
  const { db, mail, clock, catalogue, centre } = ctx

  /** Queues a booking's mail in the caller's unit of work, in the customer's language. */
  async function bookingMailOf(kind: BookingMailKind, bookingId: number, opts: { returned?: Refund[] } = {}) {
    const settings = await centre()
    const [row] = await db
      .select({
        customerId: bookings.customerId,
        bookingTypeId: bookings.bookingTypeId,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        priceCents: bookings.priceCents,
        description: bookings.description,
        holdExpiresAt: bookings.holdExpiresAt,
      })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
    if (!row) return undefined
    const customer = await ctx.customers.contactOf(row.customerId)
    if (!customer) return undefined
    const cat = await catalogue.catalogue()
    const locale = customer.language
    const start = row.startsAt.getTime()
    const type = cat.typeById.get(row.bookingTypeId)
    const money = kind === 'cancellation' ? 0 : row.priceCents
    const event: CalendarEvent | undefined =
      kind === 'reminder' || kind === 'offer'
        ? undefined
        : {
            uid: `booking-${bookingId}@${new URL(ctx.publicUrl).hostname}`,
            method: kind === 'cancellation' ? 'CANCEL' : 'PUBLISH',
            // A move and a cancellation outrank the confirmation; between them the later stamp wins.
            sequence: kind === 'confirmation' ? 0 : 1,
            start,
            end: row.endsAt.getTime(),
            stamp: clock(),
            summary: row.description[locale],
            description: `${settings.name[locale]} — ${row.description[locale]}`,
            location: settings.address || settings.name[locale],
            organizer: {
              name: settings.name[locale],
              email: settings.email || `no-reply@${new URL(ctx.publicUrl).hostname}`,
            },
          }
    return {
      customerId: row.customerId,
      to: customer.email,
      ...bookingMail(
        kind,
        {
          locale,
          centreName: settings.name[locale],
          customerName: customer.name,
          description: row.description[locale],
          price: money > 0 ? formatMoney(money, settings) : '',
          returned: (opts.returned ?? []).map((r) => ({
            amount: formatVoucherAmount(r.kind, r.amount, settings, locale),
            voucher: paymentMethodName(r.paymentMethodId, locale).toLocaleLowerCase(locale),
          })),
          address: settings.address,
          cancellationText: type?.cancellationText[locale] ?? '',
          link: `${ctx.publicUrl}${paths.customerBookings}`,
          hoursBefore: ctx.reminderHours,
          heldUntil:
            row.holdExpiresAt === null
              ? ''
              : hourMinute(wallClockAt(row.holdExpiresAt.getTime(), settings.zone).minute),
        },
        event,
      ),
    }
  }

  async function queueBookingMail(
    kind: BookingMailKind,
    bookingId: number,
    opts: { returned?: Refund[] } = {},
  ) {
    const content = await bookingMailOf(kind, bookingId, opts)
    if (content) await mail.queue(content)
  }

  return { bookingMailOf, queueBookingMail }
}

export type CourtMails = ReturnType<typeof createCourtMails>
