import { isNull, sql, type SQL } from 'drizzle-orm'
import { bookingRoutes, type BookingResource, type Locale, type TimeTableEntry } from '@clubhouse/contract'
import { rowsOf, type Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import { toCachedAnswer, type CachedAnswer } from '../../http/cached-answer.ts'
import { publicDataChanged } from '../../http/public-changes.ts'
import { imageUrl } from '../../lib/images.ts'
import type { Localised } from '../../lib/localised.ts'
import { heldRows } from '../holds/holds.ts'
import type { SalesService } from '../sales/sales.service.ts'
import { CATALOGUE_VERSION_KEY, type Catalogue, type CatalogueType } from './booking-catalogue.ts'
import { bookings } from './bookings.tables.ts'
import {
  dayBounds,
  formatWallClock,
  hourMinute,
  wallClockAt,
  weekdayOf,
  type LocalDate,
} from './centre-clock.ts'
import {
  bookingPriceCents,
  overlapsAny,
  slotGrid,
  type BookingPriceList,
  type TakenRange,
} from './slot-grid.ts'

/**
 * What is free when: the live blocks of a day, the hold that ran out and is released before anything
 * is read or written, and the day answers of the booking page, kept per instance while the day's
 * versions hold (decision 047).
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

const idList = (ids: readonly number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )

/** Why a day has nothing to book, in both languages. */
const NOTHING_FREE: Localised = {
  'es-ES': 'No queda nada libre este día. Prueba otro día.',
  'en-US': 'Nothing is free on this day. Try another day.',
}
const DAY_PASSED: Localised = {
  'es-ES': 'Este día ya ha pasado. Elige otro día.',
  'en-US': 'This day has passed. Choose another day.',
}
const NO_RESOURCES: Localised = {
  'es-ES': 'Todavía no hay nada que reservar aquí.',
  'en-US': 'There is nothing to book here yet.',
}

export interface DayInput {
  type: CatalogueType
  /** The resource types shown (the type's own, or the one the customer filtered by). */
  resourceTypeIds: number[]
  date: LocalDate
  priceList: BookingPriceList | undefined
  locale: Locale
  zone: string
}

interface CachedDay {
  versions: string
  validUntil: number
  answer: CachedAnswer
}

export function createAvailability(deps: {
  db: Db
  units: Units
  sales: SalesService
  clock: () => number
  /** Day answers kept per instance (each up to a few kilobytes). */
  maxCachedDays?: number
}) {
  const { db, units, sales, clock } = deps
  const maxCachedDays = deps.maxCachedDays ?? 1000
  const days = new Map<string, CachedDay>()
  const building = new Map<string, Promise<CachedDay>>()

  /** Version reads under way, by what they read: requests arriving meanwhile share them. */
  const reading = new Map<string, Promise<{ catalogue: number; key: string }>>()

  /**
   * The versions a day answer depends on, in one query: the catalogue's and those of the day's
   * resource types. A change through any instance bumps one of them in its unit of work. Requests
   * for the same day that arrive while a read is under way share it: at 50 connections the database
   * answers one read for many of them, and an answer is at most one read's time behind a commit.
   */
  function dayVersions(
    resourceTypeIds: readonly number[],
    date: LocalDate,
  ): Promise<{ catalogue: number; key: string }> {
    const key = `${resourceTypeIds.join(',')}|${date}`
    let pending = reading.get(key)
    if (!pending) {
      pending = readDayVersions(resourceTypeIds, date).finally(() => reading.delete(key))
      reading.set(key, pending)
    }
    return pending
  }

  async function readDayVersions(
    resourceTypeIds: readonly number[],
    date: LocalDate,
  ): Promise<{ catalogue: number; key: string }> {
    const res = await db.execute(sql`select resource_type_id, version from availability_versions
      where (resource_type_id = ${CATALOGUE_VERSION_KEY.resourceTypeId} and day = ${CATALOGUE_VERSION_KEY.day})
      ${resourceTypeIds.length ? sql`or (day = ${date} and resource_type_id in (${idList(resourceTypeIds)}))` : sql``}`)
    const rows = rowsOf<{ resource_type_id: number; version: number }>(res)
    const versionOf = (id: number) =>
      Number(rows.find((r) => Number(r.resource_type_id) === id)?.version ?? 0)
    return {
      catalogue: versionOf(CATALOGUE_VERSION_KEY.resourceTypeId),
      key: resourceTypeIds.map((id) => `${id}:${versionOf(id)}`).join(','),
    }
  }

  /**
   * Counts a change of the blocks `changed` (resource and time), in the caller's unit of work: every
   * centre day each touches, for its resource's type. Rows are bumped in one order, so two units never
   * wait for each other crosswise.
   */
  async function bumpDays(
    changed: ReadonlyArray<{ resourceId: number; start: number; end: number }>,
    cat: Catalogue,
    zone: string,
  ) {
    const keys = new Set<string>()
    for (const b of changed) {
      const typeId = cat.resourceById.get(b.resourceId)?.resourceTypeId
      if (typeId === undefined) continue
      const first = wallClockAt(b.start, zone).date
      const last = wallClockAt(b.end - 1, zone).date
      keys.add(`${typeId}|${first}`)
      keys.add(`${typeId}|${last}`)
    }
    if (!keys.size) return
    publicDataChanged()
    const pairs = [...keys].sort().map((k) => {
      const [typeId, day] = k.split('|') as [string, string]
      return sql`(${Number(typeId)}, ${day}::date, 1)`
    })
    await db.execute(sql`insert into availability_versions (resource_type_id, day, version)
      values ${sql.join(pairs, sql`, `)}
      on conflict (resource_type_id, day) do update set version = availability_versions.version + 1`)
  }

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

  /**
   * The day answer of the booking page: each resource of the day's types with its starts, the
   * durations that can start there now, their prices for this customer and the staff's blocks.
   * `validUntil` is when it next changes by the clock alone: a start passing the anticipation
   * limit or a hold running out.
   */
  function buildDay(input: DayInput, cat: Catalogue, blocks: readonly LiveBlock[], now: number) {
    const { type, date, zone, locale } = input
    const taken = takenAt(blocks, now)
    const earliest = now + type.anticipationMinutes * MINUTE
    let validUntil = Number.POSITIVE_INFINITY
    for (const b of blocks)
      if (b.holdExpiresAt !== null && b.holdExpiresAt > now)
        validUntil = Math.min(validUntil, b.holdExpiresAt)
    const durations = type.durations.map((d) => d.minutes)
    const basePrice = new Map(type.durations.map((d) => [d.minutes, d.priceCents]))
    const weekday = weekdayOf(date)
    const list: BookingResource[] = []
    let anyFree = false
    for (const typeId of input.resourceTypeIds) {
      const rtName = cat.resourceTypes.get(typeId)?.name
      for (const resource of cat.resourcesOfType.get(typeId) ?? []) {
        const staff = blocks.filter((b) => b.resourceId === resource.id && b.isNoOnline)
        const grid = slotGrid({
          date,
          zone,
          ranges: resource.openingHours,
          slotMinutes: resource.slotMinutes,
          durations,
        })
        const timeTable = grid.map((slot): TimeTableEntry => {
          const bookable = slot.start >= earliest
          if (bookable) validUntil = Math.min(validUntil, slot.start - type.anticipationMinutes * MINUTE + 1)
          const free = bookable
            ? slot.durations.filter((d) => !overlapsAny(taken.get(resource.id) ?? [], slot.start, d))
            : []
          if (free.length) anyFree = true
          const priceByDuration: Record<string, number> = {}
          for (const d of slot.durations) {
            priceByDuration[String(d)] =
              bookingPriceCents({
                basePriceCents: basePrice.get(d) ?? 0,
                rules: type.rules,
                duration: d,
                weekday,
                minute: slot.minute,
                priceList: input.priceList,
              }) / 100
          }
          const slotEnd = slot.start + resource.slotMinutes * MINUTE
          return {
            start: `${date} ${hourMinute(slot.minute)}`,
            sstart: hourMinute(slot.minute),
            durations: free,
            priceByDuration,
            noOnlineBlocks: staff
              .filter((b) => b.start < slotEnd && slot.start < b.end)
              .map((b) => ({
                duration: Math.round((b.end - b.start) / MINUTE),
                resourceId: resource.id,
                resourceName: resource.name[locale],
                start: formatWallClock(b.start, zone),
              })),
            available: free.length > 0,
          }
        })
        list.push({
          id: resource.id,
          name: resource.name[locale],
          type: rtName?.[locale] ?? '',
          typeId,
          image: imageUrl(resource.image),
          description: resource.description[locale],
          timeTable,
        })
      }
    }
    const errorMsg =
      list.length === 0
        ? NO_RESOURCES[locale]
        : anyFree
          ? null
          : dayBounds(date, zone).end <= now
            ? DAY_PASSED[locale]
            : NOTHING_FREE[locale]
    const answer = toCachedAnswer(bookingRoutes.list.response, {
      ok: true,
      errorMsg: null,
      model: {
        list,
        multipleResources: type.related.map((r) => r.resourceTypeId),
        relatedResourceTypes: type.related.map((r) => ({
          id: r.resourceTypeId,
          name: cat.resourceTypes.get(r.resourceTypeId)?.name[locale] ?? '',
          optional: r.optional,
        })),
        errorMsg,
      },
    })
    return { answer, validUntil }
  }

  /**
   * The day answer for `input`, from this instance's copy while the day's versions (read now) are
   * those it was built at and the clock has not moved past it; else built again, after releasing
   * the holds of the day's resources that ran out.
   */
  async function dayAnswer(
    input: DayInput,
    cat: Catalogue,
    versions: string,
    release: (resourceIds: number[]) => Promise<unknown>,
  ): Promise<CachedAnswer> {
    const now = clock()
    const listKey = [
      input.type.id,
      input.resourceTypeIds.join('+'),
      input.date,
      input.priceList ? `${input.priceList.id}:${input.priceList.discountPercent}` : '',
      input.locale,
      input.zone,
      cat.version,
    ].join('|')
    const hit = days.get(listKey)
    if (hit && hit.versions === versions && now < hit.validUntil) return hit.answer
    const buildKey = `${listKey}|${versions}`
    let pending = building.get(buildKey)
    if (!pending) {
      pending = (async () => {
        const resourceIds = input.resourceTypeIds.flatMap((id) =>
          (cat.resourcesOfType.get(id) ?? []).map((r) => r.id),
        )
        await release(resourceIds)
        const { start, end } = dayBounds(input.date, input.zone)
        const blocks = await liveBlocks(resourceIds, start, end)
        const built = buildDay(input, cat, blocks, clock())
        const entry = { versions, validUntil: built.validUntil, answer: built.answer }
        days.delete(listKey)
        days.set(listKey, entry)
        if (days.size > maxCachedDays) days.delete(days.keys().next().value as string)
        return entry
      })().finally(() => building.delete(buildKey))
      building.set(buildKey, pending)
    }
    return (await pending).answer
  }

  return {
    dayVersions,
    bumpDays,
    liveBlocks,
    courtHolds,
    startPrebook,
    releaseExpiredHolds,
    retakeHolds,
    dayAnswer,
  }
}

export type Availability = ReturnType<typeof createAvailability>
