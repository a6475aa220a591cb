import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { contentRoutes } from '@clubhouse/contract'
import { sendCached } from '../../http/cached-answer.ts'
import { addRoute } from '../../http/route.ts'
import { pickLocale } from '../../lib/localised.ts'
import type { ContentService } from './content.service.ts'
import type { SettingsKind } from './content.schemas.ts'

export function registerContentRoutes(app: FastifyInstance, content: ContentService) {
  const serve = (kind: SettingsKind) => async (req: FastifyRequest, reply: FastifyReply) =>
    sendCached(req, reply, await content.answer(kind, pickLocale(req.headers['accept-language'])))

  addRoute(app, contentRoutes.mainSettings, serve('main'))
  addRoute(app, contentRoutes.template, serve('template'))
  addRoute(app, contentRoutes.legalSettings, serve('legal'))
}
