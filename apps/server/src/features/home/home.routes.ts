import type { FastifyInstance, FastifyRequest } from 'fastify'
import { homeRoutes } from '@clubhouse/contract'
import { sendCached } from '../../http/cached-answer.ts'
import { addRoute } from '../../http/route.ts'
import { pickLocale } from '../../lib/localised.ts'
import type { HomeService } from './home.service.ts'

const localeOf = (req: FastifyRequest) => pickLocale(req.headers['accept-language'])

export function registerHomeRoutes(app: FastifyInstance, home: HomeService) {
  addRoute(app, homeRoutes.fileUploads, async (req, reply) =>
    sendCached(req, reply, await home.fileUploadsAnswer(req.query, localeOf(req))),
  )
  addRoute(app, homeRoutes.banners, async (req, reply) =>
    sendCached(req, reply, await home.bannersAnswer(localeOf(req))),
  )
}
