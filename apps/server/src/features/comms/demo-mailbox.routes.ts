import type { FastifyPluginAsync } from 'fastify'
import { demoMailboxRoutes, paths } from '@clubhouse/contract/server'
import { addRoute } from '../../http/route.ts'
import type { Site } from '../../http/site.ts'
import type { DemoMailboxService } from './demo-mailbox.service.ts'

/**
 * GET /api/demo-mailbox and /api/demo-mailbox/:id, registered only when the demo mailbox is on
 * (no SMTP_URL, and outside production unless DEMO_MAILBOX=false, in production only with
 * DEMO_MAILBOX=true); otherwise they answer 404 like any unknown path. Answers carry live
 * activation and reset links: never stored by a cache. Registering them warns in the log.
 */
export const demoMailboxFeature: FastifyPluginAsync<{
  mailbox: DemoMailboxService
  site: Site
  on: boolean
  url: string
}> = async (app, { mailbox, site, on, url }) => {
  // The page is the site's either way; it is a 404 while the mailbox is off.
  site.page(paths.demoMailbox, {
    title: { 'en-US': 'Demo mailbox', 'es-ES': 'Buzón de demostración' },
    module: 'src/app/routes/demo-mailbox-page.tsx',
    head: async () => (on ? {} : undefined),
  })
  if (!on) return
  app.log.warn(
    `The demo mailbox is on: every mail kept without SMTP, reset links included, is readable at ${url} by anyone who reaches the site (for demos and development; DEMO_MAILBOX=false turns it off).`,
  )
  addRoute(app, demoMailboxRoutes.demoMailbox, async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    return { ok: true as const, data: await mailbox.listMails() }
  })
  addRoute(app, demoMailboxRoutes.demoMail, async (req, reply) => {
    reply.header('cache-control', 'no-store')
    return { ok: true as const, model: await mailbox.getMail(req.params.id) }
  })
}
