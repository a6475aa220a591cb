import type { FastifyInstance } from 'fastify'
import { commsRoutes } from '@clubhouse/contract'
import { addRoute } from '../../http/route.ts'
import type { CommsService } from './comms.service.ts'

export function registerCommsRoutes(app: FastifyInstance, comms: CommsService) {
  addRoute(app, commsRoutes.infoRequest, async (req) => {
    await comms.receiveInfoRequest(req.body)
    return { ok: true as const }
  })
}
