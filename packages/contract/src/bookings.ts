import { z } from 'zod'
import { CustomerId } from './customers.ts'
import { BookingErrorCode, SaleErrorCode } from './error-codes.ts'
import { PaymentMethodIdSchema } from './enums.ts'
import { IdSchema, safeString } from './fields.ts'
import { defineRoute, envelope } from './http.ts'

/**
 * Bookings by type (spec 2 §2 "Booking by type", §3, §4, §7): booking types, the resources of a day
 * with their time tables and prices, the follow-up resources, the hold a prebook makes, the
 * customer's bookings and their cancellation.
 *
 * Times a customer reads are wall-clock times of the centre (its time zone in the settings), written
 * `yyyy-MM-dd HH:mm` (the spec's system date format), whatever the time zone of the server or of the
 * browser. Money is in euros with cents, as the rest of the API answers it.
 */

/** How long a prebooked slot stays held for its customer before it is released (minutes). */
export const HOLD_MINUTES_DEFAULT = 15
/** The longest booking a customer can make in one go (minutes). */
export const MAX_BOOKING_MINUTES = 24 * 60
/** The most blocks one prebook may hold: the main resource and its follow-up resources. */
export const MAX_PREBOOK_BLOCKS = 10
/** Dates a booking call accepts (a year 9999 is a typo, not a booking). */
export const MIN_BOOKING_YEAR = 2000
export const MAX_BOOKING_YEAR = 2100

// ---------------------------------------------------------------------------------------------
// Dates and times of the centre

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::00)?$/

function isRealDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day))
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day
}

const yearInRange = (year: number) => year >= MIN_BOOKING_YEAR && year <= MAX_BOOKING_YEAR

/** A calendar day of the centre, `yyyy-MM-dd`. */
export const LocalDate = safeString()
  .regex(LOCAL_DATE, 'A date as YYYY-MM-DD')
  // zod runs every check even after the pattern failed: text that is no date at all says only that.
  .refine((v) => {
    const match = LOCAL_DATE.exec(v)
    if (!match) return true
    const [, y, m, d] = match.map(Number) as [number, number, number, number]
    return isRealDate(y, m, d)
  }, 'Not a real date')
  .refine(
    (v) => !LOCAL_DATE.test(v) || yearInRange(Number(v.slice(0, 4))),
    `A date between ${MIN_BOOKING_YEAR} and ${MAX_BOOKING_YEAR}`,
  )

/** A wall-clock time of the centre, `yyyy-MM-dd HH:mm` (a `T` instead of the space is read too). */
export const LocalDateTime = safeString()
  .regex(LOCAL_DATE_TIME, 'A date and time as YYYY-MM-DD HH:mm')
  .refine((v) => {
    const match = LOCAL_DATE_TIME.exec(v)
    if (!match) return true
    const [, y, mo, d, h, mi] = match.map(Number) as number[]
    return isRealDate(y!, mo!, d!) && h! < 24 && mi! < 60
  }, 'Not a real date and time')
  .refine(
    (v) => !LOCAL_DATE_TIME.test(v) || yearInRange(Number(v.slice(0, 4))),
    `A date between ${MIN_BOOKING_YEAR} and ${MAX_BOOKING_YEAR}`,
  )
  .transform((v) => `${v.slice(0, 10)} ${v.slice(11, 16)}`)

/** A duration in minutes a customer asks for. */
export const DurationMinutes = z
  .int('A duration is a whole number of minutes.')
  .min(1, 'A duration is a whole number of minutes.')
  .max(MAX_BOOKING_MINUTES, `A booking lasts at most ${MAX_BOOKING_MINUTES} minutes.`)

const bookingTypeId = IdSchema({
  min: 1,
  invalid: 'The booking type id is a whole number from 1.',
  tooLarge: 'The booking type id is too large.',
})
const resourceId = IdSchema({
  min: 1,
  invalid: 'The resource id is a whole number from 1.',
  tooLarge: 'The resource id is too large.',
})
const resourceTypeId = IdSchema({
  min: 1,
  invalid: 'The resource type id is a whole number from 1.',
  tooLarge: 'The resource type id is too large.',
})
const bookingId = IdSchema({
  min: 1,
  invalid: 'The booking id is a whole number from 1.',
  tooLarge: 'The booking id is too large.',
})
/** A customer id of a body that may say "nobody" with null, absent or 0 (spec 2 §7: null if none). */
const OptionalCustomerId = z
  .union([CustomerId, z.null()])
  .optional()
  .transform((v) => v ?? 0)

