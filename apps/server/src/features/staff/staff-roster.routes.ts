import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { staffSessionRoutes } from '@clubhouse/contract/server'
import type { AuthStaff } from '../../http/auth.ts'
import { addRoute } from '../../http/route.ts'
import { pickLocale } from '../../lib/localised.ts'
import type { StaffRoster } from './staff-roster.ts'

/** The staff member checked by the route's role rule (addRoute); present on every 'staff' route. */
function staffOf(req: FastifyRequest): AuthStaff {
  if (!req.staff) throw new Error('a staff route ran without its role check')
  return req.staff
}

/**
 * The desk's sessions (issue 23, item 6): a session's roster and waiting list, the check-in of a
 * place, a place given to a customer. Open to the desk and the roles above it, as the contract
 * says; every write is audited in its own unit of work.
 */
export const staffRosterFeature: FastifyPluginAsync<{ roster: StaffRoster }> = async (app, { roster }) => {
  addRoute(app, staffSessionRoutes.staffSessionRoster, async (req) => ({
    ok: true as const,
    data: await roster.sessionRoster(req.params.id, pickLocale(req.headers['accept-language'])),
  }))

  addRoute(app, staffSessionRoutes.staffSessionAttendance, async (req) => ({
    ok: true as const,
    model: await roster.markAttendance(staffOf(req).staffId, req.params.id, req.body),
  }))

  addRoute(app, staffSessionRoutes.staffSessionAddParticipant, async (req) => ({
    ok: true as const,
    model: await roster.addParticipant(staffOf(req).staffId, req.params.id, req.body),
  }))
}
