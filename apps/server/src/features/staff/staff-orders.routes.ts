import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { staffOrderRoutes } from '@clubhouse/contract/server'
import type { AuthStaff } from '../../http/auth.ts'
import { addRoute } from '../../http/route.ts'
import { pickLocale } from '../../lib/localised.ts'
import type { StaffOrders } from './staff-orders.ts'

/** The staff member checked by the route's role rule (addRoute); present on every 'staff' route. */
function staffOf(req: FastifyRequest): AuthStaff {
  if (!req.staff) throw new Error('a staff route ran without its role check')
  return req.staff
}

const localeOf = (req: FastifyRequest) => pickLocale(req.headers['accept-language'])

/**
 * The desk's shop orders (issue 23, item 8; decision 123): the list and one order, shipping and
 * refunding, the managers' (the contract's word). Both writes are audited in their unit.
 */
export const staffOrdersFeature: FastifyPluginAsync<{ orders: StaffOrders }> = async (app, { orders }) => {
  addRoute(app, staffOrderRoutes.staffOrders, async (req) => {
    const { rows, totalCount } = await orders.orders(req.query)
    return { ok: true as const, data: rows, totalCount }
  })

  addRoute(app, staffOrderRoutes.staffOrder, async (req) => ({
    ok: true as const,
    model: await orders.order(req.params.id, localeOf(req)),
  }))

  addRoute(app, staffOrderRoutes.staffOrderShip, async (req) => ({
    ok: true as const,
    model: await orders.ship(staffOf(req).staffId, req.params.id, localeOf(req)),
  }))

  addRoute(app, staffOrderRoutes.staffOrderRefund, async (req) => ({
    ok: true as const,
    model: await orders.refund(staffOf(req).staffId, req.params.id, req.body, localeOf(req)),
  }))
}