// ---------------------------------------------------------------------------------------------
// Answers

export const BookingType = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Booked by place in a scheduled session rather than by resource and time. */
  byPlace: z.boolean(),
  /** A by-place type that may also be booked by resource and time. */
  allowCreateBookByPlace: z.boolean(),
  category: z.string(),
  image: z.string(),
  description: z.string(),
  /** Sanitised HTML. */
  extendedDescription: z.string(),
  /** The lowest price of the type (euros), shown as "from". 0 for a free type. */
  grossPrice: z.number(),
  /** Offered in the home page's direct-access menu. */
  showInMainPage: z.boolean(),
})
export type BookingType = z.infer<typeof BookingType>

export const ResourceTypeSummary = z.object({ id: z.number().int(), name: z.string() })
export type ResourceTypeSummary = z.infer<typeof ResourceTypeSummary>

export const BookingFilters = z.object({
  bookingTypes: z.array(BookingType),
  /** The resource types the customer can filter by (those of the booking type when one is given). */
  resourceTypes: z.array(ResourceTypeSummary),
  anticipationText: z.string(),
  /** How long before its start a slot can still be booked (minutes). */
  anticipationMins: z.number().int(),
  cancellationText: z.string(),
  /** Until how long before its start a booking can be cancelled (minutes). */
  cancellationMins: z.number().int(),
  /** How many days after the centre's today a booking may start (decision 074). */
  daysAhead: z.number().int(),
})
export type BookingFilters = z.infer<typeof BookingFilters>

/** A no-online block: time the centre's staff took, shown as not bookable. */
export const NoOnlineBlock = z.object({
  duration: z.number().int(),
  resourceId: z.number().int(),
  resourceName: z.string(),
  /** `yyyy-MM-dd HH:mm`, the centre's time. */
  start: z.string(),
})

/** One start time on a resource's slot grid. */
export const TimeTableEntry = z.object({
  /** `yyyy-MM-dd HH:mm`, the centre's time. */
  start: z.string(),
  /** `HH:mm` */
  sstart: z.string(),
  /** The durations (minutes) that can start here now; empty when the time is taken. */
  durations: z.array(z.number().int()),
  /** Price (euros) by duration, keyed by the duration in minutes: the price charged. */
  priceByDuration: z.record(z.string(), z.number()),
  noOnlineBlocks: z.array(NoOnlineBlock),
  /** Whether any duration can start here (taken, past and staff times cannot). */
  available: z.boolean(),
})
export type TimeTableEntry = z.infer<typeof TimeTableEntry>

export const BookingResource = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The resource type's name. */
  type: z.string(),
  typeId: z.number().int(),
  image: z.string(),
  description: z.string(),
  timeTable: z.array(TimeTableEntry),
})
export type BookingResource = z.infer<typeof BookingResource>

/**
 * A follow-up resource type of a booking type (decision 079): `optional` — the customer may decline
 * it ("No, thanks", offered first); otherwise one of its resources must be chosen.
 */
export const RelatedResourceType = ResourceTypeSummary.extend({ optional: z.boolean() })
export type RelatedResourceType = z.infer<typeof RelatedResourceType>

export const BookingsListModel = z.object({
  list: z.array(BookingResource),
  /** Related resource type ids: one follow-up choice per type after a slot is chosen. */
  multipleResources: z.array(z.number().int()),
  /** The related resource types with their names, in the order they are offered. */
  relatedResourceTypes: z.array(RelatedResourceType),
  /** Why nothing can be booked that day, when nothing can; null otherwise. */
  errorMsg: z.string().nullable(),
})
export type BookingsListModel = z.infer<typeof BookingsListModel>

/** A free resource of a related type for the chosen time, and what it adds to the price. */
export const AvailableResource = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  description: z.string(),
  /** Euros added to the booking; 0 when included. */
  price: z.number(),
})
export type AvailableResource = z.infer<typeof AvailableResource>

