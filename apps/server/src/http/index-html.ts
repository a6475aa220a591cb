import fs from 'node:fs'
import path from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  BOOT_ELEMENT_ID,
  LANGUAGE_COOKIE,
  LocaleSchema,
  themeCss,
  type BootData,
  type Locale,
  type MainSettings,
} from '@clubhouse/contract'
import { DEFAULT_LANGUAGE } from '@clubhouse/contract'
import type { ContentService } from '../features/content/content.service.ts'

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
}

type Titles = Record<Locale, string>
interface StaticPage {
  match: RegExp
  title?: Titles
  image?: (s: MainSettings) => string
  module?: string
}

/** Static routes of the site with their titles; pages with data (products, posts) resolve their own. */
const STATIC_PAGES: StaticPage[] = [
  { match: /^\/$/, image: (s) => s.headerImage, module: 'src/app/routes/home-page.tsx' },
  {
    match: /^\/privacy$/,
    title: { 'en-US': 'Privacy policy', 'es-ES': 'Política de privacidad' },
    image: (s) => s.headerImage,
    module: 'src/app/routes/legal-page.tsx',
  },
  {
    match: /^\/wayver$/,
    title: { 'en-US': 'Waiver and release', 'es-ES': 'Exención de responsabilidad' },
    module: 'src/app/routes/legal-page.tsx',
  },
  {
    match: /^\/generalConditions$/,
    title: { 'en-US': 'General conditions', 'es-ES': 'Condiciones generales' },
    module: 'src/app/routes/legal-page.tsx',
  },
  {
    match: /^\/cookies$/,
    title: { 'en-US': 'Cookie policy', 'es-ES': 'Política de cookies' },
    module: 'src/app/routes/legal-page.tsx',
  },
  {
    match: /^\/shop$/,
    title: { 'en-US': 'Shop', 'es-ES': 'Tienda' },
    module: 'src/app/routes/shop-page.tsx',
  },
  { match: /^\/blog$/, title: { 'en-US': 'Blog', 'es-ES': 'Blog' }, module: 'src/app/routes/blog-page.tsx' },
  { match: /^\/shop\/\d+$/, module: 'src/app/routes/product-page.tsx' },
  { match: /^\/post\/\d+$/, module: 'src/app/routes/post-page.tsx' },
  { match: /^\/bookingtypes$/, title: { 'en-US': 'Book', 'es-ES': 'Reservar' } },
  {
    match: /^\/demo-mailbox$/,
    title: { 'en-US': 'Demo mailbox', 'es-ES': 'Buzón de demostración' },
    module: 'src/app/routes/demo-mailbox-page.tsx',
  },
]

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
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) return decodeURIComponent(v.join('='))
  }
  return undefined
}

/** The language of a page request: the web app's cookie, else the default (Spanish). */
export function pageLanguage(req: FastifyRequest): Locale {
  const parsed = LocaleSchema.safeParse(readCookie(req.headers.cookie, LANGUAGE_COOKIE))
  return parsed.success ? parsed.data : DEFAULT_LANGUAGE
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
  content: ContentService
  /** Tells the web app that mail is readable at /demo-mailbox (decision 025). */
  demoMailbox?: boolean
}) {
  const file = path.join(opts.webDist, 'index.html')
  const template = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined
  const manifest = readManifest(opts.webDist)

  function preloadsFor(module: string | undefined): string[] {
    if (!module || !manifest) return []
    const links: string[] = []
    const seen = new Set<string>()
    const visit = (key: string) => {
      const chunk = manifest[key]
      if (!chunk || seen.has(key)) return
      seen.add(key)
      links.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`)
      for (const css of chunk.css ?? []) links.push(`<link rel="stylesheet" crossorigin href="/${css}">`)
      for (const dep of chunk.imports ?? []) visit(dep)
    }
    visit(module)
    return links
  }

  function staticMeta(pathname: string, settings: MainSettings, locale: Locale): PageMeta {
    const page = STATIC_PAGES.find((p) => p.match.test(pathname))
    return {
      title: page?.title?.[locale],
      image: page?.image?.(settings),
      module: page?.module,
    }
  }

  async function render(req: FastifyRequest, meta?: PageMeta): Promise<string | undefined> {
    if (!template) return undefined
    const locale = pageLanguage(req)
    const settings = await opts.content.mainSettings(locale)
    const pathname = (req.url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/'
    const page = { ...staticMeta(pathname, settings, locale), ...meta }
    const title = page.title ? `${page.title} · ${settings.name}` : settings.name || 'Clubhouse'
    const description = page.description ?? settings.description
    const url = `${opts.publicUrl}${page.canonical ?? pathname}`
    const absolute = (src: string) =>
      /^https?:\/\//.test(src) ? src : `${opts.publicUrl}${src.startsWith('/') ? '' : '/'}${src}`
    const image = page.image || settings.headerImage
    const boot: BootData = {
      version: opts.version,
      language: locale,
      settings,
      ...(opts.demoMailbox ? { demoMailbox: true } : {}),
    }
    const head = [
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(description)}">`,
      `<link rel="canonical" href="${escapeHtml(url)}">`,
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
      `<style id="cz-theme">${themeCss(settings)}</style>`,
      `<script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptJson(boot)}</script>`,
      page.image
        ? `<link rel="preload" as="image" href="${escapeHtml(page.image)}" fetchpriority="high">`
        : '',
      ...preloadsFor(page.module),
    ]
      .filter(Boolean)
      .join('\n    ')
    return template.replace(HEAD_MARKER, head).replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
  }

  /** Sends the page, or a plain explanation when the web app has not been built. */
  async function send(req: FastifyRequest, reply: FastifyReply, meta?: PageMeta) {
    const html = await render(req, meta)
    reply.header('cache-control', 'no-cache').header('vary', 'Cookie')
    if (html === undefined) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).')
    }
    return reply.type('text/html; charset=utf-8').send(html)
  }

  return { render, send, hasTemplate: template !== undefined }
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
