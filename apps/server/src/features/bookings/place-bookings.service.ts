import { and, asc, eq, gte, inArray, isNotNull, lt, ne, sql, type SQL } from 'drizzle-orm'
import {
  BookingErrorCode,
  PlaceErrorCode,
  SaleItemKind,
  type BookingTemplateInfo,
  type ByPlaceListBody,
  type HeldBooking,
  type Locale,
  type PlaceSession,
  type PrebookModel,
  type WaitlistEntry,
} from '@clubhouse/contract'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import { publicDataChanged } from '../../http/public-changes.ts'
import type { AuthCustomer } from '../../http/auth.ts'
import { AppError } from '../../lib/app-error.ts'
import { imageUrl } from '../../lib/images.ts'
import type { Localised } from '../../lib/localised.ts'
import { customers } from '../customers/customers.tables.ts'
import type { CustomerLimits } from '../holds/customer-limits.ts'
import { heldRows, type Holds } from '../holds/holds.ts'
import type { SaleHooks } from '../sales/sale-hooks.ts'
import type { Sale, SalesService } from '../sales/sales.service.ts'
import type { Catalogue, CatalogueType } from './booking-catalogue.ts'
import { CATALOGUE_VERSION_KEY } from './booking-catalogue.ts'
import { formatCentreDate } from './booking-mails.ts'
import {
  beyondHorizon,
  bookingNotFound,
  cartSale,
  localised,
  tooFarAhead,
  tooSoon,
  typeClosed,
  type BookingsService,
  type CentreSettings,
} from './bookings.service.ts'
import { bookings, BookingStatus } from './bookings.tables.ts'
import { addDays, dayBounds, formatWallClock, hourMinute, wallClockAt, weekdayOf } from './centre-clock.ts'
import {
  bookingTemplatePlaces,
  bookingTemplates,
  placeSessionResources,
  placeSessions,
  placeSessionWaitlist,
  WaitlistStatus,
} from './place-sessions.tables.ts'
import { bookingPriceCents, type BookingPriceList } from './slot-grid.ts'

const MINUTE = 60_000

type ListInput = z.output<typeof ByPlaceListBody>

// ---------------------------------------------------------------------------------------------
// Refusals

const sessionNotFound = () => new AppError('not_found', 'This session was not found.')
const mapNotFound = () => new AppError('not_found', 'This session has no such place map.')
const entryNotFound = () => new AppError('not_found', 'This waiting list entry was not found.')
const sessionStarted = () =>
  new AppError(BookingErrorCode.slotInPast, 'This session has already started.', { status: 422 })
const placeRequired = () =>
  new AppError(PlaceErrorCode.placeRequired, 'Choose your place on the map of this session.', {
    status: 422,
  })
const placeNotInTemplate = () =>
  new AppError(PlaceErrorCode.placeNotInTemplate, 'This place is not one of the map of this session.', {
    status: 422,
  })
const noMap = () =>
  new AppError(PlaceErrorCode.placeNotInTemplate, 'This session has no map of places: book any place.', {
    status: 422,
  })
const alreadyBooked = () =>
  new AppError(PlaceErrorCode.alreadyBooked, 'You already have a place in this session.', { status: 409 })
const placeTaken = () =>
  new AppError(PlaceErrorCode.placeTaken, 'Someone else has just taken this place. Please choose another.', {
    status: 409,
  })
const sessionFull = () =>
  new AppError(
    PlaceErrorCode.sessionFull,
    'There are no places left in this session. Join its waiting list to be offered one that frees.',
    { status: 409 },
  )
const alreadyWaiting = () =>
  new AppError(PlaceErrorCode.alreadyWaiting, 'You are already on the waiting list of this session.', {
    status: 409,
  })
const sessionNotFull = () =>
  new AppError(PlaceErrorCode.sessionNotFull, 'This session still has places: book one instead of waiting.', {
    status: 409,
  })
const paymentRequired = () =>
  new AppError(
    PlaceErrorCode.paymentRequired,
    'This place has something to pay: pay it at the checkout to keep it.',
    { status: 422 },
  )
const holdRanOut = () =>
  new AppError(BookingErrorCode.slotTaken, 'The hold on this place ran out and the place was released.', {
    status: 409,
  })

/** The database's refusals of a second live booking of a place, or of a customer, in a session. */
const PLACE_CONFLICTS = {
  bookings_session_place_live_key: placeTaken,
  bookings_session_customer_live_key: alreadyBooked,
}
const WAITLIST_CONFLICTS = { place_session_waitlist_live_key: alreadyWaiting }

const PLACE_WORD: Localised = { 'es-ES': 'Plaza', 'en-US': 'Place' }

/** Why no free place of a session's map can be chosen (decision 080), first match wins. */
const NO_CHOICE = {
  alreadyIn: {
    'es-ES': 'Ya tienes una plaza en esta sesión.',
    'en-US': 'You already have a place in this session.',
  },
  full: { 'es-ES': 'Esta sesión está completa.', 'en-US': 'This session is full.' },
  closed: {
    'es-ES': 'Esta sesión ya no se puede reservar en línea.',
    'en-US': 'This session can no longer be booked online.',
  },
} satisfies Record<string, Localised>

type Rows<T> = { rows: T[] }
const rowsOf = <T>(res: unknown) => (res as Rows<T>).rows
const iso = (at: number) => new Date(at).toISOString()

/** Bookings of a session that take a place at `now`: confirmed ones, and holds that have not run out. */
const liveAt = (now: number) =>
  sql`(${bookings.status} = 'confirmed' or (${bookings.status} = 'held' and ${bookings.holdExpiresAt} > ${iso(now)}::timestamptz))`

type SessionRow = typeof placeSessions.$inferSelect

/** A session's columns named in full in subqueries: in a select list Drizzle writes them bare. */
const SESSION_ID = sql.raw('"place_sessions"."id"')

