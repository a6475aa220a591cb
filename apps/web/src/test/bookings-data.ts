import type {
  BookingResource,
  BookingTemplateInfo,
  BookingType,
  CustomerBooking,
  Participant,
  PlaceSession,
  TimeTableEntry,
  WaitlistEntry,
} from '@clubhouse/contract'

/** Booking types of a demo centre: padel by time, a free yoga class by time, spinning by place. */
export const padel: BookingType = {
  id: 1,
  name: 'Padel',
  byPlace: false,
  allowCreateBookByPlace: false,
  category: 'Courts',
  image: '/uploads/padel.svg',
  description: 'Glass courts, 8 of them covered.',
  extendedDescription: '<p>Rackets for hire at <strong>reception</strong>.</p>',
  grossPrice: 12,
  showInMainPage: true,
}
export const yoga: BookingType = {
  id: 2,
  name: 'Yoga room',
  byPlace: false,
  allowCreateBookByPlace: false,
  category: 'Rooms',
  image: '',
  description: 'A quiet room for members.',
  extendedDescription: '',
  grossPrice: 0,
  showInMainPage: false,
}
export const spinning: BookingType = {
  id: 3,
  name: 'Spinning',
  byPlace: true,
  allowCreateBookByPlace: false,
  category: 'Classes',
  image: '',
  description: 'Sessions of 45 minutes.',
  extendedDescription: '',
  grossPrice: 6,
  showInMainPage: true,
}

export const filtersModel = (types: BookingType[] = [padel, yoga, spinning]) => ({
  bookingTypes: types,
  resourceTypes: [
    { id: 4, name: 'Indoor courts' },
    { id: 5, name: 'Outdoor courts' },
  ],
  anticipationText: 'Book at least 1 hour ahead.',
  anticipationMins: 60,
  cancellationText: 'Free cancellation up to 24 hours before.',
  cancellationMins: 1440,
  daysAhead: 14,
})

/** A time-table entry at `time` on `date`; taken when `available` is false. */
export function entry(
  date: string,
  time: string,
  { durations = [60, 90], available = true }: { durations?: number[]; available?: boolean } = {},
): TimeTableEntry {
  const prices: Record<string, number> = { '60': 12, '90': 18 }
  return {
    start: `${date} ${time}`,
    sstart: time,
    durations: available ? durations : [],
    priceByDuration: Object.fromEntries(durations.map((d) => [String(d), prices[String(d)] ?? d / 5])),
    noOnlineBlocks: [],
    available,
  }
}

export function court(id: number, name: string, date: string, durations = [60, 90]): BookingResource {
  return {
    id,
    name,
    type: 'Indoor courts',
    typeId: 4,
    image: '',
    description: `${name}, glass walls.`,
    timeTable: [
      entry(date, '09:00', { durations }),
      entry(date, '10:30', { durations, available: false }),
      entry(date, '12:00', { durations }),
    ],
  }
}

/** A day of courts; `related`: with rackets as a follow-up, required (true) or one that may be declined. */
export const dayModel = (
  date: string,
  resources?: BookingResource[],
  related: boolean | 'optional' = false,
) => ({
  list: resources ?? [court(11, 'Court 1', date), court(12, 'Court 2', date)],
  multipleResources: related ? [7] : [],
  relatedResourceTypes: related ? [{ id: 7, name: 'Rackets', optional: related === 'optional' }] : [],
  errorMsg: null,
})

export const customerBooking = (over: Partial<CustomerBooking> = {}): CustomerBooking => ({
  id: 41,
  bookingType: 'Padel',
  resourceName: 'Court 1',
  start: '2026-06-02 18:00',
  duration: 90,
  description: 'Padel, Court 1, 90 min',
  canCancel: true,
  status: 'confirmed',
  ...over,
})

/** A by-place type with a place map, beside spinning (which has none). */
export const stand: BookingType = {
  ...spinning,
  id: 6,
  name: 'Stand seats',
  category: 'Events',
  description: 'A seat in the stand for the club final.',
}

