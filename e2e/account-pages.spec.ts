// The account area as the demo customer: log in through the login popup, edit the profile (phone
// and a custom field, kept after a reload), browse the orders and one order, expand a voucher to
// its movements, read the communications and one email with its number, change the password among
// the account's pages. Axe on every page; at 360 px in Spanish every page fits the screen without
// sideways scrolling. On a wide screen the header offers Logout once.
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
import { DEMO, expectFitsScreen, logInThroughApi, main } from './support/demo.ts'
import { baseUrl } from './support/server-under-test.ts'

type Language = 'en-US' | 'es-ES'

const browser = useBrowser()

async function openAs(width: number, language: Language): Promise<OpenPage> {
  const open = await newPage(browser(), { width, locale: language })
  await open.context.addCookies([{ name: 'cz-lang', value: language, url: baseUrl() }])
  await open.context.addInitScript((lang) => {
    window.localStorage.setItem('lang', JSON.stringify({ v: lang, e: null }))
  }, language)
  return open
}

/** Logs in through the top bar's Login and the popup, as a visitor would. */
async function logInThroughPopup(page: Page, language: Language = 'en-US') {
  const words =
    language === 'en-US' ? { open: 'Login', submit: 'Login' } : { open: 'Entrar', submit: 'Iniciar sesión' }
  await page.goto('/', { waitUntil: 'networkidle' })
  await page.getByRole('button', { name: words.open, exact: true }).first().click()
  const dialog = page.getByRole('dialog')
  await dialog.locator('input[name="email"]').fill(DEMO.email)
  await dialog.locator('input[name="password"]').fill(DEMO.password)
  await dialog.getByRole('button', { name: words.submit, exact: true }).click()
  await dialog.waitFor({ state: 'detached' })
  await page.waitForFunction(() => window.localStorage.getItem('ctk') !== null)
}

