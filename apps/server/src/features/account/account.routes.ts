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
 * answered 401 without a valid token (or for customer id 0) and 403 for another customer's id, and
 * put the token's customer on the request. Queries are scoped by that customer.
 */
function ownerId(req: FastifyRequest): number {
  if (!req.customer) throw new Error('an account route ran without its ownership check')
  return req.customer.id
}

export function registerAccountRoutes(app: FastifyInstance, account: AccountService) {
  addRoute(app, accountRoutes.customerOrders, async (req, reply) => {
    personal(reply)
    return { ok: true as const, model: await account.customerOrders(ownerId(req), localeOf(req)) }
  })

  addRoute(app, accountRoutes.customerOrder, async (req, reply) => {
    personal(reply)
    const model = await account.customerOrder(ownerId(req), req.params.saleId, localeOf(req))
    return { ok: true as const, model }
  })

  addRoute(app, accountRoutes.customerVouchers, async (req, reply) => {
    personal(reply)
    return { ok: true as const, model: await account.customerVouchers(ownerId(req), localeOf(req)) }
  })

  addRoute(app, accountRoutes.customerComms, async (req, reply) => {
    personal(reply)
    return { ok: true as const, model: await account.customerComms(ownerId(req)) }
  })

  addRoute(app, accountRoutes.customerEmail, async (req, reply) => {
    personal(reply)
    return account.customerEmail(ownerId(req), req.params.id)
  })
}
