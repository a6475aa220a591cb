import type { FastifyBaseLogger } from 'fastify'
import { BookingErrorCode, type Locale } from '@clubhouse/contract/server'
import type { Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import { AppError } from '../../lib/app-error.ts'
import type { Localised } from '../../lib/localised.ts'
import type { Mailer } from '../comms/mailer.ts'
import type { ContentService } from '../content/content.service.ts'
import type { CustomersService } from '../customers/customers.service.ts'
import type { CustomerLimits } from '../holds/customer-limits.ts'
import type { Holds } from '../holds/holds.ts'
import type { ProviderRefunds } from '../payments/refunds.ts'
import type { SaleHooks } from '../sales/sale-hooks.ts'
import type { SalesService } from '../sales/sales.service.ts'
import type { ShopService } from '../shop/shop.service.ts'
import type { VouchersService } from '../vouchers/vouchers.service.ts'
import { createAvailability } from './availability.ts'
import { createBookingCatalogue, type Catalogue, type CatalogueType } from './booking-catalogue.ts'
import { isTimeZone } from './centre-clock.ts'
import type { BookingPriceList } from './slot-grid.ts'

export const MINUTE = 60_000

// ---------------------------------------------------------------------------------------------
// Refusals more than one part of the court bookings gives

export const typeNotFound = () => new AppError('not_found', 'This booking type was not found.')
export const bookingNotFound = () => new AppError('not_found', 'This booking was not found.')
export const typeClosed = () =>
  new AppError(BookingErrorCode.bookingTypeClosed, 'This booking type is not offered online at the moment.', {
    status: 422,
  })
export const bookedByPlace = () =>
  new AppError(BookingErrorCode.bookedByPlace, 'This booking type is booked by place in a session.', {
    status: 422,
  })
export const resourceNotOfType = () =>
  new AppError(BookingErrorCode.resourceNotOfType, 'This resource cannot be booked with this booking type.', {
    status: 422,
  })
export const durationNotOffered = (minutes: number) =>
  new AppError(BookingErrorCode.durationNotOffered, `This booking type does not offer ${minutes} minutes.`, {
    status: 422,
  })

export const localised = (make: (locale: Locale) => string): Localised => ({
  'es-ES': make('es-ES'),
  'en-US': make('en-US'),
})

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

/** What the bookings service is made with. */
export interface BookingsDeps {
  units: Units
  content: ContentService
  sales: SalesService
  vouchers: VouchersService
  /** The customers' contact details and languages, for the mails. */
  customers: CustomersService
  /** The price lists of customer types (the shop's). */
  shop: ShopService
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

/** A type a customer may book by resource and time, or the refusal that says why not. */
export function bookableType(cat: Catalogue, bookingTypeId: number): CatalogueType {
  const type = cat.typeById.get(bookingTypeId)
  if (!type) throw typeNotFound()
  if (!type.isOnline) throw typeClosed()
  if (type.byPlace && !type.allowCreateBookByPlace) throw bookedByPlace()
  return type
}

/**
 * What the parts of the court bookings share: the database and the units of work, the catalogue
 * and the day's availability, the centre's settings and the customers' price lists, and the hooks
 * booking by place adds.
 */
export function createCourtContext(db: Db, deps: BookingsDeps) {
  const { units, sales, clock } = deps
  const catalogue = createBookingCatalogue(db, units)
  const availability = createAvailability({ db, units, sales, clock })
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
    const list = await deps.shop.priceListOf(customerTypeId)
    return list ? { id: list.id, discountPercent: Number(list.discountPercent) } : undefined
  }

  return {
    db,
    ...deps,
    catalogue,
    availability,
    centre,
    priceListOf,
    /** What booking by place hooks in (place-bookings.service.ts), once it is created. */
    sessionHooks: () => sessionHooks,
    useSessionHooks(hooks: SessionHooks) {
      sessionHooks = hooks
    },
  }
}

export type CourtContext = ReturnType<typeof createCourtContext>
