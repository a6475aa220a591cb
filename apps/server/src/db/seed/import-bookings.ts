import type { Services } from '../../services.ts'
import type { CatalogueIds, CatalogueInput } from '../../features/bookings/booking-catalogue.ts'
import { addDays, instantAt, wallClockAt } from '../../features/bookings/centre-clock.ts'
import { isOpenThroughout, weekdayBit, type OpeningRange } from '../../features/bookings/slot-grid.ts'
import type { Localised } from '../../lib/localised.ts'
import { minutesOf, WEEKDAY_NUMBER, type DemoActivity, type DemoBookings } from './demo-data.ts'

const DAY = 24 * 3_600_000
const MINUTE = 60_000

/**
 * The demo club's catalogue, through the bookings service: resource types, courts, rackets and the
 * fitness room with their timetables, booking types with their durations, peak prices and follow-ups.
 * Brought in before the customers, whose vouchers name the booking types they pay. Answers the
 * catalogue's ids by key.
 */
export async function importDemoCatalogue(
  services: Pick<Services, 'bookings'>,
  data: DemoBookings,
): Promise<{ ids: CatalogueIds; input: CatalogueInput }> {
  const hours = new Map(
    data.timetables.map((t) => [
      t.key,
      Object.entries(t.days).flatMap(([day, ranges]) =>
        (ranges ?? []).map((r) => ({ weekday: WEEKDAY_NUMBER[day as keyof typeof WEEKDAY_NUMBER], ...r })),
      ),
    ]),
  )
  const input: CatalogueInput = {
    resourceTypes: data.resourceTypes,
    resources: data.resources.map((r) => ({
      key: r.key,
      typeKey: r.type,
      name: r.name,
      description: r.description,
      ...(r.image ? { image: r.image.file } : {}),
      slotMinutes: r.slotMinutes,
      openingHours: hours.get(r.timetable) ?? [],
    })),
    bookingTypes: data.bookingTypes.map((t) => ({
      key: t.key,
      name: t.name,
      category: t.category,
      image: t.image.file,
      byPlace: t.byPlace ?? false,
      description: t.description,
      extendedDescription: t.extendedDescription,
      showInMainPage: t.showInMainPage,
      anticipationMinutes: t.anticipationMinutes,
      anticipationText: t.anticipationText,
      cancellationMinutes: t.cancellationMinutes,
      cancellationText: t.cancellationText,
      resourceTypeKeys: t.resourceTypes,
      durations: t.durations,
      priceRules: t.priceRules.map((rule, priority) => ({
        durationMinutes: rule.duration ?? null,
        weekdays: rule.days.reduce((bits, day) => bits | weekdayBit(WEEKDAY_NUMBER[day]), 0),
        startsFromMinute: minutesOf(rule.from),
        startsBeforeMinute: minutesOf(rule.before),
        customerTypeId: null,
        priceCents: rule.priceCents,
        priority,
      })),
      related: t.followUps.map((f) => ({ typeKey: f.type, priceCents: f.priceCents, optional: f.optional })),
    })),
  }
  const ids = await services.bookings.catalogue.createCatalogue(input)
  return { ids, input }
}

/**
 * The demo club's bookings, through the bookings service: the staff's blocks and the customers'
 * bookings with their sales, on the catalogue `importDemoCatalogue` made. Days are counted from `now`
 * on the centre's clock, so the demo always has bookings to come and slots to book (decision 049).
 */
