import { and, asc, eq, inArray } from 'drizzle-orm'
import {
  BookingErrorCode,
  CHECK_IN_OPENS_MINUTES,
  PlaceErrorCode,
  StaffErrorCode,
  type Attendance,
  type Locale,
} from '@clubhouse/contract/server'
import { AppError } from '../../lib/app-error.ts'
import type { Contact } from '../customers/customers.service.ts'
import { bookings, BookingStatus } from './bookings.tables.ts'
import { settleAtDesk, type DeskSettlement } from './desk-settle.ts'
import { dayBounds, hourMinute, wallClockAt } from './centre-clock.ts'
import {
  capacityOf,
  liveAt,
  MINUTE,
  placeTypeOf,
  sessionPriceCents,
  type Ctx,
  type PlaceContext,
  type SessionRow,
} from './place-context.ts'
import {
  noMap,
  placeNotInTemplate,
  placeRequired,
  placeTaken,
  sessionFull,
  sessionNotFound,
} from './place-refusals.ts'
import { placeSessions, placeSessionWaitlist, WaitlistStatus } from './place-sessions.tables.ts'
import type { PlaceWaitlist } from './place-waitlist.ts'

/** A live place of a session as the desk's roster shows it; `attendedBy` is a staff account's id. */
export interface RosterPlace {
  bookingId: number
  customerId: number
  name: string
  surname: string
  phone: string
  email: string
  placeId: number | null
  placeName: string | null
  status: 'held' | 'confirmed'
  holdExpiresAt: string | null
  attendance: Attendance | null
  attendedAt: string | null
  attendedBy: number | null
  /** What the customer still owes for the place: 0 when it is free or paid. */
  owedCents: number
}

export interface RosterWaiting {
  entryId: number
  position: number
  customerId: number
  name: string
  surname: string
  phone: string
  email: string
  status: 'waiting' | 'offered'
  since: string
  offeredBookingId: number | null
  offerExpiresAt: string | null
}

export interface SessionRoster {
  id: number
  bookingTypeId: number
  bookingType: string
  description: string
  startsAt: string
  date: string
  time: string
  durationMinutes: number
  maxParticipants: number
  priceCents: number
  capacity: number
  places: Array<{ id: number; name: string; taken: boolean }>
  roster: RosterPlace[]
  waitlist: RosterWaiting[]
}

const bookingNotInSession = () => new AppError('not_found', 'This booking has no live place in this session.')
const customerNotFound = () => new AppError('not_found', 'This customer was not found.')
const customerInAlready = () =>
  new AppError(PlaceErrorCode.alreadyBooked, 'This customer already has a place in this session.', {
    status: 409,
  })
const sessionOver = () => new AppError(BookingErrorCode.slotInPast, 'This session is over.', { status: 422 })
const tooEarly = (date: string, time: string) =>
  new AppError(StaffErrorCode.checkInTooEarly, `The check-in of this session opens on ${date} at ${time}.`, {
    status: 422,
  })

/** A customer's contact details from `customers.contactsOf`; empty for one that is gone. */
const contactOf = (contacts: Map<number, Contact>, customerId: number): Contact =>
  contacts.get(customerId) ?? { name: '', surname: '', phone: '', email: '' }

/** The database's refusals of a place, in the desk's words. */
const DESK_CONFLICTS = {
  bookings_session_place_live_key: placeTaken,
  bookings_session_customer_live_key: customerInAlready,
}

/**
 * The desk's view and writes of a session's places (issue 23, item 6, decision 116): its roster
 * with each place's check-in, its waiting list in order, the check-in of a live place, and a
 * confirmed place the desk gives a customer, free of charge, under the session's lock with the
 * site's rules. The writes run in the caller's unit of work when there is one (the staff's, which
 * records the audit), so the change and its audit row commit together.
 */