/**
 * The rows of `availability_versions` that count the changes of the sessions of a centre day (their
 * places taken, their waiting lists): `resource_type_id` -1 and the day. Bumped in the unit of work
 * of every such change, read by the week's answer kept per instance (decisions 047, 063).
 */
const SESSION_DAYS = -1
/** Week answers kept per instance (each a few kilobytes). */
const MAX_CACHED_WEEKS = 200

const msOf = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(String(v)))

/** What a unit of work of this service reads once: the clock, the settings, the catalogue. */
interface Ctx {
  now: number
  settings: CentreSettings
  cat: Catalogue
}

export interface PlaceBookingsDeps {
  units: Units
  sales: SalesService
  bookings: BookingsService
  saleHooks?: SaleHooks
  /** Where the holds of places are registered (decision 072). */
  holds: Holds
  /** What one customer may hold and book free (decision 074). */
  limits: CustomerLimits
  /** The clock of holds and of what has started (tests move it). */
  clock: () => number
  holdMinutes: number
}

/** A new place map with its places, as the seed and the tests write it. */
export interface NewTemplate {
  name: Localised
  imageMap?: string
  mapConfig: BookingTemplateInfoMap
  allowSeeParticipants?: boolean
  places: Array<{ place: string; config: PlaceConfigValue }>
}
type BookingTemplateInfoMap = (typeof bookingTemplates.$inferInsert)['mapConfig']
type PlaceConfigValue = (typeof bookingTemplatePlaces.$inferInsert)['config']

/** A new session, as the seed and the tests write it. */
export interface NewSession {
  bookingTypeId: number
  templateId?: number | null
  startsAt: Date
  durationMinutes: number
  maxParticipants: number
  minLevel?: number | null
  maxLevel?: number | null
  priceCents: number
  description: Localised
  resourceIds?: number[]
}

/**
 * Booking by place (spec 2 §2 "Booking by place" and "Visual place choice", §3, §4, decision 063):
 * the week's sessions of the by-place types, a session's place map with who is where, the prebook of
 * a place (any, or one of the map) under a lock on the session's row, and the waiting list of a full
 * session, whose first customer is offered a place the moment one frees — in the unit of work that
 * frees it. A place is a row of `bookings`, so My bookings, the cart, the checkout, cancellation
 * with its refund, and the mails treat it as any booking.
 */
