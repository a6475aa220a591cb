import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { commsRoutes, contentRoutes, defineRoute, okData } from '@clubhouse/contract'
import { jsonResponse, testSettings } from '../test/render.tsx'
import { ApiError, callApi } from './api-client.ts'
import { getLoginPrompt } from './login-prompt.ts'
import { reloadPage } from './reload.ts'
import {
  getCustomer,
  getToken,
  getVersionMarker,
  saveSession,
  setLanguage,
  setVersionMarker,
} from './storage.ts'

const settingsAnswer = { ok: true, data: testSettings }
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>

function answer(response: Response | (() => Response)) {
  fetchMock.mockImplementation(async () => (typeof response === 'function' ? response() : response))
}

function sentRequest(call = 0) {
  const [url, init] = fetchMock.mock.calls[call] ?? []
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) }
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>()
  vi.stubGlobal('fetch', fetchMock)
  window.history.replaceState(null, '', '/')
})

afterEach(() => {
  document.cookie = 'cz-lang=; path=/; max-age=0'
})

describe('callApi', () => {
  it('sends Accept JSON, the language and the build marker when none is stored', async () => {
    answer(jsonResponse(settingsAnswer))
    setLanguage('en-US')

    const result = await callApi(contentRoutes.mainSettings)

    expect(result.data.name).toBe('Club Mistral')
    const { url, headers } = sentRequest()
    expect(url).toBe('/api/czconfigs/main-settings')
    expect(headers.get('Accept')).toBe('application/json')
    expect(headers.get('Accept-Language')).toBe('en-US')
    expect(headers.get('CzVersion')).toBe('test-build')
    expect(headers.has('Authorization')).toBe(false)
  })

  it('sends the stored token and the stored version marker', async () => {
    answer(jsonResponse(settingsAnswer))
    saveSession('secret-token', { id: 7 }, Date.now() + 60_000)
    setVersionMarker('v-stored')

    await callApi(contentRoutes.mainSettings)

    expect(sentRequest().headers.get('Authorization')).toBe('Bearer secret-token')
    expect(sentRequest().headers.get('CzVersion')).toBe('v-stored')
  })

  it('fills path parameters and the query, and sends JSON bodies', async () => {
    const route = defineRoute({
      method: 'POST',
      path: '/api/things/:customerId/:id',
      summary: 'test',
      tags: [],
      params: z.object({ customerId: z.number(), id: z.string() }),
      query: z.object({ count: z.number(), skip: z.number().optional() }),
      body: z.object({ name: z.string() }),
      response: okData(z.number()),
    })
    answer(jsonResponse({ ok: true, data: 3 }))

    const result = await callApi(route, {
      params: { customerId: 4, id: 'a/b' },
      query: { count: 2 },
      body: { name: 'Ana' },
    })

    expect(result.data).toBe(3)
    const { url, init, headers } = sentRequest()
    expect(url).toBe('/api/things/4/a%2Fb?count=2')
    expect(init.method).toBe('POST')
    expect(headers.get('Content-Type')).toBe('application/json-patch+json')
    expect(init.body).toBe('{"name":"Ana"}')
  })

  it('stores the new marker and reloads once when the answer says Expired', async () => {
    answer(() => jsonResponse(settingsAnswer, { headers: { Expired: 'v2' } }))

    await callApi(contentRoutes.mainSettings)
    expect(getVersionMarker()).toBe('v2')
    expect(reloadPage).toHaveBeenCalledTimes(1)

    await callApi(contentRoutes.mainSettings)
    expect(sentRequest(1).headers.get('CzVersion')).toBe('v2')
    expect(reloadPage).toHaveBeenCalledTimes(1)
  })

  it('forgets the session and opens the login on 401 when a token was stored', async () => {
    saveSession('old-token', { id: 7 }, Date.now() + 60_000)
    window.history.replaceState(null, '', '/customer-orders?page=2')
    answer(
      jsonResponse({ ok: false, code: 'unauthorized', errorMsg: 'Please log in again.' }, { status: 401 }),
    )

    const error = await callApi(contentRoutes.mainSettings).catch((e: unknown) => e)

    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(401)
    expect(getToken()).toBeUndefined()
    expect(getCustomer()).toBeUndefined()
    expect(getLoginPrompt()).toMatchObject({ open: true, mode: 'login', backUrl: '/customer-orders?page=2' })
  })

  it('treats 403 like 401', async () => {
    saveSession('old-token', { id: 7 }, Date.now() + 60_000)
    answer(jsonResponse({ ok: false, code: 'forbidden', errorMsg: 'Not yours.' }, { status: 403 }))

    await expect(callApi(contentRoutes.mainSettings)).rejects.toMatchObject({
      status: 403,
      code: 'forbidden',
    })
    expect(getToken()).toBeUndefined()
    expect(getLoginPrompt().open).toBe(true)
  })

  it('does nothing more on 401 when no token was stored', async () => {
    answer(jsonResponse({ ok: false, code: 'unauthorized', errorMsg: 'Please log in.' }, { status: 401 }))

    await expect(callApi(contentRoutes.mainSettings)).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
    })
    expect(getLoginPrompt().open).toBe(false)
    expect(reloadPage).not.toHaveBeenCalled()
  })

  it('counts an answer that is not JSON as a failure', async () => {
    answer(
      new Response('<!doctype html><title>Gateway</title>', {
        status: 200,
        headers: { 'Content-Type': 'text/html' },
      }),
    )

    await expect(callApi(contentRoutes.mainSettings)).rejects.toMatchObject({ code: 'not_json', status: 200 })
  })

  it('counts a broken JSON body as a failure', async () => {
    answer(new Response('{"ok":tru', { status: 200, headers: { 'Content-Type': 'application/json' } }))

    await expect(callApi(contentRoutes.mainSettings)).rejects.toMatchObject({ code: 'not_json' })
  })

  it("passes the server's code, message and field errors to the caller", async () => {
    answer(
      jsonResponse(
        {
          ok: false,
          code: 'validation',
          errorMsg: 'Check the field "email"',
          errors: { email: 'Enter a valid email address' },
        },
        { status: 400 },
      ),
    )

    const error = await callApi(commsRoutes.infoRequest, { body: { email: 'ana@', question: 'Hi' } }).catch(
      (e: unknown) => e,
    )

    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      code: 'validation',
      errorMsg: 'Check the field "email"',
      errors: { email: 'Enter a valid email address' },
    })
  })

  it('fails when the answer does not match the route', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    answer(jsonResponse({ ok: true, data: { name: 'only a name' } }))

    await expect(callApi(contentRoutes.mainSettings)).rejects.toMatchObject({ code: 'bad_response' })
  })

  it('reports a lost connection as a network failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))

    await expect(callApi(contentRoutes.mainSettings)).rejects.toMatchObject({ code: 'network', status: 0 })
  })
})
