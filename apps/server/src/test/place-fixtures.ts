import { expect } from 'vitest'
import type { PrebookModel } from '@clubhouse/contract/server'
import type { App, Services } from '../app.ts'
import type { NewSession } from '../features/bookings/place-bookings.service.ts'
import type { Localised } from '../lib/localised.ts'
import { createTestClub, MINUTE, type TestClub } from './booking-fixtures.ts'
import type { LoggedIn } from './customers.ts'

/**
 * Booking by place on the test club (booking-fixtures.ts): spinning (by place, no anticipation) is
 * the club's own; this adds yoga (by place, booked 60 minutes ahead at least), pilates (by place,
 * not offered online), an instructor, and two place maps of six bikes in two rows — the studio,
 * whose bookers nobody sees, and the open studio, whose bookers signed-in customers see.
 */

const both = (es: string, en: string): Localised => ({ 'es-ES': es, 'en-US': en })
const EMPTY = both('', '')

const MAP = {
  width: 400,
  height: 200,
  fontSize: 12,
  zoom: 1,
  paths: [
    { type: 'path', d: 'M0 0 H400 V200 H0 Z', label: '', id: 'walls' },
    { type: 'text', d: '200,20', label: 'Instructor', id: 'label' },
  ],
}

/** Six bikes: A1–A3 and B1–B3, in that order. */
const BIKES = ['A', 'B'].flatMap((row, r) =>
  [1, 2, 3].map((col) => ({
    place: `${row}${col}`,
    config: {
      ref: 'bike',
      trans: [100 * col, 80 + 60 * r] as [number, number],
      rot: 0,
      label: `${row}${col}`,
      row: r + 1,
      col,
      section: 'Centre',
      id: `bike-${row}${col}`,
    },
  })),
)

export interface PlaceClub extends TestClub {
  yoga: number
  pilates: number
  coach: number
  instructorsType: number
  /** Bookers hidden. */
  studio: { id: number; placeIds: number[] }
  /** Bookers shown to signed-in customers. */
  openStudio: { id: number; placeIds: number[] }
}

/** The test club with what booking by place needs; answers the ids by name. */
export async function createPlaceClub(services: Pick<Services, 'content' | 'bookings' | 'placeBookings'>) {
  const club = await createTestClub(services)
  const ids = await services.bookings.catalogue.createCatalogue(
    {
      resourceTypes: [{ key: 'instructors', name: both('Monitores', 'Instructors') }],
      resources: [
        {
          key: 'coach',
          typeKey: 'instructors',
          name: both('Monitora Eva', 'Coach Eva'),
          description: EMPTY,
          slotMinutes: 60,
          openingHours: [],
        },
      ],
      bookingTypes: [
        {
          key: 'yoga',
          name: both('Yoga', 'Yoga'),
          category: both('Clases', 'Classes'),
          description: EMPTY,
          extendedDescription: EMPTY,
          showInMainPage: false,
          byPlace: true,
          anticipationMinutes: 60,
          anticipationText: EMPTY,
          cancellationMinutes: 60,
          cancellationText: EMPTY,
          resourceTypeKeys: ['instructors'],
          durations: [{ minutes: 60, priceCents: 0 }],
        },
        {
          key: 'pilates',
          name: both('Pilates', 'Pilates'),
          category: both('Clases', 'Classes'),
          description: EMPTY,
          extendedDescription: EMPTY,
          showInMainPage: false,
          byPlace: true,
          isOnline: false,
          anticipationMinutes: 0,
          anticipationText: EMPTY,
          cancellationMinutes: 0,
          cancellationText: EMPTY,
          resourceTypeKeys: ['instructors'],
          durations: [{ minutes: 60, priceCents: 0 }],
        },
      ],
    },
    { position: 10 },
  )
  const studio = await services.placeBookings.createTemplate({
    name: both('Estudio', 'Studio'),
    imageMap: 'test/studio.svg',
    mapConfig: MAP,
    places: BIKES,
  })
  const openStudio = await services.placeBookings.createTemplate({
    name: both('Estudio abierto', 'Open studio'),
    mapConfig: MAP,
    allowSeeParticipants: true,
    places: BIKES,
  })
  return {
    ...club,
    yoga: ids.bookingTypes.get('yoga')!,
    pilates: ids.bookingTypes.get('pilates')!,
    coach: ids.resources.get('coach')!,
    instructorsType: ids.resourceTypes.get('instructors')!,
    studio,
    openStudio,
  } satisfies PlaceClub
}

/**
 * One session, written through the service: a spinning class of 45 minutes for 4 at 6 € on the
 * studio's map in the room, unless told otherwise.
 */
export async function createSession(
  services: Pick<Services, 'placeBookings'>,
  club: PlaceClub,
  startsAt: number,
  over: Partial<NewSession> = {},
): Promise<number> {
  const [id] = await services.placeBookings.createSessions([
    {
      bookingTypeId: club.spinning,
      templateId: club.studio.id,
      startsAt: new Date(startsAt),
      durationMinutes: 45,
      maxParticipants: 4,
      priceCents: 600,
      description: both('Clase de spinning', 'Spinning class'),
      resourceIds: [club.room],
      ...over,
    },
  ])
  return id!
}

/** Requests as the pages send them, in English, as `who` (or anonymous), and the prebook of a place. */
export function placeRequests(app: () => App) {
  const headers = (who?: LoggedIn) => ({ 'accept-language': 'en-US', ...who?.headers })
  const get = (url: string, who?: LoggedIn) => app().inject({ method: 'GET', url, headers: headers(who) })
  const post = (url: string, payload: unknown, who?: LoggedIn) =>
    app().inject({ method: 'POST', url, payload: payload as object, headers: headers(who) })
  const prebook = (who: LoggedIn, sessionId: number, placeId?: number, customerId = who.id) =>
    post(
      `/api/publicbookings/byplace-prebook-place/${customerId}/${sessionId}${placeId ? `/${placeId}` : ''}`,
      undefined,
      who,
    )
  /** A prebook that must succeed: its model. */
  const prebooked = async (who: LoggedIn, sessionId: number, placeId?: number) => {
    const res = await prebook(who, sessionId, placeId)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ model: PrebookModel }>().model
  }
  return { get, post, prebook, prebooked }
}

export { MINUTE }
