// A customer changes the email they log in with: the profile asks for the password (a wrong one is
// refused under the field), says where the link went and keeps saying which email waits for it;
// the old address gets a notice, the new one the link, really received; the link confirms the
// change once, and the customer logs in with the new email (the old one no longer works). In
// English at 1280 px and in Spanish at 360 px, each screen also shot at the other width; axe on
// every page.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
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
import { expectFitsScreen, main } from './support/demo.ts'
import { linkTo, mailCount, waitForMail } from './support/mail.ts'
import { baseUrl } from './support/server-under-test.ts'

type Language = 'en-US' | 'es-ES'

const browser = useBrowser()

// Refusals the journey provokes on purpose (a wrong password, a used link, an old email): Chromium
// logs each refused call as a console error.
const provoked = [/status of 40[01]/, /status of 422/]

/** Words of the journey in each language. */
const words = {
  'en-US': {
    topBarLogin: 'Login',
    login: 'Login',
    logout: 'Logout',
    close: 'Close',
    email: 'Email',
    password: /^Password/,
    currentPassword: /^Current password/,
    save: 'Save changes',
    required: 'Field required',
    wrongPassword: 'Wrong password',
    personal: 'Personal Data',
    sent: (to: string) =>
      `Data modified! We sent a link to ${to}. Your login email changes when you open it.`,
    pending: (to: string, from: string) =>
      `Your new email ${to} is waiting for confirmation: open the link we sent to it. Until then, you log in with ${from}.`,
    changed: 'Your email has changed',
    nowIs: (to: string) => `Your email is now ${to}. Use it to log in.`,
    failed: 'We could not change your email.',
    toAccount: 'Go to My account',
  },
  'es-ES': {
    topBarLogin: 'Entrar',
    login: 'Iniciar sesión',
    logout: 'Salir',
    close: 'Cerrar',
    email: 'Correo electrónico',
    password: /^Contraseña/,
    currentPassword: /^Contraseña actual/,
    save: 'Guardar cambios',
    required: 'Campo obligatorio',
    wrongPassword: 'Contraseña incorrecta',
    personal: 'Datos personales',
    sent: (to: string) =>
      `¡Datos modificados! Hemos enviado un enlace a ${to}. Tu correo para iniciar sesión cambiará cuando lo abras.`,
    pending: (to: string, from: string) =>
      `Tu nuevo correo ${to} está pendiente de confirmar: abre el enlace que te enviamos. Hasta entonces, inicias sesión con ${from}.`,
    changed: 'Tu correo ha cambiado',
    nowIs: (to: string) => `Tu correo es ahora ${to}. Úsalo para iniciar sesión.`,
    failed: 'No hemos podido cambiar tu correo.',
    toAccount: 'Ir a Mi cuenta',
  },
} as const

async function api(path: string, body: unknown, language: Language) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`)
  return response
}

/** A new active account, made as a visitor would (registration, then the link of the real mail). */
async function newCustomer(language: Language) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`
  const customer = { email: `marta.${stamp}@example.com`, password: 'Padel-Marta-2026', language }
  const before = mailCount(customer.email)
  await api(
    '/api/publiccustomers/register',
    {
      name: 'Marta',
      surname: 'Soler Vidal',
      email: customer.email,
      phone: '+34 600 987 654',
      password: customer.password,
      okRss: false,
      acceptConditions: true,
    },
    language,
  )
  const activation = await waitForMail(customer.email, { after: before, subject: /activ/i })
  const token = new URL(linkTo(activation, '/customer/activate/')).pathname.split('/').pop()
  await api('/api/publiccustomers/activate', { token }, language)
  return customer
}

async function openAs(width: number, language: Language): Promise<OpenPage> {
  const open = await newPage(browser(), { width, locale: language })
  await open.context.addCookies([{ name: 'cz-lang', value: language, url: baseUrl() }])
  // The stored language, once: later pages keep whatever the site stores.
  await open.page.goto('/', { waitUntil: 'networkidle' })
  await open.page.evaluate((lang) => {
    window.localStorage.setItem('lang', JSON.stringify({ v: lang, e: null }))
  }, language)
  await open.page.reload({ waitUntil: 'networkidle' })
  expect(await open.page.locator('html').getAttribute('lang')).toBe(language)
  return open
}

async function withPage(width: number, language: Language, run: (open: OpenPage) => Promise<void>) {
  const open = await openAs(width, language)
  try {
    await run(open)
    expectNoPageErrors(open, { allow: provoked })
  } catch (error) {
    await failureScreenshot(open.page, 'email-change')
    const problems = [...open.consoleErrors, ...open.failedRequests].join('\n  ')
    if (error instanceof Error && problems) error.message += `\nPage problems:\n  ${problems}`
    throw error
  } finally {
    await open.close()
  }
}

const topBar = (page: Page) => page.locator('.top-bar')

async function visit(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'networkidle' })
  await main(page).waitFor()
}

