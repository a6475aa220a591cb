import type { z } from 'zod'
import type {
  AvailableResource,
  BookingFilters,
  BookingsListBody,
  BookingType,
  DateAvailabilityBody,
  LoadPriceBody,
  Locale,
} from '@clubhouse/contract/server'
import type { AuthCustomer } from '../../http/auth.ts'
import type { CachedAnswer } from '../../http/cached-answer.ts'
import { imageUrl } from '../../lib/images.ts'
import { takenAt } from './court-holds.ts'
import type { Catalogue, CatalogueType } from './booking-catalogue.ts'
import { instantAt, parseWallClock, weekdayOf } from './centre-clock.ts'
import {
  bookableType,
  durationNotOffered,
  MINUTE,
  resourceNotOfType,
  typeNotFound,
  type CourtContext,
} from './court-context.ts'
import { bookingPriceCents, isOpenThroughout, overlapsAny } from './slot-grid.ts'

type ListInput = z.output<typeof BookingsListBody>
type DateAvailabilityInput = z.output<typeof DateAvailabilityBody>
type LoadPriceInput = z.output<typeof LoadPriceBody>

/**
 * What the booking pages ask before a prebook: the booking types and their filters, the day's
 * resources with their times and prices, the follow-ups free at a time and the price of one booking.
 */
export function createCourtAnswers(ctx: CourtContext) {
  const { units, catalogue, availability, clock, centre, priceListOf } = ctx

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

  return { bookingTypesList, filters, list, dateAvailability, loadPrice }
}
