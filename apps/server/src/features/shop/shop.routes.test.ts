import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import {
  createTestShop,
  PLAIN_PRODUCTS,
  PRODUCT_COUNT,
  saveTestSettings,
  SPECIAL_PRODUCTS,
  type ShopFixture,
} from '../../test/catalogue-fixtures.ts'
import { products } from './shop.tables.ts'
import { customers } from '../customers/customers.tables.ts'
import { insertCustomer, loginAs } from '../../test/customers.ts'

interface ProductBody {
  id: number
  name: string
  logo: string
  detailImage: string
  grossPrice: number
  price: number
  detail: string
  description: string
  productTypeId: number
  created: string
  stock: number | null
  hasStock: boolean
}

const grid = (status: unknown) => encodeURIComponent(JSON.stringify(status))
const search = (filter: string, columns?: string[]) => ({
  filterModel: { search: { filterType: 'text', type: 'contains', filter, ...(columns ? { columns } : {}) } },
})
const ids = (rows: ProductBody[]) => rows.map((p) => p.id)

describe.each(testDatabaseKinds())('shop routes on %s', (kind) => {
  let t: TestApp
  let f: ShopFixture
  beforeAll(async () => {
    t = await buildTestApp(kind)
    await saveTestSettings(t.app.services)
    f = await createTestShop(t.app.services)
  })
  afterAll(() => t.close())

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US', ...headers } })
  const list = async (query: string, headers: Record<string, string> = {}) => {
    const res = await get(`/api/shop/list?${query}`, headers)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as {
      ok: true
      data: ProductBody[]
      popular: ProductBody[]
      productTypes: { id: number; name: string }[]
      totalCount: number
    }
  }
  it('answers the first page newest first, with the total, the popular products and every product type', async () => {
    const body = await list('startRow=0&endRow=30')
    expect(body.ok).toBe(true)
    expect(body.totalCount).toBe(PRODUCT_COUNT)
    expect(body.data).toHaveLength(30)
    const created = body.data.map((p) => p.created)
    expect(created).toEqual([...created].sort().reverse())
    expect(ids(body.data).slice(0, 3)).toEqual([f.special.underscore, f.special.cotton, f.special.grip])
    expect(body.productTypes).toEqual([
      { id: f.typeIds[0], name: 'Rackets' },
      { id: f.typeIds[1], name: 'Balls' },
      { id: f.typeIds[2], name: 'Clothing' },
    ])
    expect(body.popular.length).toBeGreaterThan(0)
  })

  it('answers every product once across pages, the last page short', async () => {
    const first = await list('startRow=0&endRow=30')
    const second = await list('startRow=30&endRow=60')
    expect(second.totalCount).toBe(PRODUCT_COUNT)
    expect(second.data).toHaveLength(PRODUCT_COUNT - 30)
    const all = [...ids(first.data), ...ids(second.data)]
    expect(new Set(all).size).toBe(PRODUCT_COUNT)
    const beyond = await list('startRow=900&endRow=930')
    expect(beyond.data).toEqual([])
    expect(beyond.totalCount).toBe(PRODUCT_COUNT)
  })

  it('answers 30 rows by default and up to 1000 rows when asked (the checkout search)', async () => {
    expect((await list('')).data).toHaveLength(30)
    expect((await list('startRow=0&endRow=1000')).data).toHaveLength(PRODUCT_COUNT)
  })

  it('filters by product type and counts only that type', async () => {
    const type = f.typeIds[1]!
    const body = await list(
      `gridStatus=${grid({ filterModel: { ProductTypeId: { filterType: 'number', type: 'equals', filter: type } } })}`,
    )
    const expected = PLAIN_PRODUCTS.filter((p) => p.typeIndex === 1).length + 1
    expect(body.totalCount).toBe(expected)
    expect(body.data).toHaveLength(expected)
    expect(body.data.every((p) => p.productTypeId === type)).toBe(true)
    const none = await list(
      `gridStatus=${grid({ filterModel: { ProductTypeId: { filterType: 'number', type: 'equals', filter: 999 } } })}`,
    )
    expect(none).toMatchObject({ data: [], totalCount: 0 })
  })

  it('sorts by gross price ascending and descending across pages', async () => {
    const asc = { sortModel: [{ colId: 'GrossPrice', sort: 'asc' }] }
    const page1 = await list(`startRow=0&endRow=30&gridStatus=${grid(asc)}`)
    const page2 = await list(`startRow=30&endRow=60&gridStatus=${grid(asc)}`)
    const prices = [...page1.data, ...page2.data].map((p) => p.grossPrice)
    expect(prices).toHaveLength(PRODUCT_COUNT)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    expect(prices[0]).toBe(7.95)
    const desc = await list(`gridStatus=${grid({ sortModel: [{ colId: 'GrossPrice', sort: 'desc' }] })}`)
    expect(desc.data[0]!.grossPrice).toBe(189.95)
    const descPrices = desc.data.map((p) => p.grossPrice)
    expect(descPrices).toEqual([...descPrices].sort((a, b) => b - a))
  })

  it('sorts newest first when asked for Created descending, whatever order the products were added in', async () => {
    // Item 10, added among the first, becomes the newest: newest first is no longer the order of
    // the ids, so a list in any other order than the creation instants' fails here.
    const item10 = f.plainIds[9]!
    const [before] = await t.app.database.db
      .select({ created: products.createdAt })
      .from(products)
      .where(eq(products.id, item10))
    await t.app.database.db
      .update(products)
      .set({ createdAt: new Date('2030-01-01T00:00:00Z') })
      .where(eq(products.id, item10))
    try {
      const newest = { sortModel: [{ colId: 'Created', sort: 'desc' }] }
      const body = await list(`startRow=0&endRow=1000&gridStatus=${grid(newest)}`)
      const plainNewestFirst = f.plainIds.filter((id) => id !== item10).reverse()
      expect(ids(body.data)).toEqual([
        item10,
        f.special.underscore,
        f.special.cotton,
        f.special.grip,
        ...plainNewestFirst,
      ])
    } finally {
      await t.app.database.db
        .update(products)
        .set({ createdAt: before!.created })
        .where(eq(products.id, item10))
    }
  })

  it('finds the search text in the name, the detail or the description, in the request language', async () => {
    const english = await list(`gridStatus=${grid(search('GRIP'))}`)
    expect(ids(english.data).sort()).toEqual([f.special.grip, f.special.underscore].sort())
    expect(english.totalCount).toBe(2)
    const spanish = await list(`gridStatus=${grid(search('empuñadura'))}`, { 'accept-language': 'es-ES' })
    expect(ids(spanish.data)).toEqual([f.special.grip])
    expect(spanish.data[0]!.name).toBe('Pala Carbono Pro')
    const wrongLanguage = await list(`gridStatus=${grid(search('empuñadura'))}`)
    expect(wrongLanguage.totalCount).toBe(0)
  })

  it('looks only in the columns the search names', async () => {
    const inName = await list(`gridStatus=${grid(search('grip', ['Name']))}`)
    expect(inName.totalCount).toBe(0)
    const inDescription = await list(`gridStatus=${grid(search('grip', ['Description']))}`)
    expect(ids(inDescription.data)).toEqual([f.special.underscore])
  })

  it('combines the type filter, the search and the price sort', async () => {
    const status = {
      sortModel: [{ colId: 'GrossPrice', sort: 'desc' }],
      filterModel: {
        ProductTypeId: { filterType: 'number', type: 'equals', filter: f.typeIds[0] },
        search: { filterType: 'text', type: 'contains', filter: 'item 1' },
      },
    }
    const body = await list(`gridStatus=${grid(status)}`)
    // Items 1, 10, 13, 16, 19 are rackets (type index 0) whose name contains "Item 1".
    const expected = PLAIN_PRODUCTS.filter((p) => p.typeIndex === 0 && `Item ${p.index}`.includes('Item 1'))
    expect(body.totalCount).toBe(expected.length)
    expect(body.data.map((p) => p.name)).toEqual(
      [...expected].sort((a, b) => b.grossPriceCents - a.grossPriceCents).map((p) => `Item ${p.index}`),
    )
  })

  it('treats an empty search as no filter', async () => {
    expect((await list(`gridStatus=${grid(search('   '))}`)).totalCount).toBe(PRODUCT_COUNT)
    expect((await list('gridStatus=')).totalCount).toBe(PRODUCT_COUNT)
  })

  it('matches % and _ in the search text literally', async () => {
    expect(ids((await list(`gridStatus=${grid(search('%'))}`)).data)).toEqual([f.special.cotton])
    expect(ids((await list(`gridStatus=${grid(search('_'))}`)).data)).toEqual([f.special.underscore])
    expect((await list(`gridStatus=${grid(search('\\'))}`)).totalCount).toBe(0)
  })

  it.each([
    "%' OR 1=1 --",
    "'); drop table products; --",
    '" or ""="',
    "x' union select * from customer_types --",
    '1; delete from products',
  ])(
    'answers only genuinely matching products to an injection attempt in the search: %s',
    async (attempt) => {
      for (const column of ['Name', 'Detail', 'Description']) {
        const body = await list(`gridStatus=${grid(search(attempt, [column]))}`)
        expect(body.totalCount).toBe(0)
        expect(body.data).toEqual([])
      }
      const [row] = await t.app.database.db.select({ n: sql<number>`count(*)::int` }).from(products)
      expect(Number(row!.n)).toBe(PRODUCT_COUNT)
    },
  )

  describe('refuses bad input with 400 and an errorMsg', () => {
    const cases: [string, string, RegExp][] = [
      ['startRow above endRow', 'startRow=40&endRow=10', /endRow must not be below startRow/],
      ['more than 1000 rows', 'startRow=0&endRow=1001', /at most 1000 rows/],
      ['a negative startRow', 'startRow=-1&endRow=10', /startRow/],
      ['a startRow that is not a number', 'startRow=abc', /startRow/],
      ['a gridStatus that is not JSON', 'gridStatus=%7Bnot-json', /not valid JSON/],
      ['a gridStatus that is JSON but no object', 'gridStatus=42', /JSON object/],
      [
        'an unknown filter column',
        `gridStatus=${grid({ filterModel: { Price: { filterType: 'number', type: 'equals', filter: 1 } } })}`,
        /Unknown filter column Price/,
      ],
      [
        'an unknown operator',
        `gridStatus=${grid({ filterModel: { ProductTypeId: { filterType: 'number', type: 'lessThan', filter: 1 } } })}`,
        /"equals" only/,
      ],
      [
        'a filter value of the wrong type',
        `gridStatus=${grid({ filterModel: { ProductTypeId: { filterType: 'number', type: 'equals', filter: '1 or 1=1' } } })}`,
        /product type id/,
      ],
      [
        'an unknown sort column',
        `gridStatus=${grid({ sortModel: [{ colId: 'Name', sort: 'asc' }] })}`,
        /not offered/,
      ],
      [
        'an unknown sort direction',
        `gridStatus=${grid({ sortModel: [{ colId: 'GrossPrice', sort: 'up' }] })}`,
        /"asc" or "desc"/,
      ],
      [
        'an unknown search column',
        `gridStatus=${grid(search('x', ['Sku']))}`,
        /looks in Name, Detail, Description/,
      ],
      ['a 300-character search', `gridStatus=${grid(search('x'.repeat(300)))}`, /at most 200 characters/],
      [
        'a 10,000-character search',
        `gridStatus=${grid(search('x'.repeat(10_000)))}`,
        /at most 2000 characters/,
      ],
      ['an unknown member', `gridStatus=${grid({ quickFilter: 'x' })}`, /sortModel and filterModel only/],
    ]
    it.each(cases)('%s', async (_name, query, message) => {
      const res = await get(`/api/shop/list?${query}`)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ ok: false, code: 'validation' })
      expect(res.json().errorMsg).toMatch(message)
    })
  })

  it('answers one product with its fields in euros, in the request language, and the popular products', async () => {
    const res = await get(`/api/shop/get/${f.special.grip}`)
    expect(res.statusCode).toBe(200)
    const { ok, data, popular } = res.json()
    expect(ok).toBe(true)
    expect(data).toEqual({
      id: f.special.grip,
      name: 'Carbon Pro Racket',
      logo: 'https://cdn.example.com/p.png',
      detailImage: 'https://cdn.example.com/p.png',
      grossPrice: 189.95,
      price: 156.98,
      taxPercent: 21,
      detail: SPECIAL_PRODUCTS.grip.detail['en-US'],
      description: 'Power racket for advanced players.',
      productTypeId: f.typeIds[0],
      created: SPECIAL_PRODUCTS.grip.created.toISOString(),
      stock: null,
      hasStock: true,
      transportRequired: false,
      variants: [],
    })
    expect(popular.length).toBeGreaterThan(0)
    const es = await get(`/api/shop/get/${f.special.grip}`, { 'accept-language': 'es-ES,es;q=0.9' })
    expect(es.json().data.name).toBe('Pala Carbono Pro')
  })

  it('shows the main logo for a product without image and the list image when there is no detail image', async () => {
    const settings = (await get('/api/czconfigs/main-settings')).json().data
    const withoutImage = (await get(`/api/shop/get/${f.plainIds[1]}`)).json().data
    expect(withoutImage.logo).toBe(settings.mainlogo)
    expect(withoutImage.detailImage).toBe(settings.mainlogo)
    const listImageOnly = (await get(`/api/shop/get/${f.plainIds[2]}`)).json().data
    expect(listImageOnly.logo).toBe('/uploads/demo/products/item-3.svg')
    expect(listImageOnly.detailImage).toBe('/uploads/demo/products/item-3.svg')
    const both = (await get(`/api/shop/get/${f.plainIds[0]}`)).json().data
    expect(both.detailImage).toBe('/uploads/demo/products/item-1-detail.svg')
  })

  it('tells whether a product is in stock', async () => {
    const sold = (await get(`/api/shop/get/${f.plainIds[4]}`)).json().data
    expect(sold).toMatchObject({ stock: 0, hasStock: false })
    const counted = (await get(`/api/shop/get/${f.plainIds[5]}`)).json().data
    expect(counted).toMatchObject({ stock: 12, hasStock: true })
  })

  it.each([
    ['an unknown id', '/api/shop/get/999999', 404, 'not_found'],
    ['a negative id', '/api/shop/get/-3', 400, 'validation'],
    ['id 0', '/api/shop/get/0', 400, 'validation'],
    ['an id that is not a number', '/api/shop/get/abc', 400, 'validation'],
    ['an id beyond the integer range', '/api/shop/get/99999999999', 400, 'validation'],
    ['a fractional id', '/api/shop/get/1.5', 400, 'validation'],
  ])('answers %s with %i and an errorMsg', async (_name, url, status, code) => {
    const res = await get(url)
    expect(res.statusCode).toBe(status)
    expect(res.json()).toMatchObject({ ok: false, code })
    expect(res.json().errorMsg).toBeTruthy()
  })

  it('answers the general list for customer 0 and asks a visitor without a valid token to log in', async () => {
    const general = await list('')
    const noCustomer = await get('/api/shop/list-by-customer?customerId=0')
    expect(noCustomer.statusCode).toBe(200)
    expect(noCustomer.json()).toEqual(general)
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Record<string, string>[]) {
      const res = await get('/api/shop/list-by-customer?customerId=7&startRow=0&endRow=30', headers)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ ok: false, code: 'unauthorized', errorMsg: 'Please login or register' })
      const one = await get(`/api/shop/get/${f.special.grip}/7`, headers)
      expect(one.statusCode).toBe(401)
      expect(one.json().errorMsg).toBe('Please login or register')
    }
    const product = await get(`/api/shop/get/${f.special.grip}/0`)
    expect(product.json().data.grossPrice).toBe(189.95)
    expect((await get('/api/shop/list-by-customer?customerId=-1')).statusCode).toBe(400)
  })

  it('sends an ETag and answers 304 when the client already has the answer', async () => {
    for (const url of [
      '/api/shop/list?startRow=0&endRow=30',
      `/api/shop/get/${f.special.grip}`,
      '/api/products/popular-products',
      '/api/products/trending-products',
    ]) {
      const first = await get(url)
      const etag = first.headers.etag as string
      expect(etag, url).toMatch(/^".+"$/)
      expect(first.headers.vary).toMatch(/accept-language/i)
      const again = await get(url, { 'if-none-match': etag })
      expect(again.statusCode, url).toBe(304)
      expect(again.body).toBe('')
      const spanish = await get(url, { 'accept-language': 'es-ES', 'if-none-match': etag })
      expect(spanish.statusCode, url).toBe(200)
    }
  })

  it('answers a repeated filtered and sorted list byte for byte, and 304 to its ETag in any form', async () => {
    const status = grid({
      sortModel: [{ colId: 'GrossPrice', sort: 'asc' }],
      filterModel: { ProductTypeId: { filterType: 'number', type: 'equals', filter: f.typeIds[0] } },
    })
    const url = `/api/shop/list?startRow=0&endRow=30&gridStatus=${status}`
    for (const accept of [undefined, 'gzip, deflate, br', 'gzip']) {
      const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {}
      const first = await get(url, headers)
      const second = await get(url, headers)
      expect(first.statusCode).toBe(200)
      expect(second.rawPayload.equals(first.rawPayload), accept).toBe(true)
      expect(second.headers).toMatchObject({
        etag: first.headers.etag,
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-cache',
        vary: 'Accept-Language, Accept-Encoding',
      })
      expect(second.headers['content-encoding']).toBe(first.headers['content-encoding'])
      expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy'])
    }
    const etag = (await get(url)).headers.etag as string
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get(url, { 'if-none-match': ifNoneMatch, 'accept-encoding': 'br' })
      expect(res.statusCode, ifNoneMatch).toBe(304)
      expect(res.body).toBe('')
      expect(res.headers.etag).toBe(etag)
    }
    expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200)
    // Another sort is another answer.
    const descending = grid({
      sortModel: [{ colId: 'GrossPrice', sort: 'desc' }],
      filterModel: { ProductTypeId: { filterType: 'number', type: 'equals', filter: f.typeIds[0] } },
    })
    const other = await get(`/api/shop/list?startRow=0&endRow=30&gridStatus=${descending}`)
    expect(other.headers.etag).not.toBe(etag)
  })

  it('refuses a bad gridStatus every time it is asked, not only the first', async () => {
    const bad = `/api/shop/list?gridStatus=${grid({ sortModel: [{ colId: 'Name', sort: 'asc' }] })}`
    for (let i = 0; i < 3; i++) {
      const res = await get(bad)
      expect(res.statusCode).toBe(400)
      expect(res.json().errorMsg).toMatch(/not offered/)
    }
  })

  it('sends the list compressed to clients that accept it, with the same content and ETag', async () => {
    const url = '/api/shop/list?startRow=0&endRow=30'
    const plain = await get(url)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await get(url, { 'accept-encoding': accept })
      expect(res.headers['content-encoding']).toBe(encoding)
      expect(res.headers.etag).toBe(plain.headers.etag)
      expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(plain.json())
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)
    }
  })

  it('strips scripts from a product detail when it is stored and again when it is served', async () => {
    const evil =
      '<p onclick="steal()">Strong frame<script>alert(1)</script><img src="x" onerror="alert(2)"></p>'
    const [id] = await t.app.services.shop.createProducts([
      {
        productTypeId: f.typeIds[0]!,
        name: { 'es-ES': 'Pala X', 'en-US': 'Racket X' },
        description: { 'es-ES': 'x', 'en-US': 'x' },
        detail: { 'es-ES': evil, 'en-US': evil },
        grossPriceCents: 100,
        taxPercent: 21,
      },
    ])
    const [stored] = await t.app.database.db
      .execute(sql`select detail->>'en-US' as d from products where id = ${id}`)
      .then((r) => (r as unknown as { rows: { d: string }[] }).rows)
    expect(stored!.d).toContain('Strong frame')
    expect(stored!.d).not.toMatch(/script|onclick|onerror/i)
    // A row written around the service (an import, an older version) is cleaned when served.
    await t.app.database.db.execute(
      sql`update products set detail = jsonb_build_object('es-ES', ${evil}::text, 'en-US', ${evil}::text) where id = ${id}`,
    )
    const served = (await get(`/api/shop/get/${id}`)).json().data.detail
    expect(served).toContain('Strong frame')
    expect(served).not.toMatch(/script|onclick|onerror/i)
    await t.app.database.db.delete(products).where(sql`${products.id} = ${id}`)
  })

  it('documents the gridStatus shape with an example in the OpenAPI document', async () => {
    const doc = (await get('/api/docs')).json()
    const params = doc.paths['/api/shop/list'].get.parameters as { name: string; description?: string }[]
    const gridStatus = params.find((p) => p.name === 'gridStatus')
    expect(gridStatus?.description).toContain('sortModel')
    expect(gridStatus?.description).toContain('filterModel.search')
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/shop/list-by-customer',
        '/api/shop/get/{id}',
        '/api/shop/get/{id}/{customerId}',
        '/api/products/popular-products',
        '/api/products/trending-products',
      ]),
    )
  })
})