export async function importDemoBookings(
  services: Pick<Services, 'bookings'>,
  data: DemoBookings,
  catalogue: { ids: CatalogueIds; input: CatalogueInput },
  opts: { zone: string; now: number; customerIds: Map<string, number> },
): Promise<void> {
  const { bookings } = services
  const { ids, input } = catalogue
  const openingHoursOf = new Map(input.resources.map((r) => [r.key, r.openingHours]))
  const today = wallClockAt(opts.now, opts.zone).date

  /**
   * The start `inDays` from today at `at`, or on the nearest day further from today on which every one
   * of `resources` is open for `minutes` from then.
   */
  const startOf = (inDays: number, at: string, minutes: number, resources: string[]) => {
    const step = inDays < 0 ? -1 : 1
    for (let day = inDays, tries = 0; tries < 14; day += step, tries++) {
      const start = instantAt(addDays(today, day), minutesOf(at), opts.zone)
      if (start === undefined) continue
      const ranges = resources.map((key) => openingHoursOf.get(key) ?? ([] as OpeningRange[]))
      if (ranges.every((r) => isOpenThroughout(r, opts.zone, start, minutes))) return start
    }
    throw new Error(`bookings.json: nothing of ${resources.join(', ')} is open at ${at} near day ${inDays}`)
  }

  for (const block of data.noOnlineBlocks) {
    await bookings.addNoOnlineBlock({
      resourceId: ids.resources.get(block.resource)!,
      start: startOf(block.inDays, block.at, block.minutes, [block.resource]),
      minutes: block.minutes,
      note: block.note,
    })
  }
  for (const b of data.bookings) {
    const start = startOf(b.inDays, b.at, b.minutes, b.resources)
    await bookings.importBooking({
      customerId: opts.customerIds.get(b.customer)!,
      bookingTypeId: ids.bookingTypes.get(b.type)!,
      resourceIds: b.resources.map((key) => ids.resources.get(key)!),
      start,
      durationMinutes: b.minutes,
      status: b.status,
      paidWith: b.paidWith,
      createdAt: new Date(Math.min(start - b.bookedDaysBefore * DAY, opts.now - 60 * MINUTE)),
    })
  }
}

/**
 * The demo centre's activities, through the activities service, in their order (the first is
 * activity 1, whose sign-up form forms.json defines). Days are counted from `now` on the centre's
 * clock (decision 049), so the demo always has activities to come.
 */
/**
 * The seasons by their months, as a calendar of the northern hemisphere reads them: December,
 * January and February are winter, and so on.
 */
const SEASONS = [
  { 'es-ES': 'invierno', 'en-US': 'winter' },
  { 'es-ES': 'primavera', 'en-US': 'spring' },
  { 'es-ES': 'verano', 'en-US': 'summer' },
  { 'es-ES': 'otoño', 'en-US': 'autumn' },
] as const

/** The season of a day (YYYY-MM-DD). */
export function seasonOf(day: string) {
  const month = Number(day.slice(5, 7))
  return SEASONS[Math.floor((month % 12) / 3)]!
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/**
 * An activity's name with the season its start falls in: `{season}` (or `{Season}`, capitalised)
 * names it, so a spring camp seeded in November is an autumn one and its name agrees with its dates.
 */
export function nameInSeason(name: Localised, day: string): Localised {
  const season = seasonOf(day)
  const fill = (text: string, locale: keyof Localised) =>
    text.replaceAll('{season}', season[locale]).replaceAll('{Season}', capitalised(season[locale]))
  return { 'es-ES': fill(name['es-ES'], 'es-ES'), 'en-US': fill(name['en-US'], 'en-US') }
}

export async function importDemoActivities(
  services: Pick<Services, 'activities'>,
  data: DemoActivity[],
  opts: { zone: string; now: number; customerIds: Map<string, number> },
): Promise<void> {
  const today = wallClockAt(opts.now, opts.zone).date
  await services.activities.createActivities(
    data.map((a, position) => {
      const day = addDays(today, a.inDays)
      const start = instantAt(day, minutesOf(a.at), opts.zone)
      if (start === undefined) throw new Error(`activities.json: ${a.key} starts at a time the clocks skip`)
      return {
        name: nameInSeason(a.name, day),
        description: a.description,
        poster: a.poster.file,
        startsAt: new Date(start),
        endsAt: new Date(start + a.minutes * MINUTE),
        onlineSignUp: a.onlineSignUp,
        priceCents: a.priceCents,
        capacity: a.capacity,
        position,
        signedUp: a.signedUp.map((key) => opts.customerIds.get(key)!),
      }
    }),
  )
}
