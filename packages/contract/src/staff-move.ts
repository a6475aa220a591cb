/**
 * Moving a booking at the desk (issue 23, item 4, decision 117): a confirmed court booking that has
 * not started goes to another free time and/or main resource of its booking type, for as long as it
 * was booked; its follow-ups keep their own resources, shifted by the same time. The price stays
 * what was charged.
 */
import { z } from 'zod'
import { LocalDateTime } from './bookings.ts'
import { BookingErrorCode, StaffErrorCode } from './error-codes.ts'
import { IdSchema } from './fields.ts'
import { defineRoute, okModel } from './http.ts'

const Id = IdSchema({ min: 1, invalid: 'The id is a whole number from 1.', tooLarge: 'The id is too large.' })

export const StaffMoveBody = z.object({
  /** The new start, `yyyy-MM-dd HH:mm` in the centre's time. */
  start: LocalDateTime,
  /** The new main resource, one of the booking type's (the same one to change the time alone). */
  resourceId: Id,
})
export type StaffMoveBody = z.input<typeof StaffMoveBody>

export const StaffMoved = z.object({
  bookingId: z.number().int(),
  /** The new start and end, as instants. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** The main resource it is on now. */
  resourceId: z.number().int(),
  /** What the booking costs, as charged when it was made: a move does not price it again. */
  priceCents: z.number().int(),
  description: z.string(),
})
export type StaffMoved = z.infer<typeof StaffMoved>

export const staffMoveRoutes = {
  staffMoveBooking: defineRoute({
    method: 'POST',
    path: '/api/staff/bookings/:id/move',
    summary:
      "Move a customer's confirmed court booking that has not started to another free time or court of its type, at the price it was charged; its follow-ups move by the same time",
    tags: ['staff'],
    params: z.object({ id: Id }),
    body: StaffMoveBody,
    response: okModel(StaffMoved),
    auth: 'staff',
    staffRole: 'desk',
    // The checks of a desk booking, a time taken meanwhile, and a booking that cannot move.
    errors: [...Object.values(BookingErrorCode), StaffErrorCode.cannotMove],
  }),
}
