import { randomUUID } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import { StaffErrorCode, type Locale } from '@clubhouse/contract/server'
import { rowsOf } from '../../db/client.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import type { Catalogue } from './booking-catalogue.ts'
import {
  addDays,
  dayBounds,
  hourMinute,
  instantAtOrAfter,
  wallClockAt,
  type LocalDate,
} from './centre-clock.ts'
import type { CourtContext } from './court-context.ts'

/**
 * The staff's no-online blocks (issue 23, item 5): time the centre takes on a resource, once or the
 * same time every week, refused where a live booking or another block stands; listed; released one
 * by one or a series from one of its blocks onwards. Each write is one unit of work that counts the
 * days it touched as changed (`bumpDays`), so every instance's day answers show it at once. A
 * caller's unit (the staff's, with its audit row) is joined.
 */

/** A live no-online block, in instants and in the centre's wall clock. */
export interface NoOnlineBlock {
  id: number
  seriesId: string | null
  resourceId: number
  resourceName: string
  start: number
  end: number
  /** The centre's day it starts on, and its minutes from that day's midnight (past 1440 into the next day). */
  date: LocalDate
  startMinute: number
  endMinute: number
  note: string
}

/** What stands in the time a block asks for. */
export interface BlockClash {
  kind: 'booking' | 'block'
  bookingId: number | null
  blockId: number
  resourceId: number
  resourceName: string
  date: LocalDate
  /** `HH:mm–HH:mm`, the centre's time. */
  time: string
  customerName: string | null
  note: string
}

export interface NoOnlineBlockInput {
  resourceId: number
  date: LocalDate
  startMinute: number
  endMinute: number
  note: string
  /** The same time every 7 days up to this day, included. */
  repeatWeeklyUntil?: LocalDate | undefined
}

/** Clashes named in full in a refusal's message; the rest are counted. */
const CLASHES_NAMED = 10

type BlockRow = {
  id: number
  series_id: string | null
  resource_id: number
  starts: unknown
  ends: unknown
  note: string
}
type ClashRow = BlockRow & { booking_id: number | null; customer_id: number | null }

/** An instant as the drivers answer it (a Date from pg, a string from a raw PGlite row). */
const ms = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(String(v)))
const iso = (instant: number) => new Date(instant).toISOString()
const DAY_MS = 86_400_000
const daysBetween = (a: LocalDate, b: LocalDate) => Math.round((Date.parse(b) - Date.parse(a)) / DAY_MS)

const resourceNotFound = () => notFound('This resource')
const blockNotFound = () => notFound('This block')
const skippedTime = (date: LocalDate) =>
  new AppError('rule', `The clock skips this time on ${date}: choose another.`, { status: 422 })
const blockInPast = () =>
  new AppError('slot_in_past', 'This time has already passed. Choose a later one.', { status: 422 })

/** The refusal that lists what stands in the way, with the list in its `data` for the desk's screen. */
function blockClash(clashes: BlockClash[]) {
  if (!clashes.length) {
    // The exclusion constraint refused a time whose other holder was gone again by the time it was read.
    return new AppError(
      StaffErrorCode.blockClash,
      'Someone took this time a moment ago. Please look again.',
      {
        status: 409,
        data: { clashes },
      },
    )
  }
  const named = clashes
    .slice(0, CLASHES_NAMED)
    .map((c) =>
      c.kind === 'booking'
        ? `${c.date} ${c.time} #${c.bookingId} ${c.customerName ?? ''}`.trim()
        : `${c.date} ${c.time} "${c.note}"`,
    )
  const more = clashes.length > CLASHES_NAMED ? ` (+${clashes.length - CLASHES_NAMED})` : ''
  return new AppError(
    StaffErrorCode.blockClash,
    `This time clashes with what stands on the resource: ${named.join('; ')}${more}.`,
    { status: 409, data: { clashes } },
  )
}

/** The refusal of the exclusion constraint, read again as the clashes it met (a race with a prebook). */
class RacedBlock extends AppError {
  constructor() {
    super(StaffErrorCode.blockClash, 'Someone took this time a moment ago. Please look again.', {
      status: 409,
    })
  }
}