describe.each(testDatabaseKinds())('popular, trending and customer prices on %s', (kind) => {
  let t: TestApp
  let f: ShopFixture
  const now = new Date()
  const daysAgo = (n: number) => new Date(now.getTime() - n * 24 * 60 * 60 * 1000)
  beforeAll(async () => {
    t = await buildTestApp(kind)
    await saveTestSettings(t.app.services)
    f = await createTestShop(t.app.services)
  })
  afterAll(() => t.close())

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US' } })

  it('answers the products flagged popular and trending while nothing has been sold', async () => {
    const popular = (await get('/api/products/popular-products')).json().data as ProductBody[]
    // Items 1 to 3 are flagged popular: newest first.
    expect(ids(popular)).toEqual([f.plainIds[2], f.plainIds[1], f.plainIds[0]])
    const trending = (await get('/api/products/trending-products')).json().data as ProductBody[]
    expect(ids(trending)).toEqual([f.plainIds[3]])
  })

  it('ranks popular products by units sold in the last 90 days, completed with the flagged ones', async () => {
    const [a, b, c] = [f.plainIds[20]!, f.plainIds[21]!, f.plainIds[22]!]
    await t.app.services.shop.recordSales([
      { productId: a, units: 3, soldAt: daysAgo(10) },
      { productId: b, units: 5, soldAt: daysAgo(80) },
      { productId: c, units: 50, soldAt: daysAgo(120) }, // too old to count
      { productId: a, units: 1, soldAt: daysAgo(1) },
    ])
    const body = (await get('/api/products/popular-products')).json()
    expect(ids(body.data)).toEqual([b, a, f.plainIds[2], f.plainIds[1], f.plainIds[0]])
    const list = (await get('/api/shop/list')).json()
    expect(ids(list.popular)).toEqual(ids(body.data))
    const product = (await get(`/api/shop/get/${a}`)).json()
    expect(ids(product.popular)).toEqual(ids(body.data))
  })

  it('ranks trending products by growth of the last 14 days over the 14 before', async () => {
    const [steady, rising, falling] = [f.plainIds[30]!, f.plainIds[31]!, f.plainIds[32]!]
    await t.app.services.shop.recordSales([
      { productId: steady, units: 4, soldAt: daysAgo(3) },
      { productId: steady, units: 4, soldAt: daysAgo(20) },
      { productId: rising, units: 6, soldAt: daysAgo(2) },
      { productId: rising, units: 1, soldAt: daysAgo(15) },
      { productId: falling, units: 1, soldAt: daysAgo(5) },
      { productId: falling, units: 9, soldAt: daysAgo(25) },
    ])
    const trending = (await get('/api/products/trending-products')).json().data as ProductBody[]
    // The sales of the previous test (items 21, 22) fall in the windows too: item 21 sold 1 recently.
    expect(ids(trending)[0]).toBe(rising)
    expect(ids(trending)).not.toContain(steady)
    expect(ids(trending)).not.toContain(falling)
    expect(ids(trending)).toContain(f.plainIds[3]) // flagged trending completes the list
    expect(trending.length).toBeLessThanOrEqual(4)
  })

  it("prices a customer type's list: its own price wins, otherwise its discount on the general price", async () => {
    const shop = t.app.services.shop
    const racket = f.special.grip // 189.95 general
    const shirt = f.special.cotton // 24.95 general
    const customerTypeId = await shop.createCustomerType({
      name: 'Club members',
      discountPercent: 10,
      prices: [{ productId: racket, grossPriceCents: 15000 }],
    })
    expect(
      await shop.priceFor({ id: racket, grossPriceCents: 18995, taxPercent: 21 }, customerTypeId),
    ).toEqual({
      grossPriceCents: 15000,
      netPriceCents: 12397,
    })
    expect(await shop.priceFor({ id: shirt, grossPriceCents: 2495, taxPercent: 21 }, customerTypeId)).toEqual(
      {
        grossPriceCents: 2246,
        netPriceCents: 1856,
      },
    )
    expect(await shop.priceFor({ id: shirt, grossPriceCents: 2495, taxPercent: 21 }, undefined)).toEqual({
      grossPriceCents: 2495,
      netPriceCents: 2062,
    })

    const member = (await shop.productAnswer(racket, 'en-US', customerTypeId)).data.data
    expect(member).toMatchObject({ grossPrice: 150, price: 123.97 })
    const page = (
      await shop.listAnswer(
        {
          startRow: 0,
          endRow: 1000,
          gridStatus: { sortModel: [{ colId: 'GrossPrice', sort: 'desc' }], filterModel: {} },
        },
        'en-US',
        customerTypeId,
      )
    ).data
    const prices = page.data.map((p) => p.grossPrice)
    expect(prices).toEqual([...prices].sort((a, b) => b - a))
    expect(page.data.find((p) => p.id === shirt)?.grossPrice).toBe(22.46)
    // Everyone else still sees the general price.
    expect((await get(`/api/shop/get/${racket}`)).json().data.grossPrice).toBe(189.95)
  })

  it("answers a logged-in customer their price list's prices, and nobody else's", async () => {
    const racket = f.special.grip // 189.95 general
    const customerTypeId = await t.app.services.shop.createCustomerType({
      name: 'Juniors',
      discountPercent: 20,
      prices: [{ productId: racket, grossPriceCents: 12000 }],
    })
    const memberId = await insertCustomer(t.app, { email: 'junior@example.com', password: 'Junior-Test-55' })
    await insertCustomer(t.app, { email: 'adult@example.com', password: 'Adult-Test-55' })
    await t.app.database.db.update(customers).set({ customerTypeId }).where(eq(customers.id, memberId))
    const member = await loginAs(t.app, 'junior@example.com', 'Junior-Test-55')
    const adult = await loginAs(t.app, 'adult@example.com', 'Adult-Test-55')
    const as = (url: string, who: { headers: { authorization: string } }) =>
      t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US', ...who.headers } })

    const own = await as(`/api/shop/get/${racket}/${member.id}`, member)
    expect(own.statusCode).toBe(200)
    expect(own.json().data.grossPrice).toBe(120)
    const list = await as(`/api/shop/list-by-customer?customerId=${member.id}&startRow=0&endRow=1000`, member)
    expect(list.statusCode).toBe(200)
    const listed = list.json().data as ProductBody[]
    expect(listed.find((p) => p.id === racket)?.grossPrice).toBe(120)
    expect(listed.find((p) => p.id === f.special.cotton)?.grossPrice).toBe(19.96) // 24.95 less 20%

    // A customer without a price list pays the general price; nobody reads another's list.
    expect((await as(`/api/shop/get/${racket}/${adult.id}`, adult)).json().data.grossPrice).toBe(189.95)
    expect((await as(`/api/shop/get/${racket}/${member.id}`, adult)).statusCode).toBe(403)
    expect(
      (await as(`/api/shop/list-by-customer?customerId=${member.id}&startRow=0&endRow=30`, adult)).statusCode,
    ).toBe(403)
    expect((await get(`/api/shop/get/${racket}/${member.id}`)).statusCode).toBe(401)
  })
})
