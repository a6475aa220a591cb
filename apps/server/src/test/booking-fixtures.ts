import type { Services } from '../app.ts'
import type { CatalogueIds, CatalogueInput } from '../features/bookings/booking-catalogue.ts'
import type { OpeningRange } from '../features/bookings/slot-grid.ts'
import type { Localised } from '../lib/localised.ts'
import { saveTestSettings } from './settings-fixtures.ts'

/**
 * A small club for the booking tests, written through the bookings service: every time, price and
 * rule a test reads can be worked out from this file. The centre is in Europe/Madrid (the test
 * settings); the tests' clock starts on Monday 7 January 2030 at 08:00 in Madrid.
 */

const both = (es: string, en: string): Localised => ({ 'es-ES': es, 'en-US': en })

/** Monday 7 January 2030, 08:00 in Madrid (07:00 UTC): the tests' "now" unless they move it. */
export const T0 = Date.parse('2030-01-07T07:00:00.000Z')
export const MINUTE = 60_000
export const HOUR = 60 * MINUTE

/** A clock a test moves by hand. */
export function testClock(start = T0) {
  let now = start
  return {
    now: () => now,
    set: (at: number) => void (now = at),
    advance: (ms: number) => void (now += ms),
  }
}

const hours = (opens: string, closes: string) => {
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5))
  return { opensMinute: m(opens), closesMinute: m(closes) }
}

/** Monday to Saturday 08:00–14:00 and 16:00–22:00 (a lunch gap), Sunday 09:00–14:00. */
export const CLUB_HOURS: OpeningRange[] = [
  ...[1, 2, 3, 4, 5, 6].flatMap((weekday) => [
    { weekday, ...hours('08:00', '14:00') },
    { weekday, ...hours('16:00', '22:00') },
  ]),
  { weekday: 7, ...hours('09:00', '14:00') },
]
const ALL_DAY: OpeningRange[] = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  ...hours('07:00', '23:00'),
}))

/**
 * Padel: two courts, starts every 30 minutes, 60 or 90 minutes at 12 € / 18 €, 16 € / 24 € on weekdays
 * from 18:00; booked 60 minutes ahead at least and cancelled up to 24 hours before; a racket set
 * (3 €) as a follow-up. The gym: one room, 60 minutes, free. Tennis: closed online. Spinning: by place.
 */
export const TEST_CATALOGUE: CatalogueInput = {
  resourceTypes: [
    { key: 'padel-courts', name: both('Pistas de pádel', 'Padel courts') },
    { key: 'rackets', name: both('Palas', 'Rackets') },
    { key: 'rooms', name: both('Salas', 'Rooms') },
    { key: 'tennis-courts', name: both('Pistas de tenis', 'Tennis courts') },
  ],
  resources: [
    {
      key: 'court-1',
      typeKey: 'padel-courts',
      name: both('Pista 1', 'Court 1'),
      image: '/uploads/test/court-1.svg',
      description: both('Cubierta.', 'Indoor.'),
      slotMinutes: 30,
      openingHours: CLUB_HOURS,
    },
    {
      key: 'court-2',
      typeKey: 'padel-courts',
      name: both('Pista 2', 'Court 2'),
      description: both('Exterior.', 'Outdoor.'),
      slotMinutes: 30,
      openingHours: CLUB_HOURS,
    },
    {
      key: 'rackets-1',
      typeKey: 'rackets',
      name: both('Palas A', 'Rackets A'),
      description: both('Cuatro palas.', 'Four rackets.'),
      slotMinutes: 30,
      openingHours: ALL_DAY,
    },
    {
      key: 'rackets-2',
      typeKey: 'rackets',
      name: both('Palas B', 'Rackets B'),
      description: both('Cuatro palas.', 'Four rackets.'),
      slotMinutes: 30,
      openingHours: ALL_DAY,
    },
    {
      key: 'gym',
      typeKey: 'rooms',
      name: both('Sala fitness', 'Fitness room'),
      description: both('Máquinas.', 'Machines.'),
      slotMinutes: 60,
      openingHours: ALL_DAY,
    },
    {
      key: 'tennis-1',
      typeKey: 'tennis-courts',
      name: both('Tenis 1', 'Tennis 1'),
      description: both('Tierra batida.', 'Clay.'),
      slotMinutes: 60,
      openingHours: CLUB_HOURS,
    },
  ],
  bookingTypes: [
    {
      key: 'padel',
      name: both('Pádel', 'Padel'),
      category: both('Pistas', 'Courts'),
      image: '/uploads/test/padel.svg',
      description: both('Pistas de cristal.', 'Glass courts.'),
      extendedDescription: both(
        '<p>Palas en <strong>recepción</strong>.</p>',
        '<p>Rackets at <strong>reception</strong>.</p>',
      ),
      showInMainPage: true,
      anticipationMinutes: 60,
      anticipationText: both('Reserva con 1 hora de antelación.', 'Book 1 hour ahead.'),
      cancellationMinutes: 24 * 60,
      cancellationText: both(
        'Cancelación gratuita hasta 24 horas antes.',
        'Free cancellation up to 24 hours before.',
      ),
      resourceTypeKeys: ['padel-courts'],
      durations: [
        { minutes: 60, priceCents: 1200 },
        { minutes: 90, priceCents: 1800 },
      ],
      priceRules: [
        {
          durationMinutes: 60,
          weekdays: 0b0011111,
          startsFromMinute: 18 * 60,
          startsBeforeMinute: 1440,
          customerTypeId: null,
          priceCents: 1600,
          priority: 0,
        },
        {
          durationMinutes: 90,
          weekdays: 0b0011111,
          startsFromMinute: 18 * 60,
          startsBeforeMinute: 1440,
          customerTypeId: null,
          priceCents: 2400,
          priority: 0,
        },
      ],
      related: [{ typeKey: 'rackets', priceCents: 300, optional: true }],
    },
    {
      key: 'gym',
      name: both('Sala fitness', 'Fitness room'),
      category: both('Salas', 'Rooms'),
      description: both('Entrena a tu aire.', 'Train at your pace.'),
      extendedDescription: both('', ''),
      showInMainPage: false,
      anticipationMinutes: 0,
      anticipationText: both('', ''),
      cancellationMinutes: 60,
      cancellationText: both('Cancela hasta 1 hora antes.', 'Cancel up to 1 hour before.'),
      resourceTypeKeys: ['rooms'],
      durations: [{ minutes: 60, priceCents: 0 }],
    },
    {
      key: 'tennis',
      name: both('Tenis', 'Tennis'),
      category: both('Pistas', 'Courts'),
      description: both('Tierra batida.', 'Clay.'),
      extendedDescription: both('', ''),
      showInMainPage: false,
      isOnline: false,
      anticipationMinutes: 0,
      anticipationText: both('', ''),
      cancellationMinutes: 0,
      cancellationText: both('', ''),
      resourceTypeKeys: ['tennis-courts'],
      durations: [{ minutes: 60, priceCents: 1000 }],
    },
    {
      key: 'spinning',
      name: both('Spinning', 'Spinning'),
      category: both('Clases', 'Classes'),
      description: both('Sesiones de 45 minutos.', 'Sessions of 45 minutes.'),
      extendedDescription: both('', ''),
      showInMainPage: true,
      byPlace: true,
      anticipationMinutes: 0,
      anticipationText: both('', ''),
      cancellationMinutes: 0,
      cancellationText: both('', ''),
      resourceTypeKeys: ['rooms'],
      durations: [{ minutes: 45, priceCents: 600 }],
    },
  ],
}

