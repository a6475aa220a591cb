import { z } from 'zod'
import { CartSaleModel, LocalDate, PrebookModel } from './bookings.ts'
import { CustomerId } from './customers.ts'
import { BookingErrorCode, PlaceErrorCode, SaleErrorCode } from './error-codes.ts'
import { IdSchema } from './fields.ts'
import { defineRoute, envelope } from './http.ts'

/**
 * Booking by place (spec 2 §2 "Booking by place" and "Visual place choice", §3 booking template
 * info, §4 place states, §7, §8): scheduled sessions of by-place booking types (a spinning class, a
 * padel americano, a seat in a stand) that a customer joins, on a chosen place of the session's
 * template when it has one. A full session keeps a waiting list: when a place frees, the first
 * customer waiting is offered it (a hold and a mail), then the next if the offer lapses.
 *
 * The spec calls a session a "booking": `bookingId` in these routes and in the page's query is the
 * session's id; the customer's own booking of a place is a booking as in bookings.ts.
 */

/** Zoom of the place map (spec 2 §9): from 1 to 6 in steps of 0.05. */
export const MAP_ZOOM_MIN = 1
export const MAP_ZOOM_MAX = 6
export const MAP_ZOOM_STEP = 0.05
/** A place's tooltip goes after this long (spec 2 §9). */
export const MAP_TOOLTIP_MS = 4_000

const sessionId = IdSchema({
  min: 1,
  invalid: 'The session id is a whole number from 1.',
  tooLarge: 'The session id is too large.',
})
const placeId = IdSchema({
  min: 1,
  invalid: 'The place id is a whole number from 1.',
  tooLarge: 'The place id is too large.',
})
const templateId = IdSchema({
  min: 1,
  invalid: 'The template id is a whole number from 1.',
  tooLarge: 'The template id is too large.',
})
const entryId = IdSchema({
  min: 1,
  invalid: 'The waiting list entry id is a whole number from 1.',
  tooLarge: 'The waiting list entry id is too large.',
})
const bookingId = IdSchema({
  min: 1,
  invalid: 'The booking id is a whole number from 1.',
  tooLarge: 'The booking id is too large.',
})
const bookingTypeId = IdSchema({
  min: 1,
  invalid: 'The booking type id is a whole number from 1.',
  tooLarge: 'The booking type id is too large.',
})
const resourceTypeId = IdSchema({
  min: 1,
  invalid: 'The resource type id is a whole number from 1.',
  tooLarge: 'The resource type id is too large.',
})
/** "Nobody" said with null, absent or 0 (spec 2 §7). */
const OptionalCustomerId = z
  .union([CustomerId, z.null()])
  .optional()
  .transform((v) => v ?? 0)

// ---------------------------------------------------------------------------------------------
// Sessions

/** One session of a by-place booking type, as the week's carousel shows it. */
export const PlaceSession = z.object({
  /** The session's id: the spec's `bookingId`. */
  id: z.number().int(),
  bookingTypeId: z.number().int(),
  bookingTypeName: z.string(),
  /** `yyyy-MM-dd HH:mm`, the centre's time. */
  start: z.string(),
  /** `HH:mm` */
  sstart: z.string(),
  /** 1 Monday … 7 Sunday, in the centre's time: the carousel's column. */
  weekday: z.number().int().min(1).max(7),
  /** Minutes. */
  duration: z.number().int(),
  maxParticipants: z.number().int(),
  /** Places taken: confirmed bookings and holds still running. */
  participantsIn: z.number().int(),
  /** Levels the session is meant for (shown, not enforced); null when open to all. */
  minLevel: z.number().nullable(),
  maxLevel: z.number().nullable(),
  /** The resources it takes (room, instructor), names joined with ", ". */
  resources: z.string(),
  /** What this customer pays (euros); 0 when free. */
  price: z.number(),
  /** The place map of the session; null when the customer takes any place. */
  bookingTemplateId: z.number().int().nullable(),
  description: z.string(),
  /** Can be booked now (not started, not inside the type's anticipation, not full). */
  bookable: z.boolean(),
  /** The customer named in the body holds or has a place in it. */
  alreadyIn: z.boolean(),
  /** The customer named in the body is on its waiting list. */
  waiting: z.boolean(),
  /** Customers on the waiting list. */
  waitlistCount: z.number().int(),
})
export type PlaceSession = z.infer<typeof PlaceSession>

