import { and, asc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { SaleItemKind } from '@clubhouse/contract/server'
import { rowsOf, type Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import { AppError } from '../../lib/app-error.ts'
import type { Localised } from '../../lib/localised.ts'
import type { Sale, SalesService } from '../sales/sales.service.ts'

const MINUTE = 60_000

/**
 * Holds (decision 072). A hold keeps something for a customer while the sale that sells it waits to
 * be paid. There are three kinds:
 *
 * - **a court's time**: a booking by resource and time, whose blocks take the time on its resources
 *   (court-prebook.ts, availability.ts). Live blocks of a resource never overlap: the exclusion
 *   constraint `booking_blocks_no_overlap` decides between two customers.
 * - **a place in a session**: a booking of the session (place-holds.ts), counted and taken
 *   under the session's row lock; a place that frees is offered to the session's waiting list in the
 *   unit that frees it.
 * - **a sign-up to an activity** (activities.service.ts), counted against the activity's capacity
 *   under the activity's row lock.
 *
 * A hold is taken at prebook or sign-up for HOLD_MINUTES, with its sale (`sales.hold_expires_at`
 * says until when, as the hold's own row does). It ends confirmed when its sale is paid, cancelled
 * when the customer removes it from the cart, or released when it runs out: expired, its sale
 * cancelled, what it kept free for anyone.
 *
 * Each kind keeps its rules in its feature and registers them here; the checkout, the payments and
 * the sweep know only the operations of this module:
 *
 * - `extend`: a payment's window keeps the order's holds until it ends (the checkout places it).
 * - `releaseExpired`: every hold that ran out is released (the booking sweep). A prebook, a sign-up
 *   or a day's answer releases the ones of what it reads first. Every kind releases through one
 *   step, `heldRows(…).expire`: its rows marked expired and their pending sales cancelled; the kind
 *   then frees what else the hold kept (a court's blocks, a place offered to the waiting list).
 * - `retake`: a payment's success that comes after its holds were released takes them back when
 *   everything is still free (decision 067: money wins, but a customer is never charged for a court
 *   someone else now holds), all or nothing.
 * - `lock`: the rows a kind's own writes lock before the sales', in that order, so a settle and a
 *   prebook racing for the same hold take turns instead of deadlocking.
 */
export interface HoldKind {
  /** The constraints whose refusal means that someone else holds now what a hold kept. */
  takenBy: readonly string[]
  /** In the caller's unit: locks what the holds of these sales are counted and taken under. */
  lock(saleIds: number[]): Promise<void>
  /** In the caller's unit: the running holds of these sales kept until `until`. */
  extend(saleIds: number[], until: Date): Promise<void>
  /** Releases the holds that ran out at `now`, in units of its own; answers how many. */
  releaseExpired(now: number): Promise<number>
  /**
   * In the caller's unit, under `lock`: the holds of these sales that ran out held again until
   * `until` when each is still free at `now`; false, leaving the rest to the caller to undo, when one
   * is not (someone else's now, its start gone by, removed by its customer).
   */
  retake(saleIds: number[], at: { now: number; until: Date }): Promise<boolean>
}

/** A service a hold sells: a court's block of time, a place in a session, a sign-up to an activity. */
export interface HeldService {
  name: Localised
  image?: string
  priceCents: number
  taxPercent?: number
}

/**
 * The one way a hold's sale is opened, for every kind: pending, a service line for each thing held,
 * held until the hold's own end, in the caller's unit. It is opened before the hold's row so that the
 * row is written with its sale, never linked by an update after; there is none when all of it is
 * free. No savepoint of its own: a kind never goes on in its unit after a refusal.
 */
export function openHoldSale(
  sales: Pick<SalesService, 'openSale'>,
  input: {
    customerId: number
    title: Localised
    services: readonly HeldService[]
    at: Date
    holdExpiresAt: Date | null
  },
): Promise<Sale | undefined> {
  if (input.services.every((s) => s.priceCents === 0)) return Promise.resolve(undefined)
  return sales.openSale(
    {
      customerId: input.customerId,
      title: input.title,
      lines: input.services.map((s) => ({
        kind: SaleItemKind.Service,
        name: s.name,
        ...(s.image !== undefined ? { image: s.image } : {}),
        unitPriceCents: s.priceCents,
        units: 1,
        ...(s.taxPercent !== undefined ? { taxPercent: s.taxPercent } : {}),
      })),
      createdAt: input.at,
      holdExpiresAt: input.holdExpiresAt,
    },
    { savepoint: false },
  )
}

/** Locks the rows of `table` that `where` picks, in id order: the order every writer takes them in. */
async function lockInOrder(db: Db, table: PgTable, id: AnyPgColumn, where: SQL | undefined) {
  await db.select({ id }).from(table).where(where).orderBy(asc(id)).for('update')
}

/** A kind's own rows (bookings, sign-ups): each holds for its sale while `held`, until `hold_expires_at`. */
type HoldRows = PgTable & {
  id: AnyPgColumn
  saleId: AnyPgColumn
  status: AnyPgColumn
  holdExpiresAt: AnyPgColumn
}

/**
 * A kind's rows of one customer held and not run out at `now` (bookings, sign-ups): a count to
 * select, for the limits per customer (customer-limits.ts, decision 074).
 */
export function liveHoldsOf(
  db: Db,
  rows: HoldRows & { customerId: AnyPgColumn },
  customerId: number,
  now: number,
): SQL {
  const held = db
    .select({ n: sql`count(*)` })
    .from(rows)
    .where(
      and(eq(rows.customerId, customerId), eq(rows.status, 'held'), gt(rows.holdExpiresAt, new Date(now))),
    )
  return sql`(${held})`
}

/**
 * What the kinds do alike with their own rows: those of the sales (of the kind, where `ofKind` tells
 * two kinds in one table apart) locked in id order, the held ones kept until `until`, and the one
 * release of holds that ran out (`expire`). A kind whose holds are counted under a parent's row lock
 * (a session, an activity: `under`, with the rows' column naming it) has the parents' rows locked
 * first, as its own writes take them, and `releaseExpired` runs `release` for each parent with holds
 * that ran out, in a unit of its own. With `endOnlyWhileHeld` a row keeps its hold's end only while
 * held (sign-ups): a release clears it.
 */
export function heldRows(
  { db, units, sales }: { db: Db; units: Units; sales: Pick<SalesService, 'cancelPending'> },
  rows: HoldRows,
  opts: {
    ofKind?: SQL
    under?: { table: PgTable; id: AnyPgColumn; by: AnyPgColumn }
    endOnlyWhileHeld?: boolean
  } = {},
) {
  const ofSales = (saleIds: number[]) => and(inArray(rows.saleId, saleIds), opts.ofKind)
  const under = opts.under

  /** The kind's rows whose hold ran out at `now`: still held, their end gone by. */
  const ranOut = (now: number): SQL =>
    and(eq(rows.status, 'held'), lte(rows.holdExpiresAt, new Date(now)), opts.ofKind)!

  /**
   * The statement that releases the holds of the rows `where` picks that ran out at `now`: each
   * marked expired, answering its `id`, its `saleId` and the `returning` columns by their keys.
   * `expire` runs it; a statement that must free more in the same round trip (a court's prebook
   * frees the blocks of what it releases) takes it as a CTE and finishes with `finishExpire`.
   */
  function expiring(now: number, where: SQL | undefined, returning: Record<string, AnyPgColumn> = {}): SQL {
    const cols = { id: rows.id, saleId: rows.saleId, ...returning }
    const list = sql.join(
      Object.entries(cols).map(([key, col]) => sql`${col} as ${sql.identifier(key)}`),
      sql`, `,
    )
    const clearEnd = opts.endOnlyWhileHeld ? sql`, ${sql.identifier(rows.holdExpiresAt.name)} = null` : sql``
    return sql`update ${rows} set ${sql.identifier(rows.status.name)} = 'expired'${clearEnd}
      where ${and(ranOut(now), where)} returning ${list}`
  }

  /** What every release finishes with, in its unit: the pending sales of the released holds cancelled. */
  const finishExpire = (released: ReadonlyArray<{ saleId: number | null }>) =>
    sales.cancelPending(released.map((r) => (r.saleId === null ? null : Number(r.saleId))))

  return {
    ofSales,
    ranOut,
    expiring,
    finishExpire,
    /**
     * The one release of holds that ran out, for every kind (decision 072), in the caller's unit:
     * the rows `where` picks whose hold ran out at `now` expired and their pending sales cancelled;
     * answers the released rows (id, sale and the `returning` columns) for what else the kind frees
     * (a court's blocks, a place offered to the waiting list).
     */
    async expire<T extends object = object>(
      now: number,
      where: SQL | undefined,
      returning: Record<string, AnyPgColumn> = {},
    ): Promise<Array<{ id: number; saleId: number | null } & T>> {
      const released = rowsOf<{ id: number; saleId: number | null } & T>(
        await db.execute(expiring(now, where, returning)),
      )
      await finishExpire(released)
      return released
    },
    async lock(saleIds: number[]) {
      if (under) {
        const parents = db.select({ id: under.by }).from(rows).where(ofSales(saleIds))
        await lockInOrder(db, under.table, under.id, inArray(under.id, parents))
      }
      await lockInOrder(db, rows, rows.id, ofSales(saleIds))
    },
    async extend(saleIds: number[], until: Date) {
      await db.execute(sql`update ${rows} set ${sql.identifier(rows.holdExpiresAt.name)} = ${until.toISOString()}::timestamptz
        where ${rows.status} = 'held' and ${ofSales(saleIds)}`)
    },
    /** Each parent's holds that ran out at `now`, released by `release` (under its lock); how many. */
    async releaseExpired(now: number, release: (parentId: number) => Promise<number>) {
      if (!under) return 0
      const due = await db.selectDistinct({ id: under.by }).from(rows).where(ranOut(now))
      let released = 0
      for (const { id } of due) released += await units.run(() => release(Number(id)))
      return released
    },
  }
}

export type HeldRows = ReturnType<typeof heldRows>

const HOLD_TAKEN = 'hold_taken'
/** What a released hold kept is someone else's now. Never answered: a late payment is refunded. */
const takenMeanwhile = () =>
  new AppError(HOLD_TAKEN, 'Someone else holds now what this hold kept.', { status: 409 })

export function createHolds(deps: { units: Units; sales: SalesService; holdMinutes: number }) {
  const kinds: HoldKind[] = []

  return {
    /** A kind of hold joins the module as its feature is created (services.ts). */
    register(kind: HoldKind) {
      kinds.push(kind)
    },

    /** In the caller's unit: every kind's rows of these sales locked, kind by kind, always in one order. */
    async lock(saleIds: number[]): Promise<void> {
      if (!saleIds.length) return
      for (const kind of kinds) await kind.lock(saleIds)
    },

    /** In the caller's unit: the holds of these pending sales, and the sales, kept until `until`. */
    async extend(saleIds: number[], until: Date): Promise<void> {
      if (!saleIds.length) return
      await deps.sales.holdUntil(saleIds, until)
      for (const kind of kinds) await kind.extend(saleIds, until)
    },

    /** Releases every hold that ran out at `now`, of every kind; answers how many. */
    async releaseExpired(now: number): Promise<number> {
      let released = 0
      for (const kind of kinds) released += await kind.releaseExpired(now)
      return released
    },

    /**
     * In the caller's unit, after `lock`: the holds of these sales taken back when every one is
     * still free at `now` — held again for HOLD_MINUTES, their sales pending again — or none of
     * them (a savepoint undoes what the kinds took before one said no, or before the database
     * refused a time or a place someone else holds). The caller completes the order in its unit.
     */
    async retake(saleIds: number[], now: number): Promise<boolean> {
      if (!saleIds.length) return true
      const until = new Date(now + deps.holdMinutes * MINUTE)
      const conflicts = Object.fromEntries(
        kinds.flatMap((kind) => kind.takenBy.map((name) => [name, takenMeanwhile])),
      )
      try {
        await deps.units.run(
          async () => {
            for (const kind of kinds) {
              if (!(await kind.retake(saleIds, { now, until }))) throw takenMeanwhile()
            }
            await deps.sales.holdUntil(saleIds, until, { reopen: true })
          },
          { conflicts },
        )
        return true
      } catch (err) {
        if (err instanceof AppError && err.code === HOLD_TAKEN) return false
        throw err
      }
    },
  }
}

export type Holds = ReturnType<typeof createHolds>
