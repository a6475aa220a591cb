import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { accountRoutes } from '@clubhouse/contract'
import { addRoute } from '../../http/route.ts'
import { pickLocale } from '../../lib/localised.ts'
import type { AccountService } from './account.service.ts'

const localeOf = (req: FastifyRequest) => pickLocale(req.headers['accept-language'])

/** A customer's history is theirs alone: never kept by a shared cache. */
function personal(reply: FastifyReply) {
  void reply.header('cache-control', 'private, no-store').header('vary', 'Accept-Language, Authorization')
}

/**
 * Every route here is `auth: 'customer'` with its `owner` in the contract: addRoute has already
 * answered 401 without a valid token (or for customer id 0) and 403 for another customer's id.
 */
export function registerAccountRoutes(app: FastifyInstance, account: AccountService) {
  addRoute(app, accountRoutes.customerOrders, async (req, reply) => {
    personal(reply)
    return { ok: true as const, model: await account.customerOrders(req.params.customerId, localeOf(req)) }
  })

  addRoute(app, accountRoutes.customerOrder, async (req, reply) => {
    personal(reply)
    const model = await account.customerOrder(req.params.customerId, req.params.saleId, localeOf(req))
    return { ok: true as const, model }
  })

  addRoute(app, accountRoutes.customerVouchers, async (req, reply) => {
    personal(reply)
    return { ok: true as const, model: await account.customerVouchers(req.params.customerId, localeOf(req)) }
  })

  addRoute(app, accountRoutes.customerComms, async (req, reply) => {
    personal(reply)
    return { ok: true as const, model: await account.customerComms(req.params.customerId) }
  })

  addRoute(app, accountRoutes.customerEmail, async (req, reply) => {
    personal(reply)
    return account.customerEmail(req.params.customerId, req.params.id)
  })
}
