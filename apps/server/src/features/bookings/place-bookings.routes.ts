import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { paths, placeBookingRoutes } from '@clubhouse/contract/server'
import { customerOfRequest } from '../../http/auth.ts'
import { sendCached } from '../../http/cached-answer.ts'
import { addRoute } from '../../http/route.ts'
import type { Site } from '../../http/site.ts'
import { pickLocale } from '../../lib/localised.ts'
import type { PlaceBookingsService } from './place-bookings.service.ts'

const localeOf = (req: FastifyRequest) => pickLocale(req.headers['accept-language'])

/** Places taken change as others book, and a customer's own state is theirs: never kept by a shared cache. */
function personal(reply: FastifyReply) {
  void reply.header('cache-control', 'private, no-store').header('vary', 'Accept-Language, Authorization')
}

function customerOf(req: FastifyRequest) {
  if (!req.customer) throw new Error('a booking by place route ran without its ownership check')
  return req.customer
}

/**
 * Booking by place: the week's sessions, a session's place map, the prebook of a place and the
 * waiting list (spec 2 §2, §3, §7; decision 063). The routes naming a customer are `auth: 'customer'`
 * with their `owner` in the contract: 401 without a valid token, 403 with another customer's id.
 */
export const placeBookingsFeature: FastifyPluginAsync<{
  placeBookings: PlaceBookingsService
  site: Site
}> = async (app, { placeBookings, site }) => {
  site.page(paths.bookingsByPlace.pattern, { module: 'src/app/routes/bookings-by-place-page.tsx' })
  site.page(paths.bookingVisual.pattern, { module: 'src/app/routes/booking-visual-page.tsx' })

  addRoute(app, placeBookingRoutes.byPlaceList, async (req, reply) => {
    // A visitor's week is the same for every visitor: kept ready to send, revalidated by its ETag.
    if (!req.customer) {
      const answer = await placeBookings.visitorAnswer(req.body, localeOf(req))
      return sendCached(req, reply, answer, { vary: 'Accept-Language, Authorization' })
    }
    personal(reply)
    const data = await placeBookings.list(req.body, req.customer, localeOf(req))
    return { ok: true as const, errorMsg: null, data }
  })

  addRoute(app, placeBookingRoutes.byPlacePrebook, async (req, reply) => {
    personal(reply)
    const model = await placeBookings.prebook(req.params.bookingId, undefined, customerOf(req), localeOf(req))
    return { ok: true as const, errorMsg: null, model }
  })

  addRoute(app, placeBookingRoutes.byPlacePrebookPlace, async (req, reply) => {
    personal(reply)
    const { bookingId, placeId } = req.params
    const model = await placeBookings.prebook(bookingId, placeId, customerOf(req), localeOf(req))
    return { ok: true as const, errorMsg: null, model }
  })

  addRoute(app, placeBookingRoutes.bookingTemplateInfo, async (req, reply) => {
    personal(reply)
    // Anyone may see the map; who booked a place only a signed-in customer, when the map allows it.
    const customer = await customerOfRequest(req)
    const { templateId, bookingId } = req.params
    return {
      ok: true as const,
      model: await placeBookings.templateInfo(templateId, bookingId, customer, localeOf(req)),
    }
  })

  addRoute(app, placeBookingRoutes.waitlistJoin, async (req, reply) => {
    personal(reply)
    const model = await placeBookings.joinWaitlist(req.params.bookingId, customerOf(req).id, localeOf(req))
    return { ok: true as const, errorMsg: null, model }
  })

  addRoute(app, placeBookingRoutes.waitlistLeave, async (req, reply) => {
    personal(reply)
    await placeBookings.leaveWaitlist(req.params.entryId, customerOf(req).id)
    return { ok: true as const, errorMsg: null }
  })

  addRoute(app, placeBookingRoutes.waitlist, async (req, reply) => {
    personal(reply)
    return { ok: true as const, model: await placeBookings.waitlist(customerOf(req).id, localeOf(req)) }
  })

  addRoute(app, placeBookingRoutes.confirmHold, async (req, reply) => {
    personal(reply)
    await placeBookings.confirmHold(req.params.bookingId, customerOf(req).id)
    return { ok: true as const, errorMsg: null }
  })
}
