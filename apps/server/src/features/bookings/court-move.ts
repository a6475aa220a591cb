import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { StaffErrorCode } from '@clubhouse/contract/server'
import { AppError } from '../../lib/app-error.ts'
import type { Localised } from '../../lib/localised.ts'
import { isWalkInEmail } from '../customers/desk-customers.ts'
import { bookingBlocks, bookings, BookingStatus } from './bookings.tables.ts'
import { bookingNotFound, MINUTE, type CourtContext } from './court-context.ts'
import type { CourtMails } from './court-mails.ts'
import { checkPrebook, timesOf, type PrebookInput } from './court-prebook-checks.ts'
import { OVERLAP } from './court-prebook.ts'

const cannotMove = () =>
  new AppError(
    StaffErrorCode.cannotMove,
    'Only a confirmed court booking that has not started can be moved.',
    {
      status: 422,
    },
  )

export interface DeskMoveInput {
  bookingId: number
  /** The new start, `yyyy-MM-dd HH:mm` on the centre's clock. */
  start: string
  /** The new main resource (the same one to change the time alone). */
  resourceId: number
}

/** Where a booking stood and where it stands after a move, for the audit and the desk. */
export interface DeskMove {
  bookingId: number
  customerId: number
  priceCents: number
  description: Localised
  before: { resourceIds: number[]; start: number; end: number }
  after: { resourceIds: number[]; start: number; end: number }
}

/**
 * A booking the desk moves to another time or main resource (issue 23, item 4, decision 117), in
 * one unit of work: only a confirmed court booking that has not started moves, for as long as it
 * was booked. The new time is checked as a desk booking's (the type, its resources, the timetable
 * and the grid); its follow-ups keep their resources, shifted by the same time. The price stays
 * what was charged: the booking and its sale are not priced again, though the sale is renamed. Holds that ran out on the new
 * resources are released first; the booking's live blocks are rewritten in place, and the exclusion
 * constraint refuses a time another booking, hold or block of the centre takes (409 `slot_taken`,
 * nothing changed). The days of the old and the new time are counted as changed, and a customer who
 * is not a walk-in is mailed the new time with a calendar file that replaces the old one.
 */
export function createCourtMove(ctx: CourtContext, mails: CourtMails) {
  const { db, units, clock, catalogue, availability, centre } = ctx

  function move(input: DeskMoveInput): Promise<DeskMove> {
    return units.run(
      async () => {
        const now = clock()
        const settings = await centre()
        const cat = await catalogue.catalogue()
        const [booking] = await db
          .select()
          .from(bookings)
          .where(eq(bookings.id, input.bookingId))
          .for('update')
        if (!booking) throw bookingNotFound()
        if (
          booking.status !== BookingStatus.Confirmed ||
          booking.sessionId !== null ||
          booking.startsAt.getTime() <= now
        ) {
          throw cannotMove()
        }
        // The main resource's block is written first (writeBooking), then the follow-ups.
        const blocks = await db
          .select({ id: bookingBlocks.id, resourceId: bookingBlocks.resourceId })
          .from(bookingBlocks)
          .where(and(eq(bookingBlocks.bookingId, booking.id), isNull(bookingBlocks.releasedAt)))
          .orderBy(asc(bookingBlocks.id))
        const [main, ...followUps] = blocks
        if (!main) throw cannotMove()
        const resourceIds = [input.resourceId, ...followUps.map((b) => b.resourceId)]
        const asked = {
          booking: { customerId: booking.customerId, bookingTypeId: booking.bookingTypeId },
          blocks: resourceIds.map((resourceId) => ({
            resourceId,
            startDate: input.start,
            duration: booking.durationMinutes,
            customerId: booking.customerId,
          })),
        } as PrebookInput
        // Checked as the desk books; its price is not the booking's (a move does not price again).
        const wanted = checkPrebook(cat, asked, settings, now, undefined, { desk: true })
        await availability.releaseExpiredHolds({ now, zone: settings.zone, cat, resourceIds })

        const contact = await ctx.customers.contactOf(booking.customerId)
        const mailed = contact !== undefined && !isWalkInEmail(contact.email)
        // A reminder sent for the old time goes again for the new one, unless that is due already.
        const remindAgain =
          mailed && booking.reminderSentAt !== null && wanted.start - ctx.reminderHours * 60 * MINUTE > now
        await db
          .update(bookings)
          .set({
            startsAt: new Date(wanted.start),
            endsAt: new Date(wanted.end),
            description: wanted.description,
            ...(remindAgain ? { reminderSentAt: null } : {}),
          })
          .where(eq(bookings.id, booking.id))
        // What the customer owes or paid names the new time and court too; the amounts stay.
        if (booking.saleId !== null) {
          await ctx.sales.retitle(booking.saleId, wanted.description, wanted.blocks[0]!.name)
        }
        const range = `[${new Date(wanted.start).toISOString()},${new Date(wanted.end).toISOString()})`
        await db.execute(sql`update booking_blocks
          set during = ${range}::tstzrange,
            resource_id = case when id = ${main.id} then ${input.resourceId}::int else resource_id end
          where booking_id = ${booking.id} and released_at is null`)

        if (mailed) await mails.queueBookingMail('moved', booking.id)
        const before = {
          resourceIds: blocks.map((b) => b.resourceId),
          start: booking.startsAt.getTime(),
          end: booking.endsAt.getTime(),
        }
        // Last, so the days' version rows stay locked only for the commit.
        await availability.bumpDays(
          [
            ...before.resourceIds.map((resourceId) => ({ resourceId, start: before.start, end: before.end })),
            ...timesOf(wanted),
          ],
          cat,
          settings.zone,
        )
        return {
          bookingId: booking.id,
          customerId: booking.customerId,
          priceCents: booking.priceCents,
          description: wanted.description,
          before,
          after: { resourceIds, start: wanted.start, end: wanted.end },
        }
      },
      { conflicts: OVERLAP },
    )
  }

  return { move }
}

export type CourtMove = ReturnType<typeof createCourtMove>
