import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { checkoutRoutes, paths } from '@clubhouse/contract/server'
import { addRoute } from '../../http/route.ts'
import type { Site } from '../../http/site.ts'
import { pickLocale } from '../../lib/localised.ts'
import type { CheckoutService } from './checkout.service.ts'

const localeOf = (req: FastifyRequest) => pickLocale(req.headers['accept-language'])

/** A cart, its prices and the customer's details are theirs alone: never kept by a shared cache. */
function personal(reply: FastifyReply) {
  void reply.header('cache-control', 'private, no-store').header('vary', 'Accept-Language, Authorization')
}

/**
 * The cart's way to an order: stock check, pending sales, checkout info, promo codes and the
 * checkout (spec 2 §7). Routes naming a customer have their ownership checked from the contract
 * before they run; the guest routes take no customer's data.
 */
export const checkoutFeature: FastifyPluginAsync<{ checkout: CheckoutService; site: Site }> = async (
  app,
  { checkout, site },
) => {
  site.page(paths.checkout, { module: 'src/app/routes/checkout-page.tsx' })
  site.page(paths.debts)

  addRoute(app, checkoutRoutes.checkStock, async (req, reply) => {
    personal(reply)
    await checkout.stockCheck(req.body, localeOf(req))
    return { ok: true as const }
  })

  addRoute(app, checkoutRoutes.pendingSales, async (req, reply) => {
    personal(reply)
    return { ok: true as const, data: await checkout.pendingSales(req.params.customerId, localeOf(req)) }
  })

  addRoute(app, checkoutRoutes.checkoutInfo, async (req, reply) => {
    personal(reply)
    // A guest's checkout: whoever asks, no customer's vouchers or details.
    return {
      ok: true as const,
      data: await checkout.checkoutInfo({ ...req.body, customerId: 0 }, 0, localeOf(req)),
    }
  })

  addRoute(app, checkoutRoutes.checkoutInfoByCustomer, async (req, reply) => {
    personal(reply)
    return {
      ok: true as const,
      data: await checkout.checkoutInfo(req.body, req.customer!.id, localeOf(req)),
    }
  })

  addRoute(app, checkoutRoutes.promoValidate, async (req, reply) => {
    personal(reply)
    return { ok: true as const, errorMsg: null, data: await checkout.validatePromo(req.body) }
  })

  addRoute(app, checkoutRoutes.checkout, async (req, reply) => {
    personal(reply)
    return { ok: true as const, model: await checkout.checkout(req.body, undefined, localeOf(req)) }
  })

  addRoute(app, checkoutRoutes.checkoutCustomer, async (req, reply) => {
    personal(reply)
    return { ok: true as const, model: await checkout.checkout(req.body, req.customer!, localeOf(req)) }
  })
}
