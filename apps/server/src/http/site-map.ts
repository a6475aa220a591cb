import type { FastifyInstance } from 'fastify'
import { DEFAULT_LANGUAGE } from '@clubhouse/contract'
import type { BlogService } from '../features/blog/blog.service.ts'
import type { ContentService } from '../features/content/content.service.ts'
import type { ShopService } from '../features/shop/shop.service.ts'
import { etagOf, sendCached, type CachedAnswer } from './cached-answer.ts'

/** The id in a page path such as /shop/12 or /post/7; undefined for anything else. */
export function pageId(raw: string): number | undefined {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return undefined
  const id = Number(raw)
  return id <= 2_147_483_647 ? id : undefined
}

/** Public pages with fixed addresses; products and posts are added one by one. */
const STATIC_PATHS = ['/', '/blog', '/privacy', '/wayver', '/generalConditions', '/cookies']
const SHOP_PATH = '/shop'

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  )

/**
 * `/sitemap.xml` (home, shop, blog, legal pages, every product and post, absolute URLs) and
 * `/robots.txt` (everything allowed, the sitemap named). The shop and its products are listed only
 * when the centre has a shop.
 */
export function registerSiteMap(
  app: FastifyInstance,
  deps: { publicUrl: string; content: ContentService; shop: ShopService; blog: BlogService },
) {
  const text = (body: string): CachedAnswer => ({ data: body, body, etag: etagOf(body) })

  // Built per request from the services' cached lists, so it never lags behind them.
  async function sitemap(): Promise<CachedAnswer> {
    const settings = await deps.content.mainSettings(DEFAULT_LANGUAGE).catch(() => undefined)
    const hasShop = settings?.hasShop ?? true
    const [products, posts] = await Promise.all([
      hasShop ? deps.shop.productPages() : [],
      deps.blog.postPages(),
    ])
    const url = (path: string, lastmod?: Date) =>
      `<url><loc>${escapeXml(deps.publicUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`
    const urls = [
      ...STATIC_PATHS.flatMap((p) => (p === '/' && hasShop ? [url(p), url(SHOP_PATH)] : [url(p)])),
      ...products.map((p) => url(`/shop/${p.id}`, p.updatedAt)),
      ...posts.map((p) => url(`/post/${p.id}`, p.updatedAt)),
    ]
    return text(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
    )
  }

  const robots = text(`User-agent: *\nAllow: /\n\nSitemap: ${deps.publicUrl}/sitemap.xml\n`)
  const plain = { vary: '', cacheControl: 'public, max-age=3600' }

  app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) =>
    sendCached(req, reply, await sitemap(), { ...plain, contentType: 'application/xml; charset=utf-8' }),
  )
  app.get('/robots.txt', { schema: { hide: true } }, async (req, reply) =>
    sendCached(req, reply, robots, { ...plain, contentType: 'text/plain; charset=utf-8' }),
  )
}
