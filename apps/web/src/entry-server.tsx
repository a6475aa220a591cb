// The web app rendered on the server (decision 086): the public pages' HTML with their data, for
// the server to send before any JavaScript runs and for the browser to hydrate (main.tsx).
// Built by `vite build --ssr` into dist-ssr/ and loaded once by the server at start.
import { AsyncLocalStorage } from 'node:async_hooks'
import { Writable } from 'node:stream'
import { StrictMode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { dehydrate, type Query } from '@tanstack/react-query'
import i18next from 'i18next'
import { DOMParser as ServerDomParser } from 'linkedom'
import type { Locale, MainSettings } from '@clubhouse/contract'
import { AppProviders } from './app/providers.tsx'
import { AppRoutes } from './app/router.tsx'
import { setApiTransport, type ApiTransport } from './lib/api-client.ts'
import { enUS } from './lib/i18n/en-US.ts'
import { esES } from './lib/i18n/es-ES.ts'
import { createQueryClient } from './lib/query-client.ts'
import { sentState } from './lib/server-state.ts'

export interface RenderRequest {
  /** Path and query of the page, as requested. */
  url: string
  language: Locale
  settings: MainSettings
  /** Answers the web app's API calls in-process, in the page's language and as a visitor. */
  api: ApiTransport
}

export interface RenderedPage {
  /** The markup of #root. */
  html: string
  /**
   * What the browser hydrates from: the query cache the markup was rendered from (TanStack's
   * dehydrated state) and the time it was rendered at.
   */
  state: unknown
}

// Texts shown from the centre's HTML (excerpts) are read with the browser's DOMParser; on the
// server a small DOM implementation stands in for it.
// It reads whole documents only: a fragment is put in a body, as the browser's parser would.
class FragmentParser {
  parseFromString(html: string, type: 'text/html') {
    return new ServerDomParser().parseFromString(
      `<!doctype html><html><head></head><body>${html}</body></html>`,
      type,
    )
  }
}
globalThis.DOMParser ??= FragmentParser as unknown as typeof DOMParser

/** Each render's calls go through its own request's transport, even when renders overlap. */
const requestApi = new AsyncLocalStorage<ApiTransport>()
setApiTransport((url, init) => {
  const api = requestApi.getStore()
  if (!api) throw new Error(`No page is being rendered for the call of ${url}`)
  return api(url, init)
})

// One catalogue for the process (chunks loaded on demand add their texts to it); each render
// reads it through an instance of its own language.
if (!i18next.isInitialized) {
  void i18next.init({
    lng: 'es-ES',
    fallbackLng: false,
    resources: structuredClone({ 'en-US': { translation: enUS }, 'es-ES': { translation: esES } }),
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  })
}

/** A render that has not finished in this time is abandoned: the page is sent without markup. */
const RENDER_TIMEOUT_MS = 10_000
/** Renders in a row to reach a page whose every query has its answer (queries that wait on others). */
const MAX_PASSES = 4

function renderToText(app: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
        done()
      },
    })
    sink.on('finish', () => {
      clearTimeout(timer)
      resolve(Buffer.concat(chunks).toString('utf8'))
    })
    let failure: unknown
    const stream = renderToPipeableStream(app, {
      // Every boundary is written in place, complete: the page is sent whole (and kept), so nothing
      // is gained by outlining, and the browser needs no inline script to put it together.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => {
        if (failure) {
          clearTimeout(timer)
          reject(failure instanceof Error ? failure : new Error(String(failure)))
        } else stream.pipe(sink)
      },
      onShellError: (error) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
      onError: (error) => {
        failure ??= error
      },
    })
    const timer = setTimeout(
      () => stream.abort(new Error('The page took too long to render')),
      RENDER_TIMEOUT_MS,
    )
  })
}

/** A query a component asked for that has neither run nor been switched off. */
function waitingToRun(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled
  return typeof enabled === 'function' ? enabled(query) : enabled !== false
}

/**
 * Renders the page at `url` as a visitor sees it: renders, runs the queries the components asked
 * for, and renders again until none is left waiting. The data comes from the same query
 * definitions the browser uses, so what the server fetched is what the browser would have.
 */
export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const queryClient = createQueryClient({ server: true })
  const i18n = i18next.cloneInstance({ lng: request.language, initAsync: false })
  // One time for every pass: what depends on the clock reads this one (lib/use-now.ts).
  const renderedAt = Date.now()
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient} settings={request.settings} i18n={i18n} renderedAt={renderedAt}>
        <StaticRouter location={request.url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>
  )
  return requestApi.run(request.api, async () => {
    let html = await renderToText(app)
    for (let pass = 1; pass < MAX_PASSES; pass++) {
      const waiting = queryClient.getQueryCache().getAll().filter(waitingToRun)
      if (waiting.length === 0) break
      await Promise.allSettled(waiting.map((query) => query.fetch()))
      html = await renderToText(app)
    }
    const state = sentState(
      dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' }),
      renderedAt,
    )
    queryClient.clear()
    return { html, state }
  })
}
