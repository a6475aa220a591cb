import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { bookingRoutes, paths } from '@clubhouse/contract/server'
import { sendCached } from '../../http/cached-answer.ts'
import { addRoute } from '../../http/route.ts'
import type { Site } from '../../http/site.ts'
import { pickLocale } from '../../lib/localised.ts'
import type { BookingsService } from './bookings.service.ts'

const localeOf = (req: FastifyRequest) => pickLocale(req.headers['accept-language'])

/** A customer's bookings and prices are theirs alone: never kept by a shared cache. */
function personal(reply: FastifyReply) {
  void reply.header('cache-control', 'private, no-store').header('vary', 'Accept-Language, Authorization')
}

/** Answers that change as others book: read again every time. */
function live(reply: FastifyReply) {
  void reply.header('cache-control', 'no-store').header('vary', 'Accept-Language, Authorization')
}

function customerOf(req: FastifyRequest) {
  if (!req.customer) throw new Error('a booking route ran without its ownership check')
  return req.customer
}
const ownerId = (req: FastifyRequest) => customerOf(req).id

/**
 * Bookings by resource and time: the API of spec 2 §7 and the booking pages. The routes naming a
 * customer are `auth: 'customer'` with their `owner` in the contract: 401 without a valid token,
 * 403 with another customer's id, before they run.
 */
export const bookingsFeature: FastifyPluginAsync<{ bookings: BookingsService; site: Site }> = async (
  app,
  { bookings, site },
) => {
  site.page(paths.bookingTypes, {
    title: { 'en-US': 'What would you like to book?', 'es-ES': '¿Qué quieres reservar?' },
    module: 'src/app/routes/booking-types-page.tsx',
  })
  site.page(paths.bookingsByType.pattern, { module: 'src/app/routes/bookings-page.tsx' })
  site.page(paths.customerBookings, { module: 'src/app/routes/customer-bookings-page.tsx' })
  site.siteMap(async () => [{ path: paths.bookingTypes }])

  addRoute(app, bookingRoutes.bookingTypesList, async (req) => ({
    ok: true as const,
    model: await bookings.bookingTypesList(localeOf(req)),
  }))

  addRoute(app, bookingRoutes.filters, async (req) => ({
    ok: true as const,
    model: await bookings.filters(undefined, localeOf(req)),
  }))

  addRoute(app, bookingRoutes.filtersOfType, async (req) => ({
    ok: true as const,
    model: await bookings.filters(req.params.bookingTypeId, localeOf(req)),
  }))

  addRoute(app, bookingRoutes.list, async (req, reply) => {
    const answer = await bookings.list(req.body, req.customer, localeOf(req))
    return sendCached(req, reply, answer, {
      cacheControl: req.customer ? 'private, no-cache' : 'no-cache',
      vary: 'Accept-Language, Authorization',
    })
  })

  addRoute(app, bookingRoutes.dateAvailability, async (req, reply) => {
    live(reply)
    return { ok: true as const, model: await bookings.dateAvailability(req.body, localeOf(req)) }
  })

  addRoute(app, bookingRoutes.loadPrice, async (req, reply) => {
    live(reply)
    return { ok: true as const, price: await bookings.loadPrice(req.body, req.customer) }
  })

  addRoute(app, bookingRoutes.prebook, async (req, reply) => {
    personal(reply)
    const model = await bookings.prebook(req.body, customerOf(req), localeOf(req))
    return { ok: true as const, errorMsg: null, model }
  })

  addRoute(app, bookingRoutes.customerBookings, async (req, reply) => {
    personal(reply)
    return { ok: true as const, model: await bookings.customerBookings(ownerId(req), localeOf(req)) }
  })

  addRoute(app, bookingRoutes.cancel, async (req, reply) => {
    personal(reply)
    const infoReturns = await bookings.cancel(req.params.bookingId, ownerId(req), localeOf(req))
    return { ok: true as const, errorMsg: null, infoReturns }
  })
}
