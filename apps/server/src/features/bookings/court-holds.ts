import { isNull, sql, type SQL } from 'drizzle-orm'
import { rowsOf, type Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import { heldRows } from '../holds/holds.ts'
import type { SalesService } from '../sales/sales.service.ts'
import { CATALOGUE_VERSION_KEY, type Catalogue } from './booking-catalogue.ts'
import { bookings } from './bookings.tables.ts'
import type { TakenRange } from './slot-grid.ts'

/**
 * The time courts' bookings take: the live blocks of their resources, and their holds (decision
 * 072) — released when they ran out before anything is read or written, taken back by a late
 * payment. What a day shows of it, and the versions that say when a day changed, are
 * availability.ts's; the days a change touches are counted through its `bumpDays`.
 */

const MINUTE = 60_000
/** The longest booking (MAX_BOOKING_MINUTES): a block that started this long before a day may reach into it. */
const LONGEST = 24 * 60 * MINUTE
/** An instant as the drivers answer it (a Date from pg, a string from a raw PGlite row). */
const ms = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(String(v)))

/** A live block as the day reads it. */
export interface LiveBlock {
  resourceId: number
  start: number
  end: number
  isNoOnline: boolean
  /** The booking's hold end when it is a hold; a hold past it is as good as free. */
  holdExpiresAt: number | null
}

/** The blocks that take time at `now`: holds that ran out do not. */
export function takenAt(blocks: readonly LiveBlock[], now: number): Map<number, TakenRange[]> {
  const byResource = new Map<number, TakenRange[]>()
  for (const b of blocks) {
    if (b.holdExpiresAt !== null && b.holdExpiresAt <= now) continue
    const list = byResource.get(b.resourceId) ?? []
    list.push({ start: b.start, end: b.end })
    byResource.set(b.resourceId, list)
  }
  return byResource
}

/** A list of ids for `in (…)`. */
export const idList = (ids: readonly number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )

/** What the days a write touched are counted with (availability.ts). */
type BumpDays = (
  ranges: ReadonlyArray<{ resourceId: number; start: number; end: number }>,
  cat: Catalogue,
  zone: string,
) => Promise<void>

