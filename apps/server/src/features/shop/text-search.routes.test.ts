import { TextBlockType } from '@clubhouse/contract/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { saveTestSettings } from '../../test/settings-fixtures.ts'
import type { Localised } from '../../lib/localised.ts'

// Searches as people type them (decision 050): without accents, in capitals or not, in both
// languages, in the shop, the blog and the menu's live search (which asks the same two lists).

const both = (es: string, en: string): Localised => ({ 'es-ES': es, 'en-US': en })
const day = (n: number) => new Date(Date.UTC(2025, 2, n, 10, 0, 0))
const grid = (status: unknown) => encodeURIComponent(JSON.stringify(status))
const searchFor = (filter: string) => ({ search: { filterType: 'text', type: 'contains', filter } })
const posts = { TextBlockType: { filterType: 'number', type: 'equals', filter: TextBlockType.Posts } }

/** The products, oldest first: the newest only mentions padel in its description. */
const PRODUCTS = {
  viper: {
    name: both('Pala Víbora Pádel Pro', 'Víbora Padel Pro racket'),
    description: both('Pala de potencia.', 'A power racket.'),
    detail: both('<p>Marco de <strong>carbono</strong>.</p>', '<p>A <strong>carbon</strong> frame.</p>'),
  },
  tracksuit: {
    name: both('Chándal Mistral', 'Mistral tracksuit'),
    description: both('Chándal de entrenamiento.', 'A training tracksuit.'),
    detail: both('<p>Algodón y poliéster.</p>', '<p>Cotton and polyester.</p>'),
  },
  shirt: {
    name: both('Camiseta técnica Brisa', 'Brisa technical T-shirt'),
    description: both('Tejido transpirable.', 'A breathable fabric.'),
    detail: both('<p>Ligera.</p>', '<p>Light.</p>'),
  },
  bag: {
    name: both('Bolsa Garbí', 'Garbí bag'),
    description: both('Para llevar todo tu equipo de PÁDEL.', 'Carries all your PADEL kit.'),
    detail: both('<p>Con compartimento térmico.</p>', '<p>With a thermal pocket.</p>'),
  },
}
type Key = keyof typeof PRODUCTS

describe.each(testDatabaseKinds())('text search on %s', (kind) => {
  let t: TestApp
  const id = {} as Record<Key, number>
  let postIds: number[] = []
  beforeAll(async () => {
    t = await buildTestApp(kind)
    await saveTestSettings(t.app.services)
    const { shop, blog } = t.app.services
    const [typeId] = await shop.createProductTypes([{ name: both('Pádel', 'Padel') }])
    const keys = Object.keys(PRODUCTS) as Key[]
    const ids = await shop.createProducts(
      keys.map((key, i) => ({
        ...PRODUCTS[key],
        productTypeId: typeId!,
        grossPriceCents: 1000 * (keys.length - i),
        taxPercent: 21,
        createdAt: day(i + 1),
      })),
    )
    keys.forEach((key, i) => (id[key] = ids[i]!))
    postIds = await blog.createTextBlocks([
      {
        textBlockType: TextBlockType.Posts,
        title: both('Torneo de pádel de primavera', 'Spring padel tournament'),
        smalText: both('<strong>Torneos</strong>', '<strong>Tournaments</strong>'),
        text: both('<p>Inscríbete en recepción.</p>', '<p>Sign up at the desk.</p>'),
        name: 'Laura',
        createdAt: day(1),
      },
      {
        textBlockType: TextBlockType.Posts,
        title: both('Nuevas clases de yoga', 'New yoga classes'),
        smalText: both('', ''),
        text: both(
          '<p>Después del <em>pádel</em>, estira con nosotros.</p>',
          '<p>After <em>padel</em>, stretch with us.</p>',
        ),
        name: 'Marc',
        createdAt: day(2),
      },
    ])
  })
  afterAll(() => t.close())

  async function shopSearch(text: string, language: string, sortModel: unknown[] = []) {
    const status = { sortModel, filterModel: searchFor(text) }
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/shop/list?startRow=0&endRow=30&gridStatus=${grid(status)}`,
      headers: { 'accept-language': language },
    })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as { data: { id: number; name: string }[]; totalCount: number }
    expect(body.totalCount).toBe(body.data.length)
    return body.data.map((p) => p.id)
  }

  async function blogSearch(text: string, language: string) {
    const status = { filterModel: { ...posts, ...searchFor(text) } }
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/cztextblocks/list-by-page?startRow=0&endRow=30&gridStatus=${grid(status)}`,
      headers: { 'accept-language': language },
    })
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as { data: { id: number }[] }).data.map((p) => p.id)
  }

  it.each(['padel', 'pádel', 'PADEL', 'Pádel', 'PÁDEL'])(
    'finds "%s" in Spanish with or without the accent and in any case, names first',
    async (text) => {
      // The bag is the newest but only its description says pádel: it comes after the racket.
      expect(await shopSearch(text, 'es-ES')).toEqual([id.viper, id.bag])
    },
  )

  it.each([
    ['chandal', 'tracksuit'],
    ['CHÁNDAL', 'tracksuit'],
    ['camiseta tecnica', 'shirt'],
    ['vibora', 'viper'],
    ['garbi', 'bag'],
  ] as const)('finds "%s" in Spanish without its accents', async (text, key) => {
    expect(await shopSearch(text, 'es-ES')).toEqual([id[key]])
  })

  it('searches in English too, names first, accents ignored', async () => {
    expect(await shopSearch('padel', 'en-US')).toEqual([id.viper, id.bag])
    expect(await shopSearch('VIBORA', 'en-US')).toEqual([id.viper])
    expect(await shopSearch('tracksuit', 'en-US')).toEqual([id.tracksuit])
  })

  it('orders by price alone when the price sort is asked for', async () => {
    const cheapestFirst = await shopSearch('padel', 'es-ES', [{ colId: 'GrossPrice', sort: 'asc' }])
    expect(cheapestFirst).toEqual([id.bag, id.viper])
  })

  it('looks at the text of the detail, not at its markup', async () => {
    expect(await shopSearch('carbono', 'es-ES')).toEqual([id.viper])
    expect(await shopSearch('strong', 'es-ES')).toEqual([])
    expect(await blogSearch('em>', 'es-ES')).toEqual([])
  })

  it('finds posts without accents and in any case, titles first', async () => {
    const [tournament, yoga] = postIds
    // The yoga post is newer and mentions padel only in its text.
    expect(await blogSearch('padel', 'es-ES')).toEqual([tournament, yoga])
    expect(await blogSearch('PÁDEL', 'en-US')).toEqual([tournament, yoga])
    expect(await blogSearch('inscribete', 'es-ES')).toEqual([tournament])
  })
})
