import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { staffBlockRoutes, type StaffBlock } from '@clubhouse/contract/server'
import type { AuthStaff } from '../../http/auth.ts'
import { addRoute } from '../../http/route.ts'
import { pickLocale } from '../../lib/localised.ts'
import type { NoOnlineBlock } from '../bookings/bookings.service.ts'
import type { StaffBlocks } from './staff-blocks.ts'

const localeOf = (req: FastifyRequest) => pickLocale(req.headers['accept-language'])

/** The staff member checked by the route's role rule (addRoute); present on every 'staff' route. */
function staffOf(req: FastifyRequest): AuthStaff {
  if (!req.staff) throw new Error('a staff route ran without its role check')
  return req.staff
}

const shownBlock = ({ start, end, ...b }: NoOnlineBlock): StaffBlock => ({
  ...b,
  startsAt: new Date(start).toISOString(),
  endsAt: new Date(end).toISOString(),
})

/**
 * The desk's no-online blocks (issue 23, item 5): take time on a resource once or every week, list
 * the blocks of some days, release one or the rest of its series. Open to the desk and the roles
 * above it, as the contract says; every write is audited in its own unit of work.
 */
export const staffBlocksFeature: FastifyPluginAsync<{ blocks: StaffBlocks }> = async (app, { blocks }) => {
  addRoute(app, staffBlockRoutes.staffBlockAdd, async (req) => {
    const added = await blocks.addBlocks(staffOf(req).staffId, req.body, localeOf(req))
    return { ok: true as const, model: { seriesId: added.seriesId, blocks: added.blocks.map(shownBlock) } }
  })

  addRoute(app, staffBlockRoutes.staffBlocks, async (req) => ({
    ok: true as const,
    data: (await blocks.listBlocks(req.query, localeOf(req))).map(shownBlock),
  }))

  addRoute(app, staffBlockRoutes.staffBlockRelease, async (req) => ({
    ok: true as const,
    data: (
      await blocks.releaseBlocks(staffOf(req).staffId, req.params.id, req.query.series, localeOf(req))
    ).map(shownBlock),
  }))
}
