import { and, asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  BookingErrorCode,
  type CancelAnswer,
  type CustomerBooking,
  type Locale,
} from '@clubhouse/contract/server'
import { AppError } from '../../lib/app-error.ts'
import { paymentMethodName, voucherUnits } from '../account/account.service.ts'
import { createRefunds, type Refund } from '../payments/refunds.ts'
import { bookingBlocks, bookings, BookingStatus } from './bookings.tables.ts'
import { formatWallClock } from './centre-clock.ts'
import { bookingNotFound, localised, MINUTE, type CourtContext } from './court-context.ts'
import type { CourtMails } from './court-mails.ts'

const cannotCancel = () =>
  new AppError(
    BookingErrorCode.cannotCancel,
    'It is too late to cancel this booking online. Please contact the centre.',
    { status: 422 },
  )

/** What the desk gives back when it cancels: as it was paid, to the money voucher, or nothing. */
export type DeskRefund = 'original' | 'voucher' | 'none'

/** Whether a confirmed booking starting at `startsAt` can still be cancelled online at `now`. */
const cancellable = (startsAt: number, cancellationMinutes: number, now: number) =>
  startsAt - cancellationMinutes * MINUTE > now

/** The customer's bookings, and their cancellation with the refund of what was paid. */
export function createCourtCancel(ctx: CourtContext, mails: CourtMails) {
  const { db, units, sales, clock, catalogue, availability, centre } = ctx
  const { queueBookingMail } = mails
  const refunds = createRefunds({ vouchers: ctx.vouchers, providers: ctx.providerRefunds })

  /**
   * The customer's next bookings (not over yet), soonest first, and past ones, latest first. A hold
   * that ran out is no booking; a hold is cancelled from the cart, not here.
   */
  async function customerBookings(
    customerId: number,
    locale: Locale,
  ): Promise<{ next: CustomerBooking[]; past: CustomerBooking[] }> {
    const settings = await centre()
    const cat = await catalogue.catalogue()
    const now = clock()
    const rows = await db
      .select({
        id: bookings.id,
        bookingTypeId: bookings.bookingTypeId,
        status: bookings.status,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        durationMinutes: bookings.durationMinutes,
        description: bookings.description,
        holdExpiresAt: bookings.holdExpiresAt,
        // The main resource's block is written first (writeBooking).
        mainResourceId: sql<number | null>`(select b.resource_id from booking_blocks b
          where b.booking_id = "bookings"."id" order by b.id limit 1)`,
      })
      .from(bookings)
      .where(and(eq(bookings.customerId, customerId), sql`${bookings.status} <> 'expired'`))
      .orderBy(asc(bookings.startsAt), asc(bookings.id))
    const next: CustomerBooking[] = []
    const past: CustomerBooking[] = []
    for (const row of rows) {
      if (row.status === BookingStatus.Held && (row.holdExpiresAt?.getTime() ?? 0) <= now) continue
      const type = cat.typeById.get(row.bookingTypeId)
      const start = row.startsAt.getTime()
      const item: CustomerBooking = {
        id: row.id,
        bookingType: type?.name[locale] ?? '',
        resourceName:
          row.mainResourceId === null
            ? ''
            : (cat.resourceById.get(Number(row.mainResourceId))?.name[locale] ?? ''),
        start: formatWallClock(start, settings.zone),
        duration: row.durationMinutes,
        description: row.description[locale],
        canCancel:
          row.status === BookingStatus.Confirmed && cancellable(start, type?.cancellationMinutes ?? 0, now),
        status: row.status as CustomerBooking['status'],
      }
      if (row.endsAt.getTime() > now) next.push(item)
      else past.push(item)
    }
    return { next, past: past.reverse() }
  }

  /**
   * Cancels one of the customer's bookings in one unit of work. A hold is released (its sale
   * cancelled) whenever asked: the cart's remove does it. A confirmed booking is cancelled while its
   * start is further away than the type's cancellation window: its time is freed, what was paid goes
   * back in its kind (decisions 048, 069: a session to its sessions voucher, minutes to its hours
   * voucher, money to its money voucher), and a cancellation mail removes it from the calendar. Another customer's booking is "not found". Cancelling again changes nothing.
   */
  function cancel(
    bookingId: number,
    customerId: number,
    locale: Locale,
    /**
     * The desk's cancellation (issue 23, decision 114): any customer's booking (`customerId` is
     * then the booking's own, read here), inside the cancellation window too, with the refund the
     * centre chooses: the way it was paid (as a customer's), all of it to the money voucher, or none.
     */
    desk?: { refund: DeskRefund },
  ): Promise<z.output<typeof CancelAnswer>['infoReturns']> {
    return units.run(async () => {
      const settings = await centre()
      const cat = await catalogue.catalogue()
      const now = clock()
      // A session's row before its booking's, in the order a prebook of a place takes them.
      await ctx.sessionHooks()?.lockSessionOf(bookingId)
      const [booking] = await db
        .select()
        .from(bookings)
        .where(
          desk
            ? eq(bookings.id, bookingId)
            : and(eq(bookings.id, bookingId), eq(bookings.customerId, customerId)),
        )
        .for('update')
      if (!booking) throw bookingNotFound()
      customerId = booking.customerId
      if (booking.status === BookingStatus.Cancelled || booking.status === BookingStatus.Expired) return []
      const type = cat.typeById.get(booking.bookingTypeId)
      const confirmed = booking.status === BookingStatus.Confirmed
      if (
        !desk &&
        confirmed &&
        !cancellable(booking.startsAt.getTime(), type?.cancellationMinutes ?? 0, now)
      ) {
        throw cannotCancel()
      }
      const at = new Date(now)
      await db
        .update(bookings)
        .set({ status: BookingStatus.Cancelled, cancelledAt: at, holdExpiresAt: null })
        .where(eq(bookings.id, bookingId))
      const freed = await db
        .update(bookingBlocks)
        .set({ releasedAt: at })
        .where(and(eq(bookingBlocks.bookingId, bookingId), sql`${bookingBlocks.releasedAt} is null`))
        .returning({ resourceId: bookingBlocks.resourceId })
      await availability.bumpDays(
        freed.map((f) => ({
          resourceId: f.resourceId,
          start: booking.startsAt.getTime(),
          end: booking.endsAt.getTime(),
        })),
        cat,
        settings.zone,
      )

      let returned: Refund[] = []
      if (booking.saleId !== null) {
        const sale = await sales.findSale(booking.saleId, customerId)
        if (sale && sale.paidCents > 0 && desk?.refund !== 'none') {
          const paid = await refunds.paymentsOf(sale)
          // To the money voucher: the money as credit there, whoever took it (vouchers back in kind).
          const chosen =
            desk?.refund === 'voucher'
              ? paid.map((p) => (p.by === 'money' ? { ...p, paymentMethodId: null } : p))
              : paid
          returned = await refunds.refundPayments(chosen, {
            customerId,
            saleId: sale.id,
            concept: localised(
              (l) => `${l === 'es-ES' ? 'Devolución' : 'Refund'}: ${booking.description[l]}`,
            ),
            at,
          })
        }
        if (sale?.status === 'pending') await sales.cancelSale(sale.id)
      }
      if (confirmed) await queueBookingMail('cancellation', bookingId, { returned })
      if (booking.sessionId !== null) {
        await ctx.sessionHooks()?.cancelled({
          id: bookingId,
          sessionId: booking.sessionId,
          placeId: booking.placeId,
        })
      }
      return returned.length > 0
        ? [
            {
              bookingId,
              description: booking.description[locale],
              amounts: returned.map((r) => ({
                paymentMethod: paymentMethodName(r.paymentMethodId, locale),
                paymentMethodId: r.paymentMethodId,
                amount: voucherUnits(r.kind, r.amount),
              })),
            },
          ]
        : []
    })
  }

  /**
   * A booking's status, its row locked for the rest of the caller's unit: the desk reads whether its
   * cancel is the one that cancels (a second press waits for the first and finds it cancelled).
   * The session's row first, in the order a cancel takes them.
   */
  async function lockStatus(bookingId: number): Promise<BookingStatus | undefined> {
    await ctx.sessionHooks()?.lockSessionOf(bookingId)
    const [row] = await db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update')
    return row?.status
  }

  return { customerBookings, cancel, lockStatus }
}