export const ByPlaceListBody = z.object({
  /** Any day of the week wanted: the answer holds that week's sessions, Monday to Sunday. */
  date: LocalDate,
  /** Absent, null or 0: every by-place type (the page's ALL). */
  bookingTypeId: z
    .union([bookingTypeId, z.literal(0), z.null()])
    .optional()
    .transform((v) => v || undefined),
  customerId: OptionalCustomerId,
  /** Only sessions that take a resource of this type (the side panel's filter). */
  resourceTypeId: z.union([resourceTypeId, z.null()]).optional(),
})
export type ByPlaceListBody = z.input<typeof ByPlaceListBody>

/** The week's sessions, soonest first; `errorMsg` null, or why there are none. */
export const ByPlaceListAnswer = envelope({
  errorMsg: z.string().nullable(),
  data: z.array(PlaceSession),
})
export type ByPlaceListAnswer = z.infer<typeof ByPlaceListAnswer>

// ---------------------------------------------------------------------------------------------
// The place map (spec 2 §3 booking template info and map drawing)

/** A drawn shape of the map: walls, the stage, a label. `type` 'path' draws `d`; 'text' writes `label` at `d` ("x,y"). */
export const MapPath = z.object({
  type: z.string().max(20),
  d: z.string().max(20_000),
  label: z.string().max(200).optional().default(''),
  id: z.string().max(100).optional().default(''),
})
export type MapPath = z.infer<typeof MapPath>

/** The template map's configJson, once parsed. */
export const MapConfig = z.object({
  /** The drawing's own size (SVG user units); the map scales it to the screen. */
  width: z.number().positive().max(100_000),
  height: z.number().positive().max(100_000),
  paths: z.array(MapPath).max(2000),
  /** Size of the places' labels (user units). */
  fontSize: z.number().positive().max(1000),
  /** The zoom the map opens at (1 to 6). */
  zoom: z.number().min(MAP_ZOOM_MIN).max(MAP_ZOOM_MAX),
})
export type MapConfig = z.infer<typeof MapConfig>

/** A place's configJson, once parsed: a placed item of the drawing. */
export const PlaceConfig = z.object({
  /** The shape drawn: 'seat', 'bike', 'mat'. */
  ref: z.string().max(40),
  /** Where its centre is: [x, y] in user units. */
  trans: z.tuple([z.number(), z.number()]),
  /** Degrees, clockwise. */
  rot: z.number().default(0),
  label: z.string().max(40),
  row: z.number().int(),
  col: z.number().int(),
  section: z.string().max(80),
  id: z.string().max(100),
})
export type PlaceConfig = z.infer<typeof PlaceConfig>

export const TemplatePlace = z.object({
  id: z.number().int(),
  /** The place's name as booked ("B12"). */
  place: z.string(),
  /** JSON text of a PlaceConfig. */
  configJson: z.string(),
  /**
   * Free and can be chosen now: nobody has it, and the session can take one more (not full, not
   * started, the caller not in it already). When false for a place nobody has, `unavailableReason`
   * says why (decision 080).
   */
  available: z.boolean(),
})
export type TemplatePlace = z.infer<typeof TemplatePlace>

/**
 * A booked place of the session. `name`, `phone` and `email` are empty unless the template allows
 * seeing participants and the caller is a signed-in customer (decision 063); `mine` marks the
 * caller's own place.
 */