export interface TestClub {
  ids: CatalogueIds
  padel: number
  gym: number
  tennis: number
  spinning: number
  court1: number
  court2: number
  rackets1: number
  rackets2: number
  room: number
  tennisCourt: number
  padelCourts: number
  racketsType: number
  roomsType: number
  tennisCourts: number
}

/** Writes the test centre's settings and the test club's catalogue; answers the ids by name. */
export async function createTestClub(services: Pick<Services, 'content' | 'bookings'>): Promise<TestClub> {
  await saveTestSettings(services)
  const ids = await services.bookings.catalogue.createCatalogue(TEST_CATALOGUE)
  const id = (map: Map<string, number>, key: string) => map.get(key)!
  return {
    ids,
    padel: id(ids.bookingTypes, 'padel'),
    gym: id(ids.bookingTypes, 'gym'),
    tennis: id(ids.bookingTypes, 'tennis'),
    spinning: id(ids.bookingTypes, 'spinning'),
    court1: id(ids.resources, 'court-1'),
    court2: id(ids.resources, 'court-2'),
    rackets1: id(ids.resources, 'rackets-1'),
    rackets2: id(ids.resources, 'rackets-2'),
    room: id(ids.resources, 'gym'),
    tennisCourt: id(ids.resources, 'tennis-1'),
    padelCourts: id(ids.resourceTypes, 'padel-courts'),
    racketsType: id(ids.resourceTypes, 'rackets'),
    roomsType: id(ids.resourceTypes, 'rooms'),
    tennisCourts: id(ids.resourceTypes, 'tennis-courts'),
  }
}

/** A prebook body of one block (and follow-ups) as the web app sends it. */
export function prebookBody(
  customerId: number,
  bookingTypeId: number,
  start: string,
  duration: number,
  resourceIds: number[],
) {
  return {
    booking: {
      customerId,
      bookingTypeId,
      bookingTypeName: 'Padel',
      isValidated: false,
      sendCommunications: false,
      origin: 0,
      bookingByPlace: false,
    },
    customerIsParticipant: true,
    blocks: resourceIds.map((resourceId) => ({
      duration,
      resourceId,
      resourceName: `Resource ${resourceId}`,
      startDate: start,
      sstart: start.slice(11),
      noOnline: false,
      customerId,
    })),
    isMultiple: false,
  }
}
