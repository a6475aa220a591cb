import type { Db } from '../../db/client.ts'
import { createCourtAnswers } from './court-answers.ts'
import { createCourtCancel } from './court-cancel.ts'
import { createCourtContext, type BookingsDeps } from './court-context.ts'
import { createCourtImports } from './court-imports.ts'
import { createCourtMails } from './court-mails.ts'
import { createCourtMove } from './court-move.ts'
import { createCourtPrebook } from './court-prebook.ts'
import { createCourtSales } from './court-sales.ts'
import { createCourtSweep } from './court-sweep.ts'
import { createCourtDesk } from './court-desk.ts'
import { createDeskDay } from './desk-day.ts'
import { createNoOnlineBlocks } from './no-online-blocks.ts'

export { type DeskRefund } from './court-cancel.ts'
export {
  bookingNotFound,
  localised,
  typeClosed,
  type BookingsDeps,
  type CentreSettings,
  type SessionHooks,
} from './court-context.ts'
export { beyondHorizon, tooFarAhead, tooSoon } from './court-prebook-checks.ts'
export { cartSale, slotTaken } from './court-prebook.ts'
export type { BlockClash, NoOnlineBlock, NoOnlineBlockInput } from './no-online-blocks.ts'

/**
 * Bookings by resource and time (spec 2 §2-§9): the booking types and their filters, the day's
 * resources with their times and prices, follow-up choices (court-answers.ts), the hold a prebook
 * makes with the sale the cart shows, confirmation (at once when free, at checkout when paid;
 * court-prebook.ts, checked by court-prebook-checks.ts, told by the sale hooks of court-sales.ts),
 * the customer's bookings and their cancellation with the refund (court-cancel.ts), their mails
 * (court-mails.ts), the desk's bookings and moves (court-desk.ts, court-move.ts), the sweep that releases holds and sends reminders (court-sweep.ts), the
 * desk's and the seed's own writes (court-imports.ts), and the staff's no-online blocks
 * (no-online-blocks.ts). What the parts share is court-context.ts.
 */
export function createBookingsService(db: Db, deps: BookingsDeps) {
  const ctx = createCourtContext(db, deps)
  const answers = createCourtAnswers(ctx)
  const mails = createCourtMails(ctx)
  const prebook = createCourtPrebook(ctx, mails)
  const cancel = createCourtCancel(ctx, mails)
  createCourtSales(ctx, prebook, mails)
  const sweep = createCourtSweep(ctx, mails)
  const imports = createCourtImports(ctx, prebook)
  const desk = createDeskDay(ctx)
  const deskBookings = createCourtDesk(ctx, prebook, mails)
  const deskMoves = createCourtMove(ctx, mails)
  const blocks = createNoOnlineBlocks(ctx)

  return {
    catalogue: ctx.catalogue,
    availability: ctx.availability,
    bookingTypesList: answers.bookingTypesList,
    filters: answers.filters,
    list: answers.list,
    dateAvailability: answers.dateAvailability,
    loadPrice: answers.loadPrice,
    prebook: prebook.prebook,
    confirmBooking: prebook.confirmBooking,
    customerBookings: cancel.customerBookings,
    cancel: cancel.cancel,
    lockBookingStatus: cancel.lockStatus,
    sweep: sweep.sweep,
    startSweeping: sweep.startSweeping,
    addNoOnlineBlock: imports.addNoOnlineBlock,
    addNoOnlineBlocks: blocks.addNoOnlineBlocks,
    noOnlineBlocks: blocks.noOnlineBlocks,
    releaseNoOnlineBlocks: blocks.releaseNoOnlineBlocks,
    importBooking: imports.importBooking,
    /** The desk's day of one resource type (issue 23), ready to send. */
    deskDay: desk.day,
    /** A booking the desk makes for a customer (issue 23), in the caller's unit of work. */
    deskBook: deskBookings.book,
    /** A confirmed court booking the desk moves to another time or court (decision 117). */
    deskMove: deskMoves.move,
    /** The centre's time zone as the bookings read it. */
    timeZone: async () => (await ctx.centre()).zone,
    centreSettings: ctx.centre,
    priceListOf: ctx.priceListOf,
    queueBookingMail: mails.queueBookingMail,
    /** Booking by place hooks in here (place-bookings.service.ts). */
    useSessionHooks: ctx.useSessionHooks,
  }
}

export type BookingsService = ReturnType<typeof createBookingsService>
