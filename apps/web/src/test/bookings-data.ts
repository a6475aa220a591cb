import type { BookingResource, BookingType, CustomerBooking, TimeTableEntry } from '@clubhouse/contract'

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

export const dayModel = (date: string, resources?: BookingResource[], related = false) => ({
  list: resources ?? [court(11, 'Court 1', date), court(12, 'Court 2', date)],
  multipleResources: related ? [7] : [],
  relatedResourceTypes: related ? [{ id: 7, name: 'Rackets' }] : [],
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
