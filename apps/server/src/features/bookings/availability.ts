import { sql } from 'drizzle-orm'
import {
  bookingRoutes,
  type BookingResource,
  type Locale,
  type TimeTableEntry,
} from '@clubhouse/contract/server'
import { rowsOf, type Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import { toCachedAnswer, type CachedAnswer } from '../../http/cached-answer.ts'
import { publicDataChanged } from '../../http/public-changes.ts'
import { imageUrl } from '../../lib/images.ts'
import type { Localised } from '../../lib/localised.ts'
import type { SalesService } from '../sales/sales.service.ts'
import { CATALOGUE_VERSION_KEY, type Catalogue, type CatalogueType } from './booking-catalogue.ts'
import { createCourtHolds, idList, takenAt, type LiveBlock } from './court-holds.ts'
import {
  dayBounds,
  formatWallClock,
  hourMinute,
  wallClockAt,
  weekdayOf,
  type LocalDate,
} from './centre-clock.ts'
import { bookingPriceCents, overlapsAny, slotGrid, type BookingPriceList } from './slot-grid.ts'

/**
 * What is free when: the versions that say when a day changed, and the day answers of the booking
 * page, kept per instance while the day's versions hold (decision 047). The live blocks the days
 * are read from and the holds of courts, released when they ran out before anything is read or
 * written, are court-holds.ts's; this module composes them.
 */

const MINUTE = 60_000

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

  /** The blocks and holds of courts, whose writes count their days as changed here. */
  const courts = createCourtHolds({ db, units, sales, bumpDays })
  const { liveBlocks } = courts

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

  const { courtHolds, startPrebook, releaseExpiredHolds, retakeHolds } = courts
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
