import type { z } from 'zod'
import { BookingErrorCode, type Locale, type PrebookBody } from '@clubhouse/contract/server'
import { forbidden } from '../../http/auth.ts'
import { AppError } from '../../lib/app-error.ts'
import type { Localised } from '../../lib/localised.ts'
import type { Catalogue, CatalogueResource } from './booking-catalogue.ts'
import { formatCentreDate } from './booking-mails.ts'
import { addDays, hourMinute, instantAt, parseWallClock, wallClockAt, weekdayOf } from './centre-clock.ts'
import {
  bookableType,
  bookedByPlace,
  durationNotOffered,
  localised,
  MINUTE,
  resourceNotOfType,
  typeNotFound,
  type CentreSettings,
} from './court-context.ts'
import {
  bookingPriceCents,
  checkOnGrid,
  isOpenThroughout,
  slotGrid,
  type BookingPriceList,
} from './slot-grid.ts'

export type PrebookInput = z.output<typeof PrebookBody>

// ---------------------------------------------------------------------------------------------
// Refusals of what a prebook asks for

const blocksMismatch = () =>
  new AppError(
    BookingErrorCode.blocksMismatch,
    'The blocks of a booking start at the same time, last as long, and take one resource each, one per follow-up type.',
    { status: 422 },
  )
const followUpRequired = () =>
  new AppError(
    BookingErrorCode.followUpRequired,
    'This booking needs one of each of its required extras: choose one of each.',
    { status: 422 },
  )
const slotInPast = () =>
  new AppError(BookingErrorCode.slotInPast, 'This time has already passed. Choose a later one.', {
    status: 422,
  })
export const tooSoon = (minutes: number) =>
  new AppError(
    BookingErrorCode.tooSoon,
    `This time is too close to book online: book at least ${minutes} minutes ahead.`,
    { status: 422 },
  )
export const tooFarAhead = (days: number) =>
  new AppError(
    BookingErrorCode.tooFarAhead,
    `This day is too far ahead: this booking type can be booked up to ${days} days ahead.`,
    { status: 422 },
  )
/**
 * Whether a start on the centre's day `date` is further ahead of `now` than `daysAhead` allows. An
 * import's clock (no `now`) has no horizon.
 */
export const beyondHorizon = (date: string, now: number, daysAhead: number, zone: string) =>
  Number.isFinite(now) && date > addDays(wallClockAt(now, zone).date, daysAhead)
const outsideTimetable = () =>
  new AppError(BookingErrorCode.outsideTimetable, 'This resource is not open at that time.', { status: 422 })
const pastClosing = () =>
  new AppError(BookingErrorCode.outsideTimetable, 'This booking would run past closing time.', {
    status: 422,
  })
const offGrid = (minutes: number) =>
  new AppError(
    BookingErrorCode.offGrid,
    `Bookings on this resource start every ${minutes} minutes from opening time.`,
    { status: 422 },
  )

/** A type the desk books by resource and time, online or not. */
function deskType(cat: Catalogue, bookingTypeId: number) {
  const type = cat.typeById.get(bookingTypeId)
  if (!type) throw typeNotFound()
  if (type.byPlace && !type.allowCreateBookByPlace) throw bookedByPlace()
  return type
}

/** A block a prebook asks for, resolved against the catalogue. */
interface WantedBlock {
  resource: CatalogueResource
  priceCents: number
  /** The sale line's name. */
  name: Localised
}

/**
 * Checks what a prebook asks for against the catalogue and the clock, before anything is written:
 * the type, the blocks (one main resource of the type, one follow-up per required related type and
 * at most one per optional one, all at one time), the duration, the start (not past, not inside the anticipation window, on the main
 * resource's grid, within every resource's opening hours). Answers the blocks priced, and their total.
 */
