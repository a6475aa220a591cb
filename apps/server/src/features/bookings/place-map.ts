import { and, asc, eq, sql } from 'drizzle-orm'
import type { BookingTemplateInfo, Locale } from '@clubhouse/contract/server'
import type { AuthCustomer } from '../../http/auth.ts'
import { imageUrl } from '../../lib/images.ts'
import type { Localised } from '../../lib/localised.ts'
import type { Contact } from '../customers/customers.service.ts'
import { bookings, BookingStatus } from './bookings.tables.ts'
import { capacityOf, liveAt, placeTypeOf, type PlaceContext } from './place-context.ts'
import { mapNotFound, sessionNotFound } from './place-refusals.ts'
import { bookingTemplatePlaces, bookingTemplates, placeSessions } from './place-sessions.tables.ts'
import type { PlaceWeek } from './place-week.ts'

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

/** A session's place map with who is where, read as the week lists the session. */
export function createPlaceMap(
  shared: PlaceContext,
  week: Pick<PlaceWeek, 'sessionRows' | 'placeSessionOf'>,
) {
  const { db, context, bookingsService } = shared
  const { sessionRows, placeSessionOf } = week

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
      })
      .from(bookings)
      .where(and(eq(bookings.sessionId, sessionId), sql`${bookings.placeId} is not null`, liveAt(ctx.now)))
      .orderBy(asc(bookings.placeId))
    const shown = template.allowSeeParticipants && customer !== undefined
    // Names and contacts are read only when the map shows them.
    const who = shown
      ? await shared.customers.contactsOf(taken.map((p) => p.customerId))
      : new Map<number, Contact>()
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
      participants: taken.map((p) => {
        const person = who.get(p.customerId)
        return {
          bookingTemplatePlaceId: p.placeId!,
          name: person ? `${person.name} ${person.surname}`.trim() : '',
          phone: contacts && person ? person.phone : '',
          email: contacts && person ? person.email : '',
          logo: '',
          mine: customer?.id === p.customerId,
        }
      }),
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

  return { templateInfo }
}