export function createNoOnlineBlocks(ctx: CourtContext) {
  const { db, units, clock, catalogue, availability, centre, customers } = ctx

  const nameOf = (cat: Catalogue, resourceId: number, locale: Locale) =>
    cat.resourceById.get(resourceId)?.name[locale] ?? ''

  function toBlock(r: BlockRow, cat: Catalogue, zone: string, locale: Locale): NoOnlineBlock {
    const start = ms(r.starts)
    const end = ms(r.ends)
    const from = wallClockAt(start, zone)
    const to = wallClockAt(end, zone)
    return {
      id: Number(r.id),
      seriesId: r.series_id,
      resourceId: Number(r.resource_id),
      resourceName: nameOf(cat, Number(r.resource_id), locale),
      start,
      end,
      date: from.date,
      startMinute: from.minute,
      endMinute: daysBetween(from.date, to.date) * 1440 + to.minute,
      note: r.note,
    }
  }

  /** The days a set of blocks is on, counted as changed in the caller's unit. */
  const bumped = (blocks: readonly NoOnlineBlock[], cat: Catalogue, zone: string) =>
    availability.bumpDays(
      blocks.map((b) => ({ resourceId: b.resourceId, start: b.start, end: b.end })),
      cat,
      zone,
    )

  /** The instants of each week's block: the first day's time, then the same time every 7 days. */
  function weeksOf(input: NoOnlineBlockInput, zone: string): Array<{ start: number; end: number }> {
    const weeks = input.repeatWeeklyUntil
      ? Math.floor(daysBetween(input.date, input.repeatWeeklyUntil) / 7)
      : 0
    return Array.from({ length: weeks + 1 }, (_, i) => {
      const date = addDays(input.date, 7 * i)
      const start = instantAtOrAfter(date, input.startMinute, zone)
      const end = instantAtOrAfter(date, input.endMinute, zone)
      if (end <= start) throw skippedTime(date)
      return { start, end }
    })
  }

  /** The live blocks of `resourceId` (bookings' and the centre's) that meet any of `ranges`. */
  async function clashesWith(
    resourceId: number,
    ranges: ReadonlyArray<{ start: number; end: number }>,
    cat: Catalogue,
    zone: string,
    locale: Locale,
  ): Promise<BlockClash[]> {
    const meets: SQL[] = ranges.map(
      (r) => sql`b.during && tstzrange(${iso(r.start)}::timestamptz, ${iso(r.end)}::timestamptz)`,
    )
    const rows = rowsOf<ClashRow>(
      await db.execute(sql`select b.id, b.booking_id, b.series_id, b.resource_id, b.note,
          lower(b.during) as starts, upper(b.during) as ends, k.customer_id
        from booking_blocks b left join bookings k on k.id = b.booking_id
        where b.released_at is null and b.resource_id = ${resourceId} and (${sql.join(meets, sql` or `)})
        order by lower(b.during), b.id`),
    )
    const contacts = await customers.contactsOf(
      rows.flatMap((r) => (r.customer_id === null ? [] : [Number(r.customer_id)])),
    )
    return rows.map((r) => {
      const block = toBlock(r, cat, zone, locale)
      const contact = r.customer_id === null ? undefined : contacts.get(Number(r.customer_id))
      return {
        kind: r.booking_id === null ? 'block' : 'booking',
        bookingId: r.booking_id === null ? null : Number(r.booking_id),
        blockId: block.id,
        resourceId: block.resourceId,
        resourceName: block.resourceName,
        date: block.date,
        time: `${hourMinute(block.startMinute)}–${hourMinute(wallClockAt(block.end, zone).minute)}`,
        customerName: contact ? `${contact.name} ${contact.surname}`.trim() : null,
        note: r.booking_id === null ? r.note : '',
      }
    })
  }

  /**
   * Takes the time on the resource, one block or one a week up to `repeatWeeklyUntil` sharing a new
   * series id, in one unit. Holds that ran out on the resource are released first; any live booking
   * or block meeting any week refuses the whole (409 `block_clash`, listing them) and nothing is
   * written. The exclusion constraint is the last word on a prebook racing it: its refusal is read
   * again as the clashes it met. Unknown resource: 404; a first week already over: 422.
   */
  async function addNoOnlineBlocks(
    input: NoOnlineBlockInput,
    locale: Locale,
  ): Promise<{ seriesId: string | null; blocks: NoOnlineBlock[] }> {
    const { zone } = await centre()
    return units.run(async () => {
      const now = clock()
      const cat = await catalogue.catalogue()
      if (!cat.resourceById.has(input.resourceId)) throw resourceNotFound()
      const ranges = weeksOf(input, zone)
      if (ranges[0]!.end <= now) throw blockInPast()
      await availability.releaseExpiredHolds({ now, zone, cat, resourceIds: [input.resourceId] })
      const clashes = await clashesWith(input.resourceId, ranges, cat, zone, locale)
      if (clashes.length) throw blockClash(clashes)

      const seriesId = input.repeatWeeklyUntil ? randomUUID() : null
      const values = ranges.map(
        (r) => sql`(${input.resourceId}, tstzrange(${iso(r.start)}::timestamptz, ${iso(r.end)}::timestamptz),
          true, ${input.note}, ${seriesId}::uuid)`,
      )
      let rows: BlockRow[]
      try {
        rows = await units.run(
          async () =>
            rowsOf<BlockRow>(
              await db.execute(sql`insert into booking_blocks (resource_id, during, is_no_online, note, series_id)
                values ${sql.join(values, sql`, `)}
                returning id, series_id, resource_id, lower(during) as starts, upper(during) as ends, note`),
            ),
          { conflicts: { booking_blocks_no_overlap: () => new RacedBlock() } },
        )
      } catch (err) {
        // Read committed: this statement sees the booking that won, committed before the refusal.
        if (err instanceof RacedBlock)
          throw blockClash(await clashesWith(input.resourceId, ranges, cat, zone, locale))
        throw err
      }
      const blocks = rows.map((r) => toBlock(r, cat, zone, locale)).sort((a, b) => a.start - b.start)
      await bumped(blocks, cat, zone)
      return { seriesId, blocks }
    })
  }

  /** The live no-online blocks meeting the centre's days `from` to `to` (included), of one resource or all. */
  async function noOnlineBlocks(
    query: { resourceId?: number | undefined; from: LocalDate; to: LocalDate },
    locale: Locale,
  ): Promise<NoOnlineBlock[]> {
    const { zone } = await centre()
    const cat = await catalogue.catalogue()
    const start = dayBounds(query.from, zone).start
    const end = dayBounds(query.to, zone).end
    const rows = rowsOf<BlockRow>(
      await db.execute(sql`select id, series_id, resource_id, lower(during) as starts, upper(during) as ends, note
        from booking_blocks
        where released_at is null and is_no_online
          ${query.resourceId === undefined ? sql`` : sql`and resource_id = ${query.resourceId}`}
          and lower(during) < ${iso(end)}::timestamptz and upper(during) > ${iso(start)}::timestamptz
        order by lower(during), id`),
    )
    return rows.map((r) => toBlock(r, cat, zone, locale))
  }

  /**
   * Releases a live no-online block, or with `series` it and the later blocks of its series (by
   * start), in one unit; answers what was released. A block that is unknown, a booking's, or
   * released already: 404.
   */
  async function releaseNoOnlineBlocks(
    id: number,
    series: boolean,
    locale: Locale,
  ): Promise<NoOnlineBlock[]> {
    const { zone } = await centre()
    return units.run(async () => {
      const cat = await catalogue.catalogue()
      const [block] = rowsOf<{ series_id: string | null; starts: unknown }>(
        await db.execute(sql`select series_id, lower(during) as starts from booking_blocks
          where id = ${id} and is_no_online and released_at is null for update`),
      )
      if (!block) throw blockNotFound()
      const rest =
        series && block.series_id !== null
          ? sql`or (series_id = ${block.series_id}::uuid and lower(during) >= ${iso(ms(block.starts))}::timestamptz)`
          : sql``
      const rows = rowsOf<BlockRow>(
        await db.execute(sql`update booking_blocks set released_at = ${iso(clock())}::timestamptz
          where released_at is null and is_no_online and (id = ${id} ${rest})
          returning id, series_id, resource_id, lower(during) as starts, upper(during) as ends, note`),
      )
      const released = rows.map((r) => toBlock(r, cat, zone, locale)).sort((a, b) => a.start - b.start)
      await bumped(released, cat, zone)
      return released
    })
  }

  return { addNoOnlineBlocks, noOnlineBlocks, releaseNoOnlineBlocks }
}

export type NoOnlineBlocks = ReturnType<typeof createNoOnlineBlocks>
