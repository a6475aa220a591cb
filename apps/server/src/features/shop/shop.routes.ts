import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { paths, productRoutes, shopRoutes } from '@clubhouse/contract/server'
import { requireCustomer } from '../../http/auth.ts'
import { sendCached } from '../../http/cached-answer.ts'
import { addRoute } from '../../http/route.ts'
import { pageId, type Site } from '../../http/site.ts'
import { productData } from '../../http/structured-data.ts'
import { pickLocale } from '../../lib/localised.ts'
import { plainTextOf } from '../../lib/sanitize.ts'
import type { ShopService } from './shop.service.ts'

const localeOf = (req: FastifyRequest) => pickLocale(req.headers['accept-language'])

/** A customer's prices are theirs alone: kept by their browser only, never by a shared cache. */
const PRIVATE = { cacheControl: 'private, no-cache', vary: 'Accept-Language, Authorization' }

/**
 * The shop: its API, the shop and product pages (a product's head names it), the payment result
 * pages, and their site-map entries. A centre without a shop has no shop pages (404) and lists none.
 */
export const shopFeature: FastifyPluginAsync<{ shop: ShopService; site: Site }> = async (
  app,
  { shop, site },
) => {
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

  const hasShop = async () => (await site.defaultSettings())?.hasShop ?? true
  site.page(paths.shop, {
    title: { 'en-US': 'Shop', 'es-ES': 'Tienda' },
    module: 'src/app/routes/shop-page.tsx',
    head: async () => ((await hasShop()) ? {} : undefined),
  })
  site.page(paths.product.pattern, {
    module: 'src/app/routes/product-page.tsx',
    head: async (params, locale, context) => {
      const id = pageId(params.id)
      const product = id && (await hasShop()) ? await shop.findProduct(id, locale) : undefined
      if (!product) return undefined
      const canonical = paths.product.to(product.id)
      return {
        title: product.name,
        description: plainTextOf(product.description || product.detail),
        image: product.logo,
        canonical,
        structuredData: productData(context, product, canonical),
      }
    },
  })
  // Where a payment comes back to (spec 2 §2). TODO(#11): the checkout feature owns them.
  site.page(paths.paymentOk, { module: 'src/app/routes/payment-result-page.tsx' })
  site.page(paths.paymentKo, { module: 'src/app/routes/payment-result-page.tsx' })
  site.siteMap(async () => {
    if (!(await hasShop())) return []
    const products = await shop.productPages()
    return [
      { path: paths.shop },
      ...products.map((p) => ({ path: paths.product.to(p.id), lastmod: p.updatedAt })),
    ]
  })
}
