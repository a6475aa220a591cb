import fs from 'node:fs/promises'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { GALLERY_FILES, SPONSOR_FILES, TextBlockType } from '@clubhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import {
  demoBanners,
  demoGallery,
  demoPosts,
  demoProducts,
  demoProductTypes,
  demoSponsors,
  demoTeam,
  demoTestimonials,
} from './demo-content.ts'
import { demoImageFiles } from './demo-images.ts'
import { seedDemoCentre } from './index.ts'

const filesOf = (query: { parentName: string; parentId: number; category: string }) =>
  `/api/fileuploads/open-list?parentName=${query.parentName}&parentId=${query.parentId}&category=${query.category}`
const byType = (type: number) =>
  `/api/cztextblocks/list-by-page?startRow=0&endRow=1000&gridStatus=${encodeURIComponent(
    JSON.stringify({
      filterModel: { TextBlockType: { filterType: 'number', type: 'equals', filter: type } },
    }),
  )}`

describe('the demo seed', () => {
  let t: TestApp
  let seconds: number
  beforeAll(async () => {
    t = await buildTestApp('pglite', { seed: false })
    const started = performance.now()
    await seedDemoCentre(t.app.services, t.config.dataDir)
    seconds = (performance.now() - started) / 1000
  })
  afterAll(() => t.close())

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US' } })
    expect(res.statusCode, url).toBe(200)
    return res.json()
  }

  it('takes well under the time of a start', () => {
    expect(seconds).toBeLessThan(3)
  })

  it('loads every product type and product of the demo content into the shop', async () => {
    const shop = await get('/api/shop/list?startRow=0&endRow=1000')
    expect(shop.productTypes.map((p: { name: string }) => p.name)).toEqual(
      demoProductTypes.map((p) => p.name['en-US']),
    )
    expect(shop.totalCount).toBe(demoProducts.length)
    const names = new Set(shop.data.map((p: { name: string }) => p.name))
    for (const p of demoProducts) expect(names.has(p.name['en-US']), p.key).toBe(true)
  })

  it('loads the posts, testimonials and team members with their authors and names', async () => {
    const posts = await get(byType(TextBlockType.Posts))
    expect(posts.totalCount).toBe(demoPosts.length)
    expect(new Set(posts.data.map((p: { name: string }) => p.name))).toEqual(
      new Set(demoPosts.map((p) => p.author)),
    )
    expect((await get(byType(TextBlockType.Testimonials))).totalCount).toBe(demoTestimonials.length)
    expect((await get(byType(TextBlockType.Teams))).totalCount).toBe(demoTeam.length)
  })

  it('loads the banners, the gallery and the sponsors', async () => {
    const banners = await get('/api/banners/open-list')
    expect(banners.rowData.map((b: { url: string }) => b.url)).toEqual(demoBanners.map((b) => b.url))
    expect(banners.rowData.map((b: { image: string | null }) => b.image === null)).toEqual(
      demoBanners.map((b) => b.image === null),
    )
    expect((await get(filesOf(GALLERY_FILES))).data.map((g: { title: string }) => g.title)).toEqual(
      demoGallery.map((g) => g.title['en-US']),
    )
    expect(
      (await get(filesOf(SPONSOR_FILES))).data.map((s: { description: string }) => s.description),
    ).toEqual(demoSponsors.map((s) => s.description))
  })

  it('writes every demo image under the uploads folder, where the server serves it', async () => {
    const files = demoImageFiles()
    for (const { file } of files) {
      await expect(fs.stat(path.join(t.config.dataDir, 'uploads', file)), file).resolves.toBeTruthy()
    }
    const product = demoProducts[0]
    if (product) {
      const res = await t.app.inject({ method: 'GET', url: `/uploads/${product.image.file}` })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/image\/svg\+xml/)
    }
  })

  it('puts nothing in a second time', async () => {
    const before = await get('/api/shop/list?startRow=0&endRow=1000')
    expect(await seedDemoCentre(t.app.services, t.config.dataDir)).toBe(false)
    expect((await get('/api/shop/list?startRow=0&endRow=1000')).totalCount).toBe(before.totalCount)
  })

  it('gives the same answers on every fresh database', async () => {
    const other = await buildTestApp('pglite')
    try {
      for (const url of [
        '/api/shop/list?startRow=0&endRow=1000',
        byType(TextBlockType.Posts),
        '/api/banners/open-list',
      ]) {
        const mine = await t.app.inject({ method: 'GET', url })
        const theirs = await other.app.inject({ method: 'GET', url })
        expect(theirs.body, url).toBe(mine.body)
      }
    } finally {
      await other.close()
    }
  })
})
