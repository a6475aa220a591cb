// A newcomer's `npm start` without a mail server: the site keeps its mail and shows it at
// /demo-mailbox. This journey starts its own server with no SMTP_URL on a fresh data folder (the
// shared one sends mail to the journeys' receiver), registers in the popup, follows "Open the demo
// mailbox", opens the activation mail, follows its link and logs in; then forgets the password and
// sets a new one from the reset mail, read in the same place. Axe on the mailbox and the popups.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  expectNoPageErrors,
  expectNoSeriousAxeViolations,
  newPage,
  failureScreenshot,
  screenshot,
  useBrowser,
  widths,
  type OpenPage,
} from './support/browser.ts'
import { findFreePort, startServer, stopServer, waitUntilReady } from './support/global-setup.ts'

const logFile = fileURLToPath(new URL('../test-results/e2e-demo-mailbox-server.log', import.meta.url))

const browser = useBrowser()
let baseUrl: string
let dataDir: string
let server: ReturnType<typeof startServer>

beforeAll(async () => {
  const port = await findFreePort()
  baseUrl = `http://127.0.0.1:${port}`
  dataDir = mkdtempSync(join(tmpdir(), 'clubhouse-e2e-demo-mailbox-'))
  server = startServer({ port, dataDir, baseUrl, logFile })
  try {
    await waitUntilReady(baseUrl, server.child)
  } catch (error) {
    console.error(`\nThe server did not start. Its output:\n${server.output() || '(none)'}\n`)
    throw error
  }
})
afterAll(async () => {
  if (server) await stopServer(server.child)
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

// Logging in before activating, on purpose, answers 401 and Chromium logs it.
const provoked = [/status of 401/]

const topBar = (page: Page) => page.locator('.top-bar')
const loginDialog = (page: Page) => page.getByRole('dialog', { name: 'Login' })
const mailList = (page: Page) => page.getByRole('navigation', { name: /^(Mails|Correos) \(/ })

async function withPage(
  run: (open: OpenPage) => Promise<void>,
  { width = widths.desktop, locale = 'en-US' }: { width?: number; locale?: 'en-US' | 'es-ES' } = {},
) {
  const open = await newPage(browser(), { width, locale, baseURL: baseUrl })
  try {
    await run(open)
    expectNoPageErrors(open, { allow: provoked })
  } catch (error) {
    await failureScreenshot(open.page, 'demo-mailbox')
    const problems = [...open.consoleErrors, ...open.failedRequests].join('\n  ')
    if (error instanceof Error && problems) error.message += `\nPage problems:\n  ${problems}`
    throw error
  } finally {
    await open.close()
  }
}

async function chooseLanguage(page: Page, language: 'English' | 'Español', lang: 'en-US' | 'es-ES') {
  await page.goto('/', { waitUntil: 'networkidle' })
  await page.getByRole('main').waitFor()
  if ((await page.locator('html').getAttribute('lang')) === lang) return
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: language }).click()])
  await page.getByRole('main').waitFor()
}

/** Opens a mail of the list by its subject and waits until it is shown. */
async function openMail(page: Page, subject: RegExp) {
  await mailList(page).getByRole('link', { name: subject }).first().click()
  const mail = page.getByRole('article', { name: subject })
  await mail.waitFor()
  return mail
}

