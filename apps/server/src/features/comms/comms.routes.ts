import type { FastifyPluginAsync } from 'fastify'
import { commsRoutes } from '@clubhouse/contract/server'
import { addRoute } from '../../http/route.ts'
import type { CommsService } from './comms.service.ts'

/** Questions from visitors (the footer's "Request More Info"). */
export const commsFeature: FastifyPluginAsync<{ comms: CommsService }> = async (app, { comms }) => {
  addRoute(app, commsRoutes.infoRequest, async (req) => {
    await comms.receiveInfoRequest(req.body)
    return { ok: true as const }
  })
}
