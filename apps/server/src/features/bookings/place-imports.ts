import { eq } from 'drizzle-orm'
import type { Localised } from '../../lib/localised.ts'
import { bookings, BookingStatus } from './bookings.tables.ts'
import { describePlace, MINUTE, placeTypeOf, type PlaceContext } from './place-context.ts'
import { PLACE_CONFLICTS, sessionNotFound, WAITLIST_CONFLICTS } from './place-refusals.ts'
import {
  bookingTemplatePlaces,
  bookingTemplates,
  placeSessionResources,
  placeSessions,
  placeSessionWaitlist,
} from './place-sessions.tables.ts'

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

/** The desk's and the seed's own writes: place maps, sessions, and places taken and waited for. */
export function createPlaceImports(shared: PlaceContext) {
  const { db, units, bookingsService, context, bumpSessionDays, placesOf } = shared

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

  return { createTemplate, createSessions, importSessionState }
}
