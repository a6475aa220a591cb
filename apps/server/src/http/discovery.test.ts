import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../test/build-test-app.ts'
import {
  createTestBlog,
  createTestShop,
  saveTestSettings,
  type ShopFixture,
} from '../test/catalogue-fixtures.ts'
import { TEST_MAIN_SETTINGS } from '../test/settings-fixtures.ts'
import { scriptJson } from './index-html.ts'

/**
 * What search engines and share cards read of the site (decision 089): the structured data of each
 * page, the language a page is rendered in and its links to the other one, the sitemap's language
 * alternates and what robots.txt keeps crawlers out of.
 */

const SITE = 'http://test.local'
const HOSTILE_NAME = '</script><script>alert(1)</script> <!-- "quoted" & \u2028 \'end\''
const both = (es: string, en: string) => ({ 'es-ES': es, 'en-US': en })
const DAY_MS = 86_400_000

const headOf = (html: string) => /<head>(.*)<\/head>/s.exec(html)?.[1] ?? ''
const htmlLang = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1]
const bootLanguage = (html: string) =>
  (
    JSON.parse(/<script type="application\/json" id="clubhouse-boot">(.*?)<\/script>/s.exec(html)![1]!) as {
      language: string
    }
  ).language

/** The answer to a request written as it is, with no encoding of its target. */
function rawGet(address: string, target: string): Promise<string> {
  const { hostname, port } = new URL(address)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () =>
      socket.end(`GET ${target} HTTP/1.1\r\nHost: test.local\r\nConnection: close\r\n\r\n`),
    )
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    socket.on('error', reject)
  })
}

type Node = Record<string, unknown> & { '@type': string }

/**
 * The text of each JSON-LD element as an HTML parser ends it (at the first `</script`), checked to
 * hold no `<` at all, so no data can end the element or start another; parsed as JSON.
 */
function jsonLd(html: string): Node[] {
  const texts = [...headOf(html).matchAll(/<script type="application\/ld\+json">(.*?)<\/script/gis)].map(
    (m) => m[1]!,
  )
  for (const text of texts) expect(text).not.toContain('<')
  return texts.map((text) => JSON.parse(text) as Node)
}
const nodeOf = (html: string, type: string) => {
  const found = jsonLd(html).filter((n) => n['@type'] === type)
  expect(found, type).toHaveLength(1)
  return found[0]!
}
const linkHref = (html: string, attrs: string) =>
  new RegExp(`<link ${attrs} href="([^"]*)">`).exec(headOf(html))?.[1]

describe('JSON in the head', () => {
  it('holds any text, NUL and lone surrogates included, without a character that could end its element', () => {
    const texts = [HOSTILE_NAME, 'a\u0000b', 'lone \ud800 high', 'lone \udc00 low', '<!--<script>', '\u2029']
    for (const text of texts) {
      const written = scriptJson({ name: text })
      for (const c of ['<', '\u0000', '\u2028', '\u2029']) expect(written, text).not.toContain(c)
      expect(written, text).not.toMatch(/\p{Cs}/u)
      expect((JSON.parse(written) as { name: string }).name, text).toBe(text)
    }
  })
})

