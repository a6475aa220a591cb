import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { HeldBooking, Locale, WaitlistEntry } from '@clubhouse/contract/server'
import type { PaidHook } from '../sales/sale-hooks.ts'
import { cartSale, typeClosed, type SessionHooks } from './bookings.service.ts'
import { bookings, BookingStatus } from './bookings.tables.ts'
import { formatWallClock } from './centre-clock.ts'
import {
  capacityOf,
  heldAt,
  iso,
  placeTypeOf,
  sessionPriceCents,
  type Ctx,
  type PlaceContext,
  type SessionRow,
} from './place-context.ts'
import {
  alreadyBooked,
  alreadyWaiting,
  entryNotFound,
  sessionNotFound,
  sessionNotFull,
  sessionStarted,
  WAITLIST_CONFLICTS,
} from './place-refusals.ts'
import { placeSessions, placeSessionWaitlist, WaitlistStatus } from './place-sessions.tables.ts'

/**
 * The waiting list of a full session: joined and left by its customers, and offered a place the
 * moment one frees, in the unit of work that frees it (under the session's lock).
 */
export function createPlaceWaitlist(shared: PlaceContext) {
  const { db, units, sales, bookingsService, context, bumpSessionDays } = shared
  const { lockSession, liveBookingsOf, placesOf, placeHolds, writePlaceBooking } = shared

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
      const who = await shared.customers.findAccount(entry.customerId)
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
    const expired = await placeHolds.expire<{ customerId: number; placeId: number | null }>(
      ctx.now,
      eq(bookings.sessionId, session.id),
      { customerId: bookings.customerId, placeId: bookings.placeId },
    )
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
      await sales.cancelPending([released.saleId])
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
      .where(and(eq(bookings.customerId, customerId), heldAt(ctx.now)))
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

  /** A booking of a session cancelled frees its place: the waiting list is offered it in that unit. */
  const sessionHooks: SessionHooks = {
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
  }

  /** Paying an offered place's sale at checkout (in its unit) takes the customer off the list. */
  const offerPaid: PaidHook = async (saleIds) => {
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
  }

  return {
    releaseAndOffer,
    moveOffers,
    markBooked,
    joinWaitlist,
    leaveWaitlist,
    waitlist,
    sessionHooks,
    offerPaid,
  }
}

export type PlaceWaitlist = ReturnType<typeof createPlaceWaitlist>
