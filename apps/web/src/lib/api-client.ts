import {
  ErrorBody,
  EXPIRED_HEADER,
  VERSION_HEADER,
  type RouteBody,
  type RouteDef,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@clubhouse/contract'
import { ApiError } from './api-error.ts'
import { currentPath, openLogin } from './login-prompt.ts'
import { reloadPage } from './reload.ts'
import { clearSession, getLanguage, getToken, getVersionMarker, setVersionMarker } from './storage.ts'

export { ApiError }

type Slot<K extends string, V> = [V] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: V }

/** What a call of `R` takes: path params, query and body exactly as the route's schemas read them. */
export type CallInput<R> = Slot<'params', RouteParams<R>> &
  Slot<'query', RouteQuery<R>> &
  Slot<'body', RouteBody<R>> & { signal?: AbortSignal }

/** How a request leaves: the browser's fetch; the server renderer answers in-process instead. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>

let transport: ApiTransport = (url, init) => fetch(url, init)

/** Replaces how requests leave (server rendering only: the browser always uses fetch). */
export function setApiTransport(next: ApiTransport) {
  transport = next
}

/** The build's own marker, sent until the server names a newer one. */
export const BUILD_VERSION = import.meta.env.VITE_BUILD_VERSION

function buildUrl(path: string, params: unknown, query: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.append(key, String(value))
  }
  const qs = search.toString()
  return qs ? `${filled}?${qs}` : filled
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined
  if (body instanceof FormData) return body
  if (body instanceof URLSearchParams) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8')
    return body
  }
  // The spec's default body: JSON sent as application/json-patch+json (the server accepts both).
  headers.set('Content-Type', 'application/json-patch+json')
  return JSON.stringify(body)
}

/**
 * A new build is running on the server: remember its marker and reload so this tab runs it too.
 * Only once per marker, so a repeated header never loops.
 */
function onExpired(marker: string) {
  if (getVersionMarker() === marker) return
  setVersionMarker(marker)
  reloadPage()
}

/** Whose bearer token a call carries, and what a refusal of it does. */
export interface ApiSession {
  token: () => string | undefined
  /** The server refused the call for want of a session (401) or of rights (403). */
  refused: (status: 401 | 403) => void
}

/**
 * The customer's session (the default): a refused token is forgotten and the login opens, back to
 * this page.
 */
const customerSession: ApiSession = {
  token: getToken,
  refused() {
    if (!getToken()) return
    clearSession()
    openLogin({ mode: 'login', backUrl: currentPath() })
  },
}

/**
 * Calls one route of the contract following the spec's shared call rules (spec 2 §7) and answers
 * the body parsed with the route's response schema. Every failure throws an `ApiError`.
 */
export async function callApi<R extends RouteDef>(
  route: R,
  input: CallInput<R> = {} as CallInput<R>,
  session: ApiSession = customerSession,
): Promise<RouteResponse<R>> {
  const { params, query, body, signal } = input as {
    params?: unknown
    query?: unknown
    body?: unknown
    signal?: AbortSignal
  }
  const headers = new Headers({
    Accept: 'application/json',
    'Accept-Language': getLanguage(),
    [VERSION_HEADER]: getVersionMarker() ?? BUILD_VERSION,
  })
  const token = session.token()
  if (token) headers.set('Authorization', `Bearer ${token}`)

  let response: Response
  try {
    response = await transport(buildUrl(route.path, params, query), {
      method: route.method,
      headers,
      body: encodeBody(body, headers),
      signal,
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError(0, 'network', '')
  }

  const expired = response.headers.get(EXPIRED_HEADER)
  if (expired) onExpired(expired)
  if (response.status === 401 || response.status === 403) session.refused(response.status)

  // An answer that is not JSON (a proxy's error page, an HTML fallback) is a failure.
  if (!/\bjson\b/i.test(response.headers.get('Content-Type') ?? '')) {
    throw new ApiError(response.status, 'not_json', '')
  }
  let json: unknown
  try {
    json = await response.json()
  } catch {
    throw new ApiError(response.status, 'not_json', '')
  }

  if (!response.ok) {
    const error = ErrorBody.safeParse(json)
    if (error.success) {
      const { code, errorMsg, errors, redirect, data } = error.data
      throw new ApiError(response.status, code, errorMsg, errors, redirect, data)
    }
    const errorMsg = (json as { errorMsg?: unknown } | null)?.errorMsg
    throw new ApiError(
      response.status,
      `http_${response.status}`,
      typeof errorMsg === 'string' ? errorMsg : '',
    )
  }

  const parsed = route.response.safeParse(json)
  if (!parsed.success) {
    console.error(`Unexpected answer from ${route.method} ${route.path}`, parsed.error.issues)
    throw new ApiError(response.status, 'bad_response', '')
  }
  return parsed.data as RouteResponse<R>
}
