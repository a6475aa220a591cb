import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import {
  BookingErrorCode,
  SaleItemKind,
  type CancelAnswer,
  type AvailableResource,
  type BookingFilters,
  type BookingsListBody,
  type BookingType,
  type CartSaleModel,
  type CustomerBooking,
  type DateAvailabilityBody,
  type LoadPriceBody,
  type Locale,
  type PrebookBody,
  type PrebookModel,
} from '@clubhouse/contract'
import type { Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import type { CachedAnswer } from '../../http/cached-answer.ts'
import { forbidden, type AuthCustomer } from '../../http/auth.ts'
import { AppError } from '../../lib/app-error.ts'
import { imageUrl } from '../../lib/images.ts'
import type { Localised } from '../../lib/localised.ts'
import { repeatEvery } from '../../lib/repeat.ts'
import type { Mailer } from '../comms/mailer.ts'
import type { ContentService } from '../content/content.service.ts'
import { customers } from '../customers/customers.tables.ts'
import type { MailAttachment } from '../comms/comms.tables.ts'
import type { CustomerLimits } from '../holds/customer-limits.ts'
import { heldRows, type Holds } from '../holds/holds.ts'
import type { SaleHooks, SaleDetail } from '../sales/sale-hooks.ts'
import type { SalesService, ServiceLine } from '../sales/sales.service.ts'
import { paymentMethodName, voucherUnits } from '../account/account.service.ts'
import { createRefunds, type ProviderRefunds, type Refund } from '../payments/refunds.ts'
import type { VouchersService } from '../vouchers/vouchers.service.ts'
import { createAvailability, takenAt } from './availability.ts'
import {
  createBookingCatalogue,
  type Catalogue,
  type CatalogueResource,
  type CatalogueType,
} from './booking-catalogue.ts'
import {
  bookingMail,
  formatCentreDate,
  formatMoney,
  formatVoucherAmount,
  type BookingMailKind,
} from './booking-mails.ts'
import { bookingBlocks, bookings, BookingStatus } from './bookings.tables.ts'
import {
  addDays,
  formatWallClock,
  hourMinute,
  instantAt,
  isTimeZone,
  parseWallClock,
  wallClockAt,
  weekdayOf,
} from './centre-clock.ts'
import type { CalendarEvent } from './ics.ts'
import {
  bookingPriceCents,
  checkOnGrid,
  isOpenThroughout,
  overlapsAny,
  slotGrid,
  type BookingPriceList,
} from './slot-grid.ts'

const MINUTE = 60_000

type ListInput = z.output<typeof BookingsListBody>
type DateAvailabilityInput = z.output<typeof DateAvailabilityBody>
type LoadPriceInput = z.output<typeof LoadPriceBody>
type PrebookInput = z.output<typeof PrebookBody>

// ---------------------------------------------------------------------------------------------
// Refusals

const typeNotFound = () => new AppError('not_found', 'This booking type was not found.')
export const bookingNotFound = () => new AppError('not_found', 'This booking was not found.')
export const typeClosed = () =>
  new AppError(BookingErrorCode.bookingTypeClosed, 'This booking type is not offered online at the moment.', {
    status: 422,
  })
const bookedByPlace = () =>
  new AppError(BookingErrorCode.bookedByPlace, 'This booking type is booked by place in a session.', {
    status: 422,
  })
const resourceNotOfType = () =>
  new AppError(BookingErrorCode.resourceNotOfType, 'This resource cannot be booked with this booking type.', {
    status: 422,
  })
const durationNotOffered = (minutes: number) =>
  new AppError(BookingErrorCode.durationNotOffered, `This booking type does not offer ${minutes} minutes.`, {
    status: 422,
  })
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
const notBookableOnline = () =>
  new AppError(
    BookingErrorCode.notBookableOnline,
    'This time is reserved by the centre and cannot be booked online.',
    { status: 422 },
  )
export const slotTaken = () =>
  new AppError(
    BookingErrorCode.slotTaken,
    'This time was just booked by someone else. Please choose another.',
    {
      status: 409,
    },
  )
const cannotCancel = () =>
  new AppError(
    BookingErrorCode.cannotCancel,
    'It is too late to cancel this booking online. Please contact the centre.',
    { status: 422 },
  )
const holdRanOut = () =>
  new AppError(BookingErrorCode.slotTaken, 'The hold on this time ran out and the time was released.', {
    status: 409,
  })

/** The database's refusal of a block that meets a live one (migration 0005). */
const OVERLAP = { booking_blocks_no_overlap: slotTaken }

export const localised = (make: (locale: Locale) => string): Localised => ({
  'es-ES': make('es-ES'),
  'en-US': make('en-US'),
})

/** A held booking's sale as the cart shows it: what is left to pay, its cancel path, until when it is held. */
export function cartSale(
  sale: { id: number; saleNumber: string; totalCents: number; paidCents: number },
  booking: { id: number; customerId: number; holdExpiresAt: number | null },
  title: string,
): CartSaleModel {
  return {
    id: sale.id,
    title,
    saleNumber: sale.saleNumber,
    pending: (sale.totalCents - sale.paidCents) / 100,
    paid: sale.paidCents / 100,
    cancelUrl: `publicbookings/cancel/${booking.id}/${booking.customerId}`,
    holdExpiresAt: booking.holdExpiresAt === null ? null : new Date(booking.holdExpiresAt).toISOString(),
  }
}

/**
 * What booking by place adds to the bookings of this service (place-bookings.service.ts): a booking
 * of a session frees a place when cancelled or when its hold runs out, and the waiting list is
 * offered it in the same unit of work (decision 063).
 */
export interface SessionHooks {
  /** Locks the session of a booking (if it has one) before the booking's own row is locked. */
  lockSessionOf(bookingId: number): Promise<void>
  /** A booking of a session was cancelled in the caller's unit: its place goes to the waiting list. */
  cancelled(booking: { id: number; sessionId: number; placeId: number | null }): Promise<void>
}

/** What the settings say that bookings need; a centre without settings reads in UTC. */
export interface CentreSettings {
  zone: string
  name: Localised
  address: string
  email: string
  dateFormat: string
  decimalSeparator: string
  currencySymbol: string
}

/** A block a prebook asks for, resolved against the catalogue. */
interface WantedBlock {
  resource: CatalogueResource
  priceCents: number
  /** The sale line's name. */
  name: Localised
}

export interface BookingsDeps {
  units: Units
  content: ContentService
  sales: SalesService
  vouchers: VouchersService
  mail: Mailer
  log: FastifyBaseLogger
  /** The clock of holds, anticipation and reminders (tests move it). */
  clock: () => number
  holdMinutes: number
  reminderHours: number
  publicUrl: string
  /** Where paying a booking's sale confirms it (the checkout pays). */
  saleHooks?: SaleHooks
  /** Where the holds of courts are registered, and the sweep releases every kind's (decision 072). */
  holds: Holds
  /** What one customer may hold and book free (decision 074). */
  limits: CustomerLimits
  /** Refunds of money a provider took, through that provider (decision 067). */
  providerRefunds?: ProviderRefunds
}

/**
 * Bookings by resource and time (spec 2 §2-§9): the booking types and their filters, the day's
 * resources with their times and prices, follow-up choices, the hold a prebook makes with the sale
 * the cart shows, confirmation (at once when free, at checkout when paid), the customer's bookings
 * and their cancellation with the refund, and the sweep that releases holds and sends reminders.
 */
export function createBookingsService(db: Db, deps: BookingsDeps) {
  const { units, sales, mail, clock } = deps
  const refunds = createRefunds({ vouchers: deps.vouchers, providers: deps.providerRefunds })
  const catalogue = createBookingCatalogue(db, units)
  const availability = createAvailability({ db, sales, clock })
  let sessionHooks: SessionHooks | undefined

  async function centre(): Promise<CentreSettings> {
    try {
      const [es, en] = await Promise.all([
        deps.content.mainSettings('es-ES'),
        deps.content.mainSettings('en-US'),
      ])
      return {
        zone: isTimeZone(es.timeZone) ? es.timeZone : 'UTC',
        name: { 'es-ES': es.name, 'en-US': en.name },
        address: es.address,
        email: es.email,
        dateFormat: es.dateFormat,
        decimalSeparator: es.decimalSeparator,
        currencySymbol: es.currencySymbol,
      }
    } catch {
      const name = { 'es-ES': 'Clubhouse', 'en-US': 'Clubhouse' }
      return {
        zone: 'UTC',
        name,
        address: '',
        email: '',
        dateFormat: 'dd/MM/yyyy',
        decimalSeparator: ',',
        currencySymbol: '€',
      }
    }
  }

  /** A customer type's discount, for customers with a price list. */
  async function priceListOf(customerTypeId: number | undefined): Promise<BookingPriceList | undefined> {
    if (customerTypeId === undefined) return undefined
    const res = (await db.execute(
      sql`select discount_percent from customer_types where id = ${customerTypeId}`,
    )) as unknown as { rows: Array<{ discount_percent: number }> }
    const row = res.rows[0]
    return row ? { id: customerTypeId, discountPercent: Number(row.discount_percent) } : undefined
  }

  /** A type a customer may book by resource and time, or the refusal that says why not. */
  function bookableType(cat: Catalogue, bookingTypeId: number): CatalogueType {
    const type = cat.typeById.get(bookingTypeId)
    if (!type) throw typeNotFound()
    if (!type.isOnline) throw typeClosed()
    if (type.byPlace && !type.allowCreateBookByPlace) throw bookedByPlace()
    return type
  }

  // -------------------------------------------------------------------------------------------
  // Booking types and filters

  function typeAnswer(type: CatalogueType, locale: Locale): BookingType {
    return {
      id: type.id,
      name: type.name[locale],
      byPlace: type.byPlace,
      allowCreateBookByPlace: type.allowCreateBookByPlace,
      category: type.category[locale],
      image: imageUrl(type.image),
      description: type.description[locale],
      extendedDescription: type.extendedDescription[locale],
      grossPrice: type.grossPriceCents / 100,
      showInMainPage: type.showInMainPage,
    }
  }

  /** The booking types offered online, in the centre's order. */
  async function bookingTypesList(locale: Locale): Promise<BookingType[]> {
    const cat = await catalogue.catalogue()
    return cat.types.filter((t) => t.isOnline).map((t) => typeAnswer(t, locale))
  }

  /**
   * The filters of the booking page: every type offered online, and the resource types of the given
   * type (or of every type) with its anticipation and cancellation rules.
   */
  async function filters(bookingTypeId: number | undefined, locale: Locale): Promise<BookingFilters> {
    const cat = await catalogue.catalogue()
    const online = cat.types.filter((t) => t.isOnline)
    const type = bookingTypeId === undefined ? undefined : cat.typeById.get(bookingTypeId)
    if (bookingTypeId !== undefined && (!type || !type.isOnline)) throw typeNotFound()
    const typeIds = [...new Set((type ? [type] : online).flatMap((t) => t.resourceTypeIds))]
    const resourceTypes = typeIds
      .map((id) => cat.resourceTypes.get(id))
      .filter((rt) => rt !== undefined)
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((rt) => ({ id: rt.id, name: rt.name[locale] }))
    return {
      bookingTypes: online.map((t) => typeAnswer(t, locale)),
      resourceTypes,
      anticipationText: type?.anticipationText[locale] ?? '',
      anticipationMins: type?.anticipationMinutes ?? 0,
      cancellationText: type?.cancellationText[locale] ?? '',
      cancellationMins: type?.cancellationMinutes ?? 0,
      daysAhead: type?.daysAhead ?? Math.max(...online.map((t) => t.daysAhead), 0),
    }
  }

  // -------------------------------------------------------------------------------------------
  // The day

  /**
   * The booking page's day: the resources of the type (or of one of its resource types) with their
   * times, the durations free now and their prices for this customer. Served from this instance's
   * copy while the day's versions in the database say nothing changed (decision 047).
   */
  async function list(
    input: ListInput,
    customer: AuthCustomer | undefined,
    locale: Locale,
  ): Promise<CachedAnswer> {
    const settings = await centre()
    /** The type and the resource types of the day, or the refusal that says why there are none. */
    const typesOf = (c: Catalogue) => {
      const type = bookableType(c, input.bookingTypeId)
      const wanted = input.resourceTypeId ?? undefined
      if (wanted !== undefined && !type.resourceTypeIds.includes(wanted)) throw resourceNotOfType()
      return { type, resourceTypeIds: wanted === undefined ? type.resourceTypeIds : [wanted] }
    }
    const typeIdsOf = (c: Catalogue | undefined) => {
      try {
        return c ? typesOf(c).resourceTypeIds : []
      } catch {
        return []
      }
    }
    // One query says whether this instance's catalogue is current and what the day's versions are.
    let cat = catalogue.lastKnown()
    let versions = await availability.dayVersions(typeIdsOf(cat), input.date)
    if (!cat || cat.version !== versions.catalogue) {
      cat = await catalogue.catalogueAt(versions.catalogue)
      versions = await availability.dayVersions(typeIdsOf(cat), input.date)
    }
    const { type, resourceTypeIds } = typesOf(cat)
    const priceList = await priceListOf(customer?.customerTypeId)
    const day = { type, resourceTypeIds, date: input.date, priceList, locale, zone: settings.zone }
    const current = cat
    return availability.dayAnswer(day, current, versions.key, (resourceIds) =>
      units.run(() =>
        availability.releaseExpiredHolds({ now: clock(), zone: settings.zone, cat: current, resourceIds }),
      ),
    )
  }

  /**
   * The free resources of a follow-up type for the chosen start and duration, with what each adds:
   * open throughout, and meeting no live block.
   */
  async function dateAvailability(
    input: DateAvailabilityInput,
    locale: Locale,
  ): Promise<AvailableResource[]> {
    const settings = await centre()
    const cat = await catalogue.catalogue()
    const type = input.bookingTypeId === undefined ? undefined : bookableType(cat, input.bookingTypeId)
    const related = type?.related.find((r) => r.resourceTypeId === input.bookingTypeResourceId)
    if (type && !related && !type.resourceTypeIds.includes(input.bookingTypeResourceId))
      throw resourceNotOfType()
    if (!cat.resourceTypes.has(input.bookingTypeResourceId)) throw resourceNotOfType()
    const duration = input.duration ?? type?.durations[0]?.minutes ?? 60
    if (type && !type.durations.some((d) => d.minutes === duration)) throw durationNotOffered(duration)
    const { date, minute } = parseWallClock(input.date)
    const start = instantAt(date, minute, settings.zone)
    const now = clock()
    if (start === undefined || start < now) return []
    const candidates = (cat.resourcesOfType.get(input.bookingTypeResourceId) ?? []).filter((r) =>
      isOpenThroughout(r.openingHours, settings.zone, start, duration),
    )
    const blocks = await availability.liveBlocks(
      candidates.map((r) => r.id),
      start,
      start + duration * MINUTE,
    )
    const taken = takenAt(blocks, now)
    return candidates
      .filter((r) => !overlapsAny(taken.get(r.id) ?? [], start, duration))
      .map((r) => ({
        id: r.id,
        name: r.name[locale],
        image: imageUrl(r.image),
        description: r.description[locale],
        price: (related?.priceCents ?? 0) / 100,
      }))
  }

  /** The price (euros) of one booking of a resource, a start and a duration for this customer. */
  async function loadPrice(input: LoadPriceInput, customer: AuthCustomer | undefined): Promise<number> {
    const cat = await catalogue.catalogue()
    const type = bookableType(cat, input.bookingTypeId)
    const resource = cat.resourceById.get(input.resourceId)
    if (!resource || !type.resourceTypeIds.includes(resource.resourceTypeId)) throw resourceNotOfType()
    const base = type.durations.find((d) => d.minutes === input.duration)
    if (!base) throw durationNotOffered(input.duration)
    const { date, minute } = parseWallClock(input.startDate)
    const cents = bookingPriceCents({
      basePriceCents: base.priceCents,
      rules: type.rules,
      duration: input.duration,
      weekday: weekdayOf(date),
      minute,
      priceList: await priceListOf(customer?.customerTypeId),
    })
    return cents / 100
  }

  // -------------------------------------------------------------------------------------------
  // Prebook: the hold and its sale, or a free booking confirmed at once

  /**
   * Checks what a prebook asks for against the catalogue and the clock, before anything is written:
   * the type, the blocks (one main resource of the type, one follow-up per required related type and
   * at most one per optional one, all at one time), the duration, the start (not past, not inside the anticipation window, on the main
   * resource's grid, within every resource's opening hours). Answers the blocks priced.
   */
  function checkPrebook(
    cat: Catalogue,
    input: PrebookInput,
    settings: CentreSettings,
    now: number,
    priceList: BookingPriceList | undefined,
  ) {
    const type = bookableType(cat, input.booking.bookingTypeId)
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
    if (start < now) throw slotInPast()
    if (start < now + type.anticipationMinutes * MINUTE) throw tooSoon(type.anticipationMinutes)
    if (beyondHorizon(date, now, type.daysAhead, settings.zone)) throw tooFarAhead(type.daysAhead)
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
    return { type, start, end: start + duration * MINUTE, duration, blocks, description }
  }

  /**
   * Holds the chosen time for the customer, in one unit of work: holds that ran out on these
   * resources are released first, the blocks are written (the exclusion constraint refuses a time
   * someone else took a moment ago: 409 `slot_taken`), and the sale the cart shows is opened. A free
   * booking is confirmed at once and its confirmation mail queued. Nothing is kept of a refusal.
   */
  async function prebook(input: PrebookInput, customer: AuthCustomer, locale: Locale): Promise<PrebookModel> {
    const settings = await centre()
    const priceList = await priceListOf(customer.customerTypeId)
    return units.run(
      async () => {
        const now = clock()
        // One statement: the catalogue's version, the customer's lock, the holds on these resources
        // that ran out released, and their blocks at the time asked for (decision 100).
        const opened = await availability.startPrebook({
          resourceIds: [...new Set(input.blocks.map((b) => b.resourceId))],
          during: askedTime(input, settings.zone),
          now,
          lock: deps.limits.lockOf(customer.id),
        })
        const cat = await catalogue.catalogueAt(opened.catalogueVersion)
        const wanted = checkPrebook(cat, input, settings, now, priceList)
        await opened.finishRelease(cat, settings.zone)
        if (opened.blocks.some((b) => b.isNoOnline && b.start < wanted.end && wanted.start < b.end)) {
          throw notBookableOnline()
        }

        const totalCents = wanted.blocks.reduce((sum, b) => sum + b.priceCents, 0)
        const free = totalCents === 0
        const limit = await deps.limits.within(customer.id, { free, startsAt: wanted.start, now })
        const holdExpiresAt = free ? null : now + deps.holdMinutes * MINUTE
        // The sale first, so the booking is written with it (no update after).
        const sale = free
          ? undefined
          : await sales.openSale(
              {
                customerId: customer.id,
                title: wanted.description,
                lines: wanted.blocks.map((b): ServiceLine => ({
                  kind: SaleItemKind.Service,
                  name: b.name,
                  image: b.resource.image,
                  unitPriceCents: b.priceCents,
                  units: 1,
                  taxPercent: wanted.type.taxPercent,
                })),
                createdAt: new Date(now),
                holdExpiresAt: holdExpiresAt === null ? null : new Date(holdExpiresAt),
              },
              { savepoint: false },
            )
        const bookingId = await insertBooking(
          {
            customerId: customer.id,
            bookingTypeId: wanted.type.id,
            status: free ? BookingStatus.Confirmed : BookingStatus.Held,
            startsAt: new Date(wanted.start),
            endsAt: new Date(wanted.end),
            durationMinutes: wanted.duration,
            priceCents: totalCents,
            description: wanted.description,
            saleId: sale?.id ?? null,
            holdExpiresAt: holdExpiresAt === null ? null : new Date(holdExpiresAt),
            confirmedAt: free ? new Date(now) : null,
            origin: input.booking.origin ?? 0,
            createdAt: new Date(now),
          },
          wanted.blocks,
          { start: wanted.start, end: wanted.end, admits: limit.admits },
        )
        if (bookingId === undefined) throw limit.refusal()
        let answer: PrebookModel
        if (!sale) {
          await queueBookingMail('confirmation', bookingId)
          answer = { serviceFree: true, bookingId, description: wanted.description[locale], sale: null }
        } else {
          answer = {
            serviceFree: false,
            bookingId,
            description: wanted.description[locale],
            sale: cartSale(
              sale,
              { id: bookingId, customerId: customer.id, holdExpiresAt },
              wanted.description[locale],
            ),
          }
        }
        // Last, so the day's version row stays locked only for the commit.
        await availability.bumpDays(
          wanted.blocks.map((b) => ({ resourceId: b.resource.id, start: wanted.start, end: wanted.end })),
          cat,
          settings.zone,
        )
        return answer
      },
      { conflicts: OVERLAP },
    )
  }

  /**
   * A prebook's booking and its blocks in one statement, the blocks in the order `insertBlocks`
   * writes them and only while `admits` holds (the customer's limits, read after their lock): the
   * booking's id, or undefined when `admits` refused (the caller's unit is then undone).
   */
  async function insertBooking(
    row: typeof bookings.$inferInsert,
    blocks: ReadonlyArray<{ resource: { id: number }; priceCents: number }>,
    opts: { start: number; end: number; admits: SQL },
  ): Promise<number | undefined> {
    const range = `[${new Date(opts.start).toISOString()},${new Date(opts.end).toISOString()})`
    const [main, ...followUps] = blocks
    const values = [main!, ...followUps.sort((a, b) => a.resource.id - b.resource.id)].map(
      (b, i) => sql`(${i}::int, ${b.resource.id}::int, ${range}::tstzrange, ${b.priceCents}::int)`,
    )
    const booking = db.insert(bookings).values(row).returning({ id: bookings.id })
    const res = (await db.execute(sql`with booking as (${booking.getSQL()}), blocks as (
        insert into booking_blocks (booking_id, resource_id, during, price_cents)
        select booking.id, v.resource_id, v.during, v.price_cents
        from booking, (values ${sql.join(values, sql`, `)}) as v(n, resource_id, during, price_cents)
        where ${opts.admits}
        order by v.n
        returning booking_id
      )
      select id from booking where exists (select 1 from blocks)`)) as unknown as {
      rows: Array<{ id: number }>
    }
    const id = res.rows[0]?.id
    return id === undefined ? undefined : Number(id)
  }

  /** The time a prebook asks for, read as the centre's clock: what its first statement reads blocks of. */
  function askedTime(input: PrebookInput, zone: string) {
    const main = input.blocks[0]
    if (!main) return undefined
    const { date, minute } = parseWallClock(main.startDate)
    const from = instantAt(date, minute, zone)
    return from === undefined || !Number.isFinite(from)
      ? undefined
      : { from, to: from + main.duration * MINUTE }
  }

  /**
   * Writes a booking's blocks: the main resource's first (it is the booking's resource), then the
   * follow-ups in resource order. Main resources and follow-ups are of different types, so two units
   * taking blocks at once never wait for each other crosswise.
   */
  async function insertBlocks(
    bookingId: number,
    blocks: ReadonlyArray<{ resource: { id: number }; priceCents: number }>,
    start: number,
    end: number,
    releasedAt: Date | null = null,
  ) {
    const range = `[${new Date(start).toISOString()},${new Date(end).toISOString()})`
    const [main, ...followUps] = blocks
    const rows = [main!, ...followUps.sort((a, b) => a.resource.id - b.resource.id)].map((b) => ({
      bookingId,
      resourceId: b.resource.id,
      during: range,
      priceCents: b.priceCents,
      releasedAt,
    }))
    await db.insert(bookingBlocks).values(rows)
  }

  /**
   * Confirms a held booking once its sale is paid (the checkout calls it in its unit of work) and
   * queues the confirmation mail (unless `mail: false`: the checkout's order mail carries its
   * calendar file). A confirmed booking stays as it is; a hold already released (expired or
   * cancelled) cannot be confirmed.
   */
  function confirmBooking(bookingId: number, opts: { mail?: boolean } = {}): Promise<void> {
    return units.run(async () => {
      const now = new Date(clock())
      const [done] = await db
        .update(bookings)
        .set({ status: BookingStatus.Confirmed, holdExpiresAt: null, confirmedAt: now })
        .where(and(eq(bookings.id, bookingId), eq(bookings.status, BookingStatus.Held)))
        .returning({ id: bookings.id })
      if (done) {
        if (opts.mail !== false) await queueBookingMail('confirmation', bookingId)
        return
      }
      const [current] = await db
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.id, bookingId))
      if (!current) throw bookingNotFound()
      if (current.status !== BookingStatus.Confirmed) throw holdRanOut()
    })
  }

  // -------------------------------------------------------------------------------------------
  // The customer's bookings and their cancellation

  /** Whether a confirmed booking starting at `startsAt` can still be cancelled online at `now`. */
  const cancellable = (startsAt: number, cancellationMinutes: number, now: number) =>
    startsAt - cancellationMinutes * MINUTE > now

  /**
   * The customer's next bookings (not over yet), soonest first, and past ones, latest first. A hold
   * that ran out is no booking; a hold is cancelled from the cart, not here.
   */
  async function customerBookings(
    customerId: number,
    locale: Locale,
  ): Promise<{ next: CustomerBooking[]; past: CustomerBooking[] }> {
    const settings = await centre()
    const cat = await catalogue.catalogue()
    const now = clock()
    const rows = await db
      .select({
        id: bookings.id,
        bookingTypeId: bookings.bookingTypeId,
        status: bookings.status,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        durationMinutes: bookings.durationMinutes,
        description: bookings.description,
        holdExpiresAt: bookings.holdExpiresAt,
        // The main resource's block is written first (insertBlocks).
        mainResourceId: sql<number | null>`(select b.resource_id from booking_blocks b
          where b.booking_id = "bookings"."id" order by b.id limit 1)`,
      })
      .from(bookings)
      .where(and(eq(bookings.customerId, customerId), sql`${bookings.status} <> 'expired'`))
      .orderBy(asc(bookings.startsAt), asc(bookings.id))
    const next: CustomerBooking[] = []
    const past: CustomerBooking[] = []
    for (const row of rows) {
      if (row.status === BookingStatus.Held && (row.holdExpiresAt?.getTime() ?? 0) <= now) continue
      const type = cat.typeById.get(row.bookingTypeId)
      const start = row.startsAt.getTime()
      const item: CustomerBooking = {
        id: row.id,
        bookingType: type?.name[locale] ?? '',
        resourceName:
          row.mainResourceId === null
            ? ''
            : (cat.resourceById.get(Number(row.mainResourceId))?.name[locale] ?? ''),
        start: formatWallClock(start, settings.zone),
        duration: row.durationMinutes,
        description: row.description[locale],
        canCancel:
          row.status === BookingStatus.Confirmed && cancellable(start, type?.cancellationMinutes ?? 0, now),
        status: row.status as CustomerBooking['status'],
      }
      if (row.endsAt.getTime() > now) next.push(item)
      else past.push(item)
    }
    return { next, past: past.reverse() }
  }

  /**
   * Cancels one of the customer's bookings in one unit of work. A hold is released (its sale
   * cancelled) whenever asked: the cart's remove does it. A confirmed booking is cancelled while its
   * start is further away than the type's cancellation window: its time is freed, what was paid goes
   * back in its kind (decisions 048, 069: a session to its sessions voucher, minutes to its hours
   * voucher, money to its money voucher), and a cancellation mail removes it from the calendar. Another customer's booking is "not found". Cancelling again changes nothing.
   */
  function cancel(
    bookingId: number,
    customerId: number,
    locale: Locale,
  ): Promise<z.output<typeof CancelAnswer>['infoReturns']> {
    return units.run(async () => {
      const settings = await centre()
      const cat = await catalogue.catalogue()
      const now = clock()
      // A session's row before its booking's, in the order a prebook of a place takes them.
      await sessionHooks?.lockSessionOf(bookingId)
      const [booking] = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), eq(bookings.customerId, customerId)))
        .for('update')
      if (!booking) throw bookingNotFound()
      if (booking.status === BookingStatus.Cancelled || booking.status === BookingStatus.Expired) return []
      const type = cat.typeById.get(booking.bookingTypeId)
      const confirmed = booking.status === BookingStatus.Confirmed
      if (confirmed && !cancellable(booking.startsAt.getTime(), type?.cancellationMinutes ?? 0, now)) {
        throw cannotCancel()
      }
      const at = new Date(now)
      await db
        .update(bookings)
        .set({ status: BookingStatus.Cancelled, cancelledAt: at, holdExpiresAt: null })
        .where(eq(bookings.id, bookingId))
      const freed = await db
        .update(bookingBlocks)
        .set({ releasedAt: at })
        .where(and(eq(bookingBlocks.bookingId, bookingId), sql`${bookingBlocks.releasedAt} is null`))
        .returning({ resourceId: bookingBlocks.resourceId })
      await availability.bumpDays(
        freed.map((f) => ({
          resourceId: f.resourceId,
          start: booking.startsAt.getTime(),
          end: booking.endsAt.getTime(),
        })),
        cat,
        settings.zone,
      )

      let returned: Refund[] = []
      if (booking.saleId !== null) {
        const sale = await sales.findSale(booking.saleId, customerId)
        if (sale && sale.paidCents > 0) {
          returned = await refunds.refundPayments(await refunds.paymentsOf(sale), {
            customerId,
            saleId: sale.id,
            concept: localised(
              (l) => `${l === 'es-ES' ? 'Devolución' : 'Refund'}: ${booking.description[l]}`,
            ),
            at,
          })
        }
        if (sale?.status === 'pending') await sales.cancelSale(sale.id)
      }
      if (confirmed) await queueBookingMail('cancellation', bookingId, { returned })
      if (booking.sessionId !== null) {
        await sessionHooks?.cancelled({
          id: bookingId,
          sessionId: booking.sessionId,
          placeId: booking.placeId,
        })
      }
      return returned.length > 0
        ? [
            {
              bookingId,
              description: booking.description[locale],
              amounts: returned.map((r) => ({
                paymentMethod: paymentMethodName(r.paymentMethodId, locale),
                paymentMethodId: r.paymentMethodId,
                amount: voucherUnits(r.kind, r.amount),
              })),
            },
          ]
        : []
    })
  }

  // -------------------------------------------------------------------------------------------
  // Mails

  /** Queues a booking's mail in the caller's unit of work, in the customer's language. */
  async function bookingMailOf(kind: BookingMailKind, bookingId: number, opts: { returned?: Refund[] } = {}) {
    const settings = await centre()
    const [row] = await db
      .select({
        customerId: bookings.customerId,
        email: customers.email,
        name: customers.name,
        language: customers.language,
        bookingTypeId: bookings.bookingTypeId,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        priceCents: bookings.priceCents,
        description: bookings.description,
        holdExpiresAt: bookings.holdExpiresAt,
      })
      .from(bookings)
      .innerJoin(customers, eq(customers.id, bookings.customerId))
      .where(eq(bookings.id, bookingId))
    if (!row) return undefined
    const cat = await catalogue.catalogue()
    const locale = row.language
    const start = row.startsAt.getTime()
    const type = cat.typeById.get(row.bookingTypeId)
    const money = kind === 'cancellation' ? 0 : row.priceCents
    const event: CalendarEvent | undefined =
      kind === 'reminder' || kind === 'offer'
        ? undefined
        : {
            uid: `booking-${bookingId}@${new URL(deps.publicUrl).hostname}`,
            method: kind === 'cancellation' ? 'CANCEL' : 'PUBLISH',
            sequence: kind === 'cancellation' ? 1 : 0,
            start,
            end: row.endsAt.getTime(),
            stamp: clock(),
            summary: row.description[locale],
            description: `${settings.name[locale]} — ${row.description[locale]}`,
            location: settings.address || settings.name[locale],
            organizer: {
              name: settings.name[locale],
              email: settings.email || `no-reply@${new URL(deps.publicUrl).hostname}`,
            },
          }
    return {
      customerId: row.customerId,
      to: row.email,
      ...bookingMail(
        kind,
        {
          locale,
          centreName: settings.name[locale],
          customerName: row.name,
          description: row.description[locale],
          price: money > 0 ? formatMoney(money, settings) : '',
          returned: (opts.returned ?? []).map((r) => ({
            amount: formatVoucherAmount(r.kind, r.amount, settings, locale),
            voucher: paymentMethodName(r.paymentMethodId, locale).toLocaleLowerCase(locale),
          })),
          address: settings.address,
          cancellationText: type?.cancellationText[locale] ?? '',
          link: `${deps.publicUrl}/customer-bookings`,
          hoursBefore: deps.reminderHours,
          heldUntil:
            row.holdExpiresAt === null
              ? ''
              : hourMinute(wallClockAt(row.holdExpiresAt.getTime(), settings.zone).minute),
        },
        event,
      ),
    }
  }

  async function queueBookingMail(
    kind: BookingMailKind,
    bookingId: number,
    opts: { returned?: Refund[] } = {},
  ) {
    const content = await bookingMailOf(kind, bookingId, opts)
    if (content) await mail.queue(content)
  }

  /**
   * What paying its sales does to bookings (the sale hooks of services.ts): their holds are
   * confirmed, and their calendar files travel with the order mail instead of a mail of their own.
   */
  async function confirmPaidSales(saleIds: number[]): Promise<MailAttachment[]> {
    const held = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(inArray(bookings.saleId, saleIds), eq(bookings.status, BookingStatus.Held)))
      .orderBy(asc(bookings.id))
    const files: MailAttachment[] = []
    for (const b of held) {
      await confirmBooking(b.id, { mail: false })
      const content = await bookingMailOf('confirmation', b.id)
      files.push(...(content?.attachments ?? []))
    }
    return files
  }

  /**
   * The cart's view of booking sales: their cancel path, and what a sessions or hours voucher would
   * pay of them: the booking's type and minutes, and what its follow-ups (a racket hire) add.
   */
  async function saleDetails(saleIds: number[]): Promise<Map<number, SaleDetail>> {
    const rows = await db
      .select({
        id: bookings.id,
        customerId: bookings.customerId,
        saleId: bookings.saleId,
        bookingTypeId: bookings.bookingTypeId,
        minutes: bookings.durationMinutes,
        // The main resource's block is written first (insertBlocks); the others are follow-ups.
        extrasCents: sql<number>`coalesce((select sum(b.price_cents) from booking_blocks b
          where b.booking_id = "bookings"."id" and b.id > (select min(m.id) from booking_blocks m
            where m.booking_id = "bookings"."id")), 0)`.mapWith(Number),
      })
      .from(bookings)
      .where(inArray(bookings.saleId, saleIds))
    return new Map(
      rows.map((r) => [
        r.saleId!,
        {
          cancelUrl: `publicbookings/cancel/${r.id}/${r.customerId}`,
          bookingTypeId: r.bookingTypeId,
          minutes: r.minutes,
          extrasCents: r.extrasCents,
        },
      ]),
    )
  }
  deps.saleHooks?.onPaid(confirmPaidSales)
  deps.saleHooks?.onDetails(saleDetails)

  // -------------------------------------------------------------------------------------------
  // Holds of courts (decision 072): the bookings of sales outside sessions, their time their blocks

  const courts = heldRows({ db, units }, bookings, { ofKind: isNull(bookings.sessionId) })
  deps.holds.register({
    takenBy: Object.keys(OVERLAP),
    lock: courts.lock,
    extend: courts.extend,
    async releaseExpired(now) {
      const settings = await centre()
      return units.run(async () =>
        availability.releaseExpiredHolds({ now, zone: settings.zone, cat: await catalogue.catalogue() }),
      )
    },
    async retake(saleIds, at) {
      const settings = await centre()
      const cat = await catalogue.catalogue()
      return availability.retakeHolds({ saleIds, ...at, zone: settings.zone, cat })
    },
  })

  // -------------------------------------------------------------------------------------------
  // The sweep: holds that ran out, reminders

  /**
   * Releases every hold that ran out (courts, places and sign-ups, through the holds module), and
   * claims and queues the reminders now due: confirmed bookings starting within REMINDER_HOURS that
   * were confirmed before that window opened (one confirmed later has just had its confirmation).
   * The claim is one UPDATE over rows locked with SKIP LOCKED whose `reminder_sent_at` is still
   * empty, in the unit that queues the mails: however many instances sweep at once, each reminder
   * goes once.
   */
  async function sweep(): Promise<{ released: number; reminded: number }> {
    const now = clock()
    const released = await deps.holds.releaseExpired(now)
    let reminded = 0
    for (;;) {
      const batch = await units.run(async () => {
        const at = new Date(now).toISOString()
        const window = `${deps.reminderHours} hours`
        const res = (await db.execute(sql`update bookings set reminder_sent_at = ${at}::timestamptz
          where id in (
            select id from bookings
            where status = 'confirmed' and reminder_sent_at is null
              and starts_at > ${at}::timestamptz
              and starts_at <= ${at}::timestamptz + ${window}::interval
              and coalesce(confirmed_at, created_at) <= starts_at - ${window}::interval
            order by starts_at limit 50
            for update skip locked)
            and reminder_sent_at is null
          returning id`)) as unknown as { rows: Array<{ id: number }> }
        for (const row of res.rows) await queueBookingMail('reminder', Number(row.id))
        return res.rows.length
      })
      reminded += batch
      if (batch < 50) break
    }
    return { released, reminded }
  }

  /** Runs the sweep now and then (every `everyMs`; 0: never, for tests that sweep by hand); `stop` ends it. */
  function startSweeping(everyMs: number) {
    return repeatEvery(everyMs, 5_000, () =>
      sweep().catch((err: unknown) => deps.log.warn({ err }, 'booking sweep failed')),
    )
  }

  // -------------------------------------------------------------------------------------------
  // The desk's and the seed's own writes

  /** Takes time on a resource for the centre (a tournament, maintenance): shown as not bookable online. */
  function addNoOnlineBlock(input: { resourceId: number; start: number; minutes: number; note?: string }) {
    return units.run(
      async () => {
        const settings = await centre()
        const cat = await catalogue.catalogue()
        const end = input.start + input.minutes * MINUTE
        const [row] = await db
          .insert(bookingBlocks)
          .values({
            resourceId: input.resourceId,
            during: `[${new Date(input.start).toISOString()},${new Date(end).toISOString()})`,
            isNoOnline: true,
            note: input.note ?? '',
          })
          .returning({ id: bookingBlocks.id })
        await availability.bumpDays(
          [{ resourceId: input.resourceId, start: input.start, end }],
          cat,
          settings.zone,
        )
        return row!.id
      },
      { conflicts: OVERLAP },
    )
  }

  /**
   * Brings in a booking as it stands (the demo's history, a desk booking): priced by the type's
   * rules, its blocks written (released when cancelled), its sale opened and paid or left pending.
   * The clock's rules (past, anticipation) do not apply; the timetable and the exclusion do.
   */
  function importBooking(input: {
    customerId: number
    bookingTypeId: number
    /** The main resource, then one per follow-up type. */
    resourceIds: number[]
    start: number
    durationMinutes: number
    status: typeof BookingStatus.Confirmed | typeof BookingStatus.Cancelled
    /** Paid with this method (a paid sale), or null: nothing to pay or not paid. */
    paidWith: number | null
    createdAt: Date
  }): Promise<number> {
    return units.run(
      async () => {
        const settings = await centre()
        const cat = await catalogue.catalogue()
        const type = cat.typeById.get(input.bookingTypeId)
        if (!type) throw typeNotFound()
        const blocks = input.resourceIds.map((resourceId) => ({
          resourceId,
          startDate: formatWallClock(input.start, settings.zone),
          duration: input.durationMinutes,
          customerId: input.customerId,
        }))
        const wanted = checkPrebook(
          cat,
          {
            booking: { customerId: input.customerId, bookingTypeId: input.bookingTypeId },
            blocks,
          } as PrebookInput,
          settings,
          Number.NEGATIVE_INFINITY,
          undefined,
        )
        const totalCents = wanted.blocks.reduce((sum, b) => sum + b.priceCents, 0)
        const cancelled = input.status === BookingStatus.Cancelled
        const [booking] = await db
          .insert(bookings)
          .values({
            customerId: input.customerId,
            bookingTypeId: type.id,
            status: input.status,
            startsAt: new Date(wanted.start),
            endsAt: new Date(wanted.end),
            durationMinutes: wanted.duration,
            priceCents: totalCents,
            description: wanted.description,
            confirmedAt: input.createdAt,
            cancelledAt: cancelled ? input.createdAt : null,
            // The demo's past and far bookings need no reminder of their own.
            reminderSentAt: wanted.start <= clock() ? new Date(wanted.start) : null,
            createdAt: input.createdAt,
          })
          .returning({ id: bookings.id })
        const bookingId = booking!.id
        await insertBlocks(
          bookingId,
          wanted.blocks,
          wanted.start,
          wanted.end,
          cancelled ? input.createdAt : null,
        )
        if (!cancelled) {
          await availability.bumpDays(
            wanted.blocks.map((b) => ({ resourceId: b.resource.id, start: wanted.start, end: wanted.end })),
            cat,
            settings.zone,
          )
        }
        if (totalCents > 0) {
          const sale = await sales.openSale({
            customerId: input.customerId,
            title: wanted.description,
            lines: wanted.blocks.map((b) => ({
              kind: SaleItemKind.Service,
              name: b.name,
              unitPriceCents: b.priceCents,
              units: 1,
              taxPercent: type.taxPercent,
            })),
            createdAt: input.createdAt,
          })
          if (input.paidWith !== null) {
            await sales.paySale(sale.id, {
              paymentMethodId: input.paidWith,
              online: true,
              at: input.createdAt,
            })
          } else if (cancelled) {
            await sales.cancelSale(sale.id)
          }
          await db.update(bookings).set({ saleId: sale.id }).where(eq(bookings.id, bookingId))
        }
        return bookingId
      },
      { conflicts: OVERLAP },
    )
  }

  return {
    catalogue,
    availability,
    bookingTypesList,
    filters,
    list,
    dateAvailability,
    loadPrice,
    prebook,
    confirmBooking,
    customerBookings,
    cancel,
    sweep,
    startSweeping,
    addNoOnlineBlock,
    importBooking,
    /** The centre's time zone as the bookings read it. */
    timeZone: async () => (await centre()).zone,
    centreSettings: centre,
    priceListOf,
    queueBookingMail,
    /** Booking by place hooks in here (place-bookings.service.ts). */
    useSessionHooks(hooks: SessionHooks) {
      sessionHooks = hooks
    },
  }
}

export type BookingsService = ReturnType<typeof createBookingsService>
