import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { MailAttachment } from '../comms/mailer.ts'
import type { SaleDetail } from '../sales/sale-hooks.ts'
import { bookings, BookingStatus } from './bookings.tables.ts'
import type { CourtContext } from './court-context.ts'
import type { CourtMails } from './court-mails.ts'
import type { CourtPrebook } from './court-prebook.ts'

/**
 * What the checkout learns of the sales of court bookings through the sale hooks: paying one
 * confirms its booking, and the cart shows each with its cancel path and what a voucher pays of it.
 */
export function createCourtSales(ctx: CourtContext, prebook: CourtPrebook, mails: CourtMails) {
  const { db } = ctx
  const { confirmBooking } = prebook
  const { bookingMailOf } = mails

  /**
   * What paying its sales does to bookings (the sale hooks of services.ts): their holds are
   * confirmed, and their calendar files travel with the order mail instead of a mail of their own.
   */
  async function confirmPaidSales(saleIds: number[]): Promise<MailAttachment[]> {
    const held = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(inArray(bookings.saleId, saleIds), eq(bookings.status, BookingStatus.Held)))
      .orderBy(asc(bookings.id))
    const files: MailAttachment[] = []
    for (const b of held) {
      await confirmBooking(b.id, { mail: false })
      const content = await bookingMailOf('confirmation', b.id)
      files.push(...(content?.attachments ?? []))
    }
    return files
  }

  /**
   * The cart's view of booking sales: their cancel path, and what a sessions or hours voucher would
   * pay of them: the booking's type and minutes, and what its follow-ups (a racket hire) add.
   */
  async function saleDetails(saleIds: number[]): Promise<Map<number, SaleDetail>> {
    const rows = await db
      .select({
        id: bookings.id,
        customerId: bookings.customerId,
        saleId: bookings.saleId,
        bookingTypeId: bookings.bookingTypeId,
        minutes: bookings.durationMinutes,
        // The main resource's block is written first (writeBooking); the others are follow-ups.
        extrasCents: sql<number>`coalesce((select sum(b.price_cents) from booking_blocks b
          where b.booking_id = "bookings"."id" and b.id > (select min(m.id) from booking_blocks m
            where m.booking_id = "bookings"."id")), 0)`.mapWith(Number),
      })
      .from(bookings)
      .where(inArray(bookings.saleId, saleIds))
    return new Map(
      rows.map((r) => [
        r.saleId!,
        {
          cancelUrl: `publicbookings/cancel/${r.id}/${r.customerId}`,
          bookingTypeId: r.bookingTypeId,
          minutes: r.minutes,
          extrasCents: r.extrasCents,
        },
      ]),
    )
  }
  ctx.saleHooks?.onPaid(confirmPaidSales)
  ctx.saleHooks?.onDetails(saleDetails)

  return { confirmPaidSales, saleDetails }
}
