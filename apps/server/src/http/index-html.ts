import fs from 'node:fs'
import path from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  BOOT_ELEMENT_ID,
  LANGUAGE_COOKIE,
  LocaleSchema,
  shippedFont,
  themeCss,
  type BootData,
  type Locale,
  type MainSettings,
} from '@clubhouse/contract'
import { DEFAULT_LANGUAGE } from '@clubhouse/contract'

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
  settings: (locale: Locale) => Promise<MainSettings>
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

  async function render(req: FastifyRequest, meta?: PageMeta): Promise<string | undefined> {
    if (!template) return undefined
    const locale = pageLanguage(req)
    const settings = await opts.settings(locale)
    const pathname = (req.url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/'
    const page: PageMeta = meta ?? {}
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
      fontPreload(settings.fontFamily),
      `<style id="cz-theme">${themeCss(settings)}</style>`,
      `<script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptJson(boot)}</script>`,
      page.image
        ? `<link rel="preload" as="image" href="${escapeHtml(page.image)}" fetchpriority="high">`
        : '',
      ...preloadsFor(page.module),
      // The texts of the page's language, which the web app awaits before its first render.
      ...preloadsFor(`src/lib/i18n/${locale}.ts`),
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
