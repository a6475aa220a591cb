import { GALLERY_FILES, SPONSOR_FILES, TextBlockType } from '@clubhouse/contract/server'
import type { Services } from '../app.ts'
import type { Localised } from '../lib/localised.ts'

/**
 * Small, fully known shop, blog and home content for API tests, written through the services on a
 * database without the demo content, so every count and order in a test can be worked out by hand.
 */

const both = (es: string, en: string): Localised => ({ 'es-ES': es, 'en-US': en })
const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n, 10, 0, 0))

export const TYPE_NAMES = [both('Palas', 'Rackets'), both('Pelotas', 'Balls'), both('Ropa', 'Clothing')]

/** 40 products: product i (1..40) has type ((i-1) % 3)+1, a price and a day of its own. */
export interface FixtureProduct {
  index: number
  typeIndex: number
  name: Localised
  grossPriceCents: number
  created: Date
}

function product(i: number): FixtureProduct {
  return {
    index: i,
    typeIndex: (i - 1) % 3,
    name: both(`Artículo ${i}`, `Item ${i}`),
    // Prices are all different and not in creation order.
    grossPriceCents: 1000 + ((i * 37) % 41) * 100 + i,
    created: day(i),
  }
}

export const PLAIN_PRODUCTS = Array.from({ length: 40 }, (_, k) => product(k + 1))

/** Products that the search tests look for, beyond the 40 plain ones. */
export const SPECIAL_PRODUCTS = {
  grip: {
    typeIndex: 0,
    name: both('Pala Carbono Pro', 'Carbon Pro Racket'),
    description: both('Pala de potencia para jugadores avanzados.', 'Power racket for advanced players.'),
    detail: both(
      '<p>Marco de carbono y <strong>empuñadura</strong> antideslizante.</p>',
      '<p>Carbon frame and a non-slip <strong>grip</strong>.</p>',
    ),
    grossPriceCents: 18995,
    created: day(60),
  },
  cotton: {
    typeIndex: 2,
    name: both('Camiseta 100% algodón', 'T-shirt 100% cotton'),
    description: both('Camiseta técnica de tacto suave.', 'Soft technical T-shirt.'),
    detail: both('<p>Ligera y transpirable.</p>', '<p>Light and breathable.</p>'),
    grossPriceCents: 2495,
    created: day(61),
  },
  underscore: {
    typeIndex: 1,
    name: both('Pelotas pack_3', 'Balls pack_3'),
    description: both('Tres pelotas de presión alta.', 'Three high-pressure balls with extra grip.'),
    detail: both('<p>Para pistas rápidas.</p>', '<p>For fast courts.</p>'),
    grossPriceCents: 795,
    created: day(62),
  },
}

export const PRODUCT_COUNT = PLAIN_PRODUCTS.length + Object.keys(SPECIAL_PRODUCTS).length

export interface ShopFixture {
  typeIds: number[]
  /** Ids of PLAIN_PRODUCTS in order. */
  plainIds: number[]
  special: Record<keyof typeof SPECIAL_PRODUCTS, number>
}

/** The test centre's settings: the shop falls back to the main logo from them. */
export { saveTestSettings } from './settings-fixtures.ts'

export async function createTestShop({ shop }: Services): Promise<ShopFixture> {
  const typeIds = await shop.createProductTypes(TYPE_NAMES.map((name) => ({ name })))
  const plainIds = await shop.createProducts(
    PLAIN_PRODUCTS.map((p) => ({
      productTypeId: typeIds[p.typeIndex]!,
      name: p.name,
      description: both(`Descripción ${p.index}`, `Description ${p.index}`),
      detail: both(`<p>Detalle ${p.index}</p>`, `<p>Detail ${p.index}</p>`),
      grossPriceCents: p.grossPriceCents,
      taxPercent: 21,
      image: p.index % 2 ? `demo/products/item-${p.index}.svg` : '',
      detailImage: p.index % 4 === 1 ? `demo/products/item-${p.index}-detail.svg` : '',
      stock: p.index % 5 === 0 ? 0 : p.index % 5 === 1 ? 12 : null,
      isPopular: p.index <= 3,
      isTrending: p.index === 4,
      createdAt: p.created,
    })),
  )
  const entries = Object.entries(SPECIAL_PRODUCTS) as [
    keyof typeof SPECIAL_PRODUCTS,
    (typeof SPECIAL_PRODUCTS)['grip'],
  ][]
  const specialIds = await shop.createProducts(
    entries.map(([, p]) => ({
      productTypeId: typeIds[p.typeIndex]!,
      name: p.name,
      description: p.description,
      detail: p.detail,
      grossPriceCents: p.grossPriceCents,
      taxPercent: 21,
      image: 'https://cdn.example.com/p.png',
      createdAt: p.created,
    })),
  )
  const special = Object.fromEntries(
    entries.map(([key], i) => [key, specialIds[i]!]),
  ) as ShopFixture['special']
  return { typeIds, plainIds, special }
}

