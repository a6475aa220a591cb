import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { GALLERY_FILES, SaleItemKind, SPONSOR_FILES, TextBlockType } from '@clubhouse/contract/server'
import type { Services } from '../../services.ts'
import { hashPassword } from '../../features/customers/passwords.ts'
import type { SaleLine } from '../../features/sales/sales.service.ts'
import { DEMO_DATA_DIR, loadDemoData, type DemoCustomer, type DemoData } from './demo-data.ts'
import { demoImageFiles } from './demo-images.ts'
import { importAccounts, type AccountImport } from './import-accounts.ts'
import { importDemoActivities, importDemoBookings, importDemoCatalogue } from './import-bookings.ts'
import { importDemoSessions } from './import-sessions.ts'

const assetsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets')

/**
 * Puts the demo centre of ./data (or of `demoDataDir`, in tests) into an empty database: settings,
 * home template, legal texts, the shop, the blog, the home page content and their images under
 * DATA_DIR/uploads, the demo customers with their orders, vouchers, cards and mails, the desk's staff
 * account (staff.json), and the club's courts, timetables, prices and bookings, its classes booked by
 * place with their members and waiting lists (days counted from `now`). Every file is read and checked before anything is written, and the database part is one unit of work through the
 * services: a wrong file or a refusal half way leaves the database empty, to be seeded on the next
 * start. Deterministic; does nothing when settings already exist.
 */
export async function seedDemoCentre(
  services: Services,
  dataDir: string,
  demoDataDir = DEMO_DATA_DIR,
  /** The day the demo's bookings are counted from (now, unless a test says otherwise). */
  now = Date.now(),
): Promise<boolean> {
  if (await services.content.hasSettings()) return false
  const data = loadDemoData(demoDataDir)
  // scrypt runs on the thread pool: hashing the passwords side by side halves the wait.
  const [hashes, staffHashes] = await Promise.all([
    Promise.all(data.customers.map((c) => hashPassword(c.password))),
    Promise.all(data.staff.map((m) => hashPassword(m.password))),
  ])

  const uploadsDir = path.join(dataDir, 'uploads')
  await fs.cp(assetsDir, uploadsDir, { recursive: true, force: false, errorOnExist: false })
  await writeDemoImages(uploadsDir, data)

  await services.units.run(async () => {
    await services.content.saveSettings('main', data.main)
    await services.content.saveSettings('template', data.template)
    await services.content.saveSettings('legal', data.legal)
    const productIdByKey = await seedDemoContent(services, data)
    await services.customers.createCustomFields(data.customFields.map((f, position) => ({ ...f, position })))
    await services.forms.createCities(data.forms.cities)
    for (const form of data.forms.forms) await services.forms.createForm(form)
    const catalogue = await importDemoCatalogue(services, data.bookings)
    const customerIds = await importAccounts(
      services,
      data.customers.map((c, i) => demoAccount(c, hashes[i]!, productIdByKey, catalogue.ids.bookingTypes)),
    )
    const customerKeys = new Map(data.customers.map((c, i) => [c.key, customerIds[i]!]))
    for (const [i, { password: _plain, ...member }] of data.staff.entries()) {
      await services.staff.importAccount({ ...member, passwordHash: staffHashes[i]! })
    }
    await importDemoBookings(services, data.bookings, catalogue, {
      zone: data.main.timeZone,
      now,
      customerIds: customerKeys,
    })
    await importDemoSessions(services, data.sessions, {
      zone: data.main.timeZone,
      now,
      customerIds: customerKeys,
      catalogue: catalogue.ids,
    })
    await importDemoActivities(services, data.activities, {
      zone: data.main.timeZone,
      now,
      customerIds: new Map(data.customers.map((c, i) => [c.key, customerIds[i]!])),
    })
  })
  return true
}

/** Writes the drawn demo images (products, posts, people, banners, gallery, sponsors). */
async function writeDemoImages(uploadsDir: string, data: DemoData) {
  const files = demoImageFiles(data).map((f) => ({ ...f, target: path.join(uploadsDir, f.file) }))
  const dirs = new Set(files.map((f) => path.dirname(f.target)))
  await Promise.all([...dirs].map((dir) => fs.mkdir(dir, { recursive: true })))
  await Promise.all(files.map((f) => fs.writeFile(f.target, f.svg)))
}

