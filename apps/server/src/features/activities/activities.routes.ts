import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { activityRoutes } from '@clubhouse/contract'
import { addRoute } from '../../http/route.ts'
import { pickLocale } from '../../lib/localised.ts'
import type { ActivitiesService } from './activities.service.ts'

const localeOf = (req: FastifyRequest) => pickLocale(req.headers['accept-language'])

/** Places left and sign-ups change as others sign up: read again every time, never shared. */
function personal(reply: FastifyReply) {
  void reply.header('cache-control', 'private, no-store').header('vary', 'Accept-Language, Authorization')
}

function customerOf(req: FastifyRequest) {
  if (!req.customer) throw new Error('an activity route ran without its ownership check')
  return req.customer
}

/**
 * Activities and their sign-up: the publicactivities API of spec 2 §7. The routes naming a customer
 * are `auth: 'customer'` with their `owner` in the contract: 401 without a valid token, 403 with
 * another customer's id, before they run.
 */
export const activitiesFeature: FastifyPluginAsync<{ activities: ActivitiesService }> = async (
  app,
  { activities },
) => {
  addRoute(app, activityRoutes.activitiesList, async (req, reply) => {
    void reply.header('cache-control', 'no-cache').header('vary', 'Accept-Language')
    return { ok: true as const, model: await activities.list(localeOf(req)) }
  })

  addRoute(app, activityRoutes.activity, async (req, reply) => {
    void reply.header('cache-control', 'no-store').header('vary', 'Accept-Language')
    return { ok: true as const, ...(await activities.one(req.params.id, undefined, localeOf(req))) }
  })

  addRoute(app, activityRoutes.activityForCustomer, async (req, reply) => {
    personal(reply)
    const customerId = req.params.customerId === 0 ? undefined : customerOf(req).id
    return { ok: true as const, ...(await activities.one(req.params.id, customerId, localeOf(req))) }
  })

  addRoute(app, activityRoutes.inscription, async (req, reply) => {
    personal(reply)
    return activities.inscribe(req.body.id, customerOf(req).id, localeOf(req))
  })

  addRoute(app, activityRoutes.inscriptionCancel, async (req, reply) => {
    personal(reply)
    await activities.cancel(req.params.inscriptionId, customerOf(req).id)
    return { ok: true as const, errorMsg: null }
  })
}
