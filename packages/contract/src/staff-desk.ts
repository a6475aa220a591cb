/**
 * Booking for a customer at the desk (issue 23, item 4): find the customer (or take a walk-in), book
 * a court at the price the rules give or at a manual price with its reason, and settle it at the
 * desk (cash or the card terminal) or leave it owed, as a pending sale the customer sees on /debts.
 */
import { z } from 'zod'
import { LocalDateTime } from './bookings.ts'
import { BookingErrorCode, CheckoutErrorCode, SaleErrorCode } from './error-codes.ts'
import { MAX_NAME_LENGTH } from './customers.ts'
import { IdSchema, oneLineString } from './fields.ts'
import { defineRoute, okData, okModel } from './http.ts'

/**
 * Payment methods of the desk, apart from the site's (enums.ts): a sale settled at the desk is not
 * online, and the day's takings count each on its own.
 */
export const DeskPaymentMethodId = { Cash: 2, Card: 3 } as const

/**
 * How the desk settles a booking it makes: cash, the card terminal, one of the customer's vouchers
 * (`voucherId`), or left owed.
 */
export const DeskPayment = ['cash', 'card', 'voucher', 'pending'] as const
export type DeskPayment = (typeof DeskPayment)[number]

/** A manual price is at most this many times what the catalogue's rules give. */
export const MANUAL_PRICE_FACTOR = 10

const PAYMENT_IS = 'The payment is cash, card, voucher or pending.'
/** A voucher is named exactly when one pays (no payment named: owed). */
export const voucherWithVoucher = (b: {
  payment?: DeskPayment | undefined
  voucherId?: number | undefined
}) => (b.payment === 'voucher') === (b.voucherId !== undefined)
export const VOUCHER_NAMED = {
  message: 'Choose the voucher that pays (and only when a voucher pays).',
  path: ['voucherId'],
}

const ONE_CUSTOMER = 'Either a customer of the centre or a walk-in, one of the two.'

const Id = IdSchema({ min: 1, invalid: 'The id is a whole number from 1.', tooLarge: 'The id is too large.' })

/** How the desk settles what it books, apart from the booking itself (a place in a session too). */
export const DeskSettlementFields = {
  payment: z.enum(DeskPayment, PAYMENT_IS),
  voucherId: Id.optional(),
}

export const StaffCustomerQuery = z.object({
  /** Part of a name, surname, email or phone: accents and capitals do not count. */
  q: oneLineString({ error: 'Required' }).min(2, 'At least 2 characters').max(100, 'At most 100 characters'),
})

export const StaffCustomerFound = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string(),
  /** A walk-in the desk took: no account to log in with, never mailed. */
  walkIn: z.boolean(),
})
export type StaffCustomerFound = z.infer<typeof StaffCustomerFound>

export const StaffWalkIn = z.object({
  name: oneLineString({ error: 'Required' })
    .min(1, 'Required')
    .max(MAX_NAME_LENGTH, `At most ${MAX_NAME_LENGTH} characters`),
  phone: oneLineString({ error: 'Required' })
    .min(3, 'At least 3 characters')
    .max(30, 'At most 30 characters')
    .regex(/^[+0-9 ().-]+$/, 'A phone number: digits, spaces and + ( ) . -'),
})

export const StaffBookingBody = z
  .object({
    bookingTypeId: Id,
    /** The main resource, then one per follow-up type. */
    resourceIds: z.array(Id).min(1, 'Choose a resource').max(10, 'At most 10 resources'),
    /** The start, `yyyy-MM-dd HH:mm` in the centre's time. */
    start: LocalDateTime,
    durationMinutes: z
      .number()
      .int('Whole minutes')
      .min(1, 'At least 1 minute')
      .max(1440, 'At most 1440 minutes'),
    /** An existing customer, or a walk-in by name and phone. */
    customer: z
      .object({ id: Id.optional(), walkIn: StaffWalkIn.optional() })
      .refine((c) => (c.id === undefined) !== (c.walkIn === undefined), ONE_CUSTOMER),
    /** A price other than the rules' (0 to ten times theirs, in cents), with the reason for it. */
    manualPrice: z
      .object({
        priceCents: z.number().int('Whole cents').min(0, 'At least 0'),
        reason: oneLineString({ error: 'Required' })
          .min(3, 'Say why, in at least 3 characters')
          .max(200, 'At most 200 characters'),
      })
      .optional(),
    ...DeskSettlementFields,
  })
  .refine(voucherWithVoucher, VOUCHER_NAMED)
