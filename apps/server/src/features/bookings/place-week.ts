import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import {
  ByPlaceListAnswer,
  type ByPlaceListBody,
  type Locale,
  type PlaceSession,
} from '@clubhouse/contract/server'
import type { z } from 'zod'
import { rowsOf } from '../../db/client.ts'
import type { AuthCustomer } from '../../http/auth.ts'
import { toCachedAnswer, type CachedAnswer } from '../../http/cached-answer.ts'
import type { CatalogueType } from './booking-catalogue.ts'
import { CATALOGUE_VERSION_KEY } from './booking-catalogue.ts'
import { beyondHorizon } from './bookings.service.ts'
import { addDays, dayBounds, formatWallClock, hourMinute, wallClockAt, weekdayOf } from './centre-clock.ts'
import {
  capacityOf,
  heldAt,
  liveAt,
  MINUTE,
  placeTypeOf,
  SESSION_DAYS,
  sessionPriceCents,
  type Ctx,
  type PlaceContext,
} from './place-context.ts'
import { bookingTemplatePlaces, placeSessions } from './place-sessions.tables.ts'
import type { BookingPriceList } from './slot-grid.ts'

type ListInput = z.output<typeof ByPlaceListBody>

/** A session's columns named in full in subqueries: in a select list Drizzle writes them bare. */
const SESSION_ID = sql.raw('"place_sessions"."id"')
/** The bookings of a subquery, which names them `b`. */
const b = { status: sql.raw('b.status'), holdExpiresAt: sql.raw('b.hold_expires_at') }

/** Week answers kept per instance (each a few kilobytes). */
const MAX_CACHED_WEEKS = 200

const msOf = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(String(v)))

/**
 * The week's sessions as the page lists them, and each session as a row of that list (which the
 * place map answers too). The week is kept per instance while its days' versions hold.
 */
