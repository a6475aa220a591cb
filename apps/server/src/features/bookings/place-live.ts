import { sql, type SQL } from 'drizzle-orm'
import { bookings } from './bookings.tables.ts'

/**
 * What a booking by place being live means, and the row that counts a day's changes of sessions: read
 * by the places' parts (place-context.ts re-exports them) and by the desk's day, without the rest of
 * the places' context.
 */

export const iso = (at: number) => new Date(at).toISOString()

/** The columns of `bookings` a condition reads: the table's own, or a subquery's names for them. */
type BookingColumns = {
  status: SQL | typeof bookings.status
  holdExpiresAt: SQL | typeof bookings.holdExpiresAt
}

/** Holds that have not run out at `now`. */
export const heldAt = (now: number, b: BookingColumns = bookings) =>
  sql`${b.status} = 'held' and ${b.holdExpiresAt} > ${iso(now)}::timestamptz`

/**
 * Bookings of a session that take a place at `now`: confirmed ones, and holds that have not run out.
 * Every count of places taken reads this one condition (the week's list, the map, the prebook, the
 * waiting list), so a hold that ran out frees its place in all of them at the same instant.
 */
export const liveAt = (now: number, b: BookingColumns = bookings) =>
  sql`(${b.status} = 'confirmed' or (${heldAt(now, b)}))`

/**
 * The rows of `availability_versions` that count the changes of the sessions of a centre day (their
 * places taken, their waiting lists): `resource_type_id` -1 and the day. Bumped in the unit of work
 * of every such change, read by the week's answer kept per instance (decisions 047, 063).
 */
export const SESSION_DAYS = -1
