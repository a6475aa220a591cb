import fs from 'node:fs'
import path from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  BOOT_ELEMENT_ID,
  LANGUAGE_COOKIE,
  LocaleSchema,
  shippedFont,
  STATE_ELEMENT_ID,
  themeCss,
  type BootData,
  type Locale,
  type MainSettings,
} from '@clubhouse/contract/server'
import { etagOf, sendCached, type CachedAnswer } from './cached-answer.ts'
import type { PageRenderer } from './page-renderer.ts'
import { pickLocale } from '../lib/localised.ts'
import {
  absoluteUrl,
  centreData,
  LANGUAGE_PARAM,
  languageUrl,
  pageContext,
  type StructuredData,
} from './structured-data.ts'

const HEAD_MARKER = '<!--app-head-->'

/** What the head says about one page: its title, description, share image and lazy chunk. */
export interface PageMeta {
  title?: string
  description?: string
  /** Image worth preloading and showing on share cards. */
  image?: string
  /** Path of the page's one address (e.g. '/shop/12'); defaults to the requested path. */
  canonical?: string
  /** Open Graph type; defaults to 'website'. */
  type?: 'website' | 'article'
  /** Source path of the page's lazy module in the web build's manifest (e.g. 'src/app/routes/legal-page.tsx'). */
  module?: string
  /** schema.org nodes of what the page shows (decision 089); the centre's is added to every page. */
  structuredData?: StructuredData | StructuredData[]
}

const ROOT_ELEMENT = '<div id="root"></div>'

interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
}

function escapeHtml(text: string): string {
  const entities: Record<string, string> = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#39;',
  }
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c)
}

/** JSON inside a <script> element: `<` escaped so no text can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k !== name) continue
    try {
      return decodeURIComponent(v.join('='))
    } catch {
      return undefined // Not percent-encoding: no value of ours.
    }
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------
// The page's language (decision 089)

/** What `?lang=` may say, lower-cased. */
const LANGUAGE_PARAMS = new Map<string, Locale>([
  ['es', 'es-ES'],
  ['es-es', 'es-ES'],
  ['en', 'en-US'],
  ['en-us', 'en-US'],
])

function queryLanguage(url: string): Locale | undefined {
  const start = url.indexOf('?')
  if (start < 0) return undefined
  const lang = new URLSearchParams(url.slice(start + 1)).get('lang')
  return lang === null ? undefined : LANGUAGE_PARAMS.get(lang.toLowerCase())
}

/**
 * The language of a page request: the address's `?lang=` (the crawlers' way), else the web app's
 * cookie (the visitor's choice), else the browser's Accept-Language on a first visit, else the
 * default (Spanish). A value of none of them is ignored.
 */
export function pageLanguage(req: FastifyRequest): Locale {
  const fromQuery = queryLanguage(req.url)
  if (fromQuery) return fromQuery
  const cookie = LocaleSchema.safeParse(readCookie(req.headers.cookie, LANGUAGE_COOKIE))
  if (cookie.success) return cookie.data
  return pickLocale(req.headers['accept-language'])
}

/**
 * The head's links to the page in each language (the `?lang=` addresses; x-default the plain one,
 * which follows the visitor) and its structured data: the centre and what the page shows. None
 * on a page that answers 404.
 */
function discoveryHead(
  publicUrl: string,
  path: string,
  locale: Locale,
  settings: MainSettings,
  page: PageMeta | undefined,
): string[] {
  if (!page) return []
  const alternates = (Object.keys(LANGUAGE_PARAM) as Locale[]).map(
    (l) =>
      `<link rel="alternate" hreflang="${LANGUAGE_PARAM[l]}" href="${escapeHtml(languageUrl(publicUrl, path, l))}">`,
  )
  const nodes = [centreData(pageContext(publicUrl, settings, locale)), ...[page.structuredData ?? []].flat()]
  return [
    ...alternates,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(publicUrl + path)}">`,
    ...nodes.map((node) => `<script type="application/ld+json">${scriptJson(node)}</script>`),
  ]
}

