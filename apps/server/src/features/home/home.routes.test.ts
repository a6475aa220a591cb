import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'
import { createTestHome, saveTestSettings } from '../../test/catalogue-fixtures.ts'
import { banners } from './home.tables.ts'

describe.each(testDatabaseKinds())('home content routes on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp(kind)
    await saveTestSettings(t.app.services)
    await createTestHome(t.app.services)
  })
  afterAll(() => t.close())

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US', ...headers } })

  it('answers the banners in their order, with and without image', async () => {
    const res = await get('/api/banners/open-list')
    expect(res.statusCode).toBe(200)
    const { rowData } = res.json()
    expect(rowData).toEqual([
      {
        id: expect.any(Number),
        title: 'Padel lessons',
        text: '<p>Sign up now</p>',
        image: '/uploads/demo/banners/lessons.svg',
        url: '/blog',
      },
      { id: expect.any(Number), title: 'Shop', text: 'Everything for your game', image: null, url: '/shop' },
    ])
    const es = (await get('/api/banners/open-list', { 'accept-language': 'es-ES' })).json()
    expect(es.rowData[0].title).toBe('Clases de pádel')
  })

  it('answers the gallery images with their titles and the sponsors with their link targets', async () => {
    const gallery = await get('/api/fileuploads/open-list?parentName=CZConfig&parentId=1&category=CzGallery')
    expect(gallery.statusCode).toBe(200)
    expect(gallery.json()).toEqual({
      ok: true,
      data: [
        { url: '/uploads/demo/gallery/courts.svg', description: '', title: 'Courts' },
        { url: '/uploads/demo/gallery/gym.svg', description: '', title: 'Gym' },
      ],
    })
    const sponsors = await get(
      '/api/fileuploads/open-list?parentName=CZConfig&parentId=1&category=CzSponsors',
    )
    expect(sponsors.json().data).toEqual([
      { url: '/uploads/demo/sponsors/wave.svg', description: 'https://wave.example.com' },
    ])
  })

  it('answers an empty list for a record or category without files', async () => {
    for (const query of [
      'parentName=CZConfig&parentId=2&category=CzGallery',
      'parentName=Product&parentId=1&category=CzGallery',
      "parentName=CZConfig&parentId=1&category=CzGallery' or '1'='1",
    ]) {
      const res = await get(`/api/fileuploads/open-list?${encodeURI(query)}`)
      expect(res.statusCode, query).toBe(200)
      expect(res.json()).toEqual({ ok: true, data: [] })
    }
  })

  it.each([
    ['without parentName', 'parentId=1&category=CzGallery'],
    ['with a negative parentId', 'parentName=CZConfig&parentId=-1'],
    ['with a parentId that is not a number', 'parentName=CZConfig&parentId=one'],
    ['with a 10,000-character category', `parentName=CZConfig&parentId=1&category=${'x'.repeat(10_000)}`],
  ])('refuses a file list %s with 400 and an errorMsg', async (_name, query) => {
    const res = await get(`/api/fileuploads/open-list?${query}`)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ ok: false, code: 'validation' })
    expect(res.json().errorMsg).toBeTruthy()
  })

  it('sends an ETag and answers 304 when the client already has the answer', async () => {
    for (const url of [
      '/api/banners/open-list',
      '/api/fileuploads/open-list?parentName=CZConfig&parentId=1&category=CzGallery',
    ]) {
      const first = await get(url)
      const again = await get(url, { 'if-none-match': `W/"other", ${first.headers.etag as string}` })
      expect(again.statusCode, url).toBe(304)
    }
  })

  it('strips scripts from banner text when it is stored and again when it is served', async () => {
    const evil = '<p>Offer<script>alert(1)</script></p><a href="javascript:alert(1)" onclick="x()">here</a>'
    const [id] = await t.app.services.home.createBanners([
      {
        title: { 'es-ES': 'X', 'en-US': 'X' },
        text: { 'es-ES': evil, 'en-US': evil },
        url: '/shop',
        position: 9,
      },
    ])
    const [stored] = await t.app.database.db
      .select()
      .from(banners)
      .where(sql`${banners.id} = ${id}`)
    expect(stored!.text['en-US']).toBe('<p>Offer</p><a>here</a>')
    await t.app.database.db.execute(
      sql`update banners set text = jsonb_build_object('es-ES', ${evil}::text, 'en-US', ${evil}::text) where id = ${id}`,
    )
    const served = (await get('/api/banners/open-list')).json().rowData as { id: number; text: string }[]
    expect(served.find((b) => b.id === id)?.text).toBe('<p>Offer</p><a>here</a>')
  })
})
