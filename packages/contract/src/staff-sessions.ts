/**
 * The desk's sessions (issue 23, item 6): the roster of a session booked by place, with each
 * participant's check-in (came or did not come), its waiting list in order, and a participant
 * added by the desk for an existing customer. The rules are the site's: the session's size, one
 * live place per customer, a place of the map taken once.
 */
import { z } from 'zod'
import {
  BookingErrorCode,
  CheckoutErrorCode,
  PlaceErrorCode,
  SaleErrorCode,
  StaffErrorCode,
} from './error-codes.ts'
import { IdParam, IdSchema } from './fields.ts'
import { DeskSettlementFields, VOUCHER_NAMED, voucherWithVoucher } from './staff-desk.ts'
import { defineRoute, okData, okModel } from './http.ts'

/** How early before a session starts its check-in opens, unless the session's day has begun. */
export const CHECK_IN_OPENS_MINUTES = 60

/** What the desk marks of a participant: came, or did not come (`absent`). */
export const Attendance = ['came', 'absent'] as const
export type Attendance = (typeof Attendance)[number]

const ATTENDANCE_MESSAGE = 'The attendance is came, absent or null.'

/** The customer's contact details, as the desk calls them. */
const contact = { name: z.string(), surname: z.string(), phone: z.string(), email: z.string() }

/** A live place in the session (confirmed, or held and not run out) and who took it. */
export const StaffRosterRow = z.object({
  bookingId: z.number().int(),
  customerId: z.number().int(),
  ...contact,
  /** The place of the map it takes; null when the session has no map. */
  placeId: z.number().int().nullable(),
  placeName: z.string().nullable(),
  /** `held`: taken, not paid yet (until `holdExpiresAt`); `confirmed`: paid or free. */
  status: z.enum(['held', 'confirmed']),
  holdExpiresAt: z.string().nullable(),
  /** Null: not marked yet. */
  attendance: z.enum(Attendance).nullable(),
  /** When it was marked (ISO 8601) and by whom; null when not marked. */
  attendedAt: z.string().nullable(),
  attendedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** What the customer still owes for the place, in cents: 0 when it is free or paid. */
  owedCents: z.number().int(),
})
export type StaffRosterRow = z.infer<typeof StaffRosterRow>

/** A customer on the session's waiting list, in the order they are offered a place. */
export const StaffWaitlistRow = z.object({
  entryId: z.number().int(),
  /** 1 is offered the next place that frees. */
  position: z.number().int(),
  customerId: z.number().int(),
  ...contact,
  /** `offered`: a place is held for them (`offeredBookingId`, until `offerExpiresAt`). */
  status: z.enum(['waiting', 'offered']),
  /** When they joined (ISO 8601). */
  since: z.string(),
  offeredBookingId: z.number().int().nullable(),
  offerExpiresAt: z.string().nullable(),
})
export type StaffWaitlistRow = z.infer<typeof StaffWaitlistRow>

export const StaffSessionRoster = z.object({
  id: z.number().int(),
  bookingTypeId: z.number().int(),
  bookingType: z.string(),
  description: z.string(),
  /** ISO 8601 instant, and the centre's wall clock of it. */
  startsAt: z.string(),
  date: z.string(),
  time: z.string(),
  durationMinutes: z.number().int(),
  maxParticipants: z.number().int(),
  /** What a place costs before a customer's price list, in cents; 0: free. */
  priceCents: z.number().int(),
  /** How many can take part: the maximum, and no more than the places of its map. */
  capacity: z.number().int(),
  /** The places of its map in order; empty when the session has no map. */
  places: z.array(z.object({ id: z.number().int(), name: z.string(), taken: z.boolean() })),
  /** Ordered by place on the map, then by booking. */
  roster: z.array(StaffRosterRow),
  waitlist: z.array(StaffWaitlistRow),
})
export type StaffSessionRoster = z.infer<typeof StaffSessionRoster>

const sessionParams = z.object({ id: IdParam })

export const StaffAttendanceBody = z.object({
  bookingId: IdSchema({
    min: 1,
    invalid: 'The booking id is a whole number from 1.',
    tooLarge: 'The booking id is too large.',
  }),
  attendance: z.enum(Attendance, { error: ATTENDANCE_MESSAGE }).nullable().meta({
    description: 'came, absent, or null to clear the mark.',
  }),
})
export type StaffAttendanceBody = z.input<typeof StaffAttendanceBody>

export const StaffParticipantBody = z
  .object({
    customerId: IdSchema({
      min: 1,
      invalid: 'The customer id is a whole number from 1.',
      tooLarge: 'The customer id is too large.',
    }),
    placeId: IdSchema({
      min: 1,
      invalid: 'The place id is a whole number from 1.',
      tooLarge: 'The place id is too large.',
    })
      .optional()
      .meta({ description: 'The place of the map; required when the session has one.' }),
    /**
     * How the place is settled when the session has a price (the customer's price list applies):
     * cash, the card terminal, one of the customer's vouchers, or owed (the default). A free place
     * ignores it.
     */
    payment: DeskSettlementFields.payment.optional(),
    voucherId: DeskSettlementFields.voucherId,
  })
  .refine(voucherWithVoucher, VOUCHER_NAMED)
export type StaffParticipantBody = z.input<typeof StaffParticipantBody>

export const staffSessionRoutes = {
  staffSessionRoster: defineRoute({
    method: 'GET',
    path: '/api/staff/sessions/:id',
    summary:
      'A session booked by place with its roster (each live place, its customer and check-in) and its waiting list in order',
    tags: ['staff'],
    params: sessionParams,
    response: okData(StaffSessionRoster),
    auth: 'staff',
    staffRole: 'desk',
  }),
  staffSessionAttendance: defineRoute({
    method: 'POST',
    path: '/api/staff/sessions/:id/attendance',
    summary: `Mark a live place of the session as came or absent, or clear the mark; open from the session's day or ${CHECK_IN_OPENS_MINUTES} minutes before its start`,
    tags: ['staff'],
    params: sessionParams,
    body: StaffAttendanceBody,
    response: okModel(StaffRosterRow),
    auth: 'staff',
    staffRole: 'desk',
    errors: [StaffErrorCode.checkInTooEarly],
  }),
  staffSessionAddParticipant: defineRoute({
    method: 'POST',
    path: '/api/staff/sessions/:id/participants',
    summary:
      'Give an existing customer a confirmed place in the session at its price, settled at the desk, from a voucher or owed; refused when it is full, over, the customer is in it or the place is taken',
    tags: ['staff'],
    params: sessionParams,
    body: StaffParticipantBody,
    response: okModel(StaffRosterRow),
    auth: 'staff',
    staffRole: 'desk',
    errors: [
      PlaceErrorCode.sessionFull,
      PlaceErrorCode.placeTaken,
      PlaceErrorCode.alreadyBooked,
      PlaceErrorCode.placeRequired,
      PlaceErrorCode.placeNotInTemplate,
      BookingErrorCode.slotInPast,
      CheckoutErrorCode.voucherNotUsable,
      SaleErrorCode.voucherInsufficient,
    ],
  }),
}
