import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { homeRoutes, paths } from '@clubhouse/contract/server'
import { sendCached } from '../../http/cached-answer.ts'
import { addRoute } from '../../http/route.ts'
import type { Site } from '../../http/site.ts'
import { pickLocale } from '../../lib/localised.ts'
import type { HomeService } from './home.service.ts'

const localeOf = (req: FastifyRequest) => pickLocale(req.headers['accept-language'])

/** The home page: its gallery, sponsors and banners, and the page itself (first in the site map). */
export const homeFeature: FastifyPluginAsync<{ home: HomeService; site: Site }> = async (
  app,
  { home, site },
) => {
  addRoute(app, homeRoutes.fileUploads, async (req, reply) =>
    sendCached(req, reply, await home.fileUploadsAnswer(req.query, localeOf(req))),
  )
  addRoute(app, homeRoutes.banners, async (req, reply) =>
    sendCached(req, reply, await home.bannersAnswer(localeOf(req))),
  )

  site.page(paths.home, { image: (s) => s.headerImage, module: 'src/app/routes/home-page.tsx' })
  site.siteMap(async () => [{ path: paths.home }])
}
