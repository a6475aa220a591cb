import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { productRoutes, shopRoutes } from '@clubhouse/contract'
import { requireCustomer } from '../../http/auth.ts'
import { sendCached } from '../../http/cached-answer.ts'
import { pageLanguage, type IndexHtml } from '../../http/index-html.ts'
import { pageId } from '../../http/site-map.ts'
import { addRoute } from '../../http/route.ts'
import { pickLocale } from '../../lib/localised.ts'
import { plainTextOf } from '../../lib/sanitize.ts'
import type { ShopService } from './shop.service.ts'

const localeOf = (req: FastifyRequest) => pickLocale(req.headers['accept-language'])

/** A customer's prices are theirs alone: kept by their browser only, never by a shared cache. */
const PRIVATE = { cacheControl: 'private, no-cache', vary: 'Accept-Language, Authorization' }

export function registerShopRoutes(app: FastifyInstance, shop: ShopService) {
  addRoute(app, shopRoutes.shopList, async (req, reply) =>
    sendCached(req, reply, await shop.listAnswer(req.query, localeOf(req))),
  )

  addRoute(app, shopRoutes.shopListByCustomer, async (req, reply) => {
    const customer = await requireCustomer(req, req.query.customerId)
    const answer = await shop.listAnswer(req.query, localeOf(req), customer?.customerTypeId)
    return sendCached(req, reply, answer, customer ? PRIVATE : {})
  })

  addRoute(app, shopRoutes.shopGet, async (req, reply) =>
    sendCached(req, reply, await shop.productAnswer(req.params.id, localeOf(req))),
  )

  addRoute(app, shopRoutes.shopGetByCustomer, async (req, reply) => {
    const customer = await requireCustomer(req, req.params.customerId)
    const answer = await shop.productAnswer(req.params.id, localeOf(req), customer?.customerTypeId)
    return sendCached(req, reply, answer, customer ? PRIVATE : {})
  })

  addRoute(app, productRoutes.popularProducts, async (req, reply) =>
    sendCached(req, reply, await shop.popularAnswer(localeOf(req))),
  )

  addRoute(app, productRoutes.trendingProducts, async (req, reply) =>
    sendCached(req, reply, await shop.trendingAnswer(localeOf(req))),
  )
}

/** The `/shop/:id` page: the web app with the product's name, description and image in its head. */
export function registerShopPages(app: FastifyInstance, shop: ShopService, indexHtml: IndexHtml) {
  app.get('/shop/:id', { schema: { hide: true } }, async (req: FastifyRequest, reply: FastifyReply) => {
    const id = pageId((req.params as { id: string }).id)
    const product = id ? await shop.findProduct(id, pageLanguage(req)) : undefined
    if (!product) return indexHtml.send(req, reply.status(404))
    return indexHtml.send(req, reply, {
      title: product.name,
      description: plainTextOf(product.description || product.detail),
      image: product.logo,
      canonical: `/shop/${product.id}`,
    })
  })
}
