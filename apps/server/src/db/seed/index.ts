import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { GALLERY_FILES, SPONSOR_FILES, TextBlockType } from '@clubhouse/contract'
import type { Services } from '../../app.ts'
import { demoHomeTemplate, demoLegalSettings, demoMainSettings } from './demo-centre.ts'
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
import { seedDemoCustomers } from './demo-customers.ts'
import { demoImageFiles } from './demo-images.ts'

const assetsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets')

/**
 * Puts the demo centre into an empty database: settings, home template, legal texts, the shop, the
 * blog, the home page content and their images under DATA_DIR/uploads, and the demo customers
 * with their orders, vouchers, cards and mails. Deterministic; does
 * nothing when settings already exist.
 */
export async function seedDemoCentre(services: Services, dataDir: string): Promise<boolean> {
  if (await services.content.hasSettings()) return false
  const uploadsDir = path.join(dataDir, 'uploads')
  await fs.cp(assetsDir, uploadsDir, {
    recursive: true,
    force: false,
    errorOnExist: false,
  })
  await writeDemoImages(uploadsDir)
  await services.content.saveSettings('main', demoMainSettings)
  await services.content.saveSettings('template', demoHomeTemplate)
  await services.content.saveSettings('legal', demoLegalSettings)
  const productIdByKey = await seedDemoContent(services)
  await seedDemoCustomers(services, productIdByKey)
  return true
}

/** Writes the drawn demo images (products, posts, people, banners, gallery, sponsors). */
async function writeDemoImages(uploadsDir: string) {
  const files = demoImageFiles().map((f) => ({ ...f, target: path.join(uploadsDir, f.file) }))
  const dirs = new Set(files.map((f) => path.dirname(f.target)))
  await Promise.all([...dirs].map((dir) => fs.mkdir(dir, { recursive: true })))
  await Promise.all(files.map((f) => fs.writeFile(f.target, f.svg)))
}

/** The shop, the blog and the home page content, through the services (HTML sanitised on the way). */
async function seedDemoContent({ shop, blog, home }: Services): Promise<Map<string, number>> {
  const typeIds = await shop.createProductTypes(demoProductTypes.map((t) => ({ name: t.name })))
  const typeIdByKey = new Map(demoProductTypes.map((t, i) => [t.key, typeIds[i]!]))
  const productIds = await shop.createProducts(
    demoProducts.map((p) => {
      const productTypeId = typeIdByKey.get(p.typeKey)
      if (productTypeId === undefined)
        throw new Error(`Demo product ${p.key} names an unknown type ${p.typeKey}`)
      return {
        productTypeId,
        name: p.name,
        description: p.description,
        detail: p.detail,
        grossPriceCents: p.grossPriceCents,
        taxPercent: p.taxPercent,
        image: p.image.file,
        detailImage: p.detailImage.file,
        stock: p.stock,
        isPopular: p.isPopularFlag,
        isTrending: p.isTrendingFlag,
        createdAt: p.created,
      }
    }),
  )

  const people = (type: TextBlockType, items: typeof demoTestimonials) =>
    items.map((t) => ({
      textBlockType: type,
      title: t.title,
      smalText: { 'es-ES': '', 'en-US': '' },
      text: t.text,
      image: t.image.file,
      name: t.name,
      createdAt: t.created,
    }))
  await blog.createTextBlocks([
    ...demoPosts.map((p) => ({
      textBlockType: TextBlockType.Posts,
      title: p.title,
      smalText: p.smalText,
      text: p.text,
      image: p.image.file,
      name: p.author,
      createdAt: p.created,
    })),
    ...people(TextBlockType.Testimonials, demoTestimonials),
    ...people(TextBlockType.Teams, demoTeam),
  ])

  await home.createBanners(
    demoBanners.map((b, position) => ({
      title: b.title,
      text: b.text,
      image: b.image?.file ?? null,
      url: b.url,
      position,
    })),
  )
  await home.createFileUploads([
    ...demoGallery.map((g, position) => ({ ...GALLERY_FILES, file: g.image.file, title: g.title, position })),
    ...demoSponsors.map((s, position) => ({
      ...SPONSOR_FILES,
      file: s.image.file,
      description: s.description,
      position,
    })),
  ])
  return new Map(demoProducts.map((p, i) => [p.key, productIds[i]!]))
}