export function checkPrebook(
  cat: Catalogue,
  input: PrebookInput,
  settings: CentreSettings,
  now: number,
  priceList: BookingPriceList | undefined,
  /**
   * The desk books what the site does not offer online (a type closed online), inside the
   * anticipation window and beyond the days ahead, and a walk-in whose time has begun but not ended.
   */
  opts: { desk?: boolean } = {},
) {
  const type = opts.desk
    ? deskType(cat, input.booking.bookingTypeId)
    : bookableType(cat, input.booking.bookingTypeId)
  const [main, ...followUps] = input.blocks
  if (!main) throw blocksMismatch()
  const sameTime = input.blocks.every((b) => b.startDate === main.startDate && b.duration === main.duration)
  const resourceIds = input.blocks.map((b) => b.resourceId)
  if (!sameTime || new Set(resourceIds).size !== resourceIds.length) throw blocksMismatch()
  if (input.blocks.some((b) => b.customerId !== 0 && b.customerId !== input.booking.customerId)) {
    throw forbidden()
  }
  const mainResource = cat.resourceById.get(main.resourceId)
  if (!mainResource?.isActive || !type.resourceTypeIds.includes(mainResource.resourceTypeId)) {
    throw resourceNotOfType()
  }
  const followUpResources = followUps.map((b) => {
    const resource = cat.resourceById.get(b.resourceId)
    const related = resource && type.related.find((r) => r.resourceTypeId === resource.resourceTypeId)
    if (!resource?.isActive || !related) throw resourceNotOfType()
    return { resource, priceCents: related.priceCents }
  })
  const followUpTypes = followUpResources.map((f) => f.resource.resourceTypeId)
  if (new Set(followUpTypes).size !== followUpTypes.length) throw blocksMismatch()
  // A required follow-up must be chosen; an optional one may be declined (decision 079).
  if (type.related.some((r) => !r.optional && !followUpTypes.includes(r.resourceTypeId))) {
    throw followUpRequired()
  }
  const duration = main.duration
  const base = type.durations.find((d) => d.minutes === duration)
  if (!base) throw durationNotOffered(duration)

  const { date, minute } = parseWallClock(main.startDate)
  const start = instantAt(date, minute, settings.zone)
  if (start === undefined) throw outsideTimetable()
  if (opts.desk) {
    if (start + duration * MINUTE <= now) throw slotInPast()
  } else {
    if (start < now) throw slotInPast()
    if (start < now + type.anticipationMinutes * MINUTE) throw tooSoon(type.anticipationMinutes)
    if (beyondHorizon(date, now, type.daysAhead, settings.zone)) throw tooFarAhead(type.daysAhead)
  }
  const grid = slotGrid({
    date,
    zone: settings.zone,
    ranges: mainResource.openingHours,
    slotMinutes: mainResource.slotMinutes,
    durations: type.durations.map((d) => d.minutes),
  })
  const onGrid = checkOnGrid(grid, mainResource.openingHours, date, minute, duration)
  if (!onGrid.ok) {
    if (onGrid.reason === 'off_grid') throw offGrid(mainResource.slotMinutes)
    throw onGrid.reason === 'too_long' ? pastClosing() : outsideTimetable()
  }
  for (const f of followUpResources) {
    if (!isOpenThroughout(f.resource.openingHours, settings.zone, start, duration)) throw outsideTimetable()
  }
  const mainPrice = bookingPriceCents({
    basePriceCents: base.priceCents,
    rules: type.rules,
    duration,
    weekday: weekdayOf(date),
    minute,
    priceList,
  })
  const title = (locale: Locale) => `${type.name[locale]} ${duration} min`
  const blocks: WantedBlock[] = [
    {
      resource: mainResource,
      priceCents: mainPrice,
      name: localised((l) => `${title(l)} — ${mainResource.name[l]}`),
    },
    ...followUpResources.map((f) => ({
      resource: f.resource,
      priceCents: f.priceCents,
      name: f.resource.name,
    })),
  ]
  const when = `${formatCentreDate(date, settings.dateFormat)} ${hourMinute(minute)}`
  const description = localised(
    (l) => `${title(l)} — ${blocks.map((b) => b.resource.name[l]).join(' + ')} (${when})`,
  )
  const totalCents = blocks.reduce((sum, b) => sum + b.priceCents, 0)
  return { type, start, end: start + duration * MINUTE, duration, blocks, totalCents, description }
}

/** A prebook's blocks checked and priced (by `checkPrebook`), as a prebook and an import write them. */
export type CheckedBooking = ReturnType<typeof checkPrebook>

/** The resources and time a checked booking takes, for the day's versions it changes. */
export const timesOf = (wanted: CheckedBooking) =>
  wanted.blocks.map((b) => ({ resourceId: b.resource.id, start: wanted.start, end: wanted.end }))
