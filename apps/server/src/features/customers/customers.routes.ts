import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { customerRoutes, paths } from '@clubhouse/contract/server'
import { bearerToken } from '../../http/auth.ts'
import { sendPersonal } from '../../http/personal-answer.ts'
import { addRoute } from '../../http/route.ts'
import type { Site } from '../../http/site.ts'
import { pickLocale } from '../../lib/localised.ts'
import type { CustomersService } from './customers.service.ts'

const localeOf = (req: FastifyRequest) => pickLocale(req.headers['accept-language'])

/** The customer checked by the route's ownership rule (addRoute); present on every 'customer' route. */
function ownerOf(req: FastifyRequest) {
  if (!req.customer) throw new Error('a customer route ran without its ownership check')
  return req.customer
}

/** Customer accounts: their API and pages (links from mails, the profile, the password change). */
export const customersFeature: FastifyPluginAsync<{ customers: CustomersService; site: Site }> = async (
  app,
  { customers, site },
) => {
  site.page(paths.activate.pattern)
  site.page(paths.confirmEmail.pattern)
  site.page(paths.resetPassword.pattern)
  site.page(paths.passwordChanged)
  site.page(paths.changePassword)
  site.page(paths.account)

  addRoute(app, customerRoutes.login, async (req) => ({
    ok: true as const,
    // The client's address as the configured proxies name it, never a header anyone can write (decision 034).
    model: await customers.login(req.body, req.ip),
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

  addRoute(app, customerRoutes.resendActivation, async (req) => ({
    ok: true as const,
    model: await customers.resendActivation(req.body.email),
  }))

  addRoute(app, customerRoutes.resetPasswordRequest, async (req) => ({
    ok: true as const,
    model: await customers.requestPasswordReset(req.body.email),
  }))

  addRoute(app, customerRoutes.confirmEmail, async (req) => ({
    ok: true as const,
    model: await customers.confirmEmail(req.body.token),
  }))

  addRoute(app, customerRoutes.resetPassword, async (req) => {
    await customers.resetPassword(req.body.token, req.body.plainPassword)
    return { ok: true as const }
  })

  addRoute(app, customerRoutes.changePassword, async (req) => {
    await customers.changePassword(ownerOf(req), req.body.plainOldPass, req.body.plainNewPass)
    return { ok: true as const }
  })

  // The profile and the saved cards are kept per customer until their data changes (decision 038).
  addRoute(app, customerRoutes.getCustomer, (req, reply) => {
    const locale = localeOf(req)
    return sendPersonal(req, reply, customerRoutes.getCustomer.response, `profile|${locale}`, async () => {
      const { customer, changesAt } = await customers.customerProfile(ownerOf(req).id, locale)
      return { answer: { ok: true as const, data: customer }, until: changesAt }
    })
  })

  // Both readings of the spec's customer save are served (decision 016).
  addRoute(app, customerRoutes.saveCustomer, async (req) => ({
    ok: true as const,
    data: await customers.saveCustomer(ownerOf(req).id, req.body, localeOf(req)),
  }))
  addRoute(app, customerRoutes.saveCustomerJson, async (req) => ({
    ok: true as const,
    data: await customers.saveCustomer(ownerOf(req).id, req.body, localeOf(req)),
  }))

  addRoute(app, customerRoutes.cardTokens, (req, reply) =>
    sendPersonal(req, reply, customerRoutes.cardTokens.response, 'cards', async () => ({
      answer: { ok: true as const, data: await customers.listCardTokens(ownerOf(req).id) },
    })),
  )

  addRoute(app, customerRoutes.deleteCardToken, async (req) => {
    await customers.deleteCardToken(ownerOf(req).id, req.params.methodId)
    return { ok: true as const }
  })
}
