// A newcomer's account from the first click: register in the popup, activate from the mail the
// server really sent (the link again says the account is already active), log in, change the
// password, log out and in again, forget the password (asking twice says when the first link went)
// and set a new one from the reset mail. Also the login's refusals and the guard of a
// login-required page. Axe on every page and popup on the way.
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
import { linkTo, mailCount, waitForMail } from './support/mail.ts'

const browser = useBrowser()

// Refusals a journey provokes on purpose: Chromium logs each refused call as a console error.
const provoked = [/status of 40[0139]/, /status of 422/, /status of 429/]

const topBar = (page: Page) => page.locator('.top-bar')
const loginDialog = (page: Page) => page.getByRole('dialog', { name: 'Login' })

async function visit(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'networkidle' })
  await page.getByRole('main').waitFor()
}

async function chooseEnglish(page: Page) {
  await visit(page, '/')
  if ((await page.locator('html').getAttribute('lang')) === 'en-US') return
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'English' }).click()])
  await page.getByRole('main').waitFor()
}

async function logIn(page: Page, email: string, password: string) {
  const dialog = loginDialog(page)
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel(/^Password/).fill(password)
  await dialog.getByRole('button', { name: 'Login', exact: true }).click()
  await dialog.waitFor({ state: 'detached' })
  await topBar(page).getByRole('button', { name: 'Logout' }).waitFor()
}

async function logOut(page: Page) {
  await Promise.all([page.waitForEvent('load'), topBar(page).getByRole('button', { name: 'Logout' }).click()])
  await topBar(page).getByRole('button', { name: 'Login' }).waitFor()
}

async function withPage(run: (open: OpenPage) => Promise<void>, width: number = widths.desktop) {
  const open = await newPage(browser(), { width })
  try {
    await run(open)
    expectNoPageErrors(open, { allow: provoked })
  } catch (error) {
    await failureScreenshot(open.page, 'auth')
    const problems = [...open.consoleErrors, ...open.failedRequests].join('\n  ')
    if (error instanceof Error && problems) error.message += `\nPage problems:\n  ${problems}`
    throw error
  } finally {
    await open.close()
  }
}

