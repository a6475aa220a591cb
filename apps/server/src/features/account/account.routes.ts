import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { accountRoutes, paths } from '@clubhouse/contract/server'
import { sendPersonal } from '../../http/personal-answer.ts'
import { addRoute } from '../../http/route.ts'
import type { Site } from '../../http/site.ts'
import { pickLocale } from '../../lib/localised.ts'
import type { AccountService } from './account.service.ts'

const localeOf = (req: FastifyRequest) => pickLocale(req.headers['accept-language'])

/**
 * Every route here is `auth: 'customer'` with its `owner` in the contract: addRoute has already
 * answered 401 without a valid token (or for customer id 0) and 403 for another customer's id, and
 * put the token's customer on the request. Queries are scoped by that customer.
 */
function ownerId(req: FastifyRequest): number {
  if (!req.customer) throw new Error('an account route ran without its ownership check')
  return req.customer.id
}

/** A customer's history: orders, vouchers, mails; their pages (behind the web app's login guard). */
export const accountFeature: FastifyPluginAsync<{ account: AccountService; site: Site }> = async (
  app,
  { account, site },
) => {
  for (const page of [
    paths.customerOrders,
    paths.customerOrder.pattern,
    paths.customerVouchers,
    paths.customerComms,
    paths.customerEmail.pattern,
  ]) {
    site.page(page)
  }

  // Each answer is kept per customer until their data changes (decision 038); the key names the
  // rest it depends on. The centre's logo stands in for lines without an image: a new logo, a new key.
  addRoute(app, accountRoutes.customerOrders, async (req, reply) => {
    const locale = localeOf(req)
    const key = `orders|${locale}|${await account.mainLogo(locale)}`
    return sendPersonal(req, reply, accountRoutes.customerOrders.response, key, async () => ({
      answer: { ok: true as const, model: await account.customerOrders(ownerId(req), locale) },
    }))
  })

  addRoute(app, accountRoutes.customerOrder, async (req, reply) => {
    const locale = localeOf(req)
    const key = `order|${req.params.saleId}|${locale}|${await account.mainLogo(locale)}`
    return sendPersonal(req, reply, accountRoutes.customerOrder.response, key, async () => ({
      answer: {
        ok: true as const,
        model: await account.customerOrder(ownerId(req), req.params.saleId, locale),
      },
    }))
  })

  addRoute(app, accountRoutes.customerVouchers, async (req, reply) => {
    const locale = localeOf(req)
    return sendPersonal(
      req,
      reply,
      accountRoutes.customerVouchers.response,
      `vouchers|${locale}`,
      async () => {
        const { active, inactive, changesAt } = await account.customerVouchers(ownerId(req), locale)
        return { answer: { ok: true as const, model: { active, inactive } }, until: changesAt }
      },
    )
  })

  addRoute(app, accountRoutes.customerComms, (req, reply) =>
    sendPersonal(req, reply, accountRoutes.customerComms.response, 'comms', async () => ({
      answer: { ok: true as const, model: await account.customerComms(ownerId(req)) },
    })),
  )

  addRoute(app, accountRoutes.customerEmail, (req, reply) =>
    sendPersonal(req, reply, accountRoutes.customerEmail.response, `email|${req.params.id}`, async () => ({
      answer: await account.customerEmail(ownerId(req), req.params.id),
    })),
  )
}