describe('the demo mailbox of a site without SMTP', () => {
  test('registers, activates from the mail in the demo mailbox, logs in, and resets a forgotten password', async () => {
    const email = `marc.${Date.now()}@example.com`
    const password = 'Padel-Marc-2026'
    const newPassword = 'Padel-Marc-2027'

    await withPage(async ({ page }) => {
      await chooseLanguage(page, 'English', 'en-US')

      // Register in the popup, through the centre's form; the success message leads to the demo mailbox.
      await topBar(page).getByRole('button', { name: 'Register' }).click()
      const register = page.getByRole('dialog', { name: 'Register' })
      await register.getByLabel('Name', { exact: false }).first().fill('Marc')
      await register.getByLabel('Surname').fill('Serra Vidal')
      await register.getByLabel('Email').fill(email)
      await register.getByLabel('Phone').fill('+34 600 765 432')
      await register.getByLabel(/^Password/).fill(password)
      // The demo's registration form (decision 064) asks the password twice and the playing hand.
      await register.getByLabel(/^Repeat the password/).fill(password)
      await register.getByLabel(/^Preferred hand/).selectOption({ label: 'Right' })
      await register.getByRole('checkbox', { name: /accept the legal conditions/ }).check()
      await register.getByRole('button', { name: 'Register' }).click()
      await register.getByText(/Please check your inbox/).waitFor()
      await expectNoSeriousAxeViolations(page)
      await screenshot(register, 'demo-mailbox-registered-popup')
      await register.getByRole('link', { name: 'Open the demo mailbox' }).click()
      await register.waitFor({ state: 'detached' })
      expect(new URL(page.url()).pathname).toBe('/demo-mailbox')

      // The mailbox: the banner, the activation mail at the top, shown.
      await page.getByRole('heading', { level: 1, name: 'Demo mailbox' }).waitFor()
      expect(await page.getByRole('note').textContent()).toBe(
        'Demo mailbox — this site sends no real mail: SMTP is not configured. Every mail the site would send is shown here.',
      )
      const newest = mailList(page).getByRole('link').first()
      await expect.poll(() => newest.textContent()).toContain(email)
      const activation = await openMail(page, /^Activate your account/)
      expect(await activation.textContent()).toContain(email)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'demo-mailbox-desktop')

      // Its link, in this tab: the account is activated and the login popup follows.
      await activation.getByRole('link', { name: 'Activate my account' }).click()
      await page.getByRole('heading', { name: 'Your registration has been completed!' }).waitFor()
      expect(new URL(page.url()).pathname).toMatch(/^\/customer\/activate\/[0-9a-f]{64}$/)
      expect(page.context().pages()).toHaveLength(1)
      await loginDialog(page).waitFor()
      await loginDialog(page).getByLabel('Email').fill(email)
      await loginDialog(page)
        .getByLabel(/^Password/)
        .fill(password)
      await loginDialog(page).getByRole('button', { name: 'Login', exact: true }).click()
      await loginDialog(page).waitFor({ state: 'detached' })
      await topBar(page).getByRole('button', { name: 'Logout' }).waitFor()

      // The welcome mail arrived too, newest first.
      await page.goto('/demo-mailbox', { waitUntil: 'networkidle' })
      await expect.poll(() => mailList(page).getByRole('link').first().textContent()).toMatch(/^Welcome to/)

      // Forgot the password: the reset-sent message leads to the mailbox as well.
      await Promise.all([
        page.waitForEvent('load'),
        topBar(page).getByRole('button', { name: 'Logout' }).click(),
      ])
      await topBar(page).getByRole('button', { name: 'Login' }).click()
      await loginDialog(page).getByRole('button', { name: 'Forgot your password?' }).click()
      const reset = page.getByRole('dialog', { name: 'Reset password' })
      await reset.getByLabel('Email').fill(email)
      await reset.getByRole('button', { name: 'Send' }).click()
      await reset.getByText(/Please check your inbox/).waitFor()
      await expectNoSeriousAxeViolations(page)
      await screenshot(reset, 'demo-mailbox-reset-sent-popup')
      await reset.getByRole('link', { name: 'Open the demo mailbox' }).click()
      await reset.waitFor({ state: 'detached' })

      const resetMail = await openMail(page, /^Reset your password/)
      await resetMail.getByRole('link', { name: 'Choose a new password' }).click()
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor()
      await page.getByLabel(/^New Password/).fill(newPassword)
      await page.getByLabel(/^Repeat Password/).fill(newPassword)
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.getByRole('heading', { name: 'Password changed successfully' }).waitFor()
      await page.getByRole('main').getByRole('button', { name: 'Login' }).click()
      await loginDialog(page).getByLabel('Email').fill(email)
      await loginDialog(page)
        .getByLabel(/^Password/)
        .fill(newPassword)
      await loginDialog(page).getByRole('button', { name: 'Login', exact: true }).click()
      await topBar(page).getByRole('button', { name: 'Logout' }).waitFor()
    })
  })

  test('fits a phone, in Spanish', async () => {
    await withPage(
      async ({ page }) => {
        await chooseLanguage(page, 'Español', 'es-ES')
        await page.goto('/demo-mailbox', { waitUntil: 'networkidle' })
        await page.getByRole('heading', { level: 1, name: 'Buzón de demostración' }).waitFor()
        await mailList(page).getByRole('link').first().waitFor()
        await page.getByRole('article').waitFor()
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
        await expectNoSeriousAxeViolations(page)
        await screenshot(page, 'demo-mailbox-phone-es')
        // A mail chosen on a phone is brought into view below the list.
        await mailList(page).getByRole('link').nth(1).click()
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
        await screenshot(page, 'demo-mailbox-phone-es-chosen')
      },
      { width: widths.phone, locale: 'es-ES' },
    )
  })
})
