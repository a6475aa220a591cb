/**
 * The desk's day (issue 23, item 3): a grid of one resource type's resources by time for one day of
 * the centre, with what takes their time: confirmed bookings, holds still running, the staff's
 * no-online blocks and the sessions booked by place, with their participant counts.
 */
import { z } from 'zod'
import { LocalDate } from './bookings.ts'
import { IdSchema } from './fields.ts'
import { defineRoute, okData } from './http.ts'

export const StaffScheduleQuery = z.object({
  /** A day of the centre; the centre's today when left out. */
  date: LocalDate.optional(),
  /** The resource type shown; the first one (by position) when left out. */
  resourceTypeId: IdSchema({
    min: 1,
    invalid: 'The resource type is a whole number from 1.',
    tooLarge: 'The resource type id is too large.',
  }).optional(),
})

/** What the grid shows in a cell: kinds a desk tells apart at a glance. */
export const StaffScheduleKind = ['booking', 'hold', 'block', 'session'] as const
export type StaffScheduleKind = (typeof StaffScheduleKind)[number]

export const StaffScheduleCustomer = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
})

export const StaffScheduleItem = z.object({
  kind: z.enum(StaffScheduleKind),
  /** The booking's id (a booking or a hold), the block's or the session's. */
  id: z.number().int(),
  resourceId: z.number().int(),
  /** Minutes from the day's midnight in the centre's time, cut to the day (0–1440). */
  startMinute: z.number().int(),
  endMinute: z.number().int(),
  /** ISO 8601 instants, uncut. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** The booking type's name, the session's description, or the block's note. */
  title: z.string(),
  /** A staff block's weekly series (its blocks share it); null for a one-off block and anything else. */
  seriesId: z.string().nullable(),
  /** Who booked (a booking or a hold); null for a block or a session. */
  customer: StaffScheduleCustomer.nullable(),
  /** What the booking costs in all; null for a block or a session. */
  priceCents: z.number().int().nullable(),
  /** Until when a hold keeps its time (ISO 8601); null for anything else. */
  holdExpiresAt: z.string().nullable(),
  /** A session's live places (confirmed, or held and not run out) and its size; null otherwise. */
  participants: z.number().int().nullable(),
  maxParticipants: z.number().int().nullable(),
  /** A session's waiting list (waiting or offered); null otherwise. */
  waiting: z.number().int().nullable(),
})
export type StaffScheduleItem = z.infer<typeof StaffScheduleItem>

export const StaffDay = z.object({
  date: z.string(),
  /** The centre's today, for "today" and the line of the present time. */
  today: z.string(),
  /** The centre's time zone (IANA). */
  zone: z.string(),
  resourceTypes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The resource type shown; null when the centre has none. */
  resourceTypeId: z.number().int().nullable(),
  resources: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      slotMinutes: z.number().int(),
      /** The day's opening ranges, minutes from midnight; empty: closed that day. */
      opening: z.array(z.object({ opensMinute: z.number().int(), closesMinute: z.number().int() })),
    }),
  ),
  /** The booking types the desk books on these resources by time, with their durations (minutes). */
  bookingTypes: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      durations: z.array(z.number().int()),
      /** Offered online; the desk books it either way. */
      isOnline: z.boolean(),
      /**
       * Its follow-up resource types in the order they are offered (a racket set, the lights): one
       * resource of each is booked with it at the same time; an optional one may be left out.
       */
      followUps: z.array(
        z.object({
          resourceTypeId: z.number().int(),
          name: z.string(),
          optional: z.boolean(),
          /** What it adds to the price, in cents, before a customer's price list. */
          priceCents: z.number().int(),
          resources: z.array(z.object({ id: z.number().int(), name: z.string() })),
        }),
      ),
    }),
  ),
  /** The grid's span: the earliest opening to the latest closing (or what is booked outside them). */
  firstMinute: z.number().int(),
  lastMinute: z.number().int(),
  /** By start, then by resource. */
  items: z.array(StaffScheduleItem),
})
export type StaffDay = z.infer<typeof StaffDay>

export const staffScheduleRoutes = {
  staffSchedule: defineRoute({
    method: 'GET',
    path: '/api/staff/schedule',
    summary:
      "A day's grid of one resource type: its resources with their opening hours, and the bookings, holds, blocks and sessions that take their time",
    tags: ['staff'],
    query: StaffScheduleQuery,
    response: okData(StaffDay),
    auth: 'staff',
    staffRole: 'desk',
  }),
}