/**
 * Serves the web app's index.html with its head filled in for the requested page: title,
 * description, canonical and Open Graph tags, the theme as CSS variables, the settings as JSON (so
 * the first paint needs no API round trip) and preload hints for the page's chunk and main image.
 */
export function createIndexHtml(opts: {
  webDist: string
  publicUrl: string
  version: string
  settings: (locale: Locale) => Promise<MainSettings>
  /** Tells the web app that mail is readable at /demo-mailbox (decision 025). */
  demoMailbox?: boolean
  /** Renders public pages on the server; without it every page is rendered in the browser. */
  renderer?: PageRenderer
}) {
  const file = path.join(opts.webDist, 'index.html')
  const template = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined
  const manifest = readManifest(opts.webDist)

  /**
   * The page's lazy module with its imports and styles. On a page rendered on the server the scripts
   * only hydrate what already shows, so they come after what the page shows (its image, its font).
   */
  function preloadsFor(module: string | undefined, behindContent = false): string[] {
    if (!module || !manifest) return []
    const priority = behindContent ? ' fetchpriority="low"' : ''
    const links: string[] = []
    const seen = new Set<string>()
    const visit = (key: string) => {
      const chunk = manifest[key]
      if (!chunk || seen.has(key)) return
      seen.add(key)
      links.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}"${priority}>`)
      for (const css of chunk.css ?? []) links.push(`<link rel="stylesheet" crossorigin href="/${css}">`)
      for (const dep of chunk.imports ?? []) visit(dep)
    }
    visit(module)
    return links
  }

  /**
   * The preload of the font the settings name, when the site ships it (decision 053): the built
   * file of its Latin subset, fetched with the page instead of after the CSS is read.
   */
  function fontPreload(fontFamily: string): string {
    const font = shippedFont(fontFamily)
    if (!font || !manifest) return ''
    const built = Object.entries(manifest).find(([source]) => source.endsWith(`/${font.file}`))?.[1]
    return built
      ? `<link rel="preload" as="font" type="font/woff2" href="/${escapeHtml(built.file)}" crossorigin>`
      : ''
  }

  /**
   * The page's HTML; with `serverRender`, its content rendered on the server with its data
   * (decision 086). Without `meta` the address leads nowhere (404).
   */
  async function render(req: FastifyRequest, meta?: PageMeta): Promise<string | undefined> {
    return (await documentOf(req, meta, false))?.html
  }

  /** The page's HTML, with what its server rendering read (to tell later whether it is still current). */
  async function documentOf(req: FastifyRequest, meta: PageMeta | undefined, serverRender: boolean) {
    if (!template) return undefined
    const locale = pageLanguage(req)
    const settings = await opts.settings(locale)
    const pathname = (req.url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/'
    const page: PageMeta = meta ?? {}
    const title = page.title ? `${page.title} · ${settings.name}` : settings.name || 'Clubhouse'
    const description = page.description ?? settings.description
    // The page's own address: a language's (`?lang=`) when it was asked for by one, else the plain
    // one (x-default, which follows the visitor). Never another language's alternate.
    const url = queryLanguage(req.url)
      ? languageUrl(opts.publicUrl, page.canonical ?? pathname, locale)
      : absoluteUrl(opts.publicUrl, page.canonical ?? pathname)
    const absolute = (src: string) => absoluteUrl(opts.publicUrl, src)
    const image = page.image || settings.headerImage
    const boot: BootData = {
      version: opts.version,
      language: locale,
      settings,
      ...(opts.demoMailbox ? { demoMailbox: true } : {}),
    }
    const rendered =
      serverRender && opts.renderer ? await opts.renderer.render(req.url, locale, settings) : undefined
    const head = [
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(description)}">`,
      `<link rel="canonical" href="${escapeHtml(url)}">`,
      ...discoveryHead(opts.publicUrl, page.canonical ?? pathname, locale, settings, meta),
      `<meta property="og:type" content="${page.type ?? 'website'}">`,
      `<meta property="og:site_name" content="${escapeHtml(settings.name)}">`,
      `<meta property="og:title" content="${escapeHtml(title)}">`,
      `<meta property="og:description" content="${escapeHtml(description)}">`,
      `<meta property="og:url" content="${escapeHtml(url)}">`,
      image ? `<meta property="og:image" content="${escapeHtml(absolute(image))}">` : '',
      `<meta property="og:locale" content="${locale.replace('-', '_')}">`,
      `<meta name="twitter:card" content="summary_large_image">`,
      `<meta name="theme-color" content="${escapeHtml(settings.buttonColor)}">`,
      settings.mainlogo ? `<link rel="icon" href="${escapeHtml(settings.mainlogo)}">` : '',
      fontPreload(settings.fontFamily),
      `<style id="cz-theme">${themeCss(settings)}</style>`,
      `<script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptJson(boot)}</script>`,
      // A page rendered on the server names its images itself (React preloads the ones it marks
      // high priority): only one rendered in the browser is told of its main image here.
      page.image && !rendered
        ? `<link rel="preload" as="image" href="${escapeHtml(page.image)}" fetchpriority="high">`
        : '',
      ...preloadsFor(page.module, rendered !== undefined),
      // The texts of the page's language, which the web app awaits before its first render.
      ...preloadsFor(`src/lib/i18n/${locale}.ts`, rendered !== undefined),
    ]
      .filter(Boolean)
      .join('\n    ')
    const body = rendered
      ? `<div id="root">${rendered.html}</div>\n    <script type="application/json" id="${STATE_ELEMENT_ID}">${scriptJson(rendered.state)}</script>`
      : ROOT_ELEMENT
    const html = template
      .replace(HEAD_MARKER, () => head)
      .replace(ROOT_ELEMENT, () => body)
      .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    return { html, locale, settings, sources: rendered?.sources }
  }

  /**
   * The page rendered on the server, as an answer that can be kept and sent again (compressed once, with its ETag);
   * undefined when the web app has not been built.
   */
  async function answer(
    req: FastifyRequest,
    meta?: PageMeta,
  ): Promise<{ answer: CachedAnswer; unchanged: () => Promise<boolean> } | undefined> {
    const doc = await documentOf(req, meta, true)
    if (!doc) return undefined
    const { html, locale, settings, sources } = doc
    const settingsText = JSON.stringify(settings)
    return {
      answer: { data: html, body: html, etag: etagOf(html) },
      // Still current while the settings and every answer the render read are the same; a page the
      // server could not render is tried again.
      unchanged: async () =>
        sources !== undefined &&
        opts.renderer !== undefined &&
        JSON.stringify(await opts.settings(locale)) === settingsText &&
        (await opts.renderer.unchanged(sources, locale)),
    }
  }

  /** Sends a page made by `answer`: revalidated by its ETag, per language. */
  function sendAnswer(req: FastifyRequest, reply: FastifyReply, page: CachedAnswer) {
    return sendCached(req, reply, page, {
      vary: 'Cookie, Accept-Language',
      contentType: 'text/html; charset=utf-8',
    })
  }

  /** Sends the page, or a plain explanation when the web app has not been built. */
  async function send(req: FastifyRequest, reply: FastifyReply, meta?: PageMeta) {
    const html = await render(req, meta)
    reply.header('cache-control', 'no-cache').header('vary', 'Cookie, Accept-Language')
    if (html === undefined) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).')
    }
    return reply.type('text/html; charset=utf-8').send(html)
  }

  return { render, send, answer, sendAnswer, hasTemplate: template !== undefined }
}

function readManifest(webDist: string): Record<string, ManifestChunk> | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >
  } catch {
    return undefined
  }
}

export type IndexHtml = ReturnType<typeof createIndexHtml>