/** A session of spinning on `date` (`yyyy-MM-dd`, weekday 1 Monday … 7 Sunday) at `time`. */
export const placeSession = (over: Partial<PlaceSession> = {}): PlaceSession => ({
  id: 301,
  bookingTypeId: spinning.id,
  bookingTypeName: 'Spinning',
  start: '2099-03-04 18:00',
  sstart: '18:00',
  weekday: 3,
  duration: 45,
  maxParticipants: 12,
  participantsIn: 3,
  minLevel: 2,
  maxLevel: 4,
  resources: 'Room 1, Marta',
  price: 6,
  bookingTemplateId: null,
  description: 'Spinning with Marta',
  bookable: true,
  alreadyIn: false,
  waiting: false,
  waitlistCount: 0,
  ...over,
})

/** A place of a stand map: row `row`, column `col`, 40 units apart. */
export const standPlace = (id: number, row: number, col: number, section = 'A', available = true) => ({
  id,
  place: `${section}${row}${col}`,
  available,
  configJson: JSON.stringify({
    ref: 'seat',
    trans: [col * 40 + (section === 'B' ? 200 : 0), row * 40],
    rot: 0,
    label: `${section}${row}${col}`,
    row,
    col,
    section,
    id: `place-${id}`,
  }),
})

export const participant = (placeId: number, over: Partial<Participant> = {}): Participant => ({
  bookingTemplatePlaceId: placeId,
  name: '',
  phone: '',
  email: '',
  logo: '',
  mine: false,
  ...over,
})

/**
 * The stand's map of session 401: two sections of two rows and three columns (A11 … A23, B11 … B23),
 * a stage drawn as a path and labelled; A12 booked by Lucía. A place is available, as the server
 * says, when nobody has it and there is no reason against choosing one.
 */
export const standMap = (over: Partial<BookingTemplateInfo> = {}): BookingTemplateInfo => {
  const info = standMapAsGiven(over)
  const taken = new Set(info.participants.map((p) => p.bookingTemplatePlaceId))
  return {
    ...info,
    places: info.places.map((p) => ({
      ...p,
      available: info.unavailableReason === null && !taken.has(p.id),
    })),
  }
}

const standMapAsGiven = (over: Partial<BookingTemplateInfo>): BookingTemplateInfo => ({
  participants: [participant(102, { name: 'Lucía Pérez', phone: '600 111 222', email: 'lucia@example.com' })],
  allowSeeParticipants: false,
  imageMap: '/uploads/stand.jpg',
  templateMap: {
    id: 9,
    configJson: JSON.stringify({
      width: 400,
      height: 160,
      fontSize: 10,
      zoom: 1,
      paths: [
        { type: 'path', d: 'M10,130 L390,130', id: 'stage' },
        { type: 'text', d: '200,150', label: 'Stage', id: 'stage-label' },
      ],
    }),
  },
  places: [
    standPlace(101, 1, 1),
    standPlace(102, 1, 2),
    standPlace(103, 1, 3),
    standPlace(104, 2, 1),
    standPlace(105, 2, 2),
    standPlace(106, 2, 3),
    standPlace(111, 1, 1, 'B'),
    standPlace(112, 1, 2, 'B'),
  ],
  session: placeSession({
    id: 401,
    bookingTypeId: stand.id,
    bookingTypeName: 'Stand seats',
    start: '2099-03-06 20:00',
    sstart: '20:00',
    weekday: 5,
    duration: 120,
    maxParticipants: 8,
    participantsIn: 2,
    minLevel: null,
    maxLevel: null,
    resources: 'Main stand',
    price: 15,
    bookingTemplateId: 9,
  }),
  placesLeft: 6,
  unavailableReason: null,
  ...over,
})

export const waitlistEntry = (over: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  id: 71,
  bookingId: 302,
  bookingType: 'Spinning',
  start: '2099-03-05 19:00',
  duration: 45,
  description: 'Spinning with Marta',
  position: 2,
  status: 'waiting',
  offeredBookingId: null,
  offerExpiresAt: null,
  ...over,
})