export function createPlaceWeek(shared: PlaceContext) {
  const { db, clock, bookingsService } = shared

  /**
   * Sessions matching `where`, soonest first, with what the page shows of each: places taken,
   * whether this customer is in or waiting, the waiting list's length.
   */
  async function sessionRows(where: SQL | undefined, customerId: number, now: number) {
    // The places of every map at once: a handful of maps, read in one pass rather than per session.
    const placeCounts = db
      .select({
        templateId: bookingTemplatePlaces.templateId,
        places: sql<number>`count(*)::int`.as('places'),
      })
      .from(bookingTemplatePlaces)
      .groupBy(bookingTemplatePlaces.templateId)
      .as('place_counts')
    const mine = (table: SQL) => (customerId ? sql<boolean>`exists(${table})` : sql<boolean>`false`)
    return db
      .select({
        session: placeSessions,
        taken: sql<number>`(select count(*)::int from bookings b where b.session_id = ${SESSION_ID}
          and ${liveAt(now, b)})`,
        places: sql<number>`coalesce(${placeCounts.places}, 0)`,
        waitlistCount: sql<number>`(select count(*)::int from place_session_waitlist w
          where w.session_id = ${SESSION_ID} and w.status = 'waiting')`,
        alreadyIn: mine(sql`select 1 from bookings b where b.session_id = ${SESSION_ID}
          and b.customer_id = ${customerId} and ${liveAt(now, b)}`),
        waiting: mine(sql`select 1 from place_session_waitlist w where w.session_id = ${SESSION_ID}
          and w.customer_id = ${customerId} and w.status = 'waiting'`),
        resourceIds: sql<number[]>`array(select r.resource_id from place_session_resources r
          where r.session_id = ${SESSION_ID} order by r.resource_id)`,
        /** When the next running hold of the session runs out (its count changes then). */
        nextHoldEnd: sql<unknown>`(select min(b.hold_expires_at) from bookings b where b.session_id = ${SESSION_ID}
          and ${heldAt(now, b)})`,
      })
      .from(placeSessions)
      .leftJoin(placeCounts, eq(placeCounts.templateId, placeSessions.templateId))
      .where(where)
      .orderBy(asc(placeSessions.startsAt), asc(placeSessions.id))
  }
  type SessionListRow = Awaited<ReturnType<typeof sessionRows>>[number]

  function placeSessionOf(
    row: Omit<SessionListRow, 'nextHoldEnd'>,
    type: CatalogueType,
    ctx: Ctx,
    priceList: BookingPriceList | undefined,
    locale: Locale,
  ): PlaceSession {
    const { session } = row
    const start = session.startsAt.getTime()
    const wall = wallClockAt(start, ctx.settings.zone)
    const taken = Number(row.taken)
    const full = taken >= capacityOf(session, Number(row.places))
    const resources = (row.resourceIds ?? [])
      .map((id) => ctx.cat.resourceById.get(Number(id)))
      .filter((r) => r !== undefined)
      .sort((a, b) => a.position - b.position || a.id - b.id)
    return {
      id: session.id,
      bookingTypeId: type.id,
      bookingTypeName: type.name[locale],
      start: formatWallClock(start, ctx.settings.zone),
      sstart: hourMinute(wall.minute),
      weekday: wall.weekday,
      duration: session.durationMinutes,
      maxParticipants: session.maxParticipants,
      participantsIn: taken,
      minLevel: session.minLevel === null ? null : Number(session.minLevel),
      maxLevel: session.maxLevel === null ? null : Number(session.maxLevel),
      resources: resources.map((r) => r.name[locale]).join(', '),
      price: sessionPriceCents(session, ctx.settings.zone, priceList) / 100,
      bookingTemplateId: session.templateId,
      description: session.description[locale],
      bookable:
        type.isOnline &&
        !full &&
        start > ctx.now &&
        start >= ctx.now + type.anticipationMinutes * MINUTE &&
        !beyondHorizon(wall.date, ctx.now, type.daysAhead, ctx.settings.zone),
      alreadyIn: Boolean(row.alreadyIn),
      waiting: Boolean(row.waiting),
      waitlistCount: Number(row.waitlistCount),
    }
  }

  /** Version reads under way, by week: requests arriving meanwhile share them (as decision 047's days do). */
  const reading = new Map<string, Promise<{ catalogue: number; key: string }>>()
  function weekVersions(monday: string) {
    let pending = reading.get(monday)
    if (!pending) {
      pending = readWeekVersions(monday).finally(() => reading.delete(monday))
      reading.set(monday, pending)
    }
    return pending
  }

  /** The catalogue's version and those of the week's days, in one query. */
  async function readWeekVersions(monday: string) {
    const rows = rowsOf<{ resource_type_id: number; day: string; version: number }>(
      await db.execute(sql`select resource_type_id, to_char(day, 'YYYY-MM-DD') as day, version
        from availability_versions
        where (resource_type_id = ${CATALOGUE_VERSION_KEY.resourceTypeId} and day = ${CATALOGUE_VERSION_KEY.day})
          or (resource_type_id = ${SESSION_DAYS} and day >= ${monday}::date and day < ${addDays(monday, 7)}::date)
        order by resource_type_id, day`),
    )
    const catalogue = rows.find((r) => Number(r.resource_type_id) === CATALOGUE_VERSION_KEY.resourceTypeId)
    return {
      catalogue: Number(catalogue?.version ?? 0),
      key: rows
        .filter((r) => Number(r.resource_type_id) === SESSION_DAYS)
        .map((r) => `${r.day}:${r.version}`)
        .join(','),
    }
  }

  interface CachedWeek {
    versions: string
    /** When the answer changes by the clock alone: a hold runs out, a session starts or closes. */
    validUntil: number
    rows: Array<Omit<SessionListRow, 'nextHoldEnd'>>
  }
  const weeks = new Map<string, CachedWeek>()
  const building = new Map<string, Promise<CachedWeek>>()

  /**
   * The sessions of the centre's week (Monday to Sunday) that holds `date`, of the by-place types
   * offered online (or of one), optionally only those taking a resource of a type; soonest first.
   * What every caller sees of it is kept per instance while the versions of the week's days hold and
   * the clock has not reached a change (decision 063, as decision 047 keeps the days of courts).
   * Undefined when no type is offered.
   */
  async function weekOf(input: ListInput) {
    const settings = await bookingsService.centreSettings()
    const monday = addDays(input.date, 1 - weekdayOf(input.date))
    const versions = await weekVersions(monday)
    const cat = await bookingsService.catalogue.catalogueAt(versions.catalogue)
    const ctx: Ctx = { now: clock(), settings, cat }
    const types = cat.types.filter(
      (t) => t.byPlace && t.isOnline && (input.bookingTypeId === undefined || t.id === input.bookingTypeId),
    )
    if (!types.length) return undefined
    const key = [
      monday,
      types.map((t) => t.id).join(','),
      input.resourceTypeId ?? '',
      settings.zone,
      cat.version,
    ].join('|')
    let week = weeks.get(key)
    if (!week || week.versions !== versions.key || ctx.now >= week.validUntil) {
      const buildKey = `${key}|${versions.key}`
      let pending = building.get(buildKey)
      if (!pending) {
        pending = buildWeek(monday, types, input.resourceTypeId ?? undefined, ctx, versions.key).finally(() =>
          building.delete(buildKey),
        )
        building.set(buildKey, pending)
      }
      week = await pending
      weeks.delete(key)
      weeks.set(key, week)
      if (weeks.size > MAX_CACHED_WEEKS) weeks.delete(weeks.keys().next().value as string)
    }
    return { key, week, ctx }
  }

  /** The week's sessions as `customer` (or a visitor) sees them: in, waiting, their price. */
  async function sessionsOf(
    found: { week: CachedWeek; ctx: Ctx },
    customer: AuthCustomer | undefined,
    locale: Locale,
  ): Promise<PlaceSession[]> {
    const { week, ctx } = found
    const own = customer ? await ownState(customer.id, week.rows, ctx.now) : undefined
    const priceList = await bookingsService.priceListOf(customer?.customerTypeId)
    return week.rows.map((row) =>
      placeSessionOf(
        {
          ...row,
          alreadyIn: own?.in.has(row.session.id) ?? false,
          waiting: own?.waiting.has(row.session.id) ?? false,
        },
        placeTypeOf(ctx.cat, row.session.bookingTypeId)!,
        ctx,
        priceList,
        locale,
      ),
    )
  }

  /** The week as a customer sees it: what is their own (in, waiting, their price) read for each. */
  async function list(input: ListInput, customer: AuthCustomer | undefined, locale: Locale) {
    const found = await weekOf(input)
    return found ? sessionsOf(found, customer, locale) : []
  }

  /**
   * The week's answer to a visitor, ready to send: made once per week, language and versions, and
   * kept until the clock changes it — a change of the week (a hold running out, a session starting
   * or closing to bookings) or the next midnight of the centre, when the days ahead that can be
   * booked move on.
   */
  const visitorWeeks = new Map<string, { week: CachedWeek; until: number; answer: CachedAnswer }>()
  async function visitorAnswer(input: ListInput, locale: Locale): Promise<CachedAnswer> {
    const found = await weekOf(input)
    if (!found) return toCachedAnswer(ByPlaceListAnswer, { ok: true, errorMsg: null, data: [] })
    const key = `${found.key}|${locale}`
    const hit = visitorWeeks.get(key)
    if (hit && hit.week === found.week && found.ctx.now < hit.until) return hit.answer
    const { zone } = found.ctx.settings
    const midnight = dayBounds(addDays(wallClockAt(found.ctx.now, zone).date, 1), zone).start
    const answer = toCachedAnswer(ByPlaceListAnswer, {
      ok: true,
      errorMsg: null,
      data: await sessionsOf(found, undefined, locale),
    })
    visitorWeeks.delete(key)
    visitorWeeks.set(key, { week: found.week, until: Math.min(found.week.validUntil, midnight), answer })
    if (visitorWeeks.size > MAX_CACHED_WEEKS) visitorWeeks.delete(visitorWeeks.keys().next().value as string)
    return answer
  }

  async function buildWeek(
    monday: string,
    types: CatalogueType[],
    resourceTypeId: number | undefined,
    ctx: Ctx,
    versions: string,
  ): Promise<CachedWeek> {
    const from = dayBounds(monday, ctx.settings.zone).start
    const to = dayBounds(addDays(monday, 7), ctx.settings.zone).start
    const byResourceType =
      resourceTypeId === undefined
        ? undefined
        : sql`exists(select 1 from place_session_resources r join resources x on x.id = r.resource_id
            where r.session_id = ${SESSION_ID} and x.resource_type_id = ${resourceTypeId})`
    const rows = await sessionRows(
      and(
        inArray(
          placeSessions.bookingTypeId,
          types.map((t) => t.id),
        ),
        gte(placeSessions.startsAt, new Date(from)),
        lt(placeSessions.startsAt, new Date(to)),
        byResourceType,
      ),
      0,
      ctx.now,
    )
    let validUntil = Number.POSITIVE_INFINITY
    const later = (at: number) => {
      if (at > ctx.now) validUntil = Math.min(validUntil, at)
    }
    for (const row of rows) {
      const start = row.session.startsAt.getTime()
      const anticipation =
        (placeTypeOf(ctx.cat, row.session.bookingTypeId)?.anticipationMinutes ?? 0) * MINUTE
      later(start)
      later(start - anticipation + 1)
      if (row.nextHoldEnd !== null) later(msOf(row.nextHoldEnd) + 1)
    }
    return { versions, validUntil, rows: rows.map(({ nextHoldEnd: _, ...row }) => row) }
  }

  /** The sessions among `rows` the customer is in (a place taken or held) or waiting for. */
  async function ownState(customerId: number, rows: ReadonlyArray<{ session: { id: number } }>, now: number) {
    const ids = rows.map((r) => r.session.id)
    const found = ids.length
      ? rowsOf<{ session_id: number; kind: string }>(
          await db.execute(sql`select session_id, 'in' as kind from bookings
            where customer_id = ${customerId} and session_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})
              and ${liveAt(now)}
            union all
            select session_id, 'waiting' as kind from place_session_waitlist
            where customer_id = ${customerId} and status = 'waiting' and session_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`),
        )
      : []
    const of = (kind: string) =>
      new Set(found.filter((f) => f.kind === kind).map((f) => Number(f.session_id)))
    return { in: of('in'), waiting: of('waiting') }
  }

  return { list, visitorAnswer, sessionRows, placeSessionOf }
}

export type PlaceWeek = ReturnType<typeof createPlaceWeek>