export function createPlaceBookingsService(db: Db, deps: PlaceBookingsDeps) {
  const { units, sales, clock } = deps
  const bookingsService = deps.bookings

  async function context(): Promise<Ctx> {
    const settings = await bookingsService.centreSettings()
    return { now: clock(), settings, cat: await bookingsService.catalogue.catalogue() }
  }

  /** A by-place type offered online, or undefined. */
  function placeTypeOf(cat: Catalogue, bookingTypeId: number): CatalogueType | undefined {
    const type = cat.typeById.get(bookingTypeId)
    return type?.byPlace ? type : undefined
  }

  /** What this customer pays for a place in the session: the session's price less their discount. */
  function sessionPriceCents(session: SessionRow, zone: string, priceList: BookingPriceList | undefined) {
    const { date, minute } = wallClockAt(session.startsAt.getTime(), zone)
    return bookingPriceCents({
      basePriceCents: session.priceCents,
      rules: [],
      duration: session.durationMinutes,
      weekday: weekdayOf(date),
      minute,
      priceList,
    })
  }

  /** How many can take part: its maximum, and no more than the places of its map. */
  const capacityOf = (session: Pick<SessionRow, 'templateId' | 'maxParticipants'>, places: number) =>
    session.templateId === null ? session.maxParticipants : Math.min(session.maxParticipants, places)

  // -------------------------------------------------------------------------------------------
  // Sessions as the page reads them

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
          and (b.status = 'confirmed' or (b.status = 'held' and b.hold_expires_at > ${iso(now)}::timestamptz)))`,
        places: sql<number>`coalesce(${placeCounts.places}, 0)`,
        waitlistCount: sql<number>`(select count(*)::int from place_session_waitlist w
          where w.session_id = ${SESSION_ID} and w.status = 'waiting')`,
        alreadyIn: mine(sql`select 1 from bookings b where b.session_id = ${SESSION_ID}
          and b.customer_id = ${customerId}
          and (b.status = 'confirmed' or (b.status = 'held' and b.hold_expires_at > ${iso(now)}::timestamptz))`),
        waiting: mine(sql`select 1 from place_session_waitlist w where w.session_id = ${SESSION_ID}
          and w.customer_id = ${customerId} and w.status = 'waiting'`),
        resourceIds: sql<number[]>`array(select r.resource_id from place_session_resources r
          where r.session_id = ${SESSION_ID} order by r.resource_id)`,
        /** When the next running hold of the session runs out (its count changes then). */
        nextHoldEnd: sql<unknown>`(select min(b.hold_expires_at) from bookings b where b.session_id = ${SESSION_ID}
          and b.status = 'held' and b.hold_expires_at > ${iso(now)}::timestamptz)`,
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

  /** Counts a change of the sessions starting at `startsAt`, in the caller's unit of work. */
  async function bumpSessionDays(startsAt: readonly Date[], zone: string) {
    const days = [...new Set(startsAt.map((at) => wallClockAt(at.getTime(), zone).date))].sort()
    if (!days.length) return
    publicDataChanged()
    await db.execute(sql`insert into availability_versions (resource_type_id, day, version)
      values ${sql.join(
        days.map((day) => sql`(${SESSION_DAYS}, ${day}::date, 1)`),
        sql`, `,
      )}
      on conflict (resource_type_id, day) do update set version = availability_versions.version + 1`)
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
   * the clock has not reached a change (decision 063, as decision 047 keeps the days of courts); what
   * is the customer's own (in, waiting, their price) is read for each.
   */
  async function list(input: ListInput, customer: AuthCustomer | undefined, locale: Locale) {
    const settings = await bookingsService.centreSettings()
    const monday = addDays(input.date, 1 - weekdayOf(input.date))
    const versions = await weekVersions(monday)
    const cat = await bookingsService.catalogue.catalogueAt(versions.catalogue)
    const ctx: Ctx = { now: clock(), settings, cat }
    const types = cat.types.filter(
      (t) => t.byPlace && t.isOnline && (input.bookingTypeId === undefined || t.id === input.bookingTypeId),
    )
    if (!types.length) return []
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
    const own = customer ? await ownState(customer.id, week.rows, ctx.now) : undefined
    const priceList = await bookingsService.priceListOf(customer?.customerTypeId)
    return week.rows.map((row) =>
      placeSessionOf(
        {
          ...row,
          alreadyIn: own?.in.has(row.session.id) ?? false,
          waiting: own?.waiting.has(row.session.id) ?? false,
        },
        placeTypeOf(cat, row.session.bookingTypeId)!,
        ctx,
        priceList,
        locale,
      ),
    )
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
              and (status = 'confirmed' or (status = 'held' and hold_expires_at > ${iso(now)}::timestamptz))
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

  /**
   * A session's place map: the drawing, its places, and a participant per place taken — who, only
   * when the map allows it and the caller is a signed-in customer; their phone and email only to a
   * customer with a confirmed place in the same session (decision 063).
   */
  async function templateInfo(
    templateId: number,
    sessionId: number,
    customer: AuthCustomer | undefined,
    locale: Locale,
  ): Promise<BookingTemplateInfo> {
    const ctx = await context()
    const [row] = await sessionRows(eq(placeSessions.id, sessionId), customer?.id ?? 0, ctx.now)
    const type = row && placeTypeOf(ctx.cat, row.session.bookingTypeId)
    if (!row || !type?.isOnline) throw sessionNotFound()
    if (row.session.templateId !== templateId) throw mapNotFound()
    const [template] = await db.select().from(bookingTemplates).where(eq(bookingTemplates.id, templateId))
    if (!template) throw mapNotFound()
    const places = await db
      .select()
      .from(bookingTemplatePlaces)
      .where(eq(bookingTemplatePlaces.templateId, templateId))
      .orderBy(asc(bookingTemplatePlaces.position), asc(bookingTemplatePlaces.id))
    const taken = await db
      .select({
        placeId: bookings.placeId,
        customerId: bookings.customerId,
        status: bookings.status,
        name: customers.name,
        surname: customers.surname,
        phone: customers.phone,
        email: customers.email,
      })
      .from(bookings)
      .innerJoin(customers, eq(customers.id, bookings.customerId))
      .where(and(eq(bookings.sessionId, sessionId), sql`${bookings.placeId} is not null`, liveAt(ctx.now)))
      .orderBy(asc(bookings.placeId))
    const shown = template.allowSeeParticipants && customer !== undefined
    // Contact details go to the session's own participants only: not to anyone who just signed up.
    const contacts =
      shown && taken.some((p) => p.customerId === customer.id && p.status === BookingStatus.Confirmed)
    const priceList = await bookingsService.priceListOf(customer?.customerTypeId)
    const session = placeSessionOf(row, type, ctx, priceList, locale)
    // The session's maximum counts, not the map's places: a class of 24 on a map of 60 offers no
    // more than 24 − taken, and none once full (decision 080).
    const bookedIds = new Set(taken.map((p) => p.placeId))
    const freePlaces = places.filter((p) => !bookedIds.has(p.id)).length
    const placesLeft = Math.max(
      0,
      Math.min(capacityOf(row.session, places.length) - Number(row.taken), freePlaces),
    )
    const why = session.alreadyIn
      ? NO_CHOICE.alreadyIn
      : placesLeft === 0
        ? NO_CHOICE.full
        : !session.bookable
          ? NO_CHOICE.closed
          : undefined
    return {
      participants: taken.map((p) => ({
        bookingTemplatePlaceId: p.placeId!,
        name: shown ? `${p.name} ${p.surname}`.trim() : '',
        phone: contacts ? p.phone : '',
        email: contacts ? p.email : '',
        logo: '',
        mine: customer?.id === p.customerId,
      })),
      allowSeeParticipants: template.allowSeeParticipants,
      imageMap: template.imageMap ? imageUrl(template.imageMap) : '',
      templateMap: { id: template.id, configJson: JSON.stringify(template.mapConfig) },
      places: places.map((p) => ({
        id: p.id,
        place: p.place,
        configJson: JSON.stringify(p.config),
        available: why === undefined && !bookedIds.has(p.id),
      })),
      placesLeft,
      unavailableReason: why?.[locale] ?? null,
      session,
    }
  }

  // -------------------------------------------------------------------------------------------
  // Inside a session's lock

  /** Locks a session's row for the rest of the unit: its places are counted and taken under it. */
  async function lockSession(sessionId: number): Promise<SessionRow | undefined> {
    const [row] = await db.select().from(placeSessions).where(eq(placeSessions.id, sessionId)).for('update')
    return row
  }

  /** The bookings taking a place of the session at `now`. */
  function liveBookingsOf(sessionId: number, now: number) {
    return db
      .select({ id: bookings.id, customerId: bookings.customerId, placeId: bookings.placeId })
      .from(bookings)
      .where(and(eq(bookings.sessionId, sessionId), liveAt(now)))
  }

  function placesOf(templateId: number | null) {
    if (templateId === null) return Promise.resolve([])
    return db
      .select({ id: bookingTemplatePlaces.id, place: bookingTemplatePlaces.place })
      .from(bookingTemplatePlaces)
      .where(eq(bookingTemplatePlaces.templateId, templateId))
      .orderBy(asc(bookingTemplatePlaces.position), asc(bookingTemplatePlaces.id))
  }

  async function cancelPendingSale(saleId: number | null, customerId: number) {
    if (saleId === null) return
    const sale = await sales.findSale(saleId, customerId)
    if (sale?.status === 'pending') await sales.cancelSale(sale.id)
  }

  /** What a place in a session is called: on its sale line, and with the date as the booking's description. */
  function describePlace(
    session: SessionRow,
    type: CatalogueType,
    place: { place: string } | undefined,
    settings: CentreSettings,
  ) {
    const wall = wallClockAt(session.startsAt.getTime(), settings.zone)
    const when = `${formatCentreDate(wall.date, settings.dateFormat)} ${hourMinute(wall.minute)}`
    const what = localised(
      (l) =>
        `${type.name[l]} ${session.durationMinutes} min${place ? ` — ${PLACE_WORD[l]} ${place.place}` : ''}`,
    )
    return { what, description: localised((l) => `${what[l]} (${when})`) }
  }

  /**
   * Writes a customer's place in a session: confirmed at once when free (unless `hold`, an offer
   * from the waiting list, which is held even when free until confirmed), else held for
   * HOLD_MINUTES with the sale the cart pays.
   */
  async function writePlaceBooking(input: {
    session: SessionRow
    type: CatalogueType
    customerId: number
    place: { id: number; place: string } | undefined
    priceCents: number
    ctx: Ctx
    hold: boolean
  }): Promise<{
    bookingId: number
    description: Localised
    sale: Sale | null
    holdExpiresAt: number | null
  }> {
    const { session, type, place, ctx } = input
    const start = session.startsAt.getTime()
    const { what, description } = describePlace(session, type, place, ctx.settings)
    const confirmed = input.priceCents === 0 && !input.hold
    const holdExpiresAt = confirmed ? null : ctx.now + deps.holdMinutes * MINUTE
    // The sale first, so the booking is written with it (no update after).
    const sale =
      input.priceCents > 0
        ? await sales.openSale(
            {
              customerId: input.customerId,
              title: description,
              lines: [
                {
                  kind: SaleItemKind.Service,
                  name: what,
                  image: type.image,
                  unitPriceCents: input.priceCents,
                  units: 1,
                  taxPercent: type.taxPercent,
                },
              ],
              createdAt: new Date(ctx.now),
              holdExpiresAt: holdExpiresAt === null ? null : new Date(holdExpiresAt),
            },
            { savepoint: false },
          )
        : null
    const [booking] = await db
      .insert(bookings)
      .values({
        customerId: input.customerId,
        bookingTypeId: type.id,
        status: confirmed ? BookingStatus.Confirmed : BookingStatus.Held,
        startsAt: session.startsAt,
        endsAt: new Date(start + session.durationMinutes * MINUTE),
        durationMinutes: session.durationMinutes,
        priceCents: input.priceCents,
        description,
        saleId: sale?.id ?? null,
        holdExpiresAt: holdExpiresAt === null ? null : new Date(holdExpiresAt),
        confirmedAt: confirmed ? new Date(ctx.now) : null,
        sessionId: session.id,
        placeId: place?.id ?? null,
        createdAt: new Date(ctx.now),
      })
      .returning({ id: bookings.id })
    const bookingId = booking!.id
    // Last, so the day's version row stays locked only for what follows.
    await bumpSessionDays([session.startsAt], ctx.settings.zone)
    return { bookingId, description, sale, holdExpiresAt }
  }

  /**
   * Offers the session's free places to its waiting list, first come first served: while a place
   * is free and the session has not started, the first customer waiting gets a hold of one (a
   * place that just freed when the map has it, else its first free place) and a mail saying until
   * when it is theirs. Runs under the session's lock, in the unit that freed the place.
   */
  async function promote(session: SessionRow, freedPlaceIds: readonly number[], ctx: Ctx) {
    if (session.startsAt.getTime() <= ctx.now) return
    const type = placeTypeOf(ctx.cat, session.bookingTypeId)
    if (!type) return
    const places = await placesOf(session.templateId)
    for (;;) {
      const live = await liveBookingsOf(session.id, ctx.now)
      if (live.length >= capacityOf(session, places.length)) return
      const [entry] = await db
        .select()
        .from(placeSessionWaitlist)
        .where(
          and(
            eq(placeSessionWaitlist.sessionId, session.id),
            eq(placeSessionWaitlist.status, WaitlistStatus.Waiting),
          ),
        )
        .orderBy(asc(placeSessionWaitlist.id))
        .limit(1)
      if (!entry) return
      const own = live.find((b) => b.customerId === entry.customerId)
      if (own) {
        await db
          .update(placeSessionWaitlist)
          .set({ status: WaitlistStatus.Booked, bookingId: own.id })
          .where(eq(placeSessionWaitlist.id, entry.id))
        continue
      }
      const takenPlaces = new Set(live.map((b) => b.placeId))
      const place =
        places.find((p) => freedPlaceIds.includes(p.id) && !takenPlaces.has(p.id)) ??
        places.find((p) => !takenPlaces.has(p.id))
      if (session.templateId !== null && !place) return
      const [who] = await db
        .select({ customerTypeId: customers.customerTypeId })
        .from(customers)
        .where(eq(customers.id, entry.customerId))
      const priceList = await bookingsService.priceListOf(who?.customerTypeId ?? undefined)
      const offer = await writePlaceBooking({
        session,
        type,
        customerId: entry.customerId,
        place,
        priceCents: sessionPriceCents(session, ctx.settings.zone, priceList),
        ctx,
        hold: true,
      })
      await db
        .update(placeSessionWaitlist)
        .set({ status: WaitlistStatus.Offered, offeredAt: new Date(ctx.now), bookingId: offer.bookingId })
        .where(eq(placeSessionWaitlist.id, entry.id))
      await bookingsService.queueBookingMail('offer', offer.bookingId)
    }
  }

  /**
   * Releases the session's holds that ran out (expired, their sales cancelled; an offer among them
   * lapses) and offers what freed to the waiting list — with `freed`, a place freed otherwise in
   * this unit too (on the map: its id). Under the session's lock; answers how many holds ran out.
   */
  async function releaseAndOffer(session: SessionRow, ctx: Ctx, freed?: { placeId: number | null }) {
    const expired = await db
      .update(bookings)
      .set({ status: BookingStatus.Expired })
      .where(
        and(
          eq(bookings.sessionId, session.id),
          eq(bookings.status, BookingStatus.Held),
          sql`${bookings.holdExpiresAt} <= ${iso(ctx.now)}::timestamptz`,
        ),
      )
      .returning({
        id: bookings.id,
        saleId: bookings.saleId,
        customerId: bookings.customerId,
        placeId: bookings.placeId,
      })
    for (const e of expired) await cancelPendingSale(e.saleId, e.customerId)
    if (expired.length) {
      await moveOffers(
        expired.map((e) => e.id),
        WaitlistStatus.Offered,
        WaitlistStatus.Lapsed,
      )
    }
    const placeIds = [freed, ...expired].flatMap((e) => (e?.placeId == null ? [] : [e.placeId]))
    if (expired.length || freed) {
      await bumpSessionDays([session.startsAt], ctx.settings.zone)
      await promote(session, placeIds, ctx)
    }
    return expired.length
  }

  /** The waiting list entries of these offered bookings go from `from` to `to`. */
  async function moveOffers(bookingIds: number[], from: WaitlistStatus, to: WaitlistStatus) {
    await db
      .update(placeSessionWaitlist)
      .set({ status: to })
      .where(and(inArray(placeSessionWaitlist.bookingId, bookingIds), eq(placeSessionWaitlist.status, from)))
  }

  /** A waiting customer who takes a place is done waiting. */
  async function markBooked(sessionId: number, customerId: number, bookingId: number) {
    await db
      .update(placeSessionWaitlist)
      .set({ status: WaitlistStatus.Booked, bookingId })
      .where(
        and(
          eq(placeSessionWaitlist.sessionId, sessionId),
          eq(placeSessionWaitlist.customerId, customerId),
          inArray(placeSessionWaitlist.status, [WaitlistStatus.Waiting, WaitlistStatus.Offered]),
        ),
      )
  }

  // -------------------------------------------------------------------------------------------
  // Prebook of a place

  /**
   * Takes a place in a session for the customer, in one unit of work under the session's lock:
   * holds that ran out are released first (and offered to the waiting list), then the checks in
   * order — no session (404), type not online (422), started (422 `slot_in_past`), inside the
   * anticipation window (422 `too_soon`), a map and no place chosen (422 `place_required`), a
   * place not of its map (422 `place_not_in_template`), in already (409 `already_booked`), the
   * place taken (409 `place_taken`), no place left (409 `session_full`). Free: confirmed with its
   * mail; paid: held with the sale the cart shows. Nothing is kept of a refusal.
   */
  async function prebook(
    sessionId: number,
    placeId: number | undefined,
    customer: AuthCustomer,
    locale: Locale,
  ): Promise<PrebookModel> {
    const priceList = await bookingsService.priceListOf(customer.customerTypeId)
    const settings = await bookingsService.centreSettings()
    return units.run(
      async () => {
        // One statement: the customer's lock, the session's row lock, the catalogue's version (decision 100).
        const [locked] = await db
          .select({
            session: placeSessions,
            catalogue: sql<number | null>`(select version from availability_versions
              where resource_type_id = ${CATALOGUE_VERSION_KEY.resourceTypeId} and day = ${CATALOGUE_VERSION_KEY.day})`,
            locked: sql<boolean>`${deps.limits.lockOf(customer.id)} is null`,
          })
          .from(placeSessions)
          .where(eq(placeSessions.id, sessionId))
          .for('update')
        if (!locked) throw sessionNotFound()
        const { session } = locked
        const cat = await bookingsService.catalogue.catalogueAt(Number(locked.catalogue ?? 0))
        const ctx: Ctx = { now: clock(), settings, cat }
        await releaseAndOffer(session, ctx)
        const type = placeTypeOf(ctx.cat, session.bookingTypeId)
        if (!type) throw sessionNotFound()
        if (!type.isOnline) throw typeClosed()
        const start = session.startsAt.getTime()
        if (start <= ctx.now) throw sessionStarted()
        if (start < ctx.now + type.anticipationMinutes * MINUTE) throw tooSoon(type.anticipationMinutes)
        if (
          beyondHorizon(
            wallClockAt(start, ctx.settings.zone).date,
            ctx.now,
            type.daysAhead,
            ctx.settings.zone,
          )
        ) {
          throw tooFarAhead(type.daysAhead)
        }
        if (session.templateId !== null && placeId === undefined) throw placeRequired()
        if (session.templateId === null && placeId !== undefined) throw noMap()
        const places = await placesOf(session.templateId)
        const place = placeId === undefined ? undefined : places.find((p) => p.id === placeId)
        if (placeId !== undefined && !place) throw placeNotInTemplate()
        const priceCents = sessionPriceCents(session, ctx.settings.zone, priceList)
        const limit = await deps.limits.within(customer.id, {
          free: priceCents === 0,
          startsAt: start,
          now: ctx.now,
        })
        // The places taken and the customer's limits in one read, after the locks.
        const live = await db
          .select({
            id: bookings.id,
            customerId: bookings.customerId,
            placeId: bookings.placeId,
            admitted: sql<boolean>`${limit.admits}`,
          })
          .from(sql`(select 1) as one`)
          .leftJoin(bookings, and(eq(bookings.sessionId, session.id), liveAt(ctx.now)))
        const taken = live.filter((b) => b.id !== null)
        if (taken.some((b) => b.customerId === customer.id)) throw alreadyBooked()
        if (place && taken.some((b) => b.placeId === place.id)) throw placeTaken()
        if (taken.length >= capacityOf(session, places.length)) throw sessionFull()
        if (!live[0]!.admitted) throw limit.refusal()
        const written = await writePlaceBooking({
          session,
          type,
          customerId: customer.id,
          place,
          priceCents,
          ctx,
          hold: false,
        })
        await markBooked(session.id, customer.id, written.bookingId)
        const description = written.description[locale]
        if (!written.sale) {
          await bookingsService.queueBookingMail('confirmation', written.bookingId)
          return { serviceFree: true, bookingId: written.bookingId, description, sale: null }
        }
        return {
          serviceFree: false,
          bookingId: written.bookingId,
          description,
          sale: cartSale(
            written.sale,
            { id: written.bookingId, customerId: customer.id, holdExpiresAt: written.holdExpiresAt },
            description,
          ),
        }
      },
      { conflicts: PLACE_CONFLICTS },
    )
  }

  /**
   * Confirms the customer's own running hold that has nothing to pay (a free session's place
   * offered from the waiting list). One with a sale still to pay is paid at the checkout (422
   * `payment_required`); one that ran out or was released is gone (409 `slot_taken`); another
   * customer's is not found. A confirmed one stays as it is.
   */
  function confirmHold(bookingId: number, customerId: number): Promise<void> {
    return units.run(async () => {
      const now = clock()
      const [pre] = await db
        .select({ sessionId: bookings.sessionId })
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), eq(bookings.customerId, customerId)))
      if (!pre) throw bookingNotFound()
      if (pre.sessionId !== null) await lockSession(pre.sessionId)
      const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).for('update')
      if (!booking) throw bookingNotFound()
      if (booking.status === BookingStatus.Confirmed) return
      if (booking.status !== BookingStatus.Held || (booking.holdExpiresAt?.getTime() ?? 0) <= now) {
        throw holdRanOut()
      }
      if (booking.saleId !== null) {
        const sale = await sales.findSale(booking.saleId, customerId)
        if (sale?.status === 'pending' && sale.totalCents > sale.paidCents) throw paymentRequired()
      }
      await bookingsService.confirmBooking(bookingId)
      if (booking.sessionId !== null) await markBooked(booking.sessionId, customerId, bookingId)
    })
  }

  // -------------------------------------------------------------------------------------------
  // The waiting list

  /** The customer's live entries matching `where`, with their place in line. */
  async function entries(where: SQL | undefined, customerId: number, ctx: Ctx, locale: Locale) {
    const rows = await db
      .select({
        entry: placeSessionWaitlist,
        session: placeSessions,
        holdExpiresAt: bookings.holdExpiresAt,
        position: sql<number>`(select count(*)::int from place_session_waitlist w
          where w.session_id = "place_session_waitlist"."session_id" and w.status in ('waiting', 'offered')
            and w.id <= "place_session_waitlist"."id")`,
      })
      .from(placeSessionWaitlist)
      .innerJoin(placeSessions, eq(placeSessions.id, placeSessionWaitlist.sessionId))
      .leftJoin(bookings, eq(bookings.id, placeSessionWaitlist.bookingId))
      .where(
        and(
          eq(placeSessionWaitlist.customerId, customerId),
          inArray(placeSessionWaitlist.status, [WaitlistStatus.Waiting, WaitlistStatus.Offered]),
          where,
        ),
      )
      .orderBy(asc(placeSessions.startsAt), asc(placeSessionWaitlist.id))
    return rows.map((r): WaitlistEntry => ({
      id: r.entry.id,
      bookingId: r.session.id,
      bookingType: ctx.cat.typeById.get(r.session.bookingTypeId)?.name[locale] ?? '',
      start: formatWallClock(r.session.startsAt.getTime(), ctx.settings.zone),
      duration: r.session.durationMinutes,
      description: r.session.description[locale],
      position: Number(r.position),
      status: r.entry.status === WaitlistStatus.Offered ? 'offered' : 'waiting',
      offeredBookingId: r.entry.status === WaitlistStatus.Offered ? r.entry.bookingId : null,
      offerExpiresAt:
        r.entry.status === WaitlistStatus.Offered && r.holdExpiresAt ? r.holdExpiresAt.toISOString() : null,
    }))
  }

  /**
   * Puts the customer on a full session's waiting list, under the session's lock (holds that ran
   * out are released first): not started (422 `slot_in_past`), not in it (409 `already_booked`),
   * not waiting already (409 `already_waiting`), and full (409 `session_not_full` otherwise).
   */
  function joinWaitlist(sessionId: number, customerId: number, locale: Locale): Promise<WaitlistEntry> {
    return units.run(
      async () => {
        const ctx = await context()
        const session = await lockSession(sessionId)
        if (!session) throw sessionNotFound()
        await releaseAndOffer(session, ctx)
        const type = placeTypeOf(ctx.cat, session.bookingTypeId)
        if (!type) throw sessionNotFound()
        if (!type.isOnline) throw typeClosed()
        if (session.startsAt.getTime() <= ctx.now) throw sessionStarted()
        const live = await liveBookingsOf(session.id, ctx.now)
        if (live.some((b) => b.customerId === customerId)) throw alreadyBooked()
        const [waiting] = await db
          .select({ id: placeSessionWaitlist.id })
          .from(placeSessionWaitlist)
          .where(
            and(
              eq(placeSessionWaitlist.sessionId, sessionId),
              eq(placeSessionWaitlist.customerId, customerId),
              inArray(placeSessionWaitlist.status, [WaitlistStatus.Waiting, WaitlistStatus.Offered]),
            ),
          )
        if (waiting) throw alreadyWaiting()
        const places = await placesOf(session.templateId)
        if (live.length < capacityOf(session, places.length)) throw sessionNotFull()
        const [entry] = await db
          .insert(placeSessionWaitlist)
          .values({ sessionId, customerId, createdAt: new Date(ctx.now) })
          .returning({ id: placeSessionWaitlist.id })
        await bumpSessionDays([session.startsAt], ctx.settings.zone)
        const [model] = await entries(eq(placeSessionWaitlist.id, entry!.id), customerId, ctx, locale)
        return model!
      },
      { conflicts: WAITLIST_CONFLICTS },
    )
  }

  /**
   * Takes the customer off a waiting list. An offer not taken yet is released (its hold cancelled,
   * its sale too) and passes to the next customer waiting, in this unit. Another customer's entry
   * is not found; leaving again changes nothing.
   */
  function leaveWaitlist(entryId: number, customerId: number): Promise<void> {
    return units.run(async () => {
      const [pre] = await db
        .select({ sessionId: placeSessionWaitlist.sessionId })
        .from(placeSessionWaitlist)
        .where(and(eq(placeSessionWaitlist.id, entryId), eq(placeSessionWaitlist.customerId, customerId)))
      if (!pre) throw entryNotFound()
      const ctx = await context()
      const session = await lockSession(pre.sessionId)
      const [entry] = await db
        .select()
        .from(placeSessionWaitlist)
        .where(eq(placeSessionWaitlist.id, entryId))
        .for('update')
      if (!session || !entry) throw entryNotFound()
      if (entry.status !== WaitlistStatus.Waiting && entry.status !== WaitlistStatus.Offered) return
      await db
        .update(placeSessionWaitlist)
        .set({ status: WaitlistStatus.Left })
        .where(eq(placeSessionWaitlist.id, entryId))
      await bumpSessionDays([session.startsAt], ctx.settings.zone)
      if (entry.status !== WaitlistStatus.Offered || entry.bookingId === null) return
      const [released] = await db
        .update(bookings)
        .set({ status: BookingStatus.Cancelled, cancelledAt: new Date(ctx.now), holdExpiresAt: null })
        .where(and(eq(bookings.id, entry.bookingId), eq(bookings.status, BookingStatus.Held)))
        .returning({ saleId: bookings.saleId, placeId: bookings.placeId })
      if (!released) return
      await cancelPendingSale(released.saleId, customerId)
      await releaseAndOffer(session, ctx, released)
    })
  }

  /**
   * The customer's waiting lists of sessions still ahead (an offer whose hold ran out is no more),
   * and their holds still running, each with its sale to pay or none when free.
   */
  async function waitlist(
    customerId: number,
    locale: Locale,
  ): Promise<{ waitlist: WaitlistEntry[]; held: HeldBooking[] }> {
    const ctx = await context()
    const ahead = sql`${placeSessions.startsAt} > ${iso(ctx.now)}::timestamptz
      and (${placeSessionWaitlist.status} = 'waiting' or ${bookings.holdExpiresAt} > ${iso(ctx.now)}::timestamptz)`
    const list = await entries(ahead, customerId, ctx, locale)
    const holds = await db
      .select({
        id: bookings.id,
        saleId: bookings.saleId,
        holdExpiresAt: bookings.holdExpiresAt,
        description: bookings.description,
      })
      .from(bookings)
      .where(
        and(
          eq(bookings.customerId, customerId),
          eq(bookings.status, BookingStatus.Held),
          sql`${bookings.holdExpiresAt} > ${iso(ctx.now)}::timestamptz`,
        ),
      )
      .orderBy(asc(bookings.holdExpiresAt), asc(bookings.id))
    const held: HeldBooking[] = []
    for (const h of holds) {
      const until = h.holdExpiresAt!.getTime()
      const sale = h.saleId === null ? undefined : await sales.findSale(h.saleId, customerId)
      held.push({
        bookingId: h.id,
        holdExpiresAt: iso(until),
        sale: sale
          ? cartSale(sale, { id: h.id, customerId, holdExpiresAt: until }, h.description[locale])
          : null,
      })
    }
    return { waitlist: list, held }
  }

  // -------------------------------------------------------------------------------------------
  // Hooks: cancellation, the sweep, payment

  bookingsService.useSessionHooks({
    async lockSessionOf(bookingId) {
      await db.execute(sql`select id from place_sessions
        where id = (select session_id from bookings where id = ${bookingId}) for update`)
    },
    async cancelled(booking) {
      const ctx = await context()
      const [session] = await db.select().from(placeSessions).where(eq(placeSessions.id, booking.sessionId))
      if (!session) return
      // An offer removed from the cart is declined: the next customer waiting is offered the place.
      await moveOffers([booking.id], WaitlistStatus.Offered, WaitlistStatus.Left)
      await releaseAndOffer(session, ctx, booking)
    },
  })

  // -------------------------------------------------------------------------------------------
  // Holds of places (decision 072): the bookings of sales in sessions, under their sessions' locks

  const placeRows = heldRows({ db, units }, bookings, {
    ofKind: isNotNull(bookings.sessionId),
    under: { table: placeSessions, id: placeSessions.id, by: bookings.sessionId },
  })

  /**
   * Takes back the places of these sales whose holds ran out (a payment's success after its window),
   * in the caller's unit under their sessions' locks: each held again until `until` while its
   * session has not started and still has room for it — its place on the map nobody else's, the
   * customer in no other place of it — and, for a place released, while nobody waits for one: what
   * freed went to the waiting list first. False when one cannot be.
   */
  async function retakePlaces(saleIds: number[], at: { now: number; until: Date }) {
    const held = await db.select().from(bookings).where(placeRows.ofSales(saleIds)).orderBy(asc(bookings.id))
    if (!held.length) return true
    const { zone } = await bookingsService.centreSettings()
    for (const b of held) {
      if (b.status === BookingStatus.Cancelled) return false
      if (b.status !== BookingStatus.Held && b.status !== BookingStatus.Expired) continue
      const [session] = await db.select().from(placeSessions).where(eq(placeSessions.id, b.sessionId!))
      if (!session || session.startsAt.getTime() <= at.now) return false
      const live = (await liveBookingsOf(session.id, at.now)).filter((l) => l.id !== b.id)
      const mapPlaces = await placesOf(session.templateId)
      if (live.length >= capacityOf(session, mapPlaces.length)) return false
      if (live.some((l) => l.customerId === b.customerId || (b.placeId !== null && l.placeId === b.placeId)))
        return false
      const othersWaiting = and(
        eq(placeSessionWaitlist.sessionId, session.id),
        eq(placeSessionWaitlist.status, WaitlistStatus.Waiting),
        ne(placeSessionWaitlist.customerId, b.customerId),
      )
      if (b.status === BookingStatus.Expired && (await db.$count(placeSessionWaitlist, othersWaiting)) > 0)
        return false
      await db
        .update(bookings)
        .set({ status: BookingStatus.Held, holdExpiresAt: at.until })
        .where(eq(bookings.id, b.id))
      // An offer from the waiting list that lapsed is the customer's offer again: paying it books them.
      await moveOffers([b.id], WaitlistStatus.Lapsed, WaitlistStatus.Offered)
      await bumpSessionDays([session.startsAt], zone)
    }
    return true
  }

  deps.holds.register({
    takenBy: Object.keys(PLACE_CONFLICTS),
    // A session's row before its bookings', in the order a prebook of a place takes them.
    lock: placeRows.lock,
    extend: placeRows.extend,
    releaseExpired: (now) =>
      placeRows.releaseExpired(now, async (sessionId) => {
        const session = await lockSession(sessionId)
        return session ? releaseAndOffer(session, { ...(await context()), now }) : 0
      }),
    retake: retakePlaces,
  })

  /** Paying an offered place's sale at checkout (in its unit) takes the customer off the list. */
  deps.saleHooks?.onPaid(async (saleIds) => {
    await db
      .update(placeSessionWaitlist)
      .set({ status: WaitlistStatus.Booked })
      .where(
        and(
          eq(placeSessionWaitlist.status, WaitlistStatus.Offered),
          inArray(
            placeSessionWaitlist.bookingId,
            db
              .select({ id: bookings.id })
              .from(bookings)
              .where(and(inArray(bookings.saleId, saleIds), eq(bookings.status, BookingStatus.Confirmed))),
          ),
        ),
      )
    return []
  })

  // -------------------------------------------------------------------------------------------
  // The desk's and the seed's own writes

  /** Writes a place map with its places (in their order); answers its id and its places' ids. */
  function createTemplate(input: NewTemplate): Promise<{ id: number; placeIds: number[] }> {
    return units.run(async () => {
      const [template] = await db
        .insert(bookingTemplates)
        .values({
          name: input.name,
          imageMap: input.imageMap ?? '',
          mapConfig: input.mapConfig,
          allowSeeParticipants: input.allowSeeParticipants ?? false,
        })
        .returning({ id: bookingTemplates.id })
      const id = template!.id
      const places = input.places.length
        ? await db
            .insert(bookingTemplatePlaces)
            .values(input.places.map((p, position) => ({ templateId: id, ...p, position })))
            .returning({ id: bookingTemplatePlaces.id })
        : []
      return { id, placeIds: places.map((p) => p.id) }
    })
  }

  /** Writes sessions with their resources; answers their ids in order. */
  function createSessions(list: NewSession[]): Promise<number[]> {
    return units.run(async () => {
      if (!list.length) return []
      const rows = await db
        .insert(placeSessions)
        .values(
          list.map((s) => ({
            bookingTypeId: s.bookingTypeId,
            templateId: s.templateId ?? null,
            startsAt: s.startsAt,
            durationMinutes: s.durationMinutes,
            maxParticipants: s.maxParticipants,
            minLevel: s.minLevel ?? null,
            maxLevel: s.maxLevel ?? null,
            priceCents: s.priceCents,
            description: s.description,
          })),
        )
        .returning({ id: placeSessions.id })
      const links = list.flatMap((s, i) =>
        (s.resourceIds ?? []).map((resourceId) => ({ sessionId: rows[i]!.id, resourceId })),
      )
      if (links.length) await db.insert(placeSessionResources).values(links)
      const { zone } = await bookingsService.centreSettings()
      await bumpSessionDays(
        list.map((s) => s.startsAt),
        zone,
      )
      return rows.map((r) => r.id)
    })
  }

  /**
   * Brings in places taken at the desk and customers waiting (the demo's): confirmed bookings
   * without a sale, on the given places or on any, and waiting list entries in the given order.
   */
  function importSessionState(input: {
    sessionId: number
    booked: Array<{ customerId: number; placeId?: number | null }>
    waiting: number[]
    createdAt: Date
  }): Promise<void> {
    return units.run(
      async () => {
        const ctx = await context()
        const [session] = await db.select().from(placeSessions).where(eq(placeSessions.id, input.sessionId))
        const type = session && placeTypeOf(ctx.cat, session.bookingTypeId)
        if (!session || !type) throw sessionNotFound()
        const places = await placesOf(session.templateId)
        if (input.booked.length) {
          const start = session.startsAt.getTime()
          await db.insert(bookings).values(
            input.booked.map((b) => {
              const place = places.find((p) => p.id === b.placeId)
              return {
                customerId: b.customerId,
                bookingTypeId: type.id,
                status: BookingStatus.Confirmed,
                startsAt: session.startsAt,
                endsAt: new Date(start + session.durationMinutes * MINUTE),
                durationMinutes: session.durationMinutes,
                priceCents: session.priceCents,
                description: describePlace(session, type, place, ctx.settings).description,
                confirmedAt: input.createdAt,
                // Places taken at the desk get no reminder mail (the desk tells its customers).
                reminderSentAt: input.createdAt,
                sessionId: session.id,
                placeId: place?.id ?? null,
                createdAt: input.createdAt,
              }
            }),
          )
        }
        await bumpSessionDays([session.startsAt], ctx.settings.zone)
        if (input.waiting.length) {
          await db.insert(placeSessionWaitlist).values(
            input.waiting.map((customerId) => ({
              sessionId: session.id,
              customerId,
              createdAt: input.createdAt,
            })),
          )
        }
      },
      { conflicts: { ...PLACE_CONFLICTS, ...WAITLIST_CONFLICTS } },
    )
  }

  return {
    list,
    templateInfo,
    prebook,
    confirmHold,
    joinWaitlist,
    leaveWaitlist,
    waitlist,
    createTemplate,
    createSessions,
    importSessionState,
  }
}

export type PlaceBookingsService = ReturnType<typeof createPlaceBookingsService>
