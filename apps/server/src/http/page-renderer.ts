import fs from 'node:fs'
import { pathToFileURL } from 'node:url'
import path from 'node:path'
import type { FastifyBaseLogger, FastifyInstance, InjectOptions } from 'fastify'
import { VERSION_HEADER, type Locale, type MainSettings } from '@clubhouse/contract/server'

/** A page rendered on the server: the markup of #root and the query cache it was made from. */
export interface RenderedPage {
  html: string
  state: unknown
}

/** One answer a render read: the call and the ETag it came with (none: it cannot be asked again cheaply). */
export interface PageSource {
  url: string
  etag: string | undefined
}

/** What the web app's server build (apps/web/dist-ssr/entry-server.js) exports. */
interface RendererModule {
  renderPage(request: {
    url: string
    language: Locale
    settings: MainSettings
    api: (url: string, init: RequestInit) => Promise<Response>
  }): Promise<RenderedPage>
}

export interface PageRenderer {
  /**
   * The page at `url` as a visitor sees it, with the answers it was made from; undefined when it
   * could not be rendered (logged).
   */
  render(
    url: string,
    language: Locale,
    settings: MainSettings,
  ): Promise<(RenderedPage & { sources: PageSource[] }) | undefined>
  /** Whether every answer a page was made from is still the same (each asked again with its ETag). */
  unchanged(sources: readonly PageSource[], language: Locale): Promise<boolean>
}

const EMPTY_STATUSES = new Set([101, 204, 205, 304])

/**
 * The web app's renderer, loaded on the first page that needs it (decision 086). Its API calls are
 * answered in-process by `app.inject`: the same routes, schemas and caches a browser's calls reach,
 * as a visitor (no token) and in the page's language. Undefined when the web app's server build is
 * missing (a development server, or the web app not built yet): pages are then rendered in the
 * browser as before.
 */
export function createPageRenderer(opts: {
  /** The web app's server build folder (apps/web/dist-ssr). */
  ssrDist: string
  app: Pick<FastifyInstance, 'inject'>
  log: Pick<FastifyBaseLogger, 'error'>
}): PageRenderer | undefined {
  const entry = path.join(opts.ssrDist, 'entry-server.js')
  if (!fs.existsSync(entry)) return undefined
  let loading: Promise<RendererModule> | undefined
  const load = () => (loading ??= import(pathToFileURL(entry).href) as Promise<RendererModule>)

  const api = (language: Locale, sources: PageSource[]) => async (url: string, init: RequestInit) => {
    const headers: Record<string, string> = {}
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value
    })
    delete headers.authorization
    // The renderer runs the server's own build: no marker to compare, no reload to ask for.
    delete headers[VERSION_HEADER.toLowerCase()]
    headers['accept-language'] = language
    const res = await opts.app.inject({
      method: (init.method ?? 'GET') as InjectOptions['method'],
      url,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    })
    if ((init.method ?? 'GET') === 'GET') {
      const etag = res.headers.etag
      sources.push({ url, etag: res.statusCode === 200 && typeof etag === 'string' ? etag : undefined })
    }
    const answerHeaders = new Headers()
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue
      for (const one of Array.isArray(value) ? value : [value]) answerHeaders.append(name, String(one))
    }
    return new Response(EMPTY_STATUSES.has(res.statusCode) ? null : res.rawPayload, {
      status: res.statusCode,
      headers: answerHeaders,
    })
  }

  return {
    async render(url, language, settings) {
      try {
        const renderer = await load()
        const sources: PageSource[] = []
        const page = await renderer.renderPage({ url, language, settings, api: api(language, sources) })
        return { ...page, sources }
      } catch (err) {
        opts.log.error({ err, url }, 'A page could not be rendered on the server; the browser renders it')
        return undefined
      }
    },

    async unchanged(sources, language) {
      for (const source of sources) {
        if (!source.etag) return false
        const res = await opts.app.inject({
          method: 'GET',
          url: source.url,
          headers: { accept: 'application/json', 'accept-language': language, 'if-none-match': source.etag },
        })
        if (res.statusCode !== 304) return false
      }
      return true
    },
  }
}
