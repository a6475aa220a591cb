import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { activityRoutes, DEFAULT_LANGUAGE, paths } from '@clubhouse/contract/server'
import { pageId, type Site } from '../../http/site.ts'
import { activityData } from '../../http/structured-data.ts'
import { plainTextOf } from '../../lib/sanitize.ts'
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
export const activitiesFeature: FastifyPluginAsync<{ activities: ActivitiesService; site: Site }> = async (
  app,
  { activities, site },
) => {
  // The activity's page (spec 2 §2): its name, poster and description in the page's head.
  site.page(paths.activity.pattern, {
    module: 'src/app/routes/activity-page.tsx',
    head: async (params, locale, context) => {
      const id = pageId(params.id)
      const found = id ? await activities.one(id, undefined, locale).catch(() => undefined) : undefined
      if (!found) return undefined
      const canonical = paths.activity.to(found.model.id)
      return {
        title: found.model.name,
        description: plainTextOf(found.model.description),
        image: found.model.poster,
        canonical,
        structuredData: activityData(context, found.model, canonical),
      }
    },
  })
  // The activities open to sign up, as the site lists them.
  site.siteMap(async () =>
    (await activities.list(DEFAULT_LANGUAGE)).map((a) => ({ path: paths.activity.to(a.id) })),
  )
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
