import { describe, expect, it } from 'vitest'
import type { Localised } from '../../lib/localised.ts'
import { sanitizeCmsHtml } from '../../lib/sanitize.ts'
import { loadDemoData, type DemoImageRef } from './demo-data.ts'
import { demoImageFiles, IMAGE_SIZES, renderDemoImage } from './demo-images.ts'

const LOCALES = ['es-ES', 'en-US'] as const

const {
  banners: demoBanners,
  gallery: demoGallery,
  posts: demoPosts,
  products: demoProducts,
  productTypes: demoProductTypes,
  sponsors: demoSponsors,
  team: demoTeam,
  testimonials: demoTestimonials,
} = loadDemoData()

function words(html: string): number {
  return html
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length
}

function keysOf(items: Array<{ key: string }>): string[] {
  return items.map((item) => item.key)
}

function expectUnique(values: string[]): void {
  expect(new Set(values).size).toBe(values.length)
}

/** Every Localised value in the demo content, labelled for readable failures. */
function allLocalised(): Array<[string, Localised]> {
  return [
    ...demoProductTypes.map((t): [string, Localised] => [`type ${t.key} name`, t.name]),
    ...demoProducts.flatMap((p): Array<[string, Localised]> => [
      [`product ${p.key} name`, p.name],
      [`product ${p.key} description`, p.description],
      [`product ${p.key} detail`, p.detail],
    ]),
    ...demoPosts.flatMap((p): Array<[string, Localised]> => [
      [`post ${p.key} title`, p.title],
      [`post ${p.key} smalText`, p.smalText],
      [`post ${p.key} text`, p.text],
    ]),
    ...demoTestimonials.flatMap((t): Array<[string, Localised]> => [
      [`testimonial ${t.key} title`, t.title],
      [`testimonial ${t.key} text`, t.text],
    ]),
    ...demoTeam.flatMap((m): Array<[string, Localised]> => [
      [`team ${m.key} title`, m.title],
      [`team ${m.key} text`, m.text],
    ]),
    ...demoBanners.flatMap((b): Array<[string, Localised]> => [
      [`banner ${b.key} title`, b.title],
      [`banner ${b.key} text`, b.text],
    ]),
    ...demoGallery.map((g): [string, Localised] => [`gallery ${g.key} title`, g.title]),
  ]
}

/** Names and titles, which must read differently in each language. */
function namesAndTitles(): Array<[string, Localised]> {
  return [
    ...demoProductTypes.map((t): [string, Localised] => [t.key, t.name]),
    ...demoProducts.map((p): [string, Localised] => [p.key, p.name]),
    ...demoPosts.map((p): [string, Localised] => [p.key, p.title]),
    ...demoTestimonials.map((t): [string, Localised] => [t.key, t.title]),
    ...demoTeam.map((m): [string, Localised] => [m.key, m.title]),
    ...demoBanners.map((b): [string, Localised] => [b.key, b.title]),
    ...demoGallery.map((g): [string, Localised] => [g.key, g.title]),
  ]
}

function allImageRefs(): DemoImageRef[] {
  return [
    ...demoProducts.flatMap((p) => [p.image, p.detailImage]),
    ...demoPosts.map((p) => p.image),
    ...demoTestimonials.map((t) => t.image),
    ...demoTeam.map((m) => m.image),
    ...demoBanners.flatMap((b) => (b.image ? [b.image] : [])),
    ...demoGallery.map((g) => g.image),
    ...demoSponsors.map((s) => s.image),
    ...loadDemoData().bookings.bookingTypes.map((t) => t.image),
    ...loadDemoData().bookings.resources.flatMap((r) => (r.image ? [r.image] : [])),
    ...loadDemoData().activities.map((a) => a.poster),
    ...loadDemoData().sessions.templates.map((t) => t.image),
  ]
}

const DATE_MIN = Date.parse('2025-01-01T00:00:00.000Z')
const DATE_MAX = Date.parse('2026-11-15T23:59:59.999Z')

function expectFixedDate(iso: string): void {
  expect(new Date(iso).toISOString()).toBe(iso)
  const time = Date.parse(iso)
  expect(time).toBeGreaterThanOrEqual(DATE_MIN)
  expect(time).toBeLessThanOrEqual(DATE_MAX)
}

