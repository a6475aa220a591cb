// The shop and the blog as a visitor meets them on a fresh server with the demo centre: browse the
// shop, filter by type, sort by price, turn the page, open a product, fill the cart and change it in
// the menu's cart; search from the menu; read a post from the blog list. Axe on every page visited.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import {
  expectNoPageErrors,
  expectNoSeriousAxeViolations,
  newPage,
  screenshot,
  useBrowser,
  widths,
  type OpenPage,
} from './support/browser.ts'
import { baseUrl } from './support/server-under-test.ts'

type Language = 'en-US' | 'es-ES'
interface Product {
  id: number
  name: string
  grossPrice: number
  productTypeId: number
}
interface ShopList {
  data: Product[]
  popular: Product[]
  productTypes: { id: number; name: string }[]
  totalCount: number
}
interface Post {
  id: number
  title: string
  name: string
}

const browser = useBrowser()

async function api<T>(path: string, language: Language = 'en-US'): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { 'accept-language': language } })
  expect(res.status, path).toBe(200)
  return (await res.json()) as T
}

const shopList = (status: object, start = 0, end = 30, language: Language = 'en-US') =>
  api<ShopList>(
    `/api/shop/list?startRow=${start}&endRow=${end}&gridStatus=${encodeURIComponent(JSON.stringify(status))}`,
    language,
  )

/** The site in `language` from the first paint: the stored language and its cookie, as the switch leaves them. */
async function openIn(width: number, language: Language): Promise<OpenPage> {
  const open = await newPage(browser(), { width, locale: language })
  await open.context.addCookies([{ name: 'cz-lang', value: language, url: baseUrl() }])
  await open.context.addInitScript((lang) => {
    window.localStorage.setItem('lang', JSON.stringify({ v: lang, e: null }))
  }, language)
  return open
}

async function withPage(width: number, language: Language, run: (open: OpenPage) => Promise<void>) {
  const open = await openIn(width, language)
  try {
    await run(open)
  } finally {
    await open.close()
  }
}

async function visit(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'networkidle' })
  await page.getByRole('main').waitFor()
}

/** "1.234,50 €" or "12.50 €" as a number, for the demo centre's decimal comma. */
const amount = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'))

const cardPrices = async (page: Page) =>
  (await page.locator('main .product-grid .product-card__price').allTextContents()).map(amount)

const cardNames = (page: Page) => page.locator('main .product-grid .product-card__name').allTextContents()

/** Waits until the shop's count line says `text`. */
const showing = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor()

