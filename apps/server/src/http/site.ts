import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  DEFAULT_LANGUAGE,
  loginRequiredPatterns,
  pagePatterns,
  paths,
  serverRenderedPatterns,
  type Locale,
  type MainSettings,
} from '@clubhouse/contract/server'
import { AppError } from '../lib/app-error.ts'
import { etagOf, sendCached, type CachedAnswer } from './cached-answer.ts'
import { refuseOtherMethods } from './errors.ts'
import { createIndexHtml, pageLanguage, type PageMeta } from './index-html.ts'
import { createPageCache, type KeptPage } from './page-cache.ts'
import type { PageRenderer } from './page-renderer.ts'
import { LANGUAGE_PARAM, languageUrl, pageContext, type PageContext } from './structured-data.ts'

/** A title in each language. */
export type Titles = Record<Locale, string>

/** What a feature says about one of its pages. */
export interface PageDef {
  /** The page's title when it has a fixed one (pages with data give theirs in `head`). */
  title?: Titles
  /** Image worth preloading and showing on share cards. */
  image?: (settings: MainSettings) => string
  /** Source path of the page's lazy module in the web build's manifest (e.g. 'src/app/routes/shop-page.tsx'). */
  module?: string
  /**
   * The head of one address of the page from its path parameters: title, description, image of the
   * product or post it shows, and its structured data (`context` builds its addresses). Undefined
   * when there is nothing there: the page answers 404.
   */
  head?: (
    params: Record<string, string>,
    locale: Locale,
    context: PageContext,
  ) => Promise<PageMeta | undefined>
}

/** One address of the site map. */
export interface SiteMapUrl {
  path: string
  lastmod?: Date
}

/** The 404 of an address that leads nowhere. */
const nothingAt = (req: FastifyRequest) =>
  new AppError('not_found', `There is nothing at ${req.method} ${req.url.split('?')[0] ?? '/'}.`)

/** The id in a page path such as /shop/12 or /post/7; undefined for anything else. */
export function pageId(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return undefined
  const id = Number(raw)
  return id <= 2_147_483_647 ? id : undefined
}

/**
 * Pages crawlers are kept out of (robots.txt): the customer's own pages, those of a link mailed to
 * one customer, the cart and where payments come back to.
 */
export const PRIVATE_PATTERNS: readonly string[] = [
  ...loginRequiredPatterns,
  paths.resetPassword.pattern,
  paths.activate.pattern,
  paths.confirmEmail.pattern,
  paths.passwordChanged,
  paths.checkout,
  paths.paymentOk,
  paths.paymentKo,
  paths.stripeCallback,
  paths.netpayCallback,
  paths.demoMailbox,
  paths.staff,
  paths.staffPages.pattern,
]

/** The robots.txt rule of a page pattern: its path up to its first parameter. */
const disallowed = (pattern: string) => pattern.replace(/:.*$/, '')

/** robots.txt: every crawler welcome but on the private pages; the site map named. */
function robotsText(publicUrl: string): string {
  const prefixes = [...new Set(PRIVATE_PATTERNS.map(disallowed))]
  // A rule another one's prefix covers says nothing more (`/customer-orders/` under `/customer-orders`).
  const rules = prefixes
    .filter((p) => !prefixes.some((q) => q !== p && p.startsWith(q)))
    .map((p) => `Disallow: ${p}`)
  // The rules before `Allow: /`: a crawler that takes the first rule that matches reads them too.
  return `User-agent: *\n${rules.join('\n')}\nAllow: /\n\nSitemap: ${publicUrl}/sitemap.xml\n`
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  )

/**
 * The site around the API: the pages of the web app, each claimed by the feature that owns it with
 * what its head says, the site map fed by the same features, robots.txt, uploaded files and the built
 * web app. A path that is no claimed page answers the web app's not-found page with a 404, never a
 * soft 200. The list of pages is the contract's (`paths`): a feature cannot claim a page that is not
 * in it.
 */
