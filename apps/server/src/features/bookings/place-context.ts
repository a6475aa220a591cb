import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import { publicDataChanged } from '../../http/public-changes.ts'
import type { Localised } from '../../lib/localised.ts'
import type { CustomersService } from '../customers/customers.service.ts'
import type { CustomerLimits } from '../holds/customer-limits.ts'
import { heldRows, openHoldSale, type Holds } from '../holds/holds.ts'
import type { SaleHooks } from '../sales/sale-hooks.ts'
import type { Sale, SalesService } from '../sales/sales.service.ts'
import type { VouchersService } from '../vouchers/vouchers.service.ts'
import type { Catalogue, CatalogueType } from './booking-catalogue.ts'
import { formatCentreDate } from './booking-mails.ts'
import { localised, type BookingsService, type CentreSettings } from './bookings.service.ts'
import { bookings, BookingStatus } from './bookings.tables.ts'
import { hourMinute, wallClockAt, weekdayOf } from './centre-clock.ts'
import { bookingTemplatePlaces, placeSessions } from './place-sessions.tables.ts'
import { bookingPriceCents, type BookingPriceList } from './slot-grid.ts'

export const MINUTE = 60_000

const PLACE_WORD: Localised = { 'es-ES': 'Plaza', 'en-US': 'Place' }

import { heldAt, iso, liveAt, SESSION_DAYS } from './place-live.ts'

export { heldAt, iso, liveAt, SESSION_DAYS }

export type SessionRow = typeof placeSessions.$inferSelect

/** What a unit of work of this service reads once: the clock, the settings, the catalogue. */
export interface Ctx {
  now: number
  settings: CentreSettings
  cat: Catalogue
}

export interface PlaceBookingsDeps {
  units: Units
  sales: SalesService
  /** What pays a place the desk gives from a customer's voucher. */
  vouchers: VouchersService
  bookings: BookingsService
  /** Who the participants are, for the place map; a customer's price list. */
  customers: CustomersService
  saleHooks?: SaleHooks
  /** Where the holds of places are registered (decision 072). */
  holds: Holds
  /** What one customer may hold and book free (decision 074). */
  limits: CustomerLimits
  /** The clock of holds and of what has started (tests move it). */
  clock: () => number
  holdMinutes: number
}

/** A by-place type offered online, or undefined. */
export function placeTypeOf(cat: Catalogue, bookingTypeId: number): CatalogueType | undefined {
  const type = cat.typeById.get(bookingTypeId)
  return type?.byPlace ? type : undefined
}

/** What this customer pays for a place in the session: the session's price less their discount. */
export function sessionPriceCents(
  session: SessionRow,
  zone: string,
  priceList: BookingPriceList | undefined,
) {
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
export const capacityOf = (session: Pick<SessionRow, 'templateId' | 'maxParticipants'>, places: number) =>
  session.templateId === null ? session.maxParticipants : Math.min(session.maxParticipants, places)

/** What a place in a session is called: on its sale line, and with the date as the booking's description. */
export function describePlace(
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
 * What the parts of booking by place share: the database and the units of work, the unit's reads
 * (clock, settings, catalogue), the session's lock and what is counted under it, the count of the
 * sessions' days changed, and the writing of a customer's place.
 */
export function createPlaceContext(db: Db, deps: PlaceBookingsDeps) {
  const { sales, clock } = deps
  const bookingsService = deps.bookings

  async function context(): Promise<Ctx> {
    const settings = await bookingsService.centreSettings()
    return { now: clock(), settings, cat: await bookingsService.catalogue.catalogue() }
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

  /** The holds of places (decision 072): the bookings in sessions, under their sessions' locks. */
  const placeHolds = heldRows({ db, units: deps.units, sales }, bookings, {
    ofKind: isNotNull(bookings.sessionId),
    under: { table: placeSessions, id: placeSessions.id, by: bookings.sessionId },
  })

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
    /** Confirmed at once whatever it costs (the desk's place): its sale is owed, never held. */
    confirmed?: boolean
  }): Promise<{
    bookingId: number
    description: Localised
    sale: Sale | null
    holdExpiresAt: number | null
  }> {
    const { session, type, place, ctx } = input
    const start = session.startsAt.getTime()
    const { what, description } = describePlace(session, type, place, ctx.settings)
    const confirmed = input.confirmed ?? (input.priceCents === 0 && !input.hold)
    const holdExpiresAt = confirmed ? null : ctx.now + deps.holdMinutes * MINUTE
    // The sale first, so the booking is written with it (no update after).
    const sale =
      (await openHoldSale(sales, {
        customerId: input.customerId,
        title: description,
        services: [
          { name: what, image: type.image, priceCents: input.priceCents, taxPercent: type.taxPercent },
        ],
        at: new Date(ctx.now),
        holdExpiresAt: holdExpiresAt === null ? null : new Date(holdExpiresAt),
      })) ?? null
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

  return {
    db,
    ...deps,
    bookingsService,
    context,
    bumpSessionDays,
    lockSession,
    liveBookingsOf,
    placesOf,
    placeHolds,
    writePlaceBooking,
  }
}

export type PlaceContext = ReturnType<typeof createPlaceContext>
