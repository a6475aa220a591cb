import { sql, type SQL } from 'drizzle-orm'
import { BookingErrorCode } from '@clubhouse/contract/server'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../lib/app-error.ts'
import { dayBounds, isTimeZone, wallClockAt } from '../bookings/centre-clock.ts'
import type { ContentService } from '../content/content.service.ts'

/** The first key of the customers' transaction locks (`pg_advisory_xact_lock(int, int)`); the second is the customer's id. */
const CUSTOMER_LOCK = 74

/** What the centre's settings say, and what a centre without settings keeps to. */
export interface Limits {
  holdsPerCustomer: number
  freeBookingsPerDay: number
  zone: string
}
const DEFAULTS: Limits = { holdsPerCustomer: 2, freeBookingsPerDay: 2, zone: 'UTC' }

export const holdLimit = (n: number) =>
  new AppError(
    BookingErrorCode.holdLimit,
    `You already have ${n} bookings waiting to be paid. Pay for them or remove one from your cart first.`,
    { status: 409 },
  )
export const freeDayLimit = (n: number) =>
  new AppError(
    BookingErrorCode.freeDayLimit,
    `You already have ${n} free bookings on this day, as many as the centre allows.`,
    { status: 409 },
  )

/**
 * What one customer may take online (decision 074): at most `holdsPerCustomer` unpaid holds running at
 * once — a court's time, a place in a session and a sign-up to an activity all count — and at most
 * `freeBookingsPerDay` free bookings (courts and places at price 0, free sign-ups) on one day of the
 * centre, the day each starts. Counted and taken under the customer's own transaction lock, in the
 * unit that writes the hold or the booking: two prebooks of one customer, on any instance, count one
 * after the other, so neither lets a third one through. The desk and the waiting list's offers are
 * not counted against (they count, though, once they are there).
 */
/**
 * What one kind of hold counts against the limits, as SQL counts to embed in the statement that
 * decides (each feature counts its own rows: bookings/booking-counts.ts, activities/sign-up-counts.ts).
 */
export interface LimitCounts {
  /** The customer's holds of this kind not run out at `now`: a count to select. */
  liveHolds(customerId: number, now: number): SQL
  /** The customer's confirmed free ones that start in `[from, to)`: a count to select. */
  freeOnDay(customerId: number, from: Date, to: Date): SQL
}

export function createCustomerLimits(
  db: Db,
  deps: {
    content: Pick<ContentService, 'mainSettings'>
    /** What each kind counts: the bookings (courts and places), the sign-ups to activities. */
    counts: readonly LimitCounts[]
  },
) {
  async function limits(): Promise<Limits> {
    try {
      const s = await deps.content.mainSettings('es-ES')
      return {
        holdsPerCustomer: s.holdsPerCustomer,
        freeBookingsPerDay: s.freeBookingsPerDay,
        zone: isTimeZone(s.timeZone) ? s.timeZone : 'UTC',
      }
    } catch {
      return DEFAULTS
    }
  }

  /** The customer's holds that have not run out at `now`, of every kind: a count to select. */
  function liveHolds(customerId: number, now: number) {
    return sql.join(
      deps.counts.map((kind) => kind.liveHolds(customerId, now)),
      sql` + `,
    )
  }

  /** The customer's confirmed free bookings and sign-ups that start on the centre's day `[start, end)`. */
  function freeOnDay(customerId: number, day: { start: number; end: number }) {
    const [from, to] = [new Date(day.start), new Date(day.end)]
    return sql.join(
      deps.counts.map((kind) => kind.freeOnDay(customerId, from, to)),
      sql` + `,
    )
  }

  const admitted = async (admits: SQL) =>
    (
      (await db.execute(sql`select ${admits} as admitted`)) as unknown as {
        rows: Array<{ admitted: boolean }>
      }
    ).rows[0]!.admitted

  /** The customer's transaction lock, as a value to select: taken for the rest of the unit. */
  const lockOf = (customerId: number) => sql`pg_advisory_xact_lock(${CUSTOMER_LOCK}, ${customerId})`

  /**
   * Whether the customer may take a new hold (`free: false`) or free booking starting at `startsAt`
   * (`free: true`): a condition to evaluate in the caller's unit in a statement after the one that
   * took `lockOf` (a statement reads what was committed when it started), and the refusal to answer
   * when it is false.
   */
  async function within(customerId: number, want: { free: boolean; startsAt: number; now: number }) {
    const limit = await limits()
    if (want.free) {
      const day = dayBounds(wallClockAt(want.startsAt, limit.zone).date, limit.zone)
      return {
        admits: sql`(${freeOnDay(customerId, day)}) < ${limit.freeBookingsPerDay}`,
        refusal: () => freeDayLimit(limit.freeBookingsPerDay),
      }
    }
    return {
      admits: sql`(${liveHolds(customerId, want.now)}) < ${limit.holdsPerCustomer}`,
      refusal: () => holdLimit(limit.holdsPerCustomer),
    }
  }

  return {
    lockOf,
    within,
    /**
     * In the caller's unit, before the customer's new hold (`free: false`) or free booking starting
     * at `startsAt` (`free: true`) is written: the customer's lock taken for the rest of the unit,
     * then 409 `hold_limit` or `free_day_limit` when it would go over the centre's limit.
     */
    async admit(customerId: number, want: { free: boolean; startsAt: number; now: number }) {
      const { admits, refusal } = await within(customerId, want)
      await db.execute(sql`select ${lockOf(customerId)}`)
      if (!(await admitted(admits))) throw refusal()
    },
  }
}

export type CustomerLimits = ReturnType<typeof createCustomerLimits>