/** A sale the cart shows and the checkout pays (a booking, a sign-up, a debt). */
export const CartSaleModel = z.object({
  id: z.number().int(),
  title: z.string(),
  saleNumber: z.string(),
  /** Euros still to pay. */
  pending: z.number(),
  paid: z.number(),
  /** API path (without `/api/`) that cancels the sale and releases what it holds. */
  cancelUrl: z.string().nullable(),
  /** When the hold of what it sells ends (ISO 8601 instant); null when nothing is held. */
  holdExpiresAt: z.string().nullable(),
})
export type CartSaleModel = z.infer<typeof CartSaleModel>

export const PrebookModel = z.object({
  /** Nothing to pay: the booking is confirmed at once, and there is no sale for the cart. */
  serviceFree: z.boolean(),
  bookingId: z.number().int(),
  /** What is booked, as the cart's sale title reads. */
  description: z.string(),
  sale: CartSaleModel.nullable(),
})
export type PrebookModel = z.infer<typeof PrebookModel>

export const CustomerBooking = z.object({
  id: z.number().int(),
  bookingType: z.string(),
  resourceName: z.string(),
  /** `yyyy-MM-dd HH:mm`, the centre's time. */
  start: z.string(),
  /** Minutes. */
  duration: z.number().int(),
  description: z.string(),
  canCancel: z.boolean(),
  /** 'held' (waiting for payment), 'confirmed', 'cancelled'. */
  status: z.enum(['held', 'confirmed', 'cancelled']),
})
export type CustomerBooking = z.infer<typeof CustomerBooking>

/**
 * What went back one way: `amount` is in the unit of where it went (decision 069), told by
 * `paymentMethodId`: 7 sessions voucher, a count of sessions; 8 hours voucher, hours; otherwise money,
 * in euros. Left out (a back end that refunds money only): money.
 */
export const RefundAmount = z.object({
  paymentMethod: z.string(),
  amount: z.number(),
  paymentMethodId: PaymentMethodIdSchema.optional(),
})
export const CancelAnswer = envelope({
  errorMsg: z.string().nullable(),
  /** Per cancelled booking, what was returned and how. Empty when nothing had been paid. */
  infoReturns: z.array(
    z.object({ bookingId: z.number().int(), description: z.string(), amounts: z.array(RefundAmount) }),
  ),
})

// ---------------------------------------------------------------------------------------------
// Requests

export const BookingsListBody = z.object({
  date: LocalDate,
  bookingTypeId,
  customerId: OptionalCustomerId,
  resourceTypeId: z.union([resourceTypeId, z.null()]).optional(),
})

export const DateAvailabilityBody = z.object({
  /** The chosen slot's start, `yyyy-MM-dd HH:mm`. */
  date: LocalDateTime,
  customerId: OptionalCustomerId,
  /** The related resource type to choose from. */
  bookingTypeResourceId: resourceTypeId,
  bookingTypeId: bookingTypeId.optional(),
  /** The chosen duration (minutes); the booking type's shortest when absent. */
  duration: DurationMinutes.optional(),
})

export const LoadPriceBody = z.object({
  startDate: LocalDateTime,
  bookingTypeId,
  duration: DurationMinutes,
  customerId: OptionalCustomerId,
  resourceId,
})

/** One block a prebook asks for: a resource from a start for a duration. */
export const BlockInput = z.object({
  duration: DurationMinutes,
  resourceId,
  resourceName: safeString().max(200).optional(),
  startDate: LocalDateTime,
  sstart: safeString().max(10).optional(),
  noOnline: z.boolean().optional(),
  customerId: OptionalCustomerId,
})

export const PrebookBody = z.object({
  booking: z.object({
    customerId: CustomerId,
    bookingTypeId,
    bookingTypeName: safeString().max(200).optional(),
    isValidated: z.boolean().optional(),
    sendCommunications: z.boolean().optional(),
    origin: z.int().min(0).max(10).optional(),
    bookingByPlace: z.boolean().optional(),
  }),
  customerIsParticipant: z.boolean().optional(),
  /** The main resource's block first, then one per chosen follow-up resource. */
  blocks: z
    .array(BlockInput)
    .min(1, 'Choose a time first.')
    .max(MAX_PREBOOK_BLOCKS, `At most ${MAX_PREBOOK_BLOCKS} blocks at once.`),
  isMultiple: z.boolean().optional(),
})
export type PrebookBody = z.input<typeof PrebookBody>

// ---------------------------------------------------------------------------------------------
// Routes

