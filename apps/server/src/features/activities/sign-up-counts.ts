import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import type { LimitCounts } from '../holds/customer-limits.ts'
import { liveHoldsOf } from '../holds/holds.ts'
import { activities, activityInscriptions } from './activities.tables.ts'

/**
 * What a customer's sign-ups count against the limits per customer (decision 074), as SQL to embed
 * in the statement that decides: the customer limits (holds/customer-limits.ts) add them to the
 * bookings' counts and evaluate the sum in the caller's unit, after the customer's lock was taken.
 */
export function createSignUpCounts(db: Db): LimitCounts {
  return {
    /** The customer's sign-ups held and not run out at `now`: a count to select. */
    liveHolds(customerId: number, now: number): SQL {
      return liveHoldsOf(db, activityInscriptions, customerId, now)
    },

    /** The customer's confirmed free sign-ups to activities that start in `[from, to)`: a count to select. */
    freeOnDay(customerId: number, from: Date, to: Date): SQL {
      const free = db
        .select({ n: sql`count(*)` })
        .from(activityInscriptions)
        .innerJoin(activities, eq(activities.id, activityInscriptions.activityId))
        .where(
          and(
            eq(activityInscriptions.customerId, customerId),
            eq(activityInscriptions.status, 'confirmed'),
            eq(activities.priceCents, 0),
            gte(activities.startsAt, from),
            lt(activities.startsAt, to),
          ),
        )
      return sql`(${free})`
    },
  }
}