export function createCourtHolds(deps: { db: Db; units: Units; sales: SalesService; bumpDays: BumpDays }) {
  const { db, units, sales, bumpDays } = deps

  /** The live blocks of `resourceIds` that meet `[from, to)`, as a query. */
  const liveBlocksQuery = (resourceIds: readonly number[], from: number, to: number) => sql`
      select b.resource_id, lower(b.during) as starts, upper(b.during) as ends, b.is_no_online,
        case when k.status = 'held' then k.hold_expires_at end as hold_expires_at
      from booking_blocks b left join bookings k on k.id = b.booking_id
      where b.released_at is null and b.resource_id in (${idList(resourceIds)})
        and lower(b.during) < ${new Date(to).toISOString()}::timestamptz
        and lower(b.during) > ${new Date(from - LONGEST).toISOString()}::timestamptz
        and upper(b.during) > ${new Date(from).toISOString()}::timestamptz`

  const toLiveBlock = (r: {
    resource_id: number
    starts: unknown
    ends: unknown
    is_no_online: boolean
    hold_expires_at: unknown
  }): LiveBlock => ({
    resourceId: Number(r.resource_id),
    start: ms(r.starts),
    end: ms(r.ends),
    isNoOnline: r.is_no_online,
    holdExpiresAt: r.hold_expires_at === null ? null : ms(r.hold_expires_at),
  })

  /** The live blocks of `resourceIds` that meet `[from, to)`. */
  async function liveBlocks(resourceIds: readonly number[], from: number, to: number): Promise<LiveBlock[]> {
    if (!resourceIds.length) return []
    return rowsOf<Parameters<typeof toLiveBlock>[0]>(
      await db.execute(liveBlocksQuery(resourceIds, from, to)),
    ).map(toLiveBlock)
  }

  /** The holds of courts (decision 072): the bookings outside sessions, their time their blocks. */
  const courtHolds = heldRows({ db, units, sales }, bookings, { ofKind: isNull(bookings.sessionId) })

  /** Bookings with a live block on these resources (all when not given), as a condition. */
  function onResources(resourceIds?: readonly number[]): SQL | undefined {
    if (!resourceIds) return undefined
    if (!resourceIds.length) return sql`false`
    return sql`exists (select 1 from booking_blocks b where b.booking_id = ${bookings.id}
      and b.released_at is null and b.resource_id in (${idList(resourceIds)}))`
  }

  /** What releasing holds leaves to do: their sales cancelled, the days of their blocks counted as changed. */
  async function released(
    expired: ReadonlyArray<{ saleId: number | null }>,
    freed: ReadonlyArray<{ resource_id: number; starts: unknown; ends: unknown }>,
    cat: Catalogue,
    zone: string,
  ) {
    await courtHolds.finishExpire(expired)
    await bumpDays(
      freed.map((f) => ({ resourceId: Number(f.resource_id), start: ms(f.starts), end: ms(f.ends) })),
      cat,
      zone,
    )
  }

  /** Frees the blocks of these released bookings at `at`: what they kept, for the days to count. */
  async function freeBlocks(bookingIds: readonly number[], at: string) {
    return rowsOf<{ resource_id: number; starts: unknown; ends: unknown }>(
      await db.execute(sql`${freeing(at, sql`${idList(bookingIds)}`)}`),
    )
  }

  /** The statement that frees the live blocks of the bookings `ids` selects (a list or a subquery). */
  const freeing = (at: string, ids: SQL) => sql`update booking_blocks set released_at = ${at}::timestamptz
    where released_at is null and booking_id in (${ids})
    returning resource_id, lower(during) as starts, upper(during) as ends`

  /**
   * A prebook's first statement, in its unit (one round trip for what took four): the catalogue's
   * version, the customer's `lock` taken (a value to select), the holds on these resources that ran
   * out released — their bookings expired, their blocks freed — and the live blocks meeting the time
   * `[from, to)` asked for. The blocks are read as the statement began, so the holds it releases are
   * among them, with their run-out hold end (as good as free: `takenAt`). `finishRelease` then
   * cancels the sales of what was released and counts its days as changed, with the catalogue of
   * that version.
   */
  async function startPrebook(opts: {
    resourceIds: readonly number[]
    during: { from: number; to: number } | undefined
    now: number
    lock: SQL
  }) {
    const at = new Date(opts.now).toISOString()
    const blocks =
      opts.during && opts.resourceIds.length
        ? sql`(select coalesce(json_agg(x), '[]') from (${liveBlocksQuery(opts.resourceIds, opts.during.from, opts.during.to)}) x)`
        : sql`'[]'::json`
    const [row] = rowsOf<{ catalogue: number | null; expired: unknown; freed: unknown; blocks: unknown }>(
      await db.execute(sql`with expired as (${courtHolds.expiring(opts.now, onResources(opts.resourceIds))}),
        freed as (${freeing(at, sql`select id from expired`)})
        select (select version from availability_versions
            where resource_type_id = ${CATALOGUE_VERSION_KEY.resourceTypeId} and day = ${CATALOGUE_VERSION_KEY.day}) as catalogue,
          ${opts.lock} is null as locked,
          (select coalesce(json_agg(expired), '[]') from expired) as expired,
          (select coalesce(json_agg(freed), '[]') from freed) as freed,
          ${blocks} as blocks`),
    )
    // PGlite answers json as text, pg parses it.
    const json = <T>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as T
    const expired = json<Array<{ id: number; saleId: number | null }>>(row!.expired)
    const freed = json<Array<{ resource_id: number; starts: unknown; ends: unknown }>>(row!.freed)
    return {
      catalogueVersion: Number(row!.catalogue ?? 0),
      blocks: json<Array<Parameters<typeof toLiveBlock>[0]>>(row!.blocks).map(toLiveBlock),
      finishRelease: (cat: Catalogue, zone: string) =>
        expired.length ? released(expired, freed, cat, zone) : Promise.resolve(),
    }
  }

  /**
   * Releases the holds that ran out (of the given resources, or all): the booking becomes
   * `expired`, its blocks are freed, its sale is cancelled and the days they were on counted as
   * changed. Runs inside the caller's unit of work, before it reads what is free or writes a hold;
   * the sweep releases every court's through the holds module (decision 072). Holds of places in
   * sessions are not these: they are released under their session's lock, where the waiting list
   * is offered the place (place-waitlist.ts).
   */
  async function releaseExpiredHolds(opts: {
    now: number
    zone: string
    cat: Catalogue
    resourceIds?: readonly number[]
  }): Promise<number> {
    const expired = await courtHolds.expire(opts.now, onResources(opts.resourceIds))
    if (!expired.length) return 0
    const freed = await freeBlocks(
      expired.map((e) => Number(e.id)),
      new Date(opts.now).toISOString(),
    )
    await released(expired, freed, opts.cat, opts.zone)
    return expired.length
  }

  /**
   * Takes back the court holds of these sales (a payment's success after its window, decision 072),
   * in the caller's unit and after their rows were locked: each booking held again until `until`,
   * its blocks live again. False when one cannot be: removed from the cart by its customer, or its
   * start gone by. A block that meets a live one (another customer's booking, the staff's) is
   * refused by the exclusion constraint (23P01), and the caller's savepoint undoes the whole take.
   * The days are counted as changed, as a release counts them.
   */
  async function retakeHolds(opts: {
    saleIds: readonly number[]
    now: number
    until: Date
    zone: string
    cat: Catalogue
  }): Promise<boolean> {
    const held = rowsOf<{ id: number; status: string; starts_at: unknown }>(
      await db.execute(sql`select id, status, starts_at from bookings
        where sale_id in (${idList(opts.saleIds)}) and session_id is null order by id`),
    )
    if (held.some((b) => b.status === 'cancelled' || ms(b.starts_at) <= opts.now)) return false
    const ids = held.filter((b) => b.status === 'held' || b.status === 'expired').map((b) => Number(b.id))
    if (!ids.length) return true
    await db.execute(sql`update bookings set status = 'held', hold_expires_at = ${opts.until.toISOString()}::timestamptz
      where id in (${idList(ids)})`)
    await db.execute(sql`update booking_blocks set released_at = null
      where booking_id in (${idList(ids)}) and released_at is not null`)
    const live = rowsOf<{ resource_id: number; starts: unknown; ends: unknown }>(
      await db.execute(sql`select resource_id, lower(during) as starts, upper(during) as ends
        from booking_blocks where booking_id in (${idList(ids)})`),
    )
    await bumpDays(
      live.map((b) => ({ resourceId: Number(b.resource_id), start: ms(b.starts), end: ms(b.ends) })),
      opts.cat,
      opts.zone,
    )
    return true
  }

  return { liveBlocks, liveBlocksQuery, courtHolds, startPrebook, releaseExpiredHolds, retakeHolds }
}

export type CourtHolds = ReturnType<typeof createCourtHolds>