describe('a customer account', () => {
  test('registers, activates from the mail, logs in, changes, forgets and resets the password', async () => {
    const email = `nuria.${Date.now()}@example.com`
    const first = 'Padel-Nuria-2026'
    const second = 'Padel-Nuria-2027'
    const third = 'Padel-Nuria-2028'

    await withPage(async ({ page }) => {
      await chooseEnglish(page)

      // Register in the popup, through the centre's own registration form (the demo's settings ask for it).
      await topBar(page).getByRole('button', { name: 'Register' }).click()
      const register = page.getByRole('dialog', { name: 'Register' })
      await register.getByLabel('Name', { exact: false }).first().fill('Núria')
      await register.getByLabel('Surname').fill('Ferrer Puig')
      await register.getByLabel('Email').fill(email)
      await register.getByLabel('Phone').fill('+34 600 123 456')
      await register.getByLabel(/^Password/).fill(first)
      await register.getByLabel(/^Repeat the password/).fill(first)
      await register.getByLabel(/^Preferred hand/).selectOption({ label: 'Left' })
      // Consent to publicity is asked, not assumed (decision 051).
      expect(await register.getByRole('checkbox', { name: /promotional/ }).isChecked()).toBe(false)
      await register.getByRole('button', { name: 'Register' }).click()
      await register.getByText('Please accept our legal conditions').waitFor()
      await register.getByRole('checkbox', { name: /accept the legal conditions/ }).check()
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'auth-register-desktop')
      const before = mailCount(email)
      await register.getByRole('button', { name: 'Register' }).click()
      await register.getByText(/Please check your inbox and follow the link/).waitFor()

      // Logging in before activating is refused with a way to get the mail again.
      await register.getByRole('button', { name: 'Already have an account? Login' }).click()
      await loginDialog(page)
        .getByLabel(/^Password/)
        .fill(first)
      expect(await loginDialog(page).getByLabel('Email').inputValue()).toBe(email)
      await loginDialog(page).getByRole('button', { name: 'Login', exact: true }).click()
      await loginDialog(page).getByText('Your account is not activated yet.', { exact: false }).waitFor()
      await loginDialog(page).getByRole('button', { name: 'Resend activation email' }).waitFor()
      await loginDialog(page).getByRole('button', { name: 'Close' }).first().click()

      // The activation mail, really received, and its link.
      const activation = await waitForMail(email, { after: before, subject: /activ/i })
      await visit(page, new URL(linkTo(activation, '/customer/activate/')).pathname)
      await page.getByRole('heading', { name: 'Your registration has been completed!' }).waitFor()
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'auth-activated-desktop')

      // After a second the login popup opens, the email filled in; logging in returns home.
      await loginDialog(page).waitFor()
      expect(await loginDialog(page).getByLabel('Email').inputValue()).toBe(email)
      await expectNoSeriousAxeViolations(page)
      await logIn(page, email, first)
      await expect.poll(() => new URL(page.url()).pathname).toBe('/')

      // The same activation link again: the account is already active, not a failed activation.
      await visit(page, new URL(linkTo(activation, '/customer/activate/')).pathname)
      await page.getByRole('heading', { name: 'Your account is already active' }).waitFor()
      expect(await page.getByText('We could not activate your account.').count()).toBe(0)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'auth-already-active-desktop')

      // Change the password.
      await visit(page, '/changePass')
      await page.getByRole('heading', { name: 'Change Password' }).waitFor()
      await page.getByLabel(/^Current password/).fill('not-my-password')
      await page.getByLabel(/^New password/).fill(second)
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.getByText('Wrong password', { exact: true }).waitFor()
      await page.getByLabel(/^Current password/).fill(first)
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.getByText('Data modified!').waitFor()
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'auth-change-password-desktop')
      await waitForMail(email, { subject: /changed|cambiado/i })

      // Out: the page needs a login, so the popup asks for one, to come back here.
      await logOut(page)
      await loginDialog(page).waitFor()
      expect(new URL(page.url()).pathname).toBe('/')
      await logIn(page, email, second)
      await page.getByRole('heading', { name: 'Change Password' }).waitFor()
      await visit(page, '/')
      await logOut(page)

      // Forgot the password: the reset mail and its link.
      await topBar(page).getByRole('button', { name: 'Login' }).click()
      await loginDialog(page).getByRole('button', { name: 'Forgot your password?' }).click()
      const reset = page.getByRole('dialog', { name: 'Reset password' })
      const beforeReset = mailCount(email)
      await reset.getByLabel('Email').fill(email)
      await reset.getByRole('button', { name: 'Send' }).click()
      await reset.getByText(/Please check your inbox/).waitFor()
      await expectNoSeriousAxeViolations(page)
      await reset.locator('form').getByRole('button', { name: 'Close' }).click()
      await reset.waitFor({ state: 'detached' })

      // Asked again a moment later: no new mail, and the popup says when the first one went.
      await topBar(page).getByRole('button', { name: 'Login' }).click()
      await loginDialog(page).getByRole('button', { name: 'Forgot your password?' }).click()
      await reset.getByLabel('Email').fill(email)
      await reset.getByRole('button', { name: 'Send' }).click()
      await reset
        .getByRole('status')
        .getByText(
          /^If an account exists for this email, we already sent it a link at \d\d:\d\d\. Check your inbox and spam folder; you can ask for another one from \d\d:\d\d\.$/,
        )
        .waitFor()
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'auth-reset-already-sent-desktop')
      await reset.locator('form').getByRole('button', { name: 'Close' }).click()
      await reset.waitFor({ state: 'detached' })

      const resetMail = await waitForMail(email, { after: beforeReset, subject: /reset|restablece/i })
      await visit(page, new URL(linkTo(resetMail, '/customer/reset-password/')).pathname)
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor()
      await page.getByLabel(/^New Password/).fill(third)
      await page.getByLabel(/^Repeat Password/).fill(third + 'x')
      await page.getByRole('button', { name: 'Submit' }).click()
      expect(await page.getByText('Password does not match').count()).toBe(2)
      await page.getByLabel(/^Repeat Password/).fill(third)
      await page.getByRole('button', { name: 'Show password' }).first().click()
      expect(await page.getByLabel(/^New Password/).getAttribute('type')).toBe('text')
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'auth-reset-password-desktop')
      await page.getByRole('button', { name: 'Submit' }).click()

      await page.getByRole('heading', { name: 'Password changed successfully' }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/passReset/ok')
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'auth-password-changed-desktop')
      await page.getByRole('main').getByRole('button', { name: 'Login' }).click()
      await logIn(page, email, third)
      await expect.poll(() => new URL(page.url()).pathname).toBe('/')

      // The used reset link does not work twice.
      await visit(page, new URL(linkTo(resetMail, '/customer/reset-password/')).pathname)
      await page.getByLabel(/^New Password/).fill(first)
      await page.getByLabel(/^Repeat Password/).fill(first)
      await page.getByRole('button', { name: 'Submit' }).click()
      await page
        .getByRole('alert')
        .getByText(/not valid|expired/)
        .waitFor()
      expect(new URL(page.url()).pathname).toContain('/customer/reset-password/')
    })
  })

  test('refuses a wrong password and a phone number as user name, with the spec words', async () => {
    await withPage(async ({ page }) => {
      await chooseEnglish(page)
      await topBar(page).getByRole('button', { name: 'Login' }).click()
      const dialog = loginDialog(page)

      await dialog.getByLabel('Email').fill('963001234')
      await dialog.getByLabel(/^Password/).fill('whatever')
      await dialog.getByRole('button', { name: 'Login', exact: true }).click()
      await dialog.getByText(/For security reasons your user name is now your email address/).waitFor()
      await dialog.getByText(/Contact: /).waitFor()
      await expectNoSeriousAxeViolations(page)

      await dialog.getByLabel('Email').fill('carlos.test@clubmistral.es')
      await dialog.getByLabel(/^Password/).fill('not-his-password')
      await dialog.getByRole('button', { name: 'Login', exact: true }).click()
      await dialog.getByRole('alert').getByText('Invalid Email or Password').waitFor()
      await screenshot(page, 'auth-login-refused-phone')
      expect(await dialog.getByLabel('Email').inputValue()).toBe('carlos.test@clubmistral.es')
    }, widths.phone)
  })

  test('opens the login for a guarded page opened while logged out, and lands there after it', async () => {
    await withPage(async ({ page }) => {
      await chooseEnglish(page)
      await visit(page, '/changePass')

      await loginDialog(page).waitFor()
      expect(new URL(page.url()).pathname).toBe('/')
      await logIn(page, 'carlos.test@clubmistral.es', 'Carlos-Test-2026')

      await page.getByRole('heading', { name: 'Change Password' }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/changePass')
      await expectNoSeriousAxeViolations(page)
    })
  })

  test('speaks Spanish in the popup and on the pages', async () => {
    await withPage(async ({ page }) => {
      await visit(page, '/')
      expect(await page.locator('html').getAttribute('lang')).toBe('es-ES')
      await topBar(page).getByRole('button', { name: 'Registrarse' }).click()
      const register = page.getByRole('dialog', { name: 'Registrarse' })
      await register.getByRole('button', { name: 'Registrarse' }).click()
      await register.getByText('Por favor, acepta nuestras condiciones legales').waitFor()
      // The registration form's seven required fields: name, surname, email, phone, the password twice, the hand.
      expect(await register.getByText('El campo es obligatorio', { exact: true }).count()).toBe(7)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'auth-register-es-phone')

      await visit(page, `/customer/reset-password/${'0'.repeat(64)}`)
      await page.getByRole('heading', { name: 'Elige una contraseña nueva' }).waitFor()
      await page.getByRole('main').getByRole('button', { name: 'Enviar' }).click()
      expect(await page.getByText('Obligatorio', { exact: true }).count()).toBe(2)
      await page.getByLabel(/^Nueva contraseña/).fill('abc')
      await page.getByText('La longitud mínima es 5').waitFor()
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'auth-reset-es-phone')

      await visit(page, `/customer/activate/${'0'.repeat(64)}`)
      await page.getByRole('heading', { name: 'No hemos podido activar tu cuenta.' }).waitFor()
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'auth-activation-failed-es-phone')
    }, widths.phone)
  })
})
