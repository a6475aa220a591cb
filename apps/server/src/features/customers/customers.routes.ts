import type { FastifyInstance, FastifyRequest } from 'fastify'
import { customerRoutes } from '@clubhouse/contract'
import { bearerToken } from '../../http/auth.ts'
import { addRoute } from '../../http/route.ts'
import { pickLocale } from '../../lib/localised.ts'
import type { CustomersService } from './customers.service.ts'

const localeOf = (req: FastifyRequest) => pickLocale(req.headers['accept-language'])

/** The customer checked by the route's ownership rule (addRoute); present on every 'customer' route. */
function ownerOf(req: FastifyRequest) {
  if (!req.customer) throw new Error('a customer route ran without its ownership check')
  return req.customer
}

export function registerCustomerRoutes(app: FastifyInstance, customers: CustomersService) {
  addRoute(app, customerRoutes.login, async (req) => ({
    ok: true as const,
    model: await customers.login(req.body),
  }))

  addRoute(app, customerRoutes.logout, async (req) => {
    await customers.logout(bearerToken(req))
    return { ok: true as const }
  })

  addRoute(app, customerRoutes.register, async (req) => ({
    ok: true as const,
    model: await customers.register(req.body, localeOf(req)),
  }))

  addRoute(app, customerRoutes.activate, async (req) => {
    await customers.activate(req.body.token)
    return { ok: true as const }
  })

  addRoute(app, customerRoutes.resendActivation, async (req) => {
    await customers.resendActivation(req.body.email)
    return { ok: true as const }
  })

  addRoute(app, customerRoutes.resetPasswordRequest, async (req) => {
    await customers.requestPasswordReset(req.body.email)
    return { ok: true as const }
  })

  addRoute(app, customerRoutes.resetPassword, async (req) => {
    await customers.resetPassword(req.body.token, req.body.plainPassword)
    return { ok: true as const }
  })

  addRoute(app, customerRoutes.changePassword, async (req) => {
    await customers.changePassword(ownerOf(req), req.body.plainOldPass, req.body.plainNewPass)
    return { ok: true as const }
  })

  addRoute(app, customerRoutes.getCustomer, async (req) => ({
    ok: true as const,
    data: await customers.getCustomer(ownerOf(req).id, localeOf(req)),
  }))

  // Both readings of the spec's customer save are served (decision 016).
  addRoute(app, customerRoutes.saveCustomer, async (req) => ({
    ok: true as const,
    data: await customers.saveCustomer(ownerOf(req).id, req.body, localeOf(req)),
  }))
  addRoute(app, customerRoutes.saveCustomerJson, async (req) => ({
    ok: true as const,
    data: await customers.saveCustomer(ownerOf(req).id, req.body, localeOf(req)),
  }))

  addRoute(app, customerRoutes.cardTokens, async (req) => ({
    ok: true as const,
    data: await customers.listCardTokens(ownerOf(req).id),
  }))

  addRoute(app, customerRoutes.deleteCardToken, async (req) => {
    await customers.deleteCardToken(ownerOf(req).id, req.params.methodId)
    return { ok: true as const }
  })
}
