// The public pages as the server sends them (decision 086): their content is there with JavaScript
// off, in the visitor's language, and the browser takes the page over without a hydration error or
// a second render; what depends on the customer appears once it has.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoPageErrors, newPage, useBrowser, widths } from './support/browser.ts'
import { centreTimeZone, wallClockIn } from './support/centre-clock.ts'
import { logInThroughApi } from './support/demo.ts'
import { baseUrl } from './support/server-under-test.ts'

type Language = 'en-US' | 'es-ES'

const browser = useBrowser()

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`)
  expect(res.status, path).toBe(200)
  return (await res.json()) as T
}

/** One address of each public page of the demo, with ids read from its API. */
async function publicPages(): Promise<string[]> {
  const shop = await api<{ data: Array<{ id: number }> }>('/api/shop/list?startRow=0&endRow=1')
  const types = await api<{ model: Array<{ id: number; byPlace: boolean }> }>(
    '/api/publicbookings/booking-types-list',
  )
  const home = await fetch(`${baseUrl()}/`).then((r) => r.text())
  const post = /href="\/post\/(\d+)"/.exec(home)?.[1]
  const activity = /href="\/activity\/(\d+)"/.exec(home)?.[1]
  const byTime = types.model.find((t) => !t.byPlace)
  const byPlace = types.model.find((t) => t.byPlace)
  expect(post && activity && byTime && byPlace && shop.data[0], 'the demo has one of each').toBeTruthy()
  return [
    '/',
    '/shop',
    `/shop/${shop.data[0]!.id}`,
    '/blog',
    `/post/${post}`,
    '/privacy',
    '/wayver',
    '/generalConditions',
    '/cookies',
    '/bookingtypes',
    `/bookings/${byTime!.id}`,
    `/bookings-byplace/${byPlace!.id}`,
    `/activity/${activity}`,
    '/cz/ok',
    '/cz/ko',
  ]
}

/** The words of the page's main content, as a reader sees them. */
const mainText = (page: Page) => page.getByRole('main').innerText()

describe('pages rendered on the server', () => {
  test('show their content with JavaScript off, in each language, and a 404 page for what is not there', async () => {
    const pages = await publicPages()
    for (const language of ['es-ES', 'en-US'] as const satisfies Language[]) {
      const context = await browser().newContext({ javaScriptEnabled: false, locale: language })
      await context.addCookies([{ name: 'cz-lang', value: language, url: baseUrl() }])
      const page = await context.newPage()
      for (const path of [...pages, '/shop/999999', '/no/such/page']) {
        const res = await page.goto(`${baseUrl()}${path}`)
        expect(res?.status(), path).toBe(path.includes('999999') || path.startsWith('/no/') ? 404 : 200)
        expect(await page.locator('html').getAttribute('lang'), path).toBe(language)
        // The page's own content, not a skeleton waiting for JavaScript.
        await expect.poll(() => page.locator('.skeleton').count(), { message: path }).toBe(0)
        expect((await mainText(page)).length, path).toBeGreaterThan(20)
        await expect(
          page.getByRole('banner').or(page.locator('.site-header')).first().isVisible(),
        ).resolves.toBe(true)
      }
      const english = await page.goto(`${baseUrl()}/shop`)
      expect(english?.status()).toBe(200)
      expect(await mainText(page)).toMatch(language === 'en-US' ? /Shop|Products/i : /Tienda|Productos/i)
      await context.close()
    }
  })

  test('are taken over by the browser with no hydration error, at both widths and in both languages', async () => {
    const pages = await publicPages()
    for (const [width, language] of [
      [widths.phone, 'es-ES'],
      [widths.desktop, 'en-US'],
    ] as const) {
      const open = await newPage(browser(), { width, locale: language })
      await open.context.addCookies([{ name: 'cz-lang', value: language, url: baseUrl() }])
      try {
        for (const path of pages) {
          const served = await fetch(`${baseUrl()}${path}`, {
            headers: { cookie: `cz-lang=${language}` },
          }).then((r) => r.text())
          expect(served, path).toContain('id="clubhouse-state"')
          await open.page.goto(path)
          await open.page.locator('html[data-app="ready"]').waitFor()
          await expect.poll(() => open.page.locator('.skeleton').count(), { message: path }).toBe(0)
          expect((await mainText(open.page)).length, path).toBeGreaterThan(20)
          expectNoPageErrors(open)
        }
      } finally {
        await open.close()
      }
    }
  })

  test("show the customer's name and cart once the browser has taken the page over", async () => {
    const open = await newPage(browser(), { width: widths.desktop, locale: 'es-ES' })
    try {
      await logInThroughApi(open)
      await open.page.goto('/shop')
      await open.page.locator('html[data-app="ready"]').waitFor()
      // The server sent a visitor's page; the browser shows the logged-in customer's menu.
      await expect
        .poll(() => open.page.getByRole('button', { name: /^(salir|logout)$/i }).count())
        .toBeGreaterThan(0)
      expectNoPageErrors(open)
    } finally {
      await open.close()
    }
  })

  test("hydrate a page made before the centre's midnight in a browser whose clock is past it, then show the new day", async () => {
    const pages = await publicPages()
    const byPlace = pages.find((path) => path.startsWith('/bookings-byplace/'))!
    // The browser's clock a day ahead of the server's (clear of the centre's midnight, so the day it
    // shows cannot change while the test runs): the page was made on the server's day.
    const zone = await centreTimeZone()
    let later = Date.now() + 24 * 60 * 60_000
    if (wallClockIn(zone, later).slice(11) >= '23:50') later += 20 * 60_000
    const laterDay = wallClockIn(zone, later).slice(0, 10)
    const toggle = (page: Page) =>
      page.locator('.date-picker__toggle > span:not(.visually-hidden)').innerText()

    const open = await newPage(browser(), { width: widths.phone, locale: 'es-ES' })
    try {
      await open.context.clock.install({ time: later })
      await open.page.goto(`${byPlace}?date=${laterDay}`)
      const laterText = await toggle(open.page)
      await open.page.goto(byPlace)
      const served = await fetch(`${baseUrl()}${byPlace}`).then((r) => r.text())
      expect(served, 'the server made the page on its own day').not.toContain(`>${laterText}<`)
      // Hydrated as it was made (no mismatch), then moved on to the browser's day.
      await expect.poll(() => toggle(open.page)).toBe(laterText)
      expectNoPageErrors(open)
    } finally {
      await open.close()
    }
  })
})