export type StaffBookingBody = z.input<typeof StaffBookingBody>

export const StaffBookingMade = z.object({
  bookingId: z.number().int(),
  customerId: z.number().int(),
  /** What the booking costs in all, as charged. */
  priceCents: z.number().int(),
  /** What the rules would have charged. */
  rulesPriceCents: z.number().int(),
  /** The sale, or null for a free booking. */
  saleId: z.number().int().nullable(),
  saleStatus: z.enum(['paid', 'pending']).nullable(),
  description: z.string(),
})
export type StaffBookingMade = z.infer<typeof StaffBookingMade>

/**
 * What the desk gives back when it cancels a booking: the way it was paid (to the card through the
 * provider that took it, vouchers in kind, desk money as credit on the money voucher), all of it to
 * the customer's money voucher, or nothing (the desk handed cash back, or keeps it).
 */
export const DeskRefund = ['original', 'voucher', 'none'] as const

export const StaffCancelBody = z.object({
  refund: z.enum(DeskRefund, 'The refund is original, voucher or none.'),
})

export const StaffCancelled = z.object({
  bookingId: z.number().int(),
  /** What went back, and how; empty when nothing did (or it was cancelled already). */
  refunds: z.array(
    z.object({ paymentMethod: z.string(), paymentMethodId: z.number().int().optional(), amount: z.number() }),
  ),
})

/** A booking type as the desk chooses among them (what a voucher pays): online or not, with its lengths. */
export const StaffBookingType = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Offered online; a desk-only type is booked at the desk alone. */
  isOnline: z.boolean(),
  /** Booked by place in a session (a class) rather than by time. */
  byPlace: z.boolean(),
  /** The lengths it is booked for, in minutes, shortest first (none for a type booked by place). */
  durations: z.array(z.number().int()),
})
export type StaffBookingType = z.infer<typeof StaffBookingType>

export const staffDeskRoutes = {
  staffBookingTypes: defineRoute({
    method: 'GET',
    path: '/api/staff/booking-types',
    summary: 'Every booking type of the centre, the desk-only ones too, with their lengths',
    tags: ['staff'],
    response: okData(z.array(StaffBookingType)),
    auth: 'staff',
    staffRole: 'desk',
  }),
  staffCustomerSearch: defineRoute({
    method: 'GET',
    path: '/api/staff/customers/search',
    summary: 'Customers whose name, surname, email or phone contain the text, accents and capitals aside',
    tags: ['staff'],
    query: StaffCustomerQuery,
    response: okData(z.array(StaffCustomerFound)),
    auth: 'staff',
    staffRole: 'desk',
  }),
  staffBook: defineRoute({
    method: 'POST',
    path: '/api/staff/bookings',
    summary:
      'Book a resource for a customer or a walk-in at the desk: confirmed at once, paid in cash or by card at the desk, or left owed as a pending sale',
    tags: ['staff'],
    body: StaffBookingBody,
    response: okModel(StaffBookingMade),
    auth: 'staff',
    staffRole: 'desk',
    // The refusals of a prebook's checks and of a time taken meanwhile, and of a voucher that cannot pay.
    errors: [
      ...Object.values(BookingErrorCode),
      CheckoutErrorCode.voucherNotUsable,
      SaleErrorCode.voucherInsufficient,
    ],
  }),
  staffCancelBooking: defineRoute({
    method: 'POST',
    path: '/api/staff/bookings/:id/cancel',
    summary:
      "Cancel a customer's booking at the desk, inside its cancellation window too, with the refund the centre chooses; once, however often it is asked",
    tags: ['staff'],
    params: z.object({ id: Id }),
    body: StaffCancelBody,
    response: okModel(StaffCancelled),
    auth: 'staff',
    staffRole: 'desk',
  }),
}
