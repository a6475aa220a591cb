import type { FastifyInstance } from 'fastify'
import { demoMailboxRoutes } from '@clubhouse/contract'
import { addRoute } from '../../http/route.ts'
import type { DemoMailboxService } from './demo-mailbox.service.ts'

/**
 * GET /api/demo-mailbox and /api/demo-mailbox/:id, registered only when the demo mailbox is on
 * (no SMTP_URL, DEMO_MAILBOX not false); otherwise they answer 404 like any unknown path. Answers
 * carry live activation and reset links: never stored by a cache.
 */
export function registerDemoMailboxRoutes(app: FastifyInstance, mailbox: DemoMailboxService) {
  addRoute(app, demoMailboxRoutes.demoMailbox, async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    return { ok: true as const, data: await mailbox.listMails() }
  })
  addRoute(app, demoMailboxRoutes.demoMail, async (req, reply) => {
    reply.header('cache-control', 'no-store')
    return { ok: true as const, model: await mailbox.getMail(req.params.id) }
  })
}
