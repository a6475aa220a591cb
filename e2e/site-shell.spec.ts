// The site's shell as a visitor meets it on a fresh server: header and footer from the centre's
// settings, the language switch, the legal pages and popups, the info request, the guard and the
// 404 page — at phone and desktop widths, with axe on every page visited.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import {
  expectNoPageErrors,
  expectNoSeriousAxeViolations,
  newPage,
  screenshot,
  untilAppRuns,
  useBrowser,
  widths,
  type OpenPage,
} from './support/browser.ts'
import { baseUrl } from './support/server-under-test.ts'

interface Settings {
  name: string
  phone: string
  email: string
  openHours: string
  buttonColor: string
  footerColor: string
  headerImage: string
}
type Legal = Record<'generalConditions' | 'wayver' | 'privacyPolicyFull' | 'cookiesPolicy', string>

const browser = useBrowser()
const api = async <T>(path: string, language: 'en-US' | 'es-ES'): Promise<T> => {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { 'accept-language': language } })
  return ((await res.json()) as { data: T }).data
}
/** The first sentence of a legal text, as the page shows it. */
const firstParagraph = (html: string) =>
  (/<p>(.*?)<\/p>/s.exec(html)?.[1] ?? '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .slice(0, 40)

const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16)
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`
}

async function visit(open: OpenPage, path: string) {
  await open.page.goto(path, { waitUntil: 'networkidle' })
  await open.page.getByRole('main').waitFor()
}

async function withPage(width: number, run: (open: OpenPage) => Promise<void>, locale?: 'en-US' | 'es-ES') {
  const open = await newPage(browser(), { width, ...(locale ? { locale } : {}) })
  try {
    await run(open)
  } finally {
    await open.close()
  }
}

async function chooseEnglish(page: Page) {
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'English' }).click()])
  await untilAppRuns(page)
}

describe.each([widths.phone, widths.desktop])('the site shell at %i px', (width) => {
  test('shows the centre from its settings in Spanish by default, themed with its colours', async () => {
    const settings = await api<Settings>('/api/czconfigs/main-settings', 'es-ES')
    await withPage(width, async (open) => {
      await visit(open, '/')
      const { page } = open
      expect(await page.title()).toBe(settings.name)
      expect(await page.locator('html').getAttribute('lang')).toBe('es-ES')
      await expect.poll(() => page.getByRole('img', { name: settings.name }).first().isVisible()).toBe(true)
      const footer = page.getByRole('contentinfo')
      await footer.getByText(settings.openHours).first().waitFor()
      await footer.getByRole('link', { name: settings.phone }).first().waitFor()
      expect(await footer.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
        rgb(settings.footerColor),
      )
      const book = page.getByRole('link', { name: 'Reservar ahora' })
      await book.waitFor()
      expect(await book.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
        rgb(settings.buttonColor),
      )
      await page.getByRole('heading', { name: 'Solicita más información' }).waitFor()
      expectNoPageErrors(open)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, `home-es-${width}`)
    })
  })

  test('switches to English, reloading the page, and keeps English on the next visit', async () => {
    await withPage(width, async (open) => {
      await visit(open, '/')
      await chooseEnglish(open.page)
      const { page } = open
      expect(await page.locator('html').getAttribute('lang')).toBe('en-US')
      await page.getByRole('heading', { name: 'Request More Info' }).waitFor()
      await page.getByText('Plan your visit').waitFor()
      const settings = await api<Settings>('/api/czconfigs/main-settings', 'en-US')
      await page.getByRole('contentinfo').getByText(settings.openHours).first().waitFor()
      await visit(open, '/cookies')
      expect(await page.title()).toBe(`Cookie policy · ${settings.name}`)
      await page.getByRole('heading', { level: 1, name: 'Cookie policy' }).waitFor()
      expectNoPageErrors(open)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, `cookies-en-${width}`)
    })
  })

  test('shows each legal text as a page, the privacy policy under the header image', async () => {
    const legal = await api<Legal>('/api/czconfigs/legal-settings', 'es-ES')
    const settings = await api<Settings>('/api/czconfigs/main-settings', 'es-ES')
    const pages: Array<[string, keyof Legal, string]> = [
      ['/privacy', 'privacyPolicyFull', 'Política de privacidad'],
      ['/wayver', 'wayver', 'Exención de responsabilidad'],
      ['/generalConditions', 'generalConditions', 'Condiciones generales'],
      ['/cookies', 'cookiesPolicy', 'Política de cookies'],
    ]
    await withPage(width, async (open) => {
      const { page } = open
      for (const [path, key, title] of pages) {
        await visit(open, path)
        await page.getByRole('heading', { level: 1, name: title }).waitFor()
        await page.getByText(firstParagraph(legal[key])).first().waitFor()
        expect(await page.title(), path).toBe(`${title} · ${settings.name}`)
        await expectNoSeriousAxeViolations(page)
      }
      await visit(open, '/privacy')
      await page.locator(`main img[src="${settings.headerImage}"]`).waitFor()
      await screenshot(page, `privacy-es-${width}`)
      expectNoPageErrors(open)
    })
  })
})

describe('the footer', () => {
  test('opens each legal text as a popup that closes with Escape', async () => {
    const legal = await api<Legal>('/api/czconfigs/legal-settings', 'en-US')
    await withPage(widths.desktop, async (open) => {
      await visit(open, '/')
      await chooseEnglish(open.page)
      const { page } = open
      const popups: Array<[string, keyof Legal]> = [
        ['Privacy policy', 'privacyPolicyFull'],
        ['Waiver and release', 'wayver'],
        ['General conditions', 'generalConditions'],
        ['Cookie policy', 'cookiesPolicy'],
      ]
      for (const [title, key] of popups) {
        const opener = page.getByRole('button', { name: `${title}: quick view` })
        await opener.click()
        const dialog = page.getByRole('dialog', { name: title })
        await dialog.getByText(firstParagraph(legal[key])).first().waitFor()
        await expectNoSeriousAxeViolations(page)
        await page.keyboard.press('Escape')
        await dialog.waitFor({ state: 'detached' })
        expect(await opener.evaluate((el) => el === document.activeElement), `${title} focus returns`).toBe(
          true,
        )
      }
      expectNoPageErrors(open)
    })
  })

  test.each([widths.phone, widths.desktop])(
    'sends a question and thanks the visitor, sending nothing while a field is empty (%i px)',
    async (width) => {
      await withPage(width, async (open) => {
        await visit(open, '/')
        await chooseEnglish(open.page)
        const { page } = open
        const sent: string[] = []
        page.on('request', (r) => {
          if (r.url().endsWith('/api/publiccomms/info-request')) sent.push(r.postData() ?? '')
        })
        const form = page.getByRole('form', { name: 'Request More Info' })
        await form.getByLabel('Email').fill('visitor@example.com')
        await form.getByRole('button', { name: 'Send' }).click()
        // The form refuses at once and takes the visitor to the empty field; a question sent
        // anyway would make two requests below, as requests are seen in the order they go out.
        const question = form.getByLabel('Question')
        await expect.poll(() => question.evaluate((el) => el === document.activeElement)).toBe(true)
        expect(sent).toHaveLength(0)
        expect(await page.getByText('Thanks! we will contact you ASAP!').count()).toBe(0)

        await form.getByLabel('Question').fill('Do you have junior padel classes on Saturdays?')
        await form.getByRole('button', { name: 'Send' }).click()
        await page.getByText('Thanks! we will contact you ASAP!').waitFor()
        expect(sent).toHaveLength(1)
        expect(JSON.parse(sent[0]!)).toEqual({
          email: 'visitor@example.com',
          question: 'Do you have junior padel classes on Saturdays?',
        })
        expect(await page.getByRole('form', { name: 'Request More Info' }).count()).toBe(0)
        await expectNoSeriousAxeViolations(page)
        await screenshot(page, `info-request-thanks-${width}`)
        expectNoPageErrors(open)
      })
    },
  )
})

describe('routing', () => {
  test('opens the login dialog for an account page without a stored token and stays out of it', async () => {
    await withPage(widths.phone, async (open) => {
      await open.page.goto('/customer-orders')
      const dialog = open.page.getByRole('dialog')
      await dialog.waitFor()
      expect(new URL(open.page.url()).pathname).toBe('/')
      await expectNoSeriousAxeViolations(open.page)
      await screenshot(open.page, 'guard-login-360')
    })
  })

  test('redirects a #/cz/ok hash to the payment success page', async () => {
    await withPage(
      widths.desktop,
      async (open) => {
        await open.page.goto('/#/cz/ok')
        await open.page.waitForURL((url) => url.pathname === '/cz/ok')
        // The home page it came from may still be leaving: the success page's own heading is awaited.
        await open.page
          .getByRole('heading', { level: 1, name: 'El pago se ha procesado correctamente' })
          .waitFor()
      },
      'es-ES',
    )
  })

  test('shows a friendly 404 page with a way home for an unknown address', async () => {
    await withPage(widths.phone, async (open) => {
      await chooseEnglishFrom(open, '/no/such/page')
      await open.page.getByRole('heading', { name: 'Page not found' }).waitFor()
      await open.page.getByRole('link', { name: 'Back to home' }).waitFor()
      await expectNoSeriousAxeViolations(open.page)
    })
  })
})

async function chooseEnglishFrom(open: OpenPage, path: string) {
  await visit(open, path)
  await chooseEnglish(open.page)
}
