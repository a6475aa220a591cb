import type { FastifyPluginAsync } from 'fastify'
import {
  paths,
  staffDeskRoutes,
  staffMoveRoutes,
  staffScheduleRoutes,
  staffTakingsRoutes,
} from '@clubhouse/contract/server'
import { sendCached } from '../../http/cached-answer.ts'
import { addRoute } from '../../http/route.ts'
import type { Site } from '../../http/site.ts'
import { pickLocale } from '../../lib/localised.ts'
import type { BookingsService } from '../bookings/bookings.service.ts'
import type { CustomersService } from '../customers/customers.service.ts'
import type { StaffBookings } from './staff-bookings.ts'
import type { StaffTakingsService } from './staff-takings.ts'

/** A desk's answers are for the staff alone: kept by the browser, revalidated each time, never shared. */
const DESK_ANSWER = { cacheControl: 'private, no-cache', vary: 'Accept-Language, Authorization' }

/**
 * The desk's day-to-day routes (issue 23): the day's schedule. Who may call each is the contract's
 * word (auth 'staff' with its role), checked once by addRoute; the bookings feature owns the data.
 */
export const deskFeature: FastifyPluginAsync<{
  bookings: BookingsService
  customers: Pick<CustomersService, 'searchCustomers'>
  staffBookings: StaffBookings
  staffTakings: StaffTakingsService
  site: Site
}> = async (app, { bookings, customers, staffBookings, staffTakings, site }) => {
  // The desk's pages: rendered in the browser from the desk's own chunks, kept out of search engines.
  const desk = {
    title: { 'en-US': 'Desk', 'es-ES': 'Recepción' },
    module: 'src/staff/staff-app.tsx',
  }
  site.page(paths.staff, desk)
  site.page(paths.staffPages.pattern, desk)

  // Polled each second by every open desk: an unchanged day answers 304 from the kept bytes.
  addRoute(app, staffScheduleRoutes.staffSchedule, async (req, reply) => {
    const answer = await bookings.deskDay({
      date: req.query.date,
      resourceTypeId: req.query.resourceTypeId,
      locale: pickLocale(req.headers['accept-language']),
    })
    return sendCached(req, reply, answer, DESK_ANSWER)
  })

  addRoute(app, staffDeskRoutes.staffBookingTypes, async (req) => {
    const locale = pickLocale(req.headers['accept-language'])
    const cat = await bookings.catalogue.catalogue()
    return {
      ok: true as const,
      data: cat.types.map((t) => ({
        id: t.id,
        name: t.name[locale],
        isOnline: t.isOnline,
        byPlace: t.byPlace,
        durations: t.byPlace ? [] : t.durations.map((d) => d.minutes),
      })),
    }
  })

  addRoute(app, staffDeskRoutes.staffCustomerSearch, async (req) => ({
    ok: true as const,
    data: await customers.searchCustomers(req.query.q),
  }))

  addRoute(app, staffDeskRoutes.staffBook, async (req) => ({
    ok: true as const,
    model: await staffBookings.book(req.staff!.staffId, req.body, pickLocale(req.headers['accept-language'])),
  }))

  addRoute(app, staffTakingsRoutes.staffTakings, async (req) => ({
    ok: true as const,
    data: await staffTakings.takings(req.query.date, pickLocale(req.headers['accept-language'])),
  }))

  addRoute(app, staffDeskRoutes.staffCancelBooking, async (req) => ({
    ok: true as const,
    model: await staffBookings.cancel(
      req.staff!.staffId,
      req.params.id,
      req.body.refund,
      pickLocale(req.headers['accept-language']),
    ),
  }))

  addRoute(app, staffMoveRoutes.staffMoveBooking, async (req) => ({
    ok: true as const,
    model: await staffBookings.move(
      req.staff!.staffId,
      req.params.id,
      req.body,
      pickLocale(req.headers['accept-language']),
    ),
  }))
}
