import { bookingBlocks, BookingStatus } from './bookings.tables.ts'
import { formatWallClock } from './centre-clock.ts'
import { MINUTE, type CourtContext } from './court-context.ts'
import { checkPrebook, timesOf, type PrebookInput } from './court-prebook-checks.ts'
import { OVERLAP, type CourtPrebook } from './court-prebook.ts'

/**
 * The desk's and the seed's own writes: time the centre takes on a resource, and bookings brought
 * in as they stand, checked and written as a prebook's are.
 */
export function createCourtImports(ctx: CourtContext, prebook: CourtPrebook) {
  const { db, units, sales, clock, catalogue, availability, centre } = ctx
  const { writeBooking } = prebook

  /** Takes time on a resource for the centre (a tournament, maintenance): shown as not bookable online. */
  function addNoOnlineBlock(input: { resourceId: number; start: number; minutes: number; note?: string }) {
    return units.run(
      async () => {
        const settings = await centre()
        const cat = await catalogue.catalogue()
        const end = input.start + input.minutes * MINUTE
        const [row] = await db
          .insert(bookingBlocks)
          .values({
            resourceId: input.resourceId,
            during: `[${new Date(input.start).toISOString()},${new Date(end).toISOString()})`,
            isNoOnline: true,
            note: input.note ?? '',
          })
          .returning({ id: bookingBlocks.id })
        await availability.bumpDays(
          [{ resourceId: input.resourceId, start: input.start, end }],
          cat,
          settings.zone,
        )
        return row!.id
      },
      { conflicts: OVERLAP },
    )
  }

  /**
   * Brings in a booking as it stands (the demo's history, a desk booking): priced by the type's
   * rules, its blocks written (released when cancelled), its sale opened and paid or left pending.
   * The clock's rules (past, anticipation) do not apply; the timetable and the exclusion do.
   */
  function importBooking(input: {
    customerId: number
    bookingTypeId: number
    /** The main resource, then one per follow-up type. */
    resourceIds: number[]
    start: number
    durationMinutes: number
    status: typeof BookingStatus.Confirmed | typeof BookingStatus.Cancelled
    /** Paid with this method (a paid sale), or null: nothing to pay or not paid. */
    paidWith: number | null
    createdAt: Date
  }): Promise<number> {
    return units.run(
      async () => {
        const settings = await centre()
        const cat = await catalogue.catalogue()
        const blocks = input.resourceIds.map((resourceId) => ({
          resourceId,
          startDate: formatWallClock(input.start, settings.zone),
          duration: input.durationMinutes,
          customerId: input.customerId,
        }))
        const wanted = checkPrebook(
          cat,
          {
            booking: { customerId: input.customerId, bookingTypeId: input.bookingTypeId },
            blocks,
          } as PrebookInput,
          settings,
          Number.NEGATIVE_INFINITY,
          undefined,
        )
        const cancelled = input.status === BookingStatus.Cancelled
        const { bookingId, sale } = await writeBooking(
          wanted,
          {
            customerId: input.customerId,
            status: input.status,
            confirmedAt: input.createdAt,
            cancelledAt: cancelled ? input.createdAt : null,
            // The demo's past and far bookings need no reminder of their own.
            reminderSentAt: wanted.start <= clock() ? new Date(wanted.start) : null,
            createdAt: input.createdAt,
          },
          { releasedAt: cancelled ? input.createdAt : null },
        )
        if (!cancelled) await availability.bumpDays(timesOf(wanted), cat, settings.zone)
        if (sale && input.paidWith !== null) {
          await sales.paySale(sale.id, {
            paymentMethodId: input.paidWith,
            online: true,
            at: input.createdAt,
          })
        } else if (sale && cancelled) {
          await sales.cancelSale(sale.id)
        }
        return bookingId!
      },
      { conflicts: OVERLAP },
    )
  }

  return { addNoOnlineBlock, importBooking }
}