export const bookingRoutes = {
  bookingTypesList: defineRoute({
    method: 'GET',
    path: '/api/publicbookings/booking-types-list',
    summary: 'The booking types the centre offers online',
    tags: ['bookings'],
    response: envelope({ model: z.array(BookingType) }),
  }),
  filters: defineRoute({
    method: 'GET',
    path: '/api/publicbookings/filters',
    summary:
      'Booking types and resource types to filter by, with the general anticipation and cancellation rules',
    tags: ['bookings'],
    response: envelope({ model: BookingFilters }),
  }),
  filtersOfType: defineRoute({
    method: 'GET',
    path: '/api/publicbookings/filters/:bookingTypeId',
    summary: 'The filters of one booking type: its resource types, anticipation and cancellation rules',
    tags: ['bookings'],
    params: z.object({ bookingTypeId }),
    response: envelope({ model: BookingFilters }),
  }),
  list: defineRoute({
    method: 'POST',
    path: '/api/publicbookings/list',
    summary: "The resources of a booking type on a day, each with its time table and the customer's prices",
    tags: ['bookings'],
    body: BookingsListBody,
    response: envelope({ errorMsg: z.string().nullable(), model: BookingsListModel }),
    auth: 'customer',
    owner: { from: 'body', key: 'customerId', zeroMeansNone: true },
    errors: [
      BookingErrorCode.bookedByPlace,
      BookingErrorCode.bookingTypeClosed,
      BookingErrorCode.resourceNotOfType,
    ],
  }),
  dateAvailability: defineRoute({
    method: 'POST',
    path: '/api/publicbookings/date-availability',
    summary: 'The resources of a related type that are free for the chosen time (follow-up choices)',
    tags: ['bookings'],
    body: DateAvailabilityBody,
    response: envelope({ model: z.array(AvailableResource) }),
    auth: 'customer',
    owner: { from: 'body', key: 'customerId', zeroMeansNone: true },
    errors: [
      BookingErrorCode.bookedByPlace,
      BookingErrorCode.bookingTypeClosed,
      BookingErrorCode.durationNotOffered,
      BookingErrorCode.resourceNotOfType,
    ],
  }),
  loadPrice: defineRoute({
    method: 'POST',
    path: '/api/publicbookings/loadprice',
    summary: 'The price of one booking: a resource, a start and a duration, for this customer',
    tags: ['bookings'],
    body: LoadPriceBody,
    response: envelope({ price: z.number() }),
    auth: 'customer',
    owner: { from: 'body', key: 'customerId', zeroMeansNone: true },
    errors: [
      BookingErrorCode.bookedByPlace,
      BookingErrorCode.bookingTypeClosed,
      BookingErrorCode.durationNotOffered,
      BookingErrorCode.resourceNotOfType,
    ],
  }),
  prebook: defineRoute({
    method: 'POST',
    path: '/api/publicbookings/prebook',
    summary: `Hold a slot for the customer (for ${HOLD_MINUTES_DEFAULT} minutes by default) with the sale the cart shows; a free booking is confirmed at once`,
    tags: ['bookings'],
    body: PrebookBody,
    response: envelope({ errorMsg: z.string().nullable(), model: PrebookModel }),
    auth: 'customer',
    owner: { from: 'body', key: 'booking.customerId' },
    rateLimit: { max: 30, timeWindow: '1 minute' },
    errors: Object.values(BookingErrorCode),
  }),
  customerBookings: defineRoute({
    method: 'GET',
    path: '/api/publicbookings/customer-bookings/:customerId',
    summary: "The customer's next and past bookings",
    tags: ['bookings'],
    params: z.object({ customerId: CustomerId }),
    response: envelope({
      model: z.object({ next: z.array(CustomerBooking), past: z.array(CustomerBooking) }),
    }),
    auth: 'customer',
    owner: { from: 'params', key: 'customerId' },
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/publicbookings/cancel/:bookingId/:customerId',
    summary: "Cancel one of the customer's bookings: frees its time and returns what was paid",
    tags: ['bookings'],
    params: z.object({ bookingId, customerId: CustomerId }),
    response: CancelAnswer,
    auth: 'customer',
    owner: { from: 'params', key: 'customerId' },
    errors: [BookingErrorCode.cannotCancel, SaleErrorCode.saleNotPayable],
  }),
}