describe('the account pages as the demo customer', () => {
  test('edits the profile and browses orders, vouchers and communications (1280 px, English)', async () => {
    const open = await openAs(widths.desktop, 'en-US')
    const { page } = open
    try {
      await logInThroughPopup(page)

      // The top bar holds Logout on a wide screen: the menu does not repeat it.
      const logouts = page.getByRole('button', { name: 'Logout', exact: true })
      await logouts.first().waitFor()
      expect(await logouts.filter({ visible: true }).count()).toBe(1)

      // My account: change the phone and the padel level, save, reload, both kept.
      await page.goto('/account', { waitUntil: 'networkidle' })
      await main(page).getByRole('heading', { level: 1, name: 'My account' }).waitFor()
      await expectNoSeriousAxeViolations(page)
      const phone = main(page).getByLabel(/^Phone/)
      const newPhone = `+34 6${String(Date.now()).slice(-8)}`
      await phone.fill(newPhone)
      const level = main(page).getByLabel('Padel level')
      const current = await level.inputValue()
      const newLevel = current === 'Advanced' ? 'Beginner' : 'Advanced'
      await level.selectOption(newLevel)
      await main(page).getByRole('button', { name: 'Save changes' }).first().click()
      await main(page).getByRole('status').filter({ hasText: 'Data modified!' }).waitFor()
      await page.reload({ waitUntil: 'networkidle' })
      expect(
        await main(page)
          .getByLabel(/^Phone/)
          .inputValue(),
      ).toBe(newPhone)
      expect(await main(page).getByLabel('Padel level').inputValue()).toBe(newLevel)

      // The other tabs, by keyboard, and the saved cards.
      await main(page).getByRole('tab', { name: 'Personal Data' }).focus()
      await page.keyboard.press('ArrowRight')
      await main(page).getByLabel('Postal code').waitFor()
      await page.keyboard.press('ArrowRight')
      expect(await main(page).getByLabel('IBAN').inputValue()).toMatch(/^[A-Z]{2}\d{2}( [A-Z0-9]{1,4})+$/)
      await page.keyboard.press('ArrowRight')
      await main(page)
        .getByRole('button', { name: /^Delete / })
        .first()
        .waitFor()
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'account-cards-1280-en')

      // Your orders, then one order.
      await page.goto('/customer-orders', { waitUntil: 'networkidle' })
      await main(page).getByRole('heading', { level: 1, name: 'Your Orders' }).waitFor()
      expect(await main(page).getByRole('table').count()).toBeGreaterThan(0)
      await expectNoSeriousAxeViolations(page)
      const view = main(page)
        .getByRole('link', { name: /^View Order / })
        .first()
      const label = (await view.getAttribute('aria-label')) ?? ''
      await view.click()
      await main(page)
        .getByRole('heading', { level: 1, name: `Order ${label.replace('View Order ', '')}` })
        .waitFor()
      await main(page).getByText('Subtotal').waitFor()
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'order-1280-en')

      // Vouchers: expand the first active one and see its movements.
      await page.goto('/customer-vouchers', { waitUntil: 'networkidle' })
      const voucher = main(page).locator('.voucher-section').first().getByRole('button').first()
      await voucher.click()
      expect(await voucher.getAttribute('aria-expanded')).toBe('true')
      const movements = main(page)
        .getByRole('table', { name: /^Movements of / })
        .first()
      await movements.waitFor()
      expect(await movements.getByRole('row').count()).toBeGreaterThan(1)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'vouchers-1280-en')

      // Communications, then one email.
      await page.goto('/customer-comms', { waitUntil: 'networkidle' })
      await main(page).getByRole('heading', { level: 1, name: 'Communications' }).waitFor()
      await expectNoSeriousAxeViolations(page)
      const email = main(page).locator('.comm--link').first()
      const subject = (await email.locator('.comm__subject').textContent()) ?? ''
      await email.click()
      // Headed by its subject, with its number under it.
      await main(page).getByRole('heading', { level: 1, name: subject, exact: true }).waitFor()
      await main(page)
        .getByText(/^Email Nº \d+$/)
        .waitFor()
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'email-1280-en')

      // Change password, among the account's pages: their links, its own the current one.
      await page.goto('/changePass', { waitUntil: 'networkidle' })
      await main(page).getByRole('heading', { level: 1, name: 'Change Password' }).waitFor()
      const accountNav = main(page).getByRole('navigation', { name: 'Your account' })
      expect(
        await accountNav.getByRole('link', { name: 'Change Password' }).getAttribute('aria-current'),
      ).toBe('page')
      expect(await accountNav.getByRole('link').count()).toBe(7)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'change-password-1280-en')

      expectNoPageErrors(open)
    } finally {
      await open.close()
    }
  })

  test('shows every account page in Spanish at 360 px without sideways scrolling', async () => {
    const open = await openAs(widths.phone, 'es-ES')
    const { page } = open
    try {
      await logInThroughApi(open)
      const pages: [string, string][] = [
        ['/account', 'Mi cuenta'],
        ['/customer-orders', 'Tus pedidos'],
        ['/customer-vouchers', 'Bonos'],
        ['/customer-comms', 'Comunicaciones'],
        ['/changePass', 'Cambiar contraseña'],
      ]
      for (const [path, title] of pages) {
        await page.goto(path, { waitUntil: 'networkidle' })
        await main(page).getByRole('heading', { level: 1, name: title }).waitFor()
        if (path === '/customer-vouchers') {
          await main(page).locator('.voucher__toggle').first().click()
          await main(page).getByRole('table').first().waitFor()
        }
        await expectFitsScreen(page)
        await expectNoSeriousAxeViolations(page)
        await screenshot(page, `account${path.replace(/\//g, '-')}-360-es`)

        if (path === '/customer-orders') {
          await main(page)
            .getByRole('link', { name: /^Ver pedido / })
            .first()
            .click()
          await main(page)
            .getByRole('heading', { level: 1, name: /^Pedido / })
            .waitFor()
          await main(page).getByText('Subtotal').waitFor()
          await expectFitsScreen(page)
          await expectNoSeriousAxeViolations(page)
          await screenshot(page, 'order-360-es')
        }
        if (path === '/customer-comms') {
          const email = main(page).locator('.comm--link').first()
          const subject = (await email.locator('.comm__subject').textContent()) ?? ''
          await email.click()
          await main(page).getByRole('heading', { level: 1, name: subject, exact: true }).waitFor()
          await main(page)
            .getByText(/^Correo n\.º \d+$/)
            .waitFor()
          await expectFitsScreen(page)
          await expectNoSeriousAxeViolations(page)
          await screenshot(page, 'email-360-es')
        }
      }
      expectNoPageErrors(open)
    } finally {
      await open.close()
    }
  })

  test('says who is logged in, how each order was paid, and shipping only where something was shipped (1280 px, Spanish)', async () => {
    const open = await openAs(widths.desktop, 'es-ES')
    const { page } = open
    try {
      await logInThroughPopup(page, 'es-ES')
      const menu = page.getByRole('navigation', { name: 'Menú principal' })
      await menu.getByRole('button', { name: /^Cuenta\W+Laura$/ }).waitFor()

      await page.goto('/customer-orders', { waitUntil: 'networkidle' })
      await main(page).getByRole('heading', { level: 1, name: 'Tus pedidos' }).waitFor()
      const first = main(page).getByRole('table').first()
      expect(await first.getByRole('columnheader').allTextContents()).toEqual([
        'Fecha',
        'Total',
        'Forma de pago',
        'Nº de pedido',
      ])
      const paidWith = await main(page).locator('.order-card__summary td:nth-child(3)').allTextContents()
      expect(paidWith.length).toBeGreaterThan(0)
      for (const text of paidWith) expect(text).not.toMatch(/^(Sí|No)$/)

      // An order of services (a booking, a class pack) has nothing shipped; an order of articles has.
      const cards = main(page).locator('.order-card')
      const serviceOnly = cards.filter({ hasNot: page.locator('.order-item-row a') }).first()
      await serviceOnly.getByRole('link', { name: /^Ver pedido / }).click()
      await main(page).getByText('Subtotal', { exact: true }).waitFor()
      expect(await main(page).getByText('Envío', { exact: true }).count()).toBe(0)
      await screenshot(page, 'order-of-services-1280-es')

      await page.goBack({ waitUntil: 'networkidle' })
      const withArticles = cards.filter({ has: page.locator('.order-item-row a') }).first()
      await withArticles.getByRole('link', { name: /^Ver pedido / }).click()
      await main(page).getByText('Envío', { exact: true }).waitFor()
      await expectNoSeriousAxeViolations(page)
      expectNoPageErrors(open)
    } finally {
      await open.close()
    }
  })
})