export const Participant = z.object({
  bookingTemplatePlaceId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  logo: z.string(),
  mine: z.boolean(),
})
export type Participant = z.infer<typeof Participant>

export const BookingTemplateInfo = z.object({
  participants: z.array(Participant),
  allowSeeParticipants: z.boolean(),
  /** The header image over the map (URL; empty when none). */
  imageMap: z.string(),
  templateMap: z.object({
    id: z.number().int(),
    /** JSON text of a MapConfig. */
    configJson: z.string(),
  }),
  places: z.array(TemplatePlace),
  /**
   * How many more can take part: the session's maximum (or its map's places, when fewer) less the
   * places taken, never more than the free places of the map. A session of 24 on a map of 60 at
   * 22/24 has 2 left, whatever the 38 bikes nobody has.
   */
  placesLeft: z.number().int().min(0),
  /**
   * Why no free place can be chosen now, in the caller's language: the caller already has a place,
   * the session is full, or it can no longer be booked online. Null while places can be chosen.
   */
  unavailableReason: z.string().nullable(),
  /** The session, for the page's heading (its type, start, duration, price). */
  session: PlaceSession,
})
export type BookingTemplateInfo = z.infer<typeof BookingTemplateInfo>

// ---------------------------------------------------------------------------------------------
// Waiting list

/**
 * A customer's place on a full session's waiting list. `offered`: a place freed and is held for
 * them until `offerExpiresAt` as the booking `offeredBookingId` (pay it, or confirm it when free);
 * when the offer lapses it passes to the next customer waiting.
 */
export const WaitlistEntry = z.object({
  id: z.number().int(),
  /** The session's id. */
  bookingId: z.number().int(),
  bookingType: z.string(),
  /** `yyyy-MM-dd HH:mm`, the centre's time. */
  start: z.string(),
  duration: z.number().int(),
  description: z.string(),
  /** 1 for the first customer waiting. */
  position: z.number().int(),
  status: z.enum(['waiting', 'offered']),
  offeredBookingId: z.number().int().nullable(),
  /** ISO 8601 instant; null unless offered. */
  offerExpiresAt: z.string().nullable(),
})
export type WaitlistEntry = z.infer<typeof WaitlistEntry>

/**
 * A held booking as My bookings shows it: what to pay (its sale, for the cart) or nothing when
 * free (then it is confirmed with `confirmHold`), and until when it is held.
 */
export const HeldBooking = z.object({
  bookingId: z.number().int(),
  /** ISO 8601 instant. */
  holdExpiresAt: z.string(),
  sale: CartSaleModel.nullable(),
})
export type HeldBooking = z.infer<typeof HeldBooking>

// ---------------------------------------------------------------------------------------------
// Routes

/** What a prebook of a session or of one of its places may answer beyond the common codes. */
const PREBOOK_PLACE_ERRORS = [
  ...Object.values(PlaceErrorCode),
  BookingErrorCode.slotInPast,
  BookingErrorCode.tooSoon,
  BookingErrorCode.tooFarAhead,
  BookingErrorCode.bookingTypeClosed,
  BookingErrorCode.holdLimit,
  BookingErrorCode.freeDayLimit,
]