describe('the shop', () => {
  test('lists 30 products a page, filters by type, sorts by price and turns to page 2', async () => {
    const all = await shopList({})
    expect(all.totalCount).toBeGreaterThan(30)
    const type = all.productTypes[0]!
    const ofType = await shopList({
      filterModel: { ProductTypeId: { filterType: 'number', type: 'equals', filter: type.id } },
    })

    await withPage(widths.desktop, 'en-US', async (open) => {
      const { page } = open
      await visit(page, '/shop')
      await page.getByRole('heading', { level: 1, name: 'Shop' }).waitFor()
      await showing(page, `Showing 1–30 of ${all.totalCount} results`)
      expect(await cardNames(page)).toEqual(all.data.map((p) => p.name))
      expect(
        await page.getByRole('complementary').getByRole('heading', { name: 'Popular products' }).count(),
      ).toBe(1)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'shop-en-1280')

      // Filter by type: the count and every card follow.
      await page.getByRole('group', { name: 'Product type' }).getByRole('button', { name: type.name }).click()
      await showing(page, `Showing 1–${Math.min(30, ofType.totalCount)} of ${ofType.totalCount} results`)
      expect(await cardNames(page)).toEqual(ofType.data.map((p) => p.name))
      expect(new URL(page.url()).searchParams.get('type')).toBe(String(type.id))

      // Sort by price, low to high, within the type.
      await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' })
      await expect
        .poll(() => cardPrices(page))
        .toEqual(ofType.data.map((p) => p.grossPrice).sort((a, b) => a - b))

      // All types again, high to low, then page 2.
      await page.getByRole('button', { name: 'All', exact: true }).click()
      await showing(page, `Showing 1–30 of ${all.totalCount} results`)
      await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' })
      const firstPage = await shopList({ sortModel: [{ colId: 'GrossPrice', sort: 'desc' }] })
      await expect.poll(() => cardPrices(page)).toEqual(firstPage.data.map((p) => p.grossPrice))
      const pricesPage1 = await cardPrices(page)
      expect([...pricesPage1].sort((a, b) => b - a)).toEqual(pricesPage1)

      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click()
      await showing(page, `Showing 31–${all.totalCount} of ${all.totalCount} results`)
      const pricesPage2 = await cardPrices(page)
      expect(pricesPage2).toHaveLength(all.totalCount - 30)
      expect([...pricesPage2].sort((a, b) => b - a)).toEqual(pricesPage2)
      expect(pricesPage2[0]).toBeLessThanOrEqual(pricesPage1[pricesPage1.length - 1]!)
      expect(new URL(page.url()).searchParams.get('page')).toBe('2')
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'shop-page-2-en-1280')
      expectNoPageErrors(open)
    })
  })

  test('opens a product and fills the cart, then changes quantities in the menu cart', async () => {
    const all = await shopList({}, 0, 30, 'es-ES')
    const [first, second] = all.data.filter((p) => p.grossPrice > 0)
    if (!first || !second) throw new Error('The demo shop needs two priced products.')

    await withPage(widths.phone, 'es-ES', async (open) => {
      const { page } = open
      await visit(page, '/shop')
      // The product's card in the list: the side lists may name it too, once other journeys sold it.
      await page
        .getByRole('main')
        .getByRole('heading', { name: first.name, exact: true })
        .getByRole('link')
        .click()
      await page.waitForURL(`**/shop/${first.id}`)
      await page.getByRole('heading', { level: 1, name: first.name }).waitFor()
      expect(await page.title()).toContain(first.name)
      await page.getByText(/Impuestos incluidos/).waitFor()
      expect(amount((await page.locator('.product-detail__price').textContent()) ?? '')).toBe(
        first.grossPrice,
      )
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'product-es-360')

      // The product page adds the chosen quantity; the field keeps it within 1 and 1000.
      const quantity = page.getByLabel('Cantidad', { exact: true })
      await quantity.fill('5000')
      expect(await quantity.inputValue()).toBe('1000')
      await quantity.fill('1')
      await page.getByRole('button', { name: `Añadir al carrito ${first.name}` }).click()
      await page.getByRole('button', { name: 'Carrito, 1 artículo' }).waitFor()

      // From the list, Add to cart always adds one unit.
      await visit(page, '/shop')
      await page.getByRole('button', { name: `Añadir al carrito ${second.name}` }).click()
      const cartButton = page.getByRole('button', { name: 'Carrito, 2 artículos' })
      await cartButton.click()
      expect(await cartButton.getAttribute('aria-expanded')).toBe('true')
      const cart = page.getByRole('region', { name: 'Tu carrito' })
      await cart.getByRole('link', { name: first.name }).waitFor()
      expect(await cart.getByRole('link', { name: second.name }).getAttribute('href')).toBe(
        `/shop/${second.id}`,
      )

      await cart.getByRole('button', { name: `Uno más: ${first.name}` }).click()
      await cart.getByRole('button', { name: `Uno más: ${first.name}` }).click()
      const secondUnits = cart.getByLabel(`Cantidad: ${second.name}`)
      await secondUnits.fill('4')
      await page.getByRole('button', { name: 'Carrito, 7 artículos' }).waitFor()
      const total = () => cart.getByTestId('cart-total').textContent()
      await expect
        .poll(async () => amount((await total()) ?? ''))
        .toBe(Math.round((first.grossPrice * 3 + second.grossPrice * 4) * 100) / 100)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'cart-es-360')

      // Minus at 1 unit takes the line out; Escape closes the cart and gives focus back.
      await secondUnits.fill('1')
      await cart.getByRole('button', { name: `Uno menos: ${second.name}` }).click()
      await page.getByRole('button', { name: 'Carrito, 3 artículos' }).waitFor()
      expect(await cart.getByRole('link', { name: second.name }).count()).toBe(0)
      expect(amount((await total()) ?? '')).toBe(Math.round(first.grossPrice * 3 * 100) / 100)
      await page.keyboard.press('Escape')
      expect(
        await page.getByRole('button', { name: 'Carrito, 3 artículos' }).getAttribute('aria-expanded'),
      ).toBe('false')

      // The cart is still there on the next visit.
      await visit(page, '/')
      await page.getByRole('button', { name: 'Carrito, 3 artículos' }).waitFor()
      expectNoPageErrors(open)
    })
  })

  test('answers an unknown product with a way back to the shop', async () => {
    await withPage(widths.phone, 'en-US', async (open) => {
      await visit(open.page, '/shop/999999')
      await open.page.getByRole('heading', { level: 1, name: 'Product not found' }).waitFor()
      await open.page.getByRole('link', { name: 'Back to the shop' }).waitFor()
      await expectNoSeriousAxeViolations(open.page)
      expectNoPageErrors(open, { allow: [/404/] })
    })
  })
})

