/**
 * The staff's no-online blocks (issue 23, item 5): time the desk takes on a resource (a tournament,
 * maintenance, a class), shown on the booking pages as not bookable online. One-off, or the same
 * time every week up to a last day. Times are the centre's wall clock: a day `yyyy-MM-dd` and
 * minutes from its midnight, whatever the time zone of the server or of the desk's browser.
 */
import { z } from 'zod'
import { LocalDate } from './bookings.ts'
import { BookingErrorCode, StaffErrorCode } from './error-codes.ts'
import { IdParam, IdSchema, safeString, wholeNumber } from './fields.ts'
import { defineRoute, okData, okModel } from './http.ts'

/** The most weeks one weekly block covers (a year and a day, so "every Tuesday this year" fits). */
export const MAX_BLOCK_WEEKS = 53
/** The longest reason a block keeps. */
export const MAX_BLOCK_NOTE_LENGTH = 200
/** The most days one list of blocks spans. */
export const MAX_BLOCK_LIST_DAYS = 371

const DAY = 86_400_000
/** Days from `a` to `b`, two valid `yyyy-MM-dd` days. */
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY)

const MINUTE_MESSAGE = 'A minute of the day, from 0 to 1440.'
const minuteOfDay = () =>
  wholeNumber({ min: 0, max: 1440, invalid: MINUTE_MESSAGE, tooLarge: MINUTE_MESSAGE }).meta({
    description: "Minutes from the centre's midnight of `date`: 600 is 10:00, 1440 the next midnight.",
  })

/** A block to take: one day's time, or the same time every week up to `repeatWeeklyUntil`. */
export const StaffBlockBody = z
  .object({
    resourceId: IdParam,
    date: LocalDate.meta({ description: "The centre's day of the (first) block." }),
    startMinute: minuteOfDay(),
    endMinute: minuteOfDay(),
    /** Why the centre takes the time: kept for the desk, shown to no customer. */
    note: safeString({ error: 'Required' })
      .trim()
      .min(1, 'Required')
      .max(MAX_BLOCK_NOTE_LENGTH, `At most ${MAX_BLOCK_NOTE_LENGTH} characters`),
    repeatWeeklyUntil: LocalDate.optional().meta({
      description: `The same time on the same weekday each week up to this day, included (at most ${MAX_BLOCK_WEEKS} weeks).`,
    }),
  })
  .superRefine((b, ctx) => {
    if (
      typeof b.startMinute === 'number' &&
      typeof b.endMinute === 'number' &&
      b.endMinute <= b.startMinute
    ) {
      ctx.addIssue({ code: 'custom', path: ['endMinute'], message: 'The end comes after the start.' })
    }
    if (b.repeatWeeklyUntil === undefined) return
    const days = daysBetween(b.date, b.repeatWeeklyUntil)
    if (days < 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['repeatWeeklyUntil'],
        message: 'The last week is on or after the first day.',
      })
    } else if (Math.floor(days / 7) + 1 > MAX_BLOCK_WEEKS) {
      ctx.addIssue({
        code: 'custom',
        path: ['repeatWeeklyUntil'],
        message: `At most ${MAX_BLOCK_WEEKS} weeks at a time.`,
      })
    }
  })
export type StaffBlockBody = z.input<typeof StaffBlockBody>

/** A live no-online block as the desk lists it. */
export const StaffBlock = z.object({
  id: z.number().int(),
  /** The blocks taken together as one weekly series share it; null for a one-off block. */
  seriesId: z.string().nullable(),
  resourceId: z.number().int(),
  resourceName: z.string(),
  /** ISO 8601 instants, `[startsAt, endsAt)`. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** The centre's day the block starts on, and its minutes from that day's midnight (past 1440 when it runs into the next day). */
  date: z.string(),
  startMinute: z.number().int(),
  endMinute: z.number().int(),
  note: z.string(),
})
export type StaffBlock = z.infer<typeof StaffBlock>

/**
 * What stands in the time a block asks for (the refusal's `data.clashes`): a live booking (held and
 * not run out, or confirmed) with its customer, or another block of the centre.
 */
export const StaffBlockClash = z.object({
  kind: z.enum(['booking', 'block']),
  /** The booking's id; null for a block of the centre. */
  bookingId: z.number().int().nullable(),
  blockId: z.number().int(),
  resourceId: z.number().int(),
  resourceName: z.string(),
  date: z.string(),
  /** `HH:mm–HH:mm`, the centre's time. */
  time: z.string(),
  /** The booking's customer, name and surname; null for a block. */
  customerName: z.string().nullable(),
  /** A block's reason; empty for a booking. */
  note: z.string(),
})
export type StaffBlockClash = z.infer<typeof StaffBlockClash>

export const StaffBlockListQuery = z
  .object({
    resourceId: IdSchema({
      min: 1,
      invalid: 'The resource id is a whole number from 1.',
      tooLarge: 'The resource id is too large.',
    }).optional(),
    from: LocalDate.meta({ description: 'The first centre day listed.' }),
    to: LocalDate.meta({ description: 'The last centre day listed, included.' }),
  })
  .superRefine((q, ctx) => {
    const days = daysBetween(q.from, q.to)
    if (days < 0)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day is on or after the first.' })
    else if (days + 1 > MAX_BLOCK_LIST_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `At most ${MAX_BLOCK_LIST_DAYS} days at a time.`,
      })
    }
  })

export const StaffBlockReleaseQuery = z.object({
  series: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .meta({ description: 'true: this block and the later ones of its series; else this one alone.' }),
})

export const staffBlockRoutes = {
  staffBlockAdd: defineRoute({
    method: 'POST',
    path: '/api/staff/blocks',
    summary:
      'Take time on a resource for the centre, once or every week up to a day; refused (409 block_clash, listing them) where a live booking or block stands',
    tags: ['staff'],
    body: StaffBlockBody,
    response: okModel(z.object({ seriesId: z.string().nullable(), blocks: z.array(StaffBlock) })),
    auth: 'staff',
    staffRole: 'desk',
    errors: [StaffErrorCode.blockClash, BookingErrorCode.slotInPast],
  }),
  staffBlocks: defineRoute({
    method: 'GET',
    path: '/api/staff/blocks',
    summary: "The live no-online blocks of the centre's days from `from` to `to`, of one resource or all",
    tags: ['staff'],
    query: StaffBlockListQuery,
    response: okData(z.array(StaffBlock)),
    auth: 'staff',
    staffRole: 'desk',
  }),
  staffBlockRelease: defineRoute({
    method: 'DELETE',
    path: '/api/staff/blocks/:id',
    summary: 'Release a no-online block, or it and the rest of its series; answers the blocks released',
    tags: ['staff'],
    params: z.object({ id: IdParam }),
    query: StaffBlockReleaseQuery,
    response: okData(z.array(StaffBlock)),
    auth: 'staff',
    staffRole: 'desk',
  }),
}