/** The shop, the blog and the home page content, through the services (HTML sanitised on the way). */
async function seedDemoContent(
  { shop, blog, home, checkout }: Services,
  data: DemoData,
): Promise<Map<string, number>> {
  const typeIds = await shop.createProductTypes(data.productTypes.map((t) => ({ name: t.name })))
  const typeIdByKey = new Map(data.productTypes.map((t, i) => [t.key, typeIds[i]!]))
  const productIds = await shop.createProducts(
    data.products.map((p) => ({
      productTypeId: typeIdByKey.get(p.typeKey)!,
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
      transportRequired: p.transportRequired,
      variants: p.variants ?? [],
      createdAt: p.created,
    })),
  )
  await checkout.createTransports(
    data.checkout.transports.map((t) => ({
      name: t.name,
      deliveryTime: t.deliveryTime,
      priceCents: t.priceCents,
    })),
  )
  await checkout.createPromos(
    data.checkout.promos.map((p) => ({
      code: p.code,
      description: p.description,
      discountType: p.discountType,
      value: p.value,
      validFrom: new Date(p.validFrom),
      validTo: new Date(p.validTo),
      maxUses: p.maxUses,
      maxUsesPerCustomer: p.maxUsesPerCustomer,
      usesCount: p.usesCount,
      coversShipping: p.coversShipping,
    })),
  )

  const people = (type: TextBlockType, items: DemoData['testimonials'] | DemoData['team']) =>
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
    ...data.posts.map((p) => ({
      textBlockType: TextBlockType.Posts,
      title: p.title,
      smalText: p.smalText,
      text: p.text,
      image: p.image.file,
      name: p.author,
      createdAt: p.created,
    })),
    ...people(TextBlockType.Testimonials, data.testimonials),
    ...people(TextBlockType.Teams, data.team),
  ])

  await home.createBanners(
    data.banners.map((b, position) => ({
      title: b.title,
      text: b.text,
      image: b.image?.file ?? null,
      url: b.url,
      position,
    })),
  )
  await home.createFileUploads([
    ...data.gallery.map((g, position) => ({
      ...GALLERY_FILES,
      file: g.image.file,
      title: g.title,
      position,
    })),
    ...data.sponsors.map((s, position) => ({
      ...SPONSOR_FILES,
      file: s.image.file,
      title: s.name,
      description: s.description,
      position,
    })),
  ])
  return new Map(data.products.map((p, i) => [p.key, productIds[i]!]))
}

/** A demo customer as an import: product keys become ids, instants dates, the password its hash. */
function demoAccount(
  c: DemoCustomer,
  passwordHash: string,
  productIdByKey: Map<string, number>,
  bookingTypeIdByKey: Map<string, number>,
): AccountImport {
  const created = new Date(c.created)
  return {
    customer: {
      email: c.email,
      passwordHash,
      name: c.name,
      surname: c.surname,
      phone: c.phone,
      gender: c.gender,
      birthDate: c.birthDate,
      addressLine1: c.addressLine1,
      postalCode: c.postalCode,
      city: c.city,
      town: c.town,
      country: c.country,
      accountHolderName: c.accountHolderName,
      iban: c.iban,
      dni: c.dni,
      acceptConditions: true,
      okRss: c.okRss,
      language: c.language,
      activatedAt: created,
      createdAt: created,
      updatedAt: created,
    },
    customValues: c.customValues,
    sales: c.sales.map((s) => ({
      saleNumber: s.number,
      title: s.title,
      status: s.status,
      online: s.online,
      paymentMethodId: s.paymentMethod,
      createdAt: new Date(s.at),
      shippingCents: s.shippingCents ?? 0,
      discountCents: s.discountCents ?? 0,
      items: s.lines.map((line): SaleLine => {
        if ('kind' in line) {
          return {
            kind: line.kind,
            name: line.name,
            image: line.image ?? '',
            unitPriceCents: line.priceCents,
            units: line.units,
          }
        }
        return { kind: SaleItemKind.Article, productId: productIdByKey.get(line.product)!, units: line.units }
      }),
    })),
    vouchers: c.vouchers.map((v) => ({
      kind: v.kind,
      description: v.description,
      active: v.active,
      expiresAt: v.expires === null ? null : new Date(v.expires),
      createdAt: new Date(v.created),
      ...(v.pays
        ? {
            scope: {
              bookingTypeIds: v.pays.types.map((key) => bookingTypeIdByKey.get(key)!),
              durationMinutes: v.pays.minutes ?? [],
            },
          }
        : {}),
      movements: v.movements.map((m) => ({
        amount: m.amount,
        concept: m.concept,
        createdAt: new Date(m.at),
        ...(m.sale ? { saleNumber: m.sale } : {}),
      })),
    })),
    cards: c.cards.map((card) => ({
      paymentMethodId: card.paymentMethod,
      providerToken: card.providerToken,
      last4: card.last4,
      brand: card.brand,
      expMonth: card.expMonth,
      expYear: card.expYear,
      createdAt: new Date(card.created),
      deletedAt: card.deleted ? new Date(card.deleted) : null,
    })),
    communications: c.communications.map((m) => ({
      channel: m.channel,
      subject: m.subject ?? '',
      body: m.body,
      createdAt: new Date(m.at),
    })),
  }
}