export function createSite(opts: {
  webDist: string
  dataDir: string
  publicUrl: string
  version: string
  settings: (locale: Locale) => Promise<MainSettings>
  /** Tells the web app that mail is readable at /demo-mailbox (decision 025). */
  demoMailbox: boolean
  /** Renders the public pages on the server (decision 086); without it the browser renders every page. */
  renderer?: PageRenderer
  /** How long a rendered page is sent again before it is made anew (changes made here remake it at once). */
  pagesTtlMs?: number
}) {
  const indexHtml = createIndexHtml(opts)
  const pageCache = createPageCache({ ttlMs: opts.pagesTtlMs ?? 1_000 })
  const pages = new Map<string, PageDef>()
  const siteMapSources: Array<() => Promise<SiteMapUrl[]>> = []

  /** Claims a page of the contract's list for the calling feature. */
  function page(pattern: string, def: PageDef = {}) {
    if (!pagePatterns.includes(pattern))
      throw new Error(`${pattern} is not a page of the site (contract paths)`)
    if (pages.has(pattern)) throw new Error(`${pattern} is claimed twice`)
    pages.set(pattern, def)
  }

  /** Adds addresses to the site map; `source` runs per request, from the features' cached lists. */
  function siteMap(source: () => Promise<SiteMapUrl[]>) {
    siteMapSources.push(source)
  }

  async function sitemapAnswer(): Promise<CachedAnswer> {
    const lists = await Promise.all(siteMapSources.map((source) => source()))
    const locales = Object.keys(LANGUAGE_PARAM) as Locale[]
    // Each page once per language, each naming all of them (Google's hreflang in sitemaps).
    const urls = lists.flat().flatMap((u) => {
      const links = [
        ...locales.map(
          (l) =>
            `<xhtml:link rel="alternate" hreflang="${LANGUAGE_PARAM[l]}" href="${escapeXml(languageUrl(opts.publicUrl, u.path, l))}"/>`,
        ),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(opts.publicUrl + u.path)}"/>`,
      ].join('')
      const lastmod = u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''
      return locales.map(
        (l) => `<url><loc>${escapeXml(languageUrl(opts.publicUrl, u.path, l))}</loc>${lastmod}${links}</url>`,
      )
    })
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
    return { data: body, body, etag: etagOf(body) }
  }

  /**
   * Sends a server-rendered page (decision 086) kept per address and language: made once per change,
   * not once per request; an unbuilt web app answers as `send` does.
   */
  async function sendRendered(
    req: FastifyRequest,
    reply: FastifyReply,
    make: (locale: Locale) => Promise<{ status: number; meta?: PageMeta }>,
  ) {
    const locale = pageLanguage(req)
    const page = await pageCache.get(`${locale} ${req.url}`, async (): Promise<KeptPage | undefined> => {
      const { status, meta } = await make(locale)
      const made = await indexHtml.answer(req, meta)
      return made && { status, ...made }
    })
    if (!page) return indexHtml.send(req, reply)
    return indexHtml.sendAnswer(req, reply.status(page.status), page.answer)
  }

  function sendPage(pattern: string, def: PageDef) {
    const metaOf = async (req: FastifyRequest, locale: Locale) => {
      const settings = await opts.settings(locale)
      const fixed: PageMeta = { title: def.title?.[locale], image: def.image?.(settings), module: def.module }
      if (!def.head) return { status: 200, meta: fixed }
      const context = pageContext(opts.publicUrl, settings, locale)
      const found = await def.head(req.params as Record<string, string>, locale, context)
      return found ? { status: 200, meta: { ...fixed, ...found } } : { status: 404 }
    }
    if (serverRenderedPatterns.includes(pattern)) {
      return (req: FastifyRequest, reply: FastifyReply) =>
        sendRendered(req, reply, (locale) => metaOf(req, locale))
    }
    return async (req: FastifyRequest, reply: FastifyReply) => {
      const { status, meta } = await metaOf(req, pageLanguage(req))
      return indexHtml.send(req, reply.status(status), meta)
    }
  }

  /** Registers the pages, the site map, robots.txt, files and the not-found rule: call it last. */
  async function mount(app: FastifyInstance) {
    for (const [pattern, def] of pages) {
      app.get(pattern, { schema: { hide: true } }, sendPage(pattern, def))
      // `/shop/` is the shop page as much as `/shop` is (an optional last parameter takes both).
      if (pattern !== '/' && !pattern.endsWith('?') && !pattern.endsWith('*')) {
        app.get(`${pattern}/`, { schema: { hide: true } }, sendPage(pattern, def))
      }
    }

    const robotsBody = robotsText(opts.publicUrl)
    const robots: CachedAnswer = { data: robotsBody, body: robotsBody, etag: etagOf(robotsBody) }
    const plain = { vary: '', cacheControl: 'public, max-age=3600' }
    app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) =>
      sendCached(req, reply, await sitemapAnswer(), {
        ...plain,
        contentType: 'application/xml; charset=utf-8',
      }),
    )
    app.get('/robots.txt', { schema: { hide: true } }, async (req, reply) =>
      sendCached(req, reply, robots, { ...plain, contentType: 'text/plain; charset=utf-8' }),
    )

    const uploadsDir = path.join(opts.dataDir, 'uploads')
    fs.mkdirSync(uploadsDir, { recursive: true })
    await app.register(async (uploads) => {
      // A path that climbs out of the folder (`..`), is not written plainly, or names a hidden file
      // names nothing served here: 404 as for a missing file, not a refusal (decision 073).
      uploads.setErrorHandler((err: { statusCode?: number }, req) => {
        if (err.statusCode === 403) throw nothingAt(req)
        throw err
      })
      await uploads.register(fastifyStatic, {
        root: uploadsDir,
        prefix: '/uploads/',
        decorateReply: false,
        index: false,
        dotfiles: 'deny',
        cacheControl: false,
        setHeaders: (reply) => void reply.header('cache-control', 'public, max-age=86400'),
      })
    })
    if (fs.existsSync(path.join(opts.webDist, 'index.html'))) {
      await app.register(fastifyStatic, {
        root: opts.webDist,
        prefix: '/',
        wildcard: false,
        index: false,
        dotfiles: 'ignore',
        cacheControl: false,
        allowedPath: (pathname) => pathname !== '/index.html' && !pathname.startsWith('/.vite'),
        // Hashed assets never change under their name; everything else is revalidated hourly.
        setHeaders: (reply, filePath) =>
          void reply.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=3600',
          ),
      })
    }

    app.setNotFoundHandler(async (req, reply) => {
      const pathname = req.url.split('?')[0] ?? '/'
      const isPage =
        (req.method === 'GET' || req.method === 'HEAD') &&
        !pathname.startsWith('/api/') &&
        pathname !== '/api' &&
        !pathname.startsWith('/uploads/') &&
        !pathname.startsWith('/assets/')
      // The web app shows its not-found page; crawlers read the status.
      if (isPage) return sendRendered(req, reply, async () => ({ status: 404 }))
      refuseOtherMethods(req, reply, pathname)
      throw nothingAt(req)
    })
  }

  /** The centre's settings in the default language, for features that decide what they list. */
  const defaultSettings = () => opts.settings(DEFAULT_LANGUAGE).catch(() => undefined)

  return { page, siteMap, mount, indexHtml, defaultSettings }
}

export type Site = ReturnType<typeof createSite>