describe('the menu search', () => {
  test('suggests products and posts as the visitor types and opens the searched shop on Enter', async () => {
    const word = 'pala'
    const matches = await shopList(
      { filterModel: { search: { filterType: 'text', type: 'contains', filter: word } } },
      0,
      30,
      'es-ES',
    )
    expect(matches.totalCount).toBeGreaterThan(0)

    await withPage(widths.desktop, 'es-ES', async (open) => {
      const { page } = open
      // The searches the suggestions ask the shop and the blog for, in the order they are sent.
      const searched: string[] = []
      page.on('request', (request) => {
        const url = new URL(request.url())
        if (url.pathname !== '/api/shop/list' && url.pathname !== '/api/cztextblocks/list-by-page') return
        const status = JSON.parse(url.searchParams.get('gridStatus') ?? '{}')
        searched.push(status.filterModel?.search?.filter ?? '')
      })
      await page.clock.install()
      await visit(page, '/')
      const box = page.getByRole('combobox', { name: 'Buscar en la web' })
      await box.fill('pa')
      // Well past the moment suggestions would be asked for after the last key.
      await page.clock.runFor(1000)
      expect(await page.getByRole('listbox').count()).toBe(0)

      await box.fill(word)
      const suggestions = page.getByRole('listbox', { name: 'Sugerencias' })
      await suggestions.waitFor()
      // Requests go out in order: one for "pa" would have come before those for the word.
      expect(searched).not.toContain('pa')
      expect(searched).toContain(word)
      const options = suggestions.getByRole('option')
      await expect.poll(() => options.count()).toBeGreaterThan(1)
      expect(await options.count()).toBeLessThanOrEqual(5)
      expect(await box.getAttribute('aria-expanded')).toBe('true')
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'search-es-1280')

      await box.press('Enter')
      await page.waitForURL((url) => url.pathname === '/shop' && url.searchParams.get('search') === word)
      await showing(
        page,
        `Mostrando 1–${Math.min(30, matches.totalCount)} de ${matches.totalCount} resultados`,
      )
      expect(await page.getByLabel('Buscar productos').inputValue()).toBe(word)
      expectNoPageErrors(open)
    })
  })
})

describe('the blog', () => {
  test.each([widths.phone, widths.desktop])('reads a post from the blog list (%i px)', async (width) => {
    const page1 = await api<{ data: Post[]; totalCount: number }>(
      `/api/cztextblocks/list-by-page?startRow=0&endRow=30&gridStatus=${encodeURIComponent(
        JSON.stringify({
          filterModel: { TextBlockType: { filterType: 'number', type: 'equals', filter: 0 } },
        }),
      )}`,
    )
    const post = page1.data[1]!

    await withPage(width, 'en-US', async (open) => {
      const { page } = open
      await visit(page, '/blog')
      await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor()
      await page.getByText(`Showing 1–30 of ${page1.totalCount} posts`).waitFor()
      expect(await page.locator('main .post-card').count()).toBe(30)
      const excerpt = (await page.locator('main .post-card__excerpt').first().textContent()) ?? ''
      expect(excerpt.length).toBeLessThanOrEqual(101)
      expect(excerpt).not.toMatch(/[<>]/)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, `blog-en-${width}`)

      await page.getByRole('main').getByRole('link', { name: post.title, exact: true }).click()
      await page.waitForURL(`**/post/${post.id}`)
      await page.getByRole('heading', { level: 1, name: post.title }).waitFor()
      await page.getByText(`by ${post.name}`).first().waitFor()
      await page.getByRole('heading', { name: 'Popular Posts' }).waitFor()
      await page.getByRole('heading', { name: 'Share' }).waitFor()
      expect(await page.title()).toContain(post.title)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, `post-en-${width}`)
      expectNoPageErrors(open)
    })
  })

  test('searches the posts and sorts the oldest first', async () => {
    await withPage(widths.desktop, 'es-ES', async (open) => {
      const { page } = open
      await visit(page, '/blog')
      const before = await page.locator('main .post-card__title').first().textContent()
      await page.getByLabel('Ordenar por').selectOption({ label: 'Más antiguas primero' })
      await expect.poll(() => page.locator('main .post-card__title').first().textContent()).not.toBe(before)
      expect(new URL(page.url()).searchParams.get('sort')).toBe('2')

      await page.getByLabel('Buscar entradas').fill('pád')
      await page.getByText('Escribe al menos 4 caracteres para buscar.').waitFor()
      await page.getByLabel('Buscar entradas').fill('pádel')
      await page.waitForURL((url) => url.searchParams.get('search') === 'pádel')
      await expect.poll(() => page.locator('main .post-card').count()).toBeGreaterThan(0)
      expectNoPageErrors(open)
    })
  })
})