export function createPlaceRoster(
  shared: PlaceContext,
  waiting: Pick<PlaceWaitlist, 'releaseAndOffer' | 'markBooked'>,
) {
  const { db, units, clock, bookingsService, context, customers } = shared
  const { lockSession, liveBookingsOf, placesOf, writePlaceBooking } = shared

  async function placeRows(session: SessionRow, now: number, only?: number): Promise<RosterPlace[]> {
    const rows = await db
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.sessionId, session.id),
          liveAt(now),
          only === undefined ? undefined : eq(bookings.id, only),
        ),
      )
    const places = await placesOf(session.templateId)
    const order = new Map(places.map((p, i) => [p.id, i]))
    const contacts = await customers.contactsOf(rows.map((r) => r.customerId))
    const owed = await shared.sales.owedOf(rows.map((r) => r.saleId))
    return rows
      .sort(
        (a, b) =>
          (order.get(a.placeId ?? -1) ?? places.length) - (order.get(b.placeId ?? -1) ?? places.length) ||
          a.id - b.id,
      )
      .map((r) => {
        return {
          bookingId: r.id,
          customerId: r.customerId,
          ...contactOf(contacts, r.customerId),
          placeId: r.placeId,
          placeName: places.find((p) => p.id === r.placeId)?.place ?? null,
          status: r.status === BookingStatus.Held ? 'held' : 'confirmed',
          holdExpiresAt: r.status === BookingStatus.Held ? (r.holdExpiresAt?.toISOString() ?? null) : null,
          attendance: r.attendance ?? null,
          attendedAt: r.attendedAt?.toISOString() ?? null,
          attendedBy: r.attendedBy,
          owedCents: r.saleId === null ? 0 : (owed.get(r.saleId) ?? 0),
        }
      })
  }

  async function waitingRows(sessionId: number): Promise<RosterWaiting[]> {
    const rows = await db
      .select({ entry: placeSessionWaitlist, holdExpiresAt: bookings.holdExpiresAt })
      .from(placeSessionWaitlist)
      .leftJoin(bookings, eq(bookings.id, placeSessionWaitlist.bookingId))
      .where(
        and(
          eq(placeSessionWaitlist.sessionId, sessionId),
          inArray(placeSessionWaitlist.status, [WaitlistStatus.Waiting, WaitlistStatus.Offered]),
        ),
      )
      .orderBy(asc(placeSessionWaitlist.id))
    const contacts = await customers.contactsOf(rows.map((r) => r.entry.customerId))
    return rows.map(({ entry, holdExpiresAt }, i) => {
      const offered = entry.status === WaitlistStatus.Offered
      return {
        entryId: entry.id,
        position: i + 1,
        customerId: entry.customerId,
        ...contactOf(contacts, entry.customerId),
        status: offered ? 'offered' : 'waiting',
        since: entry.createdAt.toISOString(),
        offeredBookingId: offered ? entry.bookingId : null,
        offerExpiresAt: offered ? (holdExpiresAt?.toISOString() ?? null) : null,
      }
    })
  }

  /** The session with its live places (each with its customer and check-in) and its waiting list; 404 when none. */
  async function sessionRoster(sessionId: number, locale: Locale): Promise<SessionRoster> {
    const ctx = await context()
    const [session] = await db.select().from(placeSessions).where(eq(placeSessions.id, sessionId))
    const type = session && placeTypeOf(ctx.cat, session.bookingTypeId)
    if (!session || !type) throw sessionNotFound()
    const [roster, places, waitlist] = [
      await placeRows(session, ctx.now),
      await placesOf(session.templateId),
      await waitingRows(session.id),
    ]
    const taken = new Set(roster.map((r) => r.placeId))
    const wall = wallClockAt(session.startsAt.getTime(), ctx.settings.zone)
    return {
      id: session.id,
      bookingTypeId: session.bookingTypeId,
      bookingType: type.name[locale],
      description: session.description[locale],
      startsAt: session.startsAt.toISOString(),
      date: wall.date,
      time: hourMinute(wall.minute),
      durationMinutes: session.durationMinutes,
      maxParticipants: session.maxParticipants,
      priceCents: session.priceCents,
      capacity: capacityOf(session, places.length),
      places: places.map((p) => ({ id: p.id, name: p.place, taken: taken.has(p.id) })),
      roster,
      waitlist,
    }
  }

  /**
   * Marks a live place of the session as came or absent, or clears the mark, by `staffId`; answers
   * the place as it was and as it is. Open from the session's day (the centre's midnight) or an
   * hour before its start when that is earlier (422 `check_in_too_early`); a booking that is not a
   * live place of this session is not found.
   */
  function markAttendance(
    sessionId: number,
    bookingId: number,
    attendance: Attendance | null,
    staffId: number,
  ): Promise<{ before: RosterPlace; after: RosterPlace }> {
    return units.run(async () => {
      const ctx = await context()
      const [session] = await db.select().from(placeSessions).where(eq(placeSessions.id, sessionId))
      if (!session) throw sessionNotFound()
      const [booking] = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), eq(bookings.sessionId, sessionId), liveAt(ctx.now)))
        .for('update')
      if (!booking) throw bookingNotInSession()
      const start = session.startsAt.getTime()
      const wall = wallClockAt(start, ctx.settings.zone)
      const opensAt = Math.min(
        dayBounds(wall.date, ctx.settings.zone).start,
        start - CHECK_IN_OPENS_MINUTES * MINUTE,
      )
      if (ctx.now < opensAt) {
        const opens = wallClockAt(opensAt, ctx.settings.zone)
        throw tooEarly(opens.date, hourMinute(opens.minute))
      }
      const [before] = await placeRows(session, ctx.now, bookingId)
      await db
        .update(bookings)
        .set(
          attendance === null
            ? { attendance: null, attendedAt: null, attendedBy: null }
            : { attendance, attendedAt: new Date(ctx.now), attendedBy: staffId },
        )
        .where(eq(bookings.id, bookingId))
      const [after] = await placeRows(session, ctx.now, bookingId)
      return { before: before!, after: after! }
    })
  }

  /**
   * Gives an existing customer a confirmed place in the session at the session's price (less their
   * price list's discount), settled at the desk, from their voucher or owed, in one unit of
   * work under the session's lock, as the site's prebook takes one: holds that ran out are
   * released first (and offered to the waiting list), then the checks — no session or customer
   * (404), the session over (422 `slot_in_past`), a map and no place (422 `place_required`), a
   * place not of its map (422 `place_not_in_template`), the customer in already (409
   * `already_booked`), the place taken (409 `place_taken`), no place left (409 `session_full`).
   * The unique indexes on live places are the last word in a race. The session's day is bumped, so
   * the public week and every desk's day show it; a customer waiting for it is done waiting.
   */
  function addParticipant(
    sessionId: number,
    input: { customerId: number; placeId?: number | undefined } & Partial<DeskSettlement>,
  ): Promise<RosterPlace> {
    return units.run(
      async () => {
        const settings = await bookingsService.centreSettings()
        const session = await lockSession(sessionId)
        if (!session) throw sessionNotFound()
        const ctx: Ctx = { now: clock(), settings, cat: await bookingsService.catalogue.catalogue() }
        const type = placeTypeOf(ctx.cat, session.bookingTypeId)
        if (!type) throw sessionNotFound()
        const account = await customers.findAccount(input.customerId)
        if (!account) throw customerNotFound()
        await waiting.releaseAndOffer(session, ctx)
        if (session.startsAt.getTime() + session.durationMinutes * MINUTE <= ctx.now) throw sessionOver()
        const { placeId } = input
        if (session.templateId !== null && placeId === undefined) throw placeRequired()
        if (session.templateId === null && placeId !== undefined) throw noMap()
        const places = await placesOf(session.templateId)
        const place = placeId === undefined ? undefined : places.find((p) => p.id === placeId)
        if (placeId !== undefined && !place) throw placeNotInTemplate()
        const live = await liveBookingsOf(session.id, ctx.now)
        if (live.some((b) => b.customerId === input.customerId)) throw customerInAlready()
        if (place && live.some((b) => b.placeId === place.id)) throw placeTaken()
        if (live.length >= capacityOf(session, places.length)) throw sessionFull()
        const priceList = await bookingsService.priceListOf(account.customerTypeId ?? undefined)
        const written = await writePlaceBooking({
          session,
          type,
          customerId: input.customerId,
          place,
          priceCents: sessionPriceCents(session, ctx.settings.zone, priceList),
          ctx,
          hold: false,
          confirmed: true,
        })
        await settleAtDesk(shared, written.sale, {
          customerId: input.customerId,
          settlement: { payment: input.payment ?? 'pending', voucherId: input.voucherId },
          payable: { bookingTypeId: type.id, minutes: session.durationMinutes, extrasCents: 0 },
          at: new Date(ctx.now),
        })
        await waiting.markBooked(session.id, input.customerId, written.bookingId)
        await bookingsService.queueBookingMail('confirmation', written.bookingId)
        const [row] = await placeRows(session, ctx.now, written.bookingId)
        return row!
      },
      { conflicts: DESK_CONFLICTS },
    )
  }

  return { sessionRoster, markAttendance, addParticipant }
}

export type PlaceRoster = ReturnType<typeof createPlaceRoster>
