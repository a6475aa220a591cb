import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { contentRoutes, paths } from '@clubhouse/contract/server'
import { sendCached } from '../../http/cached-answer.ts'
import { addRoute } from '../../http/route.ts'
import type { Site, Titles } from '../../http/site.ts'
import { pickLocale } from '../../lib/localised.ts'
import type { ContentService } from './content.service.ts'
import type { SettingsKind } from './content.schemas.ts'

/** The legal pages: each with its title in both languages, all in the site map. */
const LEGAL_PAGES: Array<{ path: string; title: Titles }> = [
  { path: paths.privacy, title: { 'en-US': 'Privacy policy', 'es-ES': 'Política de privacidad' } },
  { path: paths.wayver, title: { 'en-US': 'Waiver and release', 'es-ES': 'Exención de responsabilidad' } },
  {
    path: paths.generalConditions,
    title: { 'en-US': 'General conditions', 'es-ES': 'Condiciones generales' },
  },
  { path: paths.cookies, title: { 'en-US': 'Cookie policy', 'es-ES': 'Política de cookies' } },
]

/** The centre's settings and legal texts: their API and the legal pages. */
export const contentFeature: FastifyPluginAsync<{ content: ContentService; site: Site }> = async (
  app,
  { content, site },
) => {
  const serve = (kind: SettingsKind) => async (req: FastifyRequest, reply: FastifyReply) =>
    sendCached(req, reply, await content.answer(kind, pickLocale(req.headers['accept-language'])))

  addRoute(app, contentRoutes.mainSettings, serve('main'))
  addRoute(app, contentRoutes.template, serve('template'))
  addRoute(app, contentRoutes.legalSettings, serve('legal'))

  for (const page of LEGAL_PAGES) {
    site.page(page.path, {
      title: page.title,
      module: 'src/app/routes/legal-page.tsx',
      ...(page.path === paths.privacy ? { image: (s) => s.headerImage } : {}),
    })
  }
  site.siteMap(async () => LEGAL_PAGES.map((p) => ({ path: p.path })))
}