describe.each(testDatabaseKinds())('structured data, page languages and the sitemap on %s', (kind) => {
  let t: TestApp
  let webDist: string
  let shop: ShopFixture
  let blog: Awaited<ReturnType<typeof createTestBlog>>
  let hostileId: number | undefined
  let paidActivity: number | undefined
  let fullActivity: number | undefined
  let freeActivity: number | undefined
  const startsAt = new Date(Date.now() + 2 * DAY_MS)
  const endsAt = new Date(Date.now() + 3 * DAY_MS)

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers })

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-web-'))
    await fs.writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><!--app-head--></head><body><div id="root"></div></body></html>',
    )
    t = await buildTestApp(kind, { env: { WEB_DIST: webDist } })
    await saveTestSettings(t.app.services)
    shop = await createTestShop(t.app.services)
    blog = await createTestBlog(t.app.services)
    ;[hostileId] = await t.app.services.shop.createProducts([
      {
        productTypeId: shop.typeIds[0]!,
        name: both(HOSTILE_NAME, HOSTILE_NAME),
        description: both('<p>Nada</p>', '<p>Nothing</p>'),
        detail: both('', ''),
        grossPriceCents: 100,
        taxPercent: 21,
        image: '',
      },
    ])
    ;[paidActivity, fullActivity, freeActivity] = await t.app.services.activities.createActivities([
      {
        name: both('Campus de pádel', 'Padel camp'),
        description: both('<p>Tres días</p>', '<p>Three days of padel</p>'),
        poster: 'test/camp.svg',
        startsAt,
        endsAt,
        priceCents: 4550,
        capacity: 10,
      },
      {
        name: both('Clínic completo', 'Full clinic'),
        description: both('<p>Sin plazas</p>', '<p>No places left</p>'),
        startsAt,
        endsAt,
        priceCents: 1000,
        capacity: 0,
      },
      {
        name: both('Jornada de puertas abiertas', 'Open day'),
        description: both('<p>Gratis</p>', '<p>Free</p>'),
        startsAt,
        endsAt,
      },
    ])
  })
  afterAll(async () => {
    await t.close()
    await fs.rm(webDist, { recursive: true, force: true })
  })

  describe('structured data', () => {
    it('describes the centre from its settings on every public page', async () => {
      for (const url of ['/', '/shop', '/blog', '/privacy', `/shop/${shop.special.grip}`]) {
        const centre = nodeOf((await get(url)).body, 'SportsActivityLocation')
        expect(centre, url).toMatchObject({
          '@context': 'https://schema.org',
          name: TEST_MAIN_SETTINGS.name,
          description: 'Un centro deportivo de prueba.',
          address: TEST_MAIN_SETTINGS.address,
          telephone: TEST_MAIN_SETTINGS.phone,
          email: TEST_MAIN_SETTINGS.email,
          url: `${SITE}/?lang=es`,
          logo: `${SITE}${TEST_MAIN_SETTINGS.mainlogo}`,
          image: `${SITE}${TEST_MAIN_SETTINGS.headerImage}`,
        })
      }
      const english = nodeOf((await get('/?lang=en')).body, 'SportsActivityLocation')
      expect(english.description).toBe('A test sports centre.')
    })

    it("offers a product at its price in the centre's currency, in stock or not", async () => {
      const product = nodeOf((await get(`/shop/${shop.special.grip}?lang=en`)).body, 'Product')
      expect(product).toMatchObject({
        name: 'Carbon Pro Racket',
        description: 'Power racket for advanced players.',
        image: ['https://cdn.example.com/p.png'],
        url: `${SITE}/shop/${shop.special.grip}?lang=en`,
        offers: {
          '@type': 'Offer',
          price: '189.95',
          priceCurrency: 'EUR',
          availability: 'https://schema.org/InStock',
        },
      })
      // Plain product 5 counts its stock and has none left.
      const soldOut = nodeOf((await get(`/shop/${shop.plainIds[4]}`)).body, 'Product')
      expect(soldOut.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' })

      await t.app.services.content.saveSettings('main', { ...TEST_MAIN_SETTINGS, currency: 'USD' })
      try {
        const dollars = nodeOf((await get(`/shop/${shop.special.grip}`)).body, 'Product')
        expect(dollars.offers).toMatchObject({ priceCurrency: 'USD' })
      } finally {
        await t.app.services.content.saveSettings('main', TEST_MAIN_SETTINGS)
      }
    })

    it('describes a post as a blog posting by the centre', async () => {
      const id = blog.postIds[9]!
      const post = nodeOf((await get(`/post/${id}?lang=en`)).body, 'BlogPosting')
      expect(post).toMatchObject({
        headline: 'Spring tournament',
        description: 'Tournaments',
        datePublished: '2025-01-11T10:00:00.000Z',
        image: `${SITE}/uploads/demo/posts/post-10.svg`,
        url: `${SITE}/post/${id}?lang=en`,
        inLanguage: 'en-US',
        author: { '@type': 'Organization', name: TEST_MAIN_SETTINGS.name },
      })
    })

    it('describes an activity as an event at the centre, with its offer when it has a price', async () => {
      const paid = nodeOf((await get(`/activity/${paidActivity}`)).body, 'Event')
      expect(paid).toMatchObject({
        name: 'Campus de pádel',
        description: 'Tres días',
        startDate: startsAt.toISOString(),
        endDate: endsAt.toISOString(),
        image: `${SITE}/uploads/test/camp.svg`,
        location: { '@type': 'SportsActivityLocation', address: TEST_MAIN_SETTINGS.address },
        organizer: { name: TEST_MAIN_SETTINGS.name },
        offers: {
          price: '45.50',
          priceCurrency: 'EUR',
          availability: 'https://schema.org/InStock',
          url: `${SITE}/activity/${paidActivity}?lang=es`,
        },
      })
      const full = nodeOf((await get(`/activity/${fullActivity}`)).body, 'Event')
      expect(full.offers).toMatchObject({ availability: 'https://schema.org/SoldOut' })
      const free = nodeOf((await get(`/activity/${freeActivity}`)).body, 'Event')
      expect(free.name).toBe('Jornada de puertas abiertas')
      expect(free).not.toHaveProperty('offers')
    })

    it('keeps a hostile product name inside its JSON and its attributes', async () => {
      const res = await get(`/shop/${hostileId}`)
      expect(res.statusCode).toBe(200)
      const head = headOf(res.body)
      expect(nodeOf(res.body, 'Product').name).toBe(HOSTILE_NAME)
      // Only the elements the site writes: the boot data and two JSON-LD nodes.
      expect(head.match(/<script/gi)).toHaveLength(3)
      expect(head).not.toContain('<script>alert(1)')
      expect(head).toContain(
        '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- &quot;quoted&quot;',
      )
    })

    it('writes no structured data nor language links on a page that answers 404', async () => {
      const res = await get('/shop/999999')
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain('application/ld+json')
      expect(res.body).not.toContain('hreflang')
    })
  })

  describe('the language of a page', () => {
    const languageOf = async (url: string, headers: Record<string, string> = {}) => {
      const res = await get(url, headers)
      expect(res.statusCode, url).toBe(200)
      expect(bootLanguage(res.body), url).toBe(htmlLang(res.body))
      return htmlLang(res.body)
    }

    it("is the address's ?lang= first, in any case, over the cookie and the browser", async () => {
      const english = { cookie: 'cz-lang=es-ES', 'accept-language': 'es' }
      for (const lang of ['en', 'EN', 'en-US', 'en-us', 'En-Us'])
        expect(await languageOf(`/shop?lang=${lang}`, english), lang).toBe('en-US')
      for (const lang of ['es', 'ES', 'es-ES', 'es-es'])
        expect(await languageOf(`/shop?lang=${lang}`, { cookie: 'cz-lang=en-US' }), lang).toBe('es-ES')
    })

    it('is the cookie next, over the browser', async () => {
      expect(await languageOf('/shop', { cookie: 'cz-lang=en-US', 'accept-language': 'es-ES' })).toBe('en-US')
      expect(await languageOf('/shop', { cookie: 'other=1; cz-lang=es-ES', 'accept-language': 'en' })).toBe(
        'es-ES',
      )
    })

    it("is the browser's most wanted of ours on a first visit, by q-value", async () => {
      const cases: Array<[string, string]> = [
        ['en-GB', 'en-US'],
        ['es-MX', 'es-ES'],
        ['fr-FR, en;q=0.8, es;q=0.5', 'en-US'],
        ['es;q=0.4, en-AU;q=0.9', 'en-US'],
        ['en;q=0.5, es', 'es-ES'],
        ['en;q=0, es;q=0.1', 'es-ES'],
        ['es;q=0, en;q=0.1', 'en-US'],
        ['en;q=abc, es;q=0.3', 'es-ES'],
        ['en;q=2, es;q=0.3', 'es-ES'],
        ['EN;Q=0.9', 'en-US'],
        ['english, en;q=0.1', 'en-US'],
      ]
      for (const [header, locale] of cases)
        expect(await languageOf('/blog', { 'accept-language': header }), header).toBe(locale)
    })

    it('is Spanish when nothing says otherwise, and hostile values are ignored', async () => {
      expect(await languageOf('/')).toBe('es-ES')
      expect(await languageOf('/', { 'accept-language': 'fr, de;q=0.9, *;q=0.5' })).toBe('es-ES')
      const hostile = [
        '/?lang=%00',
        '/?lang=fr',
        '/?lang=__proto__',
        '/?lang=constructor',
        '/?lang=%ED%A0%80',
        '/?lang=%E0%A4%A',
        '/?lang=%3C%2Fscript%3E',
        '/?lang=en-US%00',
        '/?lang=',
        '/?lang',
      ]
      for (const url of hostile) expect(await languageOf(url), url).toBe('es-ES')
      for (const cookie of ['cz-lang=%E0%A4%A', 'cz-lang=fr-FR', 'cz-lang=%00', 'cz-lang'])
        expect(await languageOf('/', { cookie }), cookie).toBe('es-ES')
      for (const header of [';;;,,,q=1', 'en;q=', '-', 'x'.repeat(10_000), `${'fr,'.repeat(5000)}en`])
        expect(await languageOf('/', { 'accept-language': header }), header.slice(0, 20)).toBe('es-ES')
    })

    it("tells caches the page depends on the cookie and the browser's languages", async () => {
      const vary = String((await get('/')).headers.vary)
      expect(vary).toContain('Cookie')
      expect(vary).toContain('Accept-Language')
    })

    it('links each page to itself in both languages; the canonical is the address asked for', async () => {
      const id = shop.special.grip
      // A language's address is its own canonical; the plain one (x-default, following the visitor) is
      // its own too, never another language's alternate.
      for (const [url, headers, canonical] of [
        [`/shop/${id}?lang=en&utm_source=x`, {}, `${SITE}/shop/${id}?lang=en`],
        [`/shop/${id}?lang=es`, { cookie: 'cz-lang=en-US' }, `${SITE}/shop/${id}?lang=es`],
        [`/shop/${id}`, { cookie: 'cz-lang=en-US' }, `${SITE}/shop/${id}`],
        [`/shop/${id}/`, {}, `${SITE}/shop/${id}`],
      ] as const) {
        const html = (await get(url, headers)).body
        expect(linkHref(html, 'rel="canonical"'), url).toBe(canonical)
        expect(linkHref(html, 'rel="alternate" hreflang="es"'), url).toBe(`${SITE}/shop/${id}?lang=es`)
        expect(linkHref(html, 'rel="alternate" hreflang="en"'), url).toBe(`${SITE}/shop/${id}?lang=en`)
        expect(linkHref(html, 'rel="alternate" hreflang="x-default"'), url).toBe(`${SITE}/shop/${id}`)
      }
      const home = (await get('/?lang=en')).body
      expect(linkHref(home, 'rel="canonical"')).toBe(`${SITE}/?lang=en`)
      expect(linkHref((await get('/')).body, 'rel="canonical"')).toBe(`${SITE}/`)
      expect(linkHref(home, 'rel="alternate" hreflang="x-default"')).toBe(`${SITE}/`)
    })

    it('keeps a hostile address inside the attributes of its links', async () => {
      // Sent byte for byte over a socket: a browser or test client would percent-encode it.
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 })
      try {
        for (const target of ['/bookings/"><script>alert(1)</script>', '/"><script>alert(1)</script>']) {
          const head = headOf(await rawGet(address, `${target}?lang=en`))
          expect(head, target).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
          expect(head, target).not.toContain('<script>alert(1)')
          // Only the elements the site writes: the boot data and the JSON-LD nodes.
          const jsonLdCount = head.match(/<script type="application\/ld\+json">/g)?.length ?? 0
          expect(head.match(/<script/gi), target).toHaveLength(1 + jsonLdCount)
        }
      } finally {
        await t.app.server.close()
      }
    })
  })

  describe('sitemap and robots.txt', () => {
    /** The sitemap's entries: each address with the alternates it names, by hreflang. */
    async function sitemap() {
      const res = await get('/sitemap.xml')
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
      return new Map(
        [...res.body.matchAll(/<url>(.*?)<\/url>/gs)].map((m) => {
          const block = m[1]!
          const alternates = Object.fromEntries(
            [...block.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
              (a) => [a[1]!, a[2]!],
            ),
          )
          const lastmod = /<lastmod>([^<]+)<\/lastmod>/.exec(block)?.[1]
          return [/<loc>([^<]+)<\/loc>/.exec(block)![1]!, { alternates, lastmod }]
        }),
      )
    }

    it('lists a product, a post and an activity in both languages, each naming both', async () => {
      const entries = await sitemap()
      for (const page of [
        `/shop/${shop.special.grip}`,
        `/post/${blog.postIds[0]}`,
        `/activity/${paidActivity}`,
        '/',
        '/privacy',
      ]) {
        for (const lang of ['es', 'en']) {
          const entry = entries.get(`${SITE}${page}?lang=${lang}`)
          expect(entry, `${page} ${lang}`).toBeDefined()
          expect(entry!.alternates).toEqual({
            es: `${SITE}${page}?lang=es`,
            en: `${SITE}${page}?lang=en`,
            'x-default': `${SITE}${page}`,
          })
        }
      }
      expect(entries.get(`${SITE}/post/${blog.postIds[0]}?lang=en`)!.lastmod).toBe('2025-01-02T10:00:00.000Z')
    })

    it('keeps crawlers out of the customer-only pages and where payments come back to', async () => {
      const res = await get('/robots.txt')
      expect(res.statusCode).toBe(200)
      const disallowed = [...res.body.matchAll(/^Disallow: (.*)$/gm)].map((m) => m[1])
      for (const p of [
        '/changePass',
        '/account',
        '/customer-orders',
        '/customer-vouchers',
        '/customer-bookings',
        '/customer-comms',
        '/debts',
        '/booking-visual/',
        '/checkout',
        '/cz/ok',
        '/cz/ko',
        '/stripe-callback',
        '/netpay-callback',
        '/customer/reset-password/',
        '/customer/activate/',
        '/customer/confirm-email/',
      ])
        expect(disallowed).toContain(p)
      // The public pages, and the API the pages read when a crawler renders them, stay open.
      for (const p of ['/', '/shop', '/blog', '/post/', '/activity/', '/bookingtypes', '/api/'])
        expect(
          disallowed.some((d) => p.startsWith(d!)),
          p,
        ).toBe(false)
      // Before `Allow: /`, for crawlers that take the first rule that matches.
      expect(res.body.indexOf('Disallow: ')).toBeLessThan(res.body.indexOf('Allow: /'))
      expect(res.body).toContain(`Sitemap: ${SITE}/sitemap.xml`)
    })
  })
})
