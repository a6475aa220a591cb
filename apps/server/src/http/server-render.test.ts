import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STATE_ELEMENT_ID } from '@clubhouse/contract/server'
import { buildWebIfStale } from '../../../../e2e/support/global-setup.ts'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'
import { both } from '../test/account-fixtures.ts'
import { createTestBlog, createTestShop, saveTestSettings } from '../test/catalogue-fixtures.ts'
import { TEST_MAIN_SETTINGS } from '../test/settings-fixtures.ts'

// Public pages rendered on the server (decision 086), from the real web build: their content is
// in the HTML before any JavaScript runs, nothing a centre's data or an address holds escapes into
// the markup, and a page is rendered once per change, not once per request.

const webDist = fileURLToPath(new URL('../../../web/dist', import.meta.url))

/**
 * Text that would run or break out of an element or attribute if it reached the HTML unescaped
 * (the database keeps no NUL: addresses carry that one, below).
 */
const HOSTILE = `</script><script>alert(1)</script><img src=x onerror=alert(2)>"'\u2028😀 <!--`
const HOSTILE_ADDRESS = `${HOSTILE}\u0000`
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json" id="clubhouse-state">/.exec(
    html,
  )?.[1] ?? ''
const stateOf = (html: string): unknown =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${STATE_ELEMENT_ID}">([^<]*)</script>`).exec(html)?.[1] ??
      'null',
  )

/** What must never appear in a page, whatever the data or the address held. */
function expectNothingEscaped(html: string) {
  expect(html).not.toContain('<script>alert(1)')
  expect(html).not.toContain('<img src=x')
  expect(html).not.toContain('\u0000')
  // Only the page's own scripts: the boot data, the state, the structured data and the app's module.
  const scripts = html.match(/<script\b[^>]*>/g) ?? []
  for (const tag of scripts) expect(tag).toMatch(/type="(application\/json|application\/ld\+json|module)"/)
}

describe('server-rendered pages', () => {
  let t: TestApp
  let productId: number
  let hostileProductId: number
  let postId: number

  beforeAll(async () => {
    // The journeys build the web app the same way; a fresh clone builds it here first.
    buildWebIfStale()
    t = await buildTestApp('pglite', { env: { WEB_DIST: webDist } })
    await saveTestSettings(t.app.services)
    await t.app.services.content.saveSettings('main', { ...TEST_MAIN_SETTINGS, name: `Club ${HOSTILE}` })
    const shop = await createTestShop(t.app.services)
    productId = shop.special.grip
    const [typeId] = shop.typeIds
    const [hostileId] = await t.app.services.shop.createProducts([
      {
        productTypeId: typeId!,
        name: both(`Pala ${HOSTILE}`, `Racket ${HOSTILE}`),
        description: both(HOSTILE, HOSTILE),
        detail: both(`<p>${HOSTILE}</p>`, `<p>${HOSTILE}</p>`),
        grossPriceCents: 1000,
        taxPercent: 21,
        image: '',
        isPopular: true,
      },
    ])
    hostileProductId = hostileId!
    const blog = await createTestBlog(t.app.services)
    postId = blog.postIds[0]!
  }, 180_000)
  afterAll(() => t?.close())

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers })

  it('sends each public page with its content in the HTML, in the language asked for', async () => {
    const product = await get(`/shop/${productId}`)
    expect(product.statusCode).toBe(200)
    const root = rootOf(product.body)
    expect(root).toContain('<h1')
    expect(root).toContain('Añadir al carrito')
    const state = stateOf(product.body) as {
      queries: Array<{ queryKey: unknown[]; state: { status: string } }>
    }
    expect(state.queries.some((q) => q.queryKey[1] === 'product' && q.state.status === 'success')).toBe(true)

    const english = await get(`/shop/${productId}`, { cookie: 'cz-lang=en-US' })
    expect(english.body).toMatch(/<html lang="en-US"/)
    expect(rootOf(english.body)).toContain('Add to cart')

    for (const url of [
      '/',
      '/shop',
      '/blog',
      `/post/${postId}`,
      '/privacy',
      '/wayver',
      '/generalConditions',
      '/cookies',
      '/bookingtypes',
      '/cz/ok',
      '/cz/ko',
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(200)
      expect(rootOf(res.body).length, url).toBeGreaterThan(500)
      expectNothingEscaped(res.body)
    }
  })

  it('answers an unknown product, post or address with 404 and the page that says so', async () => {
    for (const url of ['/shop/999999', '/post/999999', '/no/such/page']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(rootOf(res.body).length, url).toBeGreaterThan(200)
    }
  })

  it('never lets the data or the address reach the markup unescaped, and never answers 500', async () => {
    const product = await get(`/shop/${hostileProductId}`)
    expect(product.statusCode).toBe(200)
    expectNothingEscaped(product.body)
    // The name is shown, as text.
    expect(rootOf(product.body)).toContain('Pala &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
    // The state and the boot data are still JSON a browser can read.
    expect(JSON.stringify(stateOf(product.body))).toContain('alert(1)')

    const addresses = [
      `/shop?search=${encodeURIComponent(HOSTILE_ADDRESS)}`,
      `/shop?page=${encodeURIComponent(HOSTILE_ADDRESS)}&sort=%00`,
      `/blog?page=-1`,
      `/${encodeURIComponent(HOSTILE_ADDRESS)}`,
      '/shop/%00',
      '/post/%F0%9F%98%80',
      '/bookings/%ED%A0%80',
      '/activity/1%22%3E%3Cscript%3E',
      `/privacy?lang=${encodeURIComponent(HOSTILE_ADDRESS)}`,
    ]
    for (const url of addresses) {
      const res = await get(url)
      expect(res.statusCode, url).toBeLessThan(500)
      expectNothingEscaped(res.body)
    }
  })

  it('renders a page once and sends it again until what it shows changes here', async () => {
    const first = await get('/shop')
    const again = await get('/shop')
    expect(again.headers.etag).toBe(first.headers.etag)
    const unchanged = await get('/shop', { 'if-none-match': String(first.headers.etag) })
    expect(unchanged.statusCode).toBe(304)

    await t.app.services.content.saveSettings('main', { ...TEST_MAIN_SETTINGS, name: 'Club Renombrado' })
    const changed = await get('/shop')
    expect(changed.headers.etag).not.toBe(first.headers.etag)
    expect(rootOf(changed.body)).toContain('Club Renombrado')
  })
})