/** 36 posts (post i on day i, every 4th flagged popular), 3 testimonials, 2 team members. */
export const POST_COUNT = 36

export async function createTestBlog({ blog }: Services) {
  const posts = Array.from({ length: POST_COUNT }, (_, k) => {
    const i = k + 1
    return {
      textBlockType: TextBlockType.Posts,
      title: both(`Entrada ${i}`, `Post ${i}`),
      smalText: both('<strong>Noticias</strong>', '<strong>News</strong>'),
      text: both(`<p>Texto de la entrada ${i}.</p>`, `<p>Body of post ${i}.</p>`),
      image: i % 3 ? `demo/posts/post-${i}.svg` : '',
      name: i % 2 ? 'Laura Gómez' : 'Marc Vidal',
      isPopular: i % 4 === 0,
      createdAt: day(i),
    }
  })
  posts[9] = {
    ...posts[9]!,
    title: both('Torneo de primavera', 'Spring tournament'),
    smalText: both('<strong>Torneos</strong>', '<strong>Tournaments</strong>'),
  }
  posts[19] = {
    ...posts[19]!,
    text: both('<p>Resultados del torneo social.</p>', '<p>Results of the club tournament.</p>'),
  }
  const postIds = await blog.createTextBlocks(posts)
  const testimonialIds = await blog.createTextBlocks(
    [1, 2, 3].map((i) => ({
      textBlockType: TextBlockType.Testimonials,
      title: both('Socia', 'Member'),
      smalText: both('', ''),
      text: both(`<p>Opinión ${i}</p>`, `<p>Review ${i}</p>`),
      image: `demo/people/t-${i}.svg`,
      name: `Cliente ${i}`,
      createdAt: day(100 + i),
    })),
  )
  const teamIds = await blog.createTextBlocks(
    [1, 2].map((i) => ({
      textBlockType: TextBlockType.Teams,
      title: both('Entrenador', 'Coach'),
      smalText: both('', ''),
      text: both(`<p>Bio ${i}</p>`, `<p>Bio ${i}</p>`),
      image: `demo/people/team-${i}.svg`,
      name: `Coach ${i}`,
      createdAt: day(200 + i),
    })),
  )
  return { postIds, testimonialIds, teamIds }
}

export async function createTestHome({ home }: Services) {
  const bannerIds = await home.createBanners([
    {
      title: both('Clases de pádel', 'Padel lessons'),
      text: both('<p>Apúntate ya</p>', '<p>Sign up now</p>'),
      image: 'demo/banners/lessons.svg',
      url: '/blog',
      position: 0,
    },
    {
      title: both('Tienda', 'Shop'),
      text: both('Todo para tu juego', 'Everything for your game'),
      image: null,
      url: '/shop',
      position: 1,
    },
  ])
  await home.createFileUploads([
    { ...GALLERY_FILES, file: 'demo/gallery/courts.svg', title: both('Pistas', 'Courts'), position: 0 },
    { ...GALLERY_FILES, file: 'demo/gallery/gym.svg', title: both('Gimnasio', 'Gym'), position: 1 },
    {
      ...SPONSOR_FILES,
      file: 'demo/sponsors/wave.svg',
      description: 'https://wave.example.com',
      position: 0,
    },
  ])
  return { bannerIds }
}

/** Three products with known prices, for tests that sell something rather than list the shop. */
export const FEW_PRODUCTS = {
  racket: {
    name: both('Pala Prueba', 'Test Racket'),
    grossPriceCents: 9995,
    image: 'test/products/racket.svg',
  },
  balls: {
    name: both('Bote de pelotas', 'Ball Tube'),
    grossPriceCents: 595,
    image: 'test/products/balls.svg',
  },
  towel: { name: both('Toalla', 'Towel'), grossPriceCents: 1250, image: 'test/products/towel.svg' },
}

/** Writes FEW_PRODUCTS (one product type) through the shop service; answers their ids by name. */
export async function createTestProducts({ shop }: Pick<Services, 'shop'>) {
  const [typeId] = await shop.createProductTypes([{ name: both('Material', 'Gear') }])
  const entries = Object.entries(FEW_PRODUCTS) as [
    keyof typeof FEW_PRODUCTS,
    (typeof FEW_PRODUCTS)['racket'],
  ][]
  const ids = await shop.createProducts(
    entries.map(([, p], i) => ({
      productTypeId: typeId!,
      name: p.name,
      description: both(`Descripción ${i + 1}`, `Description ${i + 1}`),
      detail: both(`<p>Detalle ${i + 1}</p>`, `<p>Detail ${i + 1}</p>`),
      grossPriceCents: p.grossPriceCents,
      taxPercent: 21,
      image: p.image,
      createdAt: day(300 + i),
    })),
  )
  return Object.fromEntries(entries.map(([key], i) => [key, ids[i]!])) as Record<
    keyof typeof FEW_PRODUCTS,
    number
  >
}