/** Logs in through the top bar's button and the popup, as a visitor would. */
async function logIn(page: Page, language: Language, email: string, password: string) {
  const w = words[language]
  await topBar(page).getByRole('button', { name: w.topBarLogin, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: w.login })
  await dialog.getByLabel(w.email).fill(email)
  await dialog.getByLabel(w.password).fill(password)
  await dialog.getByRole('button', { name: w.login, exact: true }).click()
  return dialog
}

/** Shoots the page at both widths, the journey's own last. */
async function shootBothWidths(page: Page, name: string, language: Language, width: number) {
  const lang = language === 'en-US' ? 'en' : 'es'
  const other = width === widths.desktop ? widths.phone : widths.desktop
  for (const w of [other, width]) {
    await page.setViewportSize({ width: w, height: w < 600 ? 780 : 800 })
    if (w === widths.phone) {
      await expectFitsScreen(page, `${name} at ${w} px`)
    }
    await page.evaluate(() => window.scrollTo(0, 0))
    await screenshot(page, `${name}-${w}-${lang}`)
    await screenshot(main(page), `${name}-${w}-${lang}-main`)
  }
}

async function changeEmail(language: Language, width: number) {
  const w = words[language]
  const customer = await newCustomer(language)
  const newEmail = customer.email.replace('marta.', 'marta.soler.')

  await withPage(width, language, async ({ page }) => {
    const dialog = await logIn(page, language, customer.email, customer.password)
    await dialog.waitFor({ state: 'detached' })
    await visit(page, '/account')
    const personal = main(page).getByRole('form', { name: w.personal })
    const email = personal.getByRole('textbox', { name: new RegExp(`^${w.email}`) })
    expect(await email.inputValue()).toBe(customer.email)
    expect(await personal.getByLabel(w.currentPassword).count()).toBe(0)

    // A new email: the password is asked for, required, and checked by the server.
    await email.fill(newEmail)
    const password = personal.getByLabel(w.currentPassword)
    await personal.getByRole('button', { name: w.save }).click()
    await personal.getByRole('alert').getByText(w.required).waitFor()
    expect(await password.getAttribute('aria-invalid')).toBe('true')
    await password.fill('not-my-password')
    await personal.getByRole('button', { name: w.save }).click()
    await personal.locator('.field__error', { hasText: w.wrongPassword }).waitFor()
    expect(await password.getAttribute('aria-invalid')).toBe('true')
    await expectNoSeriousAxeViolations(page)
    await shootBothWidths(page, 'email-change-password', language, width)

    const beforeNew = mailCount(newEmail)
    const beforeOld = mailCount(customer.email)
    await password.fill(customer.password)
    await personal.getByRole('button', { name: w.save }).click()
    await personal.getByRole('status').getByText(w.sent(newEmail)).waitFor()
    expect(await email.inputValue()).toBe(customer.email)
    await personal.getByText(w.pending(newEmail, customer.email)).waitFor()

    // On the next visit too.
    await page.reload({ waitUntil: 'networkidle' })
    await personal.getByText(w.pending(newEmail, customer.email)).waitFor()
    await expectNoSeriousAxeViolations(page)
    await shootBothWidths(page, 'email-change-pending', language, width)

    // The old address is told; the new one gets the link, which confirms the change once.
    await waitForMail(customer.email, { after: beforeOld, subject: /email/i })
    const confirmation = await waitForMail(newEmail, { after: beforeNew, subject: /email/i })
    const link = new URL(linkTo(confirmation, '/customer/confirm-email/')).pathname
    await visit(page, link)
    await main(page).getByRole('heading', { name: w.changed }).waitFor()
    await main(page).getByRole('status').getByText(w.nowIs(newEmail)).waitFor()
    await expectNoSeriousAxeViolations(page)
    await shootBothWidths(page, 'confirm-email', language, width)

    await main(page).getByRole('link', { name: w.toAccount }).click()
    await main(page).getByRole('form', { name: w.personal }).waitFor()
    await expect.poll(() => email.inputValue()).toBe(newEmail)
    expect(await personal.getByText(w.pending(newEmail, customer.email)).count()).toBe(0)

    await visit(page, link)
    await main(page).getByRole('heading', { name: w.failed }).waitFor()
    await expectNoSeriousAxeViolations(page)
    await shootBothWidths(page, 'confirm-email-used', language, width)

    // Out, then in with the new email; the old one no longer logs in.
    await Promise.all([
      page.waitForEvent('load'),
      topBar(page).getByRole('button', { name: w.logout }).click(),
    ])
    const refused = await logIn(page, language, customer.email, customer.password)
    await refused.getByRole('alert').waitFor()
    await refused.getByRole('button', { name: w.close }).first().click()
    const dialog2 = await logIn(page, language, newEmail, customer.password)
    await dialog2.waitFor({ state: 'detached' })
    await topBar(page).getByRole('button', { name: w.logout }).waitFor()
  })
}

describe('changing the login email', () => {
  test('asks for the password, mails a link to the new email, and logs in with it (1280 px, English)', async () => {
    await changeEmail('en-US', widths.desktop)
  })

  test('does the same in Spanish on a phone (360 px)', async () => {
    await changeEmail('es-ES', widths.phone)
  })
})
