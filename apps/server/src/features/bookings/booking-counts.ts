import { and, eq, gte, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import type { LimitCounts } from '../holds/customer-limits.ts'
import { liveHoldsOf } from '../holds/holds.ts'
import { bookings } from './bookings.tables.ts'

/**
 * What a customer's bookings (of courts and of places) count against the limits per customer
 * (decision 074), as SQL to embed in the statement that decides: the customer limits
 * (holds/customer-limits.ts) add them to the sign-ups' counts and evaluate the sum in the caller's
 * unit, after the customer's lock was taken.
 */
export function createBookingCounts(db: Db): LimitCounts {
  return {
    liveHolds(customerId, now) {
      return liveHoldsOf(db, bookings, customerId, now)
    },

    freeOnDay(customerId, from, to) {
      const free = db
        .select({ n: sql`count(*)` })
        .from(bookings)
        .where(
          and(
            eq(bookings.customerId, customerId),
            eq(bookings.status, 'confirmed'),
            eq(bookings.priceCents, 0),
            gte(bookings.startsAt, from),
            lt(bookings.startsAt, to),
          ),
        )
      return sql`(${free})`
    },
  }
}
