import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_MAIN_SETTINGS } from '../test/settings-fixtures.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../test/build-test-app.ts'
import {
  createTestBlog,
  createTestShop,
  POST_COUNT,
  PRODUCT_COUNT,
  saveTestSettings,
  type ShopFixture,
} from '../test/catalogue-fixtures.ts'
import { pageId } from './site.ts'

const headOf = (html: string) => /<head>(.*)<\/head>/s.exec(html)?.[1] ?? ''
const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`).exec(html)?.[1]

describe('page ids', () => {
  it('accepts positive integer ids only', () => {
    expect(pageId('12')).toBe(12)
    for (const raw of ['0', '-1', '01', '1.5', 'abc', '12abc', '99999999999', ''])
      expect(pageId(raw), raw).toBeUndefined()
  })
})

describe.each(testDatabaseKinds())('sitemap and robots on %s', (kind) => {
  let t: TestApp
  let shop: ShopFixture
  let blog: Awaited<ReturnType<typeof createTestBlog>>
  beforeAll(async () => {
    t = await buildTestApp(kind)
    await saveTestSettings(t.app.services)
    shop = await createTestShop(t.app.services)
    blog = await createTestBlog(t.app.services)
  })
  afterAll(() => t.close())

  it('lists the public pages, every product and every post with absolute URLs, in both languages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/application\/xml/)
    // The Spanish address of each page (its English one is beside it; discovery.test.ts).
    const locs = [...res.body.matchAll(/<loc>([^<]+)\?lang=es<\/loc>/g)].map((m) => m[1])
    for (const page of ['/', '/shop', '/blog', '/privacy', '/wayver', '/generalConditions', '/cookies'])
      expect(locs).toContain(`http://test.local${page}`)
    expect(locs).toContain(`http://test.local/shop/${shop.special.grip}`)
    expect(locs).toContain(`http://test.local/post/${blog.postIds[0]}`)
    expect(locs.filter((l) => l!.includes('/shop/'))).toHaveLength(PRODUCT_COUNT)
    expect(locs.filter((l) => l!.includes('/post/'))).toHaveLength(POST_COUNT)
    expect(res.body.match(/<loc>[^<]+\?lang=en<\/loc>/g)).toHaveLength(locs.length)
    // Testimonials and team members have no page of their own.
    expect(locs).not.toContain(`http://test.local/post/${blog.teamIds[0]}`)
    expect(res.body).toMatch(/<lastmod>2025-/)
    const again = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { 'if-none-match': res.headers.etag as string },
    })
    expect(again.statusCode).toBe(304)
  })

  it('leaves the shop out of the sitemap when the centre has no shop', async () => {
    await t.app.services.content.saveSettings('main', { ...TEST_MAIN_SETTINGS, hasShop: false })
    const body = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body
    expect(body).not.toContain('/shop')
    expect(body).toContain('/post/')
    await t.app.services.content.saveSettings('main', TEST_MAIN_SETTINGS)
  })

  it('allows every crawler (but on the private pages; discovery.test.ts) and names the sitemap in robots.txt', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/plain/)
    expect(res.body).toMatch(/^User-agent: \*\n(?:Disallow: \/.*\n)*Allow: \/\n/)
    expect(res.body).toContain('Sitemap: http://test.local/sitemap.xml')
  })
})