export const placeBookingRoutes = {
  byPlaceList: defineRoute({
    method: 'POST',
    path: '/api/publicbookings/byplace-list',
    summary:
      "The week's sessions of the by-place booking types, with places taken and the customer's own state",
    tags: ['bookings'],
    body: ByPlaceListBody,
    response: ByPlaceListAnswer,
    auth: 'customer',
    owner: { from: 'body', key: 'customerId', zeroMeansNone: true },
  }),
  byPlacePrebook: defineRoute({
    method: 'POST',
    path: '/api/publicbookings/byplace-prebook-place/:customerId/:bookingId',
    summary:
      'Hold a place in a session without a place map, with the sale the cart shows; free: confirmed at once',
    tags: ['bookings'],
    params: z.object({ customerId: CustomerId, bookingId: sessionId }),
    response: envelope({ errorMsg: z.string().nullable(), model: PrebookModel }),
    auth: 'customer',
    owner: { from: 'params', key: 'customerId' },
    rateLimit: { max: 30, timeWindow: '1 minute' },
    errors: PREBOOK_PLACE_ERRORS,
  }),
  byPlacePrebookPlace: defineRoute({
    method: 'POST',
    path: '/api/publicbookings/byplace-prebook-place/:customerId/:bookingId/:placeId',
    summary: "Hold one named place of a session's map, with the sale the cart shows; free: confirmed at once",
    tags: ['bookings'],
    params: z.object({ customerId: CustomerId, bookingId: sessionId, placeId }),
    response: envelope({ errorMsg: z.string().nullable(), model: PrebookModel }),
    auth: 'customer',
    owner: { from: 'params', key: 'customerId' },
    rateLimit: { max: 30, timeWindow: '1 minute' },
    errors: PREBOOK_PLACE_ERRORS,
  }),
  bookingTemplateInfo: defineRoute({
    method: 'GET',
    path: '/api/publicbookings/booking-template-info/:templateId/:bookingId',
    summary:
      "A session's place map: the drawing, its places and which are booked (by whom, when the centre allows)",
    tags: ['bookings'],
    params: z.object({ templateId, bookingId: sessionId }),
    response: envelope({ model: BookingTemplateInfo }),
    auth: 'optional',
  }),
  waitlistJoin: defineRoute({
    method: 'POST',
    path: '/api/publicbookings/waitlist-join/:customerId/:bookingId',
    summary: 'Join the waiting list of a full session',
    tags: ['bookings'],
    params: z.object({ customerId: CustomerId, bookingId: sessionId }),
    response: envelope({ errorMsg: z.string().nullable(), model: WaitlistEntry }),
    auth: 'customer',
    owner: { from: 'params', key: 'customerId' },
    rateLimit: { max: 30, timeWindow: '1 minute' },
    errors: [
      PlaceErrorCode.alreadyWaiting,
      PlaceErrorCode.alreadyBooked,
      PlaceErrorCode.sessionNotFull,
      BookingErrorCode.slotInPast,
      BookingErrorCode.bookingTypeClosed,
    ],
  }),
  waitlistLeave: defineRoute({
    method: 'POST',
    path: '/api/publicbookings/waitlist-leave/:customerId/:entryId',
    summary: 'Leave a waiting list (an offer not taken yet passes to the next customer waiting)',
    tags: ['bookings'],
    params: z.object({ customerId: CustomerId, entryId }),
    response: envelope({ errorMsg: z.string().nullable() }),
    auth: 'customer',
    owner: { from: 'params', key: 'customerId' },
  }),
  waitlist: defineRoute({
    method: 'GET',
    path: '/api/publicbookings/waitlist/:customerId',
    summary: "The customer's waiting lists still ahead, and the holds they were offered",
    tags: ['bookings'],
    params: z.object({ customerId: CustomerId }),
    response: envelope({
      model: z.object({ waitlist: z.array(WaitlistEntry), held: z.array(HeldBooking) }),
    }),
    auth: 'customer',
    owner: { from: 'params', key: 'customerId' },
  }),
  confirmHold: defineRoute({
    method: 'POST',
    path: '/api/publicbookings/confirm-hold/:bookingId/:customerId',
    summary: 'Take a held place that has nothing to pay (a free session offered from the waiting list)',
    tags: ['bookings'],
    params: z.object({ bookingId, customerId: CustomerId }),
    response: envelope({ errorMsg: z.string().nullable() }),
    auth: 'customer',
    owner: { from: 'params', key: 'customerId' },
    errors: [PlaceErrorCode.paymentRequired, BookingErrorCode.slotTaken, SaleErrorCode.saleNotPayable],
  }),
}
