// The home page of the demo centre: every section the spec lists shows with the seed, each hides
// when its data is empty, carousels can be paused, the gallery opens a lightbox, counters count up
// once and stay still with reduced motion. Axe on every page state visited.
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
import { main } from './support/demo.ts'
import { baseUrl } from './support/server-under-test.ts'

type Language = 'en-US' | 'es-ES'
interface Template {
  mainTrandingProductImage: string
  number1: number | null
  textNumbers1: string
  textSlideInLeft1: string
}

const browser = useBrowser()

async function api<T>(path: string, language: Language): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { 'accept-language': language } })
  return (await res.json()) as T
}

async function withPage(
  width: number,
  language: Language,
  run: (open: OpenPage) => Promise<void>,
  prepare?: (page: Page) => Promise<unknown>,
) {
  const open = await newPage(browser(), { width, locale: language })
  await open.context.addCookies([{ name: 'cz-lang', value: language, url: baseUrl() }])
  await open.context.addInitScript((lang) => {
    window.localStorage.setItem('lang', JSON.stringify({ v: lang, e: null }))
  }, language)
  try {
    await prepare?.(open.page)
    await run(open)
  } finally {
    await open.close()
  }
}

/** Opens the home page and scrolls through it, so lazy images and the counters come into view. */
async function openHome(page: Page) {
  await page.goto('/', { waitUntil: 'networkidle' })
  await page.getByRole('main').waitFor()
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    // Back at the top: a target half under the sticky header would count as too small for axe.
    window.scrollTo(0, 0)
  })
  await page.waitForLoadState('networkidle')
}

const SECTIONS: Record<Language, string[]> = {
  'en-US': [
    'Trending products',
    'Us in numbers',
    'What our members say',
    'Our team',
    'Popular products',
    'Latest from the blog',
    'Our sponsors',
    'Plan your visit',
  ],
  'es-ES': [
    'Productos en tendencia',
    'Nosotros en cifras',
    'Lo que dicen nuestros socios',
    'Nuestro equipo',
    'Productos populares',
    'Lo último del blog',
    'Nuestros patrocinadores',
    'Planifica tu visita',
  ],
}

describe.each([
  [widths.desktop, 'es-ES'],
  [widths.phone, 'en-US'],
] as const)('the home page at %i px in %s', (width, language) => {
  test('shows every section of the spec with the demo centre', async () => {
    const settings = await api<{ data: { name: string; gallery: string; culture: string } }>(
      '/api/czconfigs/main-settings',
      language,
    )
    const template = await api<{ data: Template }>('/api/czconfigs/template', language)
    const banners = await api<{ rowData: { title: string; image: string | null }[] }>(
      '/api/banners/open-list',
      language,
    )

    await withPage(width, language, async (open) => {
      const { page } = open
      await openHome(page)

      // Hero slider with the first slide's headline, and the centre's name as the page heading.
      const slider = main(page).getByRole('region', {
        name: language === 'en-US' ? 'Highlights' : 'Destacados',
      })
      await slider.getByText(template.data.textSlideInLeft1).waitFor()
      await main(page).getByRole('heading', { level: 1, name: settings.data.name }).waitFor()

      // Banners: with an image the text lies over it; without one it is a link.
      for (const banner of banners.rowData) {
        await main(page)
          .getByRole('link', { name: new RegExp(escape(banner.title)) })
          .first()
          .waitFor()
      }
      expect(banners.rowData.some((b) => b.image)).toBe(true)
      expect(banners.rowData.some((b) => !b.image)).toBe(true)

      for (const name of [...SECTIONS[language], settings.data.gallery]) {
        await main(page).getByRole('heading', { level: 2, name, exact: true }).waitFor()
      }
      await main(page).locator(`img[src="${template.data.mainTrandingProductImage}"]`).waitFor()
      expect(await main(page).locator('section[aria-labelledby="home-posts"] .post-card').count()).toBe(3)

      // "Us in numbers" counts up to the template's number once in view.
      const numbers = main(page).locator('section[aria-labelledby="home-numbers"]')
      await numbers.scrollIntoViewIfNeeded()
      const first = new Intl.NumberFormat(settings.data.culture).format(template.data.number1 ?? 0)
      await expect.poll(() => numbers.locator('.numbers__value').first().textContent()).toBe(first)
      await numbers.getByText(template.data.textNumbers1).waitFor()

      await page.evaluate(() => window.scrollTo(0, 0))
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, `home-${language}-${width}`)
      expectNoPageErrors(open)
    })
  })
})

