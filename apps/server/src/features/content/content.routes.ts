import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { contentRoutes } from '@clubhouse/contract'
import { addRoute } from '../../http/route.ts'
import { pickLocale } from '../../lib/localised.ts'
import type { CachedAnswer, ContentService } from './content.service.ts'
import type { SettingsKind } from './content.schemas.ts'

/**
 * Sends a cached settings answer as is (it was validated with the route's schema when cached) with
 * its ETag; a matching If-None-Match gets 304 and no body.
 */
function sendCached(req: FastifyRequest, reply: FastifyReply, cached: CachedAnswer<unknown>) {
  reply.header('etag', cached.etag).header('cache-control', 'no-cache').header('vary', 'Accept-Language')
  if (req.headers['if-none-match'] === cached.etag) return reply.status(304).send()
  return reply.type('application/json; charset=utf-8').send(cached.json)
}

export function registerContentRoutes(app: FastifyInstance, content: ContentService) {
  const serve = (kind: SettingsKind) => async (req: FastifyRequest, reply: FastifyReply) =>
    sendCached(req, reply, await content.answer(kind, pickLocale(req.headers['accept-language'])))

  addRoute(app, contentRoutes.mainSettings, serve('main'))
  addRoute(app, contentRoutes.template, serve('template'))
  addRoute(app, contentRoutes.legalSettings, serve('legal'))
}
