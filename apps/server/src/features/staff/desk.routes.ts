import type { FastifyPluginAsync } from 'fastify'
import { staffScheduleRoutes } from '@clubhouse/contract/server'
import { sendCached } from '../../http/cached-answer.ts'
import { addRoute } from '../../http/route.ts'
import { pickLocale } from '../../lib/localised.ts'
import type { BookingsService } from '../bookings/bookings.service.ts'

/** A desk's answers are for the staff alone: kept by the browser, revalidated each time, never shared. */
const DESK_ANSWER = { cacheControl: 'private, no-cache', vary: 'Accept-Language, Authorization' }

/**
 * The desk's day-to-day routes (issue 23): the day's schedule. Who may call each is the contract's
 * word (auth 'staff' with its role), checked once by addRoute; the bookings feature owns the data.
 */
export const deskFeature: FastifyPluginAsync<{ bookings: BookingsService }> = async (app, { bookings }) => {
  // Polled each second by every open desk: an unchanged day answers 304 from the kept bytes.
  addRoute(app, staffScheduleRoutes.staffSchedule, async (req, reply) => {
    const answer = await bookings.deskDay({
      date: req.query.date,
      resourceTypeId: req.query.resourceTypeId,
      locale: pickLocale(req.headers['accept-language']),
    })
    return sendCached(req, reply, answer, DESK_ANSWER)
  })
}