describe('the home page', () => {
  test('pauses a carousel with its button and opens gallery images in a lightbox', async () => {
    await withPage(widths.desktop, 'en-US', async (open) => {
      const { page } = open
      await page.clock.install()
      await openHome(page)
      const slider = main(page).getByRole('region', { name: 'Highlights' })
      const pause = slider.getByRole('button', { name: 'Pause the slideshow' })
      await pause.click()
      await slider.getByRole('button', { name: 'Play the slideshow' }).waitFor()
      const current = () => slider.locator('[aria-current="true"]').getAttribute('aria-label')
      const before = await current()
      // The slider moves every 5 s when playing; paused, it stays where it is.
      await page.mouse.move(0, 0)
      await page.clock.runFor(5600)
      expect(await current()).toBe(before)
      await slider.getByRole('button', { name: 'Show slide 2' }).click()
      expect(await current()).toBe('Show slide 2')

      const gallery = main(page).locator('section[aria-labelledby="home-gallery"]')
      const thumb = gallery.getByRole('button').nth(1)
      const title = (await thumb.textContent())?.trim() ?? ''
      await thumb.click()
      const dialog = page.getByRole('dialog', { name: title })
      await dialog.waitFor()
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'home-lightbox-en-1280')
      await dialog.getByRole('button', { name: 'Next' }).click()
      await page.getByRole('dialog').waitFor()
      expect(await page.getByRole('dialog', { name: title }).count()).toBe(0)
      await page.keyboard.press('Escape')
      await page.getByRole('dialog').waitFor({ state: 'detached' })
      expect(await thumb.evaluate((el) => el === document.activeElement)).toBe(true)
      expectNoPageErrors(open)
    })
  })

  test('keeps still with reduced motion: no autoplay and the counters show their numbers at once', async () => {
    const template = await api<{ data: Template }>('/api/czconfigs/template', 'en-US')
    const { data: settings } = await api<{ data: { culture: string } }>(
      '/api/czconfigs/main-settings',
      'en-US',
    )
    await withPage(
      widths.phone,
      'en-US',
      async (open) => {
        const { page } = open
        await page.goto('/', { waitUntil: 'networkidle' })
        const slider = main(page).getByRole('region', { name: 'Highlights' })
        await slider.getByRole('button', { name: 'Play the slideshow' }).waitFor()
        const numbers = main(page).locator('section[aria-labelledby="home-numbers"]')
        await numbers.scrollIntoViewIfNeeded()
        expect(await numbers.locator('.numbers__value').first().textContent()).toBe(
          new Intl.NumberFormat(settings.culture).format(template.data.number1 ?? 0),
        )
        expectNoPageErrors(open)
      },
      (page) => page.emulateMedia({ reducedMotion: 'reduce' }),
    )
  })

  test.each([
    ['banners', (url: URL) => url.pathname === '/api/banners/open-list', { rowData: [] }, 'News and offers'],
    [
      'sponsors',
      (url: URL) =>
        url.pathname === '/api/fileuploads/open-list' && url.searchParams.get('category') === 'CzSponsors',
      { ok: true, data: [] },
      'Our sponsors',
    ],
    [
      'popular products',
      (url: URL) => url.pathname === '/api/products/popular-products',
      { ok: true, data: [] },
      'Popular products',
    ],
  ] as const)(
    'hides the %s section when its list is answered empty (answer replaced at the browser)',
    async (_, pattern, body, heading) => {
      await withPage(
        widths.desktop,
        'en-US',
        async (open) => {
          const { page } = open
          // The server renders the home page with its lists (decision 086): the browser reads them
          // itself, where the answer is replaced, when it goes home from another page.
          await page.goto('/privacy')
          await page.getByRole('banner').locator('a[href="/"]').first().click()
          await main(page).getByRole('heading', { level: 2, name: 'Our team' }).waitFor()
          expect(await main(page).getByRole('heading', { name: heading, exact: true }).count()).toBe(0)
          await expectNoSeriousAxeViolations(page)
          expectNoPageErrors(open)
        },
        async (page) => {
          await page.route(pattern, (route) => route.fulfill({ json: body }))
        },
      )
    },
  )
})

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
