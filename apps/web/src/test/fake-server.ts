import { vi } from 'vitest'
import { jsonResponse } from './render.tsx'

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>

/**
 * Stubs the browser's fetch with answers per path. Unknown paths answer 404 with the API's error
 * shape, as the server does. Returns the mock to inspect calls.
 */
export function fakeServer(routes: Record<string, Handler> = {}) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), window.location.origin)
    const handler = routes[url.pathname]
    if (handler) return handler(url, init)
    return jsonResponse(
      { ok: false, code: 'not_found', errorMsg: `There is nothing at ${url.pathname}.` },
      { status: 404 },
    )
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}
