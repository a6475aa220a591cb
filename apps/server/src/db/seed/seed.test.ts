import fs from 'node:fs/promises'
import path from 'node:path'
import os from 'node:os'
import { GALLERY_FILES, roleReaches, SPONSOR_FILES, TextBlockType } from '@clubhouse/contract/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../config.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { DEMO_DATA_DIR, loadDemoData } from './demo-data.ts'
import { demoImageFiles } from './demo-images.ts'
import { seedDemoCentre } from './index.ts'

const data = loadDemoData()
const {
  banners: demoBanners,
  gallery: demoGallery,
  posts: demoPosts,
  products: demoProducts,
  productTypes: demoProductTypes,
  sponsors: demoSponsors,
  team: demoTeam,
  testimonials: demoTestimonials,
} = data

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
  let webDist: string
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-web-'))
    await fs.writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"></div></body></html>',
    )
    t = await buildTestApp('pglite', { env: { WEB_DIST: webDist } })
    await seedDemoCentre(t.app.services, t.config.dataDir)
  })
  afterAll(async () => {
    await t.close()
    await fs.rm(webDist, { recursive: true, force: true })
  })

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US' } })
    expect(res.statusCode, url).toBe(200)
    return res.json()
  }

  it("has the README's desk account, which logs in as the desk and nothing above it", async () => {
    const readme = await fs.readFile(path.join(repoRoot, 'README.md'), 'utf8')
    const [desk] = data.staff
    expect(desk).toMatchObject({ email: 'desk@demo.clubhouse', role: 'desk' })
    expect(readme.replace(/\s+/g, ' ')).toContain(`\`${desk!.email}\` with password \`${desk!.password}\``)
    const { session } = await t.app.services.staff.login(
      { email: desk!.email, password: desk!.password },
      '192.0.2.1',
    )
    expect(session?.role).toBe('desk')
    expect(roleReaches(session!.role, 'manager')).toBe(false)
    // The manager's, for the day's takings: a manager, and not an owner.
    const manager = data.staff.find((s) => s.role === 'manager')!
    expect(readme.replace(/\s+/g, ' ')).toContain(`\`${manager.email}\` with password \`${manager.password}\``)
    const signedIn = await t.app.services.staff.login(
      { email: manager.email, password: manager.password },
      '192.0.2.1',
    )
    expect(signedIn.session?.role).toBe('manager')
  })

  it("serves the centre's home page and lets the README's customer read her orders", async () => {
    const home = await t.app.inject({ method: 'GET', url: '/' })
    expect(home.statusCode).toBe(200)
    expect(home.body).toContain(`<title>${data.main.name.replace('&', '&amp;')}</title>`)
    const laura = data.customers.find((c) => c.key === 'laura')!
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/publiccustomers/cauth',
      payload: { email: 'demo@clubmistral.es', password: 'Mistral-Demo-2026' },
    })
    expect(login.statusCode).toBe(200)
    const { id, token } = login.json().model
    const orders = await t.app.inject({
      method: 'GET',
      url: `/api/shop/customer-orders/${id}`,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(orders.statusCode).toBe(200)
    const numbers: string[] = orders.json().model.map((o: { number: string }) => o.number)
    const fixed = laura.sales.filter((s) => s.status === 'paid').map((s) => s.number)
    expect(numbers.filter((n) => fixed.includes(n)).sort()).toEqual([...fixed].sort())
    // And her court bookings paid online, numbered when the seed runs.
    const paidBookings = data.bookings.bookings.filter((b) => b.customer === 'laura' && b.paidWith !== null)
    expect(numbers.filter((n) => !fixed.includes(n))).toHaveLength(paidBookings.length)
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
    const sponsors = (await get(filesOf(SPONSOR_FILES))).data as { description: string; title: string }[]
    expect(sponsors.map((s) => s.description)).toEqual(demoSponsors.map((s) => s.description))
    expect(sponsors.map((s) => s.title)).toEqual(demoSponsors.map((s) => s.name['en-US']))
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
    const other = await buildTestApp('pglite', { demo: true })
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

describe('a demo seed that a service refuses half way', () => {
  it('leaves the database empty, to be seeded on the next start', async () => {
    const files = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-demo-data-'))
    const t = await buildTestApp('pglite')
    try {
      await fs.cp(DEMO_DATA_DIR, files, { recursive: true })
      // The last customer spends more from a voucher than it ever held: the vouchers service refuses.
      const customers = JSON.parse(await fs.readFile(path.join(files, 'customers.json'), 'utf8'))
      customers.at(-1).vouchers[0].movements.push({
        at: '2026-11-15T10:00:00.000Z',
        amount: -1_000_000,
        concept: { 'es-ES': 'Gasto', 'en-US': 'Spend' },
      })
      await fs.writeFile(path.join(files, 'customers.json'), JSON.stringify(customers))

      await expect(seedDemoCentre(t.app.services, t.config.dataDir, files)).rejects.toMatchObject({
        code: 'voucher_insufficient',
      })
      expect(await t.app.services.content.hasSettings()).toBe(false)
      const shop = await t.app.inject({ method: 'GET', url: '/api/shop/list?startRow=0&endRow=10' })
      expect(shop.json().totalCount).toBe(0)
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/publiccustomers/cauth',
        payload: { email: 'demo@clubmistral.es', password: 'Mistral-Demo-2026' },
      })
      expect(login.statusCode).toBe(401)

      expect(await seedDemoCentre(t.app.services, t.config.dataDir)).toBe(true)
      expect(await t.app.services.content.hasSettings()).toBe(true)
    } finally {
      await t.close()
      await fs.rm(files, { recursive: true, force: true })
    }
  })
})
