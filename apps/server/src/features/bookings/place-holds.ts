import { and, asc, eq, ne, sql } from 'drizzle-orm'
import type { Locale, PrebookModel } from '@clubhouse/contract/server'
import type { AuthCustomer } from '../../http/auth.ts'
import type { HoldKind } from '../holds/holds.ts'
import { CATALOGUE_VERSION_KEY } from './booking-catalogue.ts'
import {
  beyondHorizon,
  bookingNotFound,
  cartSale,
  tooFarAhead,
  tooSoon,
  typeClosed,
} from './bookings.service.ts'
import { bookings, BookingStatus } from './bookings.tables.ts'
import { wallClockAt } from './centre-clock.ts'
import {
  capacityOf,
  liveAt,
  MINUTE,
  placeTypeOf,
  sessionPriceCents,
  type Ctx,
  type PlaceContext,
} from './place-context.ts'
import {
  alreadyBooked,
  holdRanOut,
  noMap,
  paymentRequired,
  PLACE_CONFLICTS,
  placeNotInTemplate,
  placeRequired,
  placeTaken,
  sessionFull,
  sessionNotFound,
  sessionStarted,
} from './place-refusals.ts'
import { placeSessions, placeSessionWaitlist, WaitlistStatus } from './place-sessions.tables.ts'
import type { PlaceWaitlist } from './place-waitlist.ts'

/**
 * Places taken and held: the prebook of a place under its session's lock, the confirmation of a
 * free hold, and the holds of places as the holds module keeps, releases and takes them back
 * (decision 072).
 */
export function createPlaceHolds(
  shared: PlaceContext,
  waiting: Pick<PlaceWaitlist, 'releaseAndOffer' | 'moveOffers' | 'markBooked'>,
) {
  const { db, units, sales, clock, limits, bookingsService, context, bumpSessionDays } = shared
  const { lockSession, liveBookingsOf, placesOf, writePlaceBooking } = shared
  const { releaseAndOffer, moveOffers, markBooked } = waiting

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
            locked: sql<boolean>`${limits.lockOf(customer.id)} is null`,
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
        const limit = await limits.within(customer.id, {
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
  // Holds of places (decision 072): the bookings of sales in sessions, under their sessions' locks

  const placeRows = shared.placeHolds

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

  /** The holds of places as the holds module keeps, releases and takes them back. */
  const heldPlaces: HoldKind = {
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
  }

  return { prebook, confirmHold, heldPlaces }
}
