import { vi } from 'vitest'
import type { z } from 'zod'
import { blogRoutes, homeRoutes, type RouteDef } from '@clubhouse/contract'
import { jsonResponse } from './render.tsx'

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>

/**
 * What the footer of every page asks for (the latest posts, the gallery), answered as a centre
 * without either would answer, unless the test serves them itself: a page test then sees no failed
 * load it did not arrange.
 */
const FOOTER_ROUTES: Record<string, Handler> = {
  [blogRoutes.postsWithUsers.path]: () => contractResponse(blogRoutes.postsWithUsers, []),
  [homeRoutes.fileUploads.path]: () => contractResponse(homeRoutes.fileUploads, { ok: true, data: [] }),
}

/**
 * Stubs the browser's fetch with answers per path. Unknown paths answer 404 with the API's error
 * shape, as the server does. Returns the mock to inspect calls.
 */
export function fakeServer(routes: Record<string, Handler> = {}) {
  const served = { ...FOOTER_ROUTES, ...routes }
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), window.location.origin)
    const handler = served[url.pathname]
    if (handler) return handler(url, init)
    return jsonResponse(
      { ok: false, code: 'not_found', errorMsg: `There is nothing at ${url.pathname}.` },
      { status: 404 },
    )
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/**
 * A success answer of `route`, checked against the route's response schema first: a fake answer
 * the real server could not give fails the test here, not somewhere in the page.
 */
export function contractResponse<R extends RouteDef>(route: R, body: z.input<R['response']>) {
  const parsed = route.response.safeParse(body)
  if (!parsed.success) {
    throw new Error(
      `The fake answer of ${route.method} ${route.path} breaks the contract: ${parsed.error.message}`,
    )
  }
  return jsonResponse(body)
}

/** A refusal in the API's error shape. */
export function errorResponse(
  status: number,
  code: string,
  errorMsg: string,
  errors?: Record<string, string>,
) {
  return jsonResponse({ ok: false, code, errorMsg, ...(errors ? { errors } : {}) }, { status })
}
