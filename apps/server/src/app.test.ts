import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testDatabaseKinds, type TestApp } from './test/build-test-app.ts'
import { saveTestSettings, TEST_LEGAL_SETTINGS } from './test/settings-fixtures.ts'

describe.each(testDatabaseKinds())('the API on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp(kind, { version: 'build-42' })
    await saveTestSettings(t.app.services)
  })
  afterAll(() => t.close())

  it('answers an unknown API path with 404 JSON in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.json()).toEqual({
      ok: false,
      code: 'not_found',
      errorMsg: 'There is nothing at GET /api/no-such-thing.',
    })
  })

  it('answers a wrong method on a known path with 405 JSON naming the methods it takes', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/czconfigs/main-settings' })
    expect(res.statusCode).toBe(405)
    expect(res.headers.allow).toBe('GET, HEAD')
    expect(res.json()).toEqual({
      ok: false,
      code: 'method_not_allowed',
      errorMsg: 'DELETE is not accepted at /api/czconfigs/main-settings; use GET, HEAD.',
    })
  })

  it('tells a client with a stale CzVersion the running build in the Expired header', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/czconfigs/main-settings',
      headers: { CzVersion: 'build-41' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers.expired).toBe('build-42')
  })

  it('sends no Expired header to a client on the running build or without a marker', async () => {
    const same = await t.app.inject({
      method: 'GET',
      url: '/api/czconfigs/main-settings',
      headers: { CzVersion: 'build-42' },
    })
    const none = await t.app.inject({ method: 'GET', url: '/api/czconfigs/main-settings' })
    expect(same.headers.expired).toBeUndefined()
    expect(none.headers.expired).toBeUndefined()
  })

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/czconfigs/main-settings',
        '/api/czconfigs/template',
        '/api/czconfigs/legal-settings',
        '/api/publiccomms/info-request',
      ]),
    )
    expect(doc.paths['/api/publiccomms/info-request'].post.requestBody).toBeTruthy()
  })

  it('sends security headers with a content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/czconfigs/main-settings' })
    expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    const page = await t.app.inject({ method: 'GET', url: '/privacy' })
    expect(page.headers['content-security-policy']).toContain("object-src 'none'")
  })

  it('compresses large answers for clients that accept it', async () => {
    const long = `<h2>Cookies</h2>\n${'<p>Usamos solo las cookies que el sitio necesita para funcionar.</p>\n'.repeat(60)}`
    await t.app.services.content.saveSettings('legal', {
      ...TEST_LEGAL_SETTINGS,
      cookiesPolicy: { 'es-ES': long, 'en-US': long },
    })
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/czconfigs/legal-settings',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(res.headers['content-encoding']).toBe('gzip')
  })

  it('serves uploaded images from the data folder', async () => {
    await fs.mkdir(path.join(t.config.dataDir, 'uploads/test'), { recursive: true })
    await fs.writeFile(
      path.join(t.config.dataDir, 'uploads/test/logo.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
    )
    const res = await t.app.inject({ method: 'GET', url: '/uploads/test/logo.svg' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/)
    expect((await t.app.inject({ method: 'GET', url: '/uploads/test/missing.png' })).statusCode).toBe(404)
    for (const url of ['/uploads/../../etc/passwd', '/uploads/..%2f..%2f..%2fetc%2fpasswd']) {
      const escape = await t.app.inject({ method: 'GET', url })
      expect(escape.statusCode, url).not.toBe(200)
      expect(escape.body, url).not.toContain('root:')
    }
  })

  it('answers a way out of the uploads folder, or to a hidden file there, as nothing there: 404 not_found', async () => {
    await fs.mkdir(path.join(t.config.dataDir, 'uploads/test'), { recursive: true })
    await fs.writeFile(path.join(t.config.dataDir, 'uploads/.hidden'), 'not for anyone')
    for (const url of [
      '/uploads/..%2f..%2f..%2fetc%2fpasswd',
      '/uploads/test/..%2f..%2f..%2fetc/passwd',
      '/uploads/.hidden',
      '/uploads/%00x',
    ]) {
      for (const language of ['en-US', 'es-ES']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': language } })
        expect(res.statusCode, url).toBe(404)
        expect(res.json(), url).toEqual({ ok: false, code: 'not_found', errorMsg: expect.any(String) })
        expect(res.json().errorMsg, url).toMatch(
          language === 'en-US' ? /^There is nothing at GET / : /^No hay nada en GET /,
        )
      }
    }
  })
})

const escaped = (text: string) => text.replace(/&/g, '&amp;')

describe('the web app', () => {
  let t: TestApp
  let webDist: string
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-web-'))
    await fs.mkdir(path.join(webDist, 'assets'))
    await fs.writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><!--app-head--><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
    )
    await fs.writeFile(path.join(webDist, 'assets/index-abc.js'), 'console.log(1)')
    await fs.writeFile(path.join(webDist, 'build-version.txt'), 'web-7\n')
    t = await buildTestApp('pglite', { env: { WEB_DIST: webDist } })
    await saveTestSettings(t.app.services)
  })
  afterAll(async () => {
    await t.close()
    await fs.rm(webDist, { recursive: true, force: true })
  })

  it('fills the head with the title, theme and settings so the first paint needs no API call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/privacy' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    const html = res.body
    const settings = (await t.app.inject({ method: 'GET', url: '/api/czconfigs/main-settings' })).json().data
    expect(html).toContain(`<title>Política de privacidad · ${escaped(settings.name)}</title>`)
    expect(html).toContain(`--cz-button:${settings.buttonColor}`)
    expect(html).toContain('<html lang="es-ES"')
    const boot = /<script type="application\/json" id="clubhouse-boot">(.*?)<\/script>/s.exec(html)
    expect(JSON.parse(boot![1]!)).toMatchObject({ language: 'es-ES', settings: { name: settings.name } })
    expect(html).toContain(`<link rel="preload" as="image" href="${settings.headerImage}"`)
    expect(html).toContain('<meta property="og:title"')
  })

  it('renders the page in the language stored by the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/privacy', headers: { cookie: 'cz-lang=en-US' } })
    expect(res.body).toContain('<title>Privacy policy · ')
    expect(res.body).toContain('<html lang="en-US"')
  })

  it('answers a path that is no page with the app and a 404, the home page titled with the centre name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/some/client/route' })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.body).toContain('clubhouse-boot')
    for (const page of ['/', '/blog', '/privacy', '/account', '/customer-orders/12', '/shop/']) {
      expect((await t.app.inject({ method: 'GET', url: page })).statusCode, page).toBe(200)
    }
    const home = await t.app.inject({ method: 'GET', url: '/' })
    const settings = (await t.app.inject({ method: 'GET', url: '/api/czconfigs/main-settings' })).json().data
    expect(home.body).toContain(`<title>${escaped(settings.name)}</title>`)
    expect(home.headers['cache-control']).toBe('no-cache')
  })

  it('serves hashed assets with long-lived caching and the build marker from the web build', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/czconfigs/main-settings',
      headers: { CzVersion: 'web-6' },
    })
    expect(api.headers.expired).toBe('web-7')
    expect((await t.app.inject({ method: 'GET', url: '/index.html' })).body).not.toContain('<!--app-head-->')
  })
})