describe('demo content', () => {
  it('has the expected number of items', () => {
    expect(demoProductTypes).toHaveLength(5)
    expect(demoProducts.length).toBeGreaterThanOrEqual(48)
    expect(demoPosts.length).toBeGreaterThanOrEqual(36)
    expect(demoTestimonials).toHaveLength(6)
    expect(demoTeam).toHaveLength(6)
    expect(demoBanners).toHaveLength(3)
    expect(demoGallery).toHaveLength(8)
    expect(demoSponsors).toHaveLength(6)
  })

  it('uses unique keys within each list', () => {
    for (const list of [
      demoProductTypes,
      demoProducts,
      demoPosts,
      demoTestimonials,
      demoTeam,
      demoBanners,
      demoGallery,
      demoSponsors,
    ]) {
      expectUnique(keysOf(list))
    }
  })

  it('gives every product an existing product type and spreads products over all types', () => {
    const typeKeys = new Set(keysOf(demoProductTypes))
    for (const product of demoProducts) expect(typeKeys, product.key).toContain(product.typeKey)
    for (const typeKey of typeKeys) {
      expect(demoProducts.filter((p) => p.typeKey === typeKey).length, typeKey).toBeGreaterThanOrEqual(5)
    }
  })

  it('prices products in whole cents between 3 and 250 euros with a known tax rate', () => {
    for (const product of demoProducts) {
      expect(Number.isInteger(product.grossPriceCents), product.key).toBe(true)
      expect(product.grossPriceCents, product.key).toBeGreaterThanOrEqual(300)
      expect(product.grossPriceCents, product.key).toBeLessThanOrEqual(25_000)
      expect([21, 10], product.key).toContain(product.taxPercent)
    }
    expect(demoProducts.some((p) => p.taxPercent === 10)).toBe(true)
  })

  it('tracks stock on some products, with one sold out and several running low', () => {
    const tracked = demoProducts.filter((p) => p.stock !== null)
    expect(tracked.length).toBeGreaterThan(0)
    expect(demoProducts.some((p) => p.stock === null)).toBe(true)
    for (const product of tracked) {
      expect(Number.isInteger(product.stock), product.key).toBe(true)
      expect(product.stock, product.key).toBeGreaterThanOrEqual(0)
      expect(product.stock, product.key).toBeLessThanOrEqual(40)
    }
    expect(tracked.filter((p) => p.stock === 0)).toHaveLength(1)
    expect(
      tracked.filter((p) => p.stock !== null && p.stock > 0 && p.stock <= 3).length,
    ).toBeGreaterThanOrEqual(3)
  })

  it('flags enough popular and trending products', () => {
    expect(demoProducts.filter((p) => p.isPopularFlag).length).toBeGreaterThanOrEqual(6)
    expect(demoProducts.filter((p) => p.isTrendingFlag).length).toBeGreaterThanOrEqual(5)
  })

  it('dates everything with fixed ISO instants in the demo period', () => {
    for (const item of [...demoProducts, ...demoPosts, ...demoTestimonials, ...demoTeam]) {
      expectFixedDate(item.created)
    }
  })

  it('spreads posts over at least four authors and many months', () => {
    expect(new Set(demoPosts.map((p) => p.author)).size).toBeGreaterThanOrEqual(4)
    expect(new Set(demoPosts.map((p) => p.created.slice(0, 7))).size).toBeGreaterThanOrEqual(20)
  })

  it('writes every text in both languages', () => {
    for (const [label, text] of allLocalised()) {
      for (const locale of LOCALES) expect(text[locale].trim(), `${label} ${locale}`).not.toBe('')
    }
  })

  it('words names and titles differently in each language', () => {
    for (const [label, text] of namesAndTitles()) {
      expect(text['es-ES'], label).not.toBe(text['en-US'])
    }
  })

  it('keeps product descriptions to one plain sentence of at most 160 characters', () => {
    for (const product of demoProducts) {
      for (const locale of LOCALES) {
        const description = product.description[locale]
        expect(description.length, `${product.key} ${locale}`).toBeLessThanOrEqual(160)
        expect(description, `${product.key} ${locale}`).not.toMatch(/[<>]/)
      }
    }
  })

  it('writes product details of 60 to 150 words and post bodies of 150 to 400 words', () => {
    for (const product of demoProducts) {
      for (const locale of LOCALES) {
        const count = words(product.detail[locale])
        expect(count, `${product.key} ${locale}`).toBeGreaterThanOrEqual(60)
        expect(count, `${product.key} ${locale}`).toBeLessThanOrEqual(150)
      }
    }
    for (const post of demoPosts) {
      for (const locale of LOCALES) {
        const count = words(post.text[locale])
        expect(count, `${post.key} ${locale}`).toBeGreaterThanOrEqual(150)
        expect(count, `${post.key} ${locale}`).toBeLessThanOrEqual(400)
      }
    }
  })

  it('uses only HTML that the CMS sanitiser keeps as it is', () => {
    const html: Array<[string, string]> = [
      ...demoProducts.flatMap((p) =>
        LOCALES.map((l): [string, string] => [`${p.key} detail ${l}`, p.detail[l]]),
      ),
      ...demoPosts.flatMap((p) =>
        LOCALES.flatMap((l): Array<[string, string]> => [
          [`${p.key} text ${l}`, p.text[l]],
          [`${p.key} smalText ${l}`, p.smalText[l]],
        ]),
      ),
      ...demoBanners.flatMap((b) =>
        LOCALES.map((l): [string, string] => [`${b.key} banner text ${l}`, b.text[l]]),
      ),
    ]
    for (const [label, value] of html) expect(sanitizeCmsHtml(value), label).toBe(value)
  })

  it('has one text-only banner and links every banner and sponsor', () => {
    expect(demoBanners.filter((b) => b.image === null)).toHaveLength(1)
    for (const banner of demoBanners) expect(banner.url).toMatch(/^\//)
    for (const sponsor of demoSponsors) expect(sponsor.description).toMatch(/^https:\/\/[a-z0-9.-]+/)
  })
})

describe('demo images', () => {
  const files = demoImageFiles()

  it('lists every image the content refers to, each file once', () => {
    const referenced = allImageRefs().map((ref) => ref.file)
    expectUnique(referenced)
    expect(files.map((f) => f.file).sort()).toEqual([...referenced].sort())
    for (const { file } of files) expect(file).toMatch(/^demo\/[a-z]+\/[a-z0-9-]+\.svg$/)
  })

  it('gives each product its own list image and detail image', () => {
    for (const product of demoProducts) {
      expect(product.image.file).not.toBe(product.detailImage.file)
      expect(product.image.kind).toBe(product.detailImage.kind)
    }
  })

  it('renders small, self-contained SVG without scripts, and text only in a sponsor logo: its name', () => {
    const sponsorNames = new Map(demoSponsors.map((s) => [s.image.file, s.name['es-ES']]))
    for (const { file, svg } of files) {
      expect(svg.startsWith('<svg'), file).toBe(true)
      expect(svg.trimEnd().endsWith('</svg>'), file).toBe(true)
      expect(svg, file).toContain('xmlns="http://www.w3.org/2000/svg"')
      expect(svg, file).toMatch(/viewBox="0 0 \d+ \d+"/)
      expect(svg, file).toMatch(/width="\d+" height="\d+"/)
      expect(svg, file).not.toMatch(/<script|<image|<foreignObject|href=|on[a-z]+=|NaN|undefined/i)
      const words = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(' ')
      expect(words, file).toBe(sponsorNames.get(file) ?? '')
      expect(Buffer.byteLength(svg, 'utf8'), file).toBeLessThan(8 * 1024)
      const opened = (svg.match(/<[a-zA-Z]/g) ?? []).length
      const closed = (svg.match(/<\/[a-zA-Z]|\/>/g) ?? []).length
      expect(closed, file).toBe(opened)
    }
  })

  it('draws each image at the size the site shows it', () => {
    const sizeOf = (file: string) => {
      const svg = files.find((f) => f.file === file)?.svg ?? ''
      const match = /width="(\d+)" height="(\d+)"/.exec(svg)
      return { width: Number(match?.[1]), height: Number(match?.[2]) }
    }
    const first = demoProducts[0]
    expect(first).toBeDefined()
    if (!first) return
    expect(sizeOf(first.image.file)).toEqual(IMAGE_SIZES.product)
    expect(sizeOf(first.detailImage.file)).toEqual(IMAGE_SIZES.productDetail)
    for (const post of demoPosts) expect(sizeOf(post.image.file)).toEqual(IMAGE_SIZES.post)
    for (const t of demoTestimonials) expect(sizeOf(t.image.file)).toEqual(IMAGE_SIZES.avatar)
    for (const m of demoTeam) expect(sizeOf(m.image.file)).toEqual(IMAGE_SIZES.team)
    for (const g of demoGallery) expect(sizeOf(g.image.file)).toEqual(IMAGE_SIZES.gallery)
    for (const s of demoSponsors) expect(sizeOf(s.image.file)).toEqual(IMAGE_SIZES.sponsor)
    for (const b of demoBanners) if (b.image) expect(sizeOf(b.image.file)).toEqual(IMAGE_SIZES.banner)
  })

  it('renders the same image every time', () => {
    const ref = demoProducts[0]?.image
    expect(ref).toBeDefined()
    if (!ref) return
    expect(renderDemoImage(ref, IMAGE_SIZES.product)).toBe(renderDemoImage(ref, IMAGE_SIZES.product))
  })
})