describe('product and post pages', () => {
  let t: TestApp
  let webDist: string
  let shop: ShopFixture
  let blog: Awaited<ReturnType<typeof createTestBlog>>
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-web-'))
    await fs.writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><!--app-head--></head><body><div id="root"></div></body></html>',
    )
    t = await buildTestApp('pglite', { env: { WEB_DIST: webDist } })
    await saveTestSettings(t.app.services)
    shop = await createTestShop(t.app.services)
    blog = await createTestBlog(t.app.services)
  })
  afterAll(async () => {
    await t.close()
    await fs.rm(webDist, { recursive: true, force: true })
  })

  it("fills the head of /shop/{id} with the product's title, description, image and canonical URL", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/shop/${shop.special.grip}?utm_source=x`,
      headers: { cookie: 'cz-lang=en-US' },
    })
    expect(res.statusCode).toBe(200)
    const head = headOf(res.body)
    expect(head).toContain(
      `<title>Carbon Pro Racket · ${TEST_MAIN_SETTINGS.name.replace('&', '&amp;')}</title>`,
    )
    expect(meta(head, 'description')).toBe('Power racket for advanced players.')
    expect(meta(head, 'og:title')).toContain('Carbon Pro Racket')
    expect(meta(head, 'og:image')).toBe('https://cdn.example.com/p.png')
    expect(head).toContain(`<link rel="canonical" href="http://test.local/shop/${shop.special.grip}">`)
    expect(meta(head, 'og:url')).toBe(`http://test.local/shop/${shop.special.grip}`)
    const spanish = await t.app.inject({ method: 'GET', url: `/shop/${shop.special.grip}` })
    expect(spanish.body).toContain('<title>Pala Carbono Pro · ')
  })

  it('makes the share image of a product without image an absolute URL of the main logo', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/shop/${shop.plainIds[1]}` })
    expect(meta(headOf(res.body), 'og:image')).toBe(`http://test.local${TEST_MAIN_SETTINGS.mainlogo}`)
  })

  it("fills the head of /post/{id} with the post's title, summary, image and canonical URL", async () => {
    const id = blog.postIds[9]!
    const res = await t.app.inject({
      method: 'GET',
      url: `/post/${id}?ref=home`,
      headers: { cookie: 'cz-lang=en-US' },
    })
    expect(res.statusCode).toBe(200)
    const head = headOf(res.body)
    expect(head).toContain('<title>Spring tournament · ')
    expect(meta(head, 'description')).toBe('Tournaments')
    expect(meta(head, 'og:type')).toBe('article')
    expect(meta(head, 'og:image')).toBe('http://test.local/uploads/demo/posts/post-10.svg')
    expect(head).toContain(`<link rel="canonical" href="http://test.local/post/${id}">`)
  })

  it("fills the head of /activity/{id} with the activity's name, description and poster", async () => {
    const [id] = await t.app.services.activities.createActivities([
      {
        name: { 'es-ES': 'Campus de pádel', 'en-US': 'Padel camp' },
        description: { 'es-ES': '<p>Tres días</p>', 'en-US': '<p>Three days of padel</p>' },
        poster: 'test/camp.svg',
        startsAt: new Date(Date.now() + 86_400_000),
        endsAt: new Date(Date.now() + 2 * 86_400_000),
      },
    ])
    const res = await t.app.inject({
      method: 'GET',
      url: `/activity/${id}`,
      headers: { cookie: 'cz-lang=en-US' },
    })
    expect(res.statusCode).toBe(200)
    const head = headOf(res.body)
    expect(head).toContain('<title>Padel camp · ')
    expect(meta(head, 'description')).toBe('Three days of padel')
    expect(head).toContain(`<link rel="canonical" href="http://test.local/activity/${id}">`)
    const missing = await t.app.inject({ method: 'GET', url: '/activity/999999' })
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain('<div id="root">')
  })

  it('answers the app with 404 for a product or post that does not exist', async () => {
    for (const url of [
      '/shop/999999',
      '/shop/abc',
      '/shop/-1',
      '/post/999999',
      `/post/${blog.testimonialIds[0]}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type'], url).toMatch(/text\/html/)
      expect(res.body, url).toContain('<div id="root">')
    }
  })
})

describe("the page head's preloads from the web build: the centre's font, the texts of the page's language", () => {
  let t: TestApp
  let webDist: string
  const fontFile = 'assets/inter-latin-wght-normal-Dx4kXJAl.woff2'
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-web-'))
    await fs.writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><!--app-head--></head><body><div id="root"></div></body></html>',
    )
    // What the web build's manifest says of the font (Vite lists the assets its CSS refers to).
    await fs.mkdir(path.join(webDist, '.vite'))
    await fs.writeFile(
      path.join(webDist, '.vite/manifest.json'),
      JSON.stringify({
        '../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2': {
          file: fontFile,
          src: '../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
        },
        'index.html': { file: 'assets/index-abc.js', isEntry: true, css: ['assets/index-abc.css'] },
        'src/lib/i18n/en-US.ts': { file: 'assets/en-US-abc.js', isDynamicEntry: true },
        'src/lib/i18n/es-ES.ts': { file: 'assets/es-ES-abc.js', isDynamicEntry: true },
      }),
    )
    t = await buildTestApp('pglite', { env: { WEB_DIST: webDist } })
  })
  afterAll(async () => {
    await t.close()
    await fs.rm(webDist, { recursive: true, force: true })
  })

  const head = async () => headOf((await t.app.inject({ method: 'GET', url: '/' })).body)

  it('preloads the font the site ships when the settings name it, and puts it first in the theme', async () => {
    await saveTestSettings(t.app.services)
    expect(TEST_MAIN_SETTINGS.fontFamily).toBe('Inter')
    const html = await head()
    expect(html).toContain(`<link rel="preload" as="font" type="font/woff2" href="/${fontFile}" crossorigin>`)
    expect(html).toContain("--cz-font:'Inter', 'Inter Fallback', system-ui")
  })

  it("preloads the texts of the page's language only, which the web app awaits before its first render", async () => {
    const english = headOf(
      (await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'cz-lang=en-US' } })).body,
    )
    expect(english).toContain('<link rel="modulepreload" crossorigin href="/assets/en-US-abc.js">')
    expect(english).not.toContain('es-ES-abc.js')
    // Without the language cookie the page is Spanish.
    const spanish = await head()
    expect(spanish).toContain('<link rel="modulepreload" crossorigin href="/assets/es-ES-abc.js">')
    expect(spanish).not.toContain('en-US-abc.js')
  })

  it('asks for no font file when the settings name a font the site does not ship', async () => {
    await t.app.services.content.saveSettings('main', { ...TEST_MAIN_SETTINGS, fontFamily: 'Comic Neue' })
    const html = await head()
    expect(html).not.toContain('as="font"')
    expect(html).toContain('--cz-font:Comic Neue, system-ui')
    await t.app.services.content.saveSettings('main', TEST_MAIN_SETTINGS)
  })
})
