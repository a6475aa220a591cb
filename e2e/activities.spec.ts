// Activities on the demo centre (spec 2 §2, §4): a visitor is asked to log in before signing up;
// the demo customer signs up to the free activity through its sign-up form (every kind of field,
// two files included), sees "Sign Up Done!", and "Already In!" on the next visit; the price shows
// before a paid sign-up, which holds the place until paid with the way to the checkout; axe and
// the screen's width on the activity page at 360 and 1280 px, in both languages.
import { describe, expect, test } from 'vitest'
import {
  expectNoPageErrors,
  expectNoSeriousAxeViolations,
  openIn,
  screenshot,
  useBrowser,
  widths,
} from './support/browser.ts'
import { DEMO, expectFitsScreen, logInThroughApi, main } from './support/demo.ts'
import { linkTo, mailCount, waitForMail } from './support/mail.ts'
import { baseUrl } from './support/server-under-test.ts'

interface ActivityItem {
  id: number
  name: string
}

const browser = useBrowser()
const PASSWORD = 'Padel-Camp-2026'

async function post(path: string, body: unknown) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`)
}

/** A new active account, made as a visitor would (registration, then the link of its mail). */
async function registerAndActivate(email: string) {
  const before = mailCount(email)
  await post('/api/publiccustomers/register', {
    name: 'Nora',
    surname: 'Camp Vidal',
    email,
    phone: '+34 600 123 987',
    password: PASSWORD,
    okRss: false,
    acceptConditions: true,
  })
  const activation = await waitForMail(email, { after: before, subject: /activ/i })
  const token = new URL(linkTo(activation, '/customer/activate/')).pathname.split('/').pop()
  await post('/api/publiccustomers/activate', { token })
}

/** The demo centre's activity with a sign-up form of its own (seeded as activity 1). */
async function activityWithForm(language: 'en-US' | 'es-ES'): Promise<ActivityItem> {
  const res = await fetch(`${baseUrl()}/api/publicactivities/1`, {
    headers: { 'accept-language': language },
  })
  expect(res.status).toBe(200)
  const answer = (await res.json()) as { model: ActivityItem; hasCustomSignUp: boolean }
  expect(answer.hasCustomSignUp, 'activity 1 asks its own sign-up form').toBe(true)
  return answer.model
}

describe('activities', () => {
  test('a visitor logs in when signing up and the sign-up goes on with its form (1280 px, English)', async () => {
    const activity = await activityWithForm('en-US')
    const open = await openIn(browser(), widths.desktop, 'en-US')
    const { page } = open
    try {
      await page.goto(`/activity/${activity.id}`)
      await main(page).getByRole('heading', { level: 1, name: activity.name }).waitFor()
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'activity-1280-en-US')
      await main(page).getByRole('button', { name: 'Sign Up', exact: true }).click()
      const login = page.getByRole('dialog')
      await login.getByLabel('Email').fill(DEMO.email)
      await login.getByLabel(/^Password/).fill(DEMO.password)
      await login.getByRole('button', { name: 'Login', exact: true }).click()
      // Back on the activity, the sign-up goes on by itself: its form, without a second click.
      await main(page)
        .getByLabel(/^Full name/)
        .waitFor()
      await login.waitFor({ state: 'detached' })
      expect(new URL(page.url()).search).toBe('')
      expectNoPageErrors(open)
    } finally {
      await open.close()
    }
  })

  test('the demo customer signs up through the form with two files, then is already in (360 px, English)', async () => {
    const activity = await activityWithForm('en-US')
    const open = await openIn(browser(), widths.phone, 'en-US')
    const { page } = open
    try {
      await logInThroughApi(open)
      await page.goto(`/activity/${activity.id}`)
      await main(page).getByRole('heading', { level: 1, name: activity.name }).waitFor()
      await expectFitsScreen(page)
      await main(page).getByRole('button', { name: 'Sign Up', exact: true }).click()

      const form = main(page)
        .locator('form')
        .filter({ has: page.getByLabel(/^Full name/) })
      await form.getByLabel(/^Full name/).fill('Lucía Ferrer')
      await form.getByLabel(/^Email/).fill('lucia.ferrer@example.com')
      await form.getByLabel(/^Date of birth/).fill('1990-05-01')
      const city = form.getByLabel(/^City/)
      await city.locator('option', { hasText: 'Paterna' }).waitFor({ state: 'attached' })
      await city.selectOption({ label: 'Paterna' })
      await form.getByLabel(/^Level/).selectOption({ label: 'Intermediate' })
      await form.getByLabel(/^I bring my own racket/).check()
      await form.getByLabel(/^Medical notes/).fill('None')
      // The chooser takes several files at once: the certificate and its second page.
      await form.getByLabel(/^Medical certificate/).setInputFiles([
        { name: 'certificate.txt', mimeType: 'text/plain', buffer: Buffer.from('Fit to play padel.\n') },
        { name: 'page-2.txt', mimeType: 'text/plain', buffer: Buffer.from('Signed: Dr Gil.\n') },
      ])
      await form.getByText('Chosen files: certificate.txt, page-2.txt').waitFor()
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'activity-form-360-en-US')

      // Legal conditions not accepted yet: the form says so and sends nothing.
      await form.getByRole('button', { name: 'Save' }).click()
      await form.getByText('Please accept our legal conditions').first().waitFor()
      await form.getByRole('checkbox', { name: /legal conditions/i }).check()
      await form.getByRole('button', { name: 'Save' }).click()

      await main(page).getByRole('button', { name: 'Sign Up Done!' }).waitFor()
      await screenshot(page, 'activity-done-360-en-US')

      // The next visit knows: "Already In!", and the button does nothing.
      await page.reload()
      const already = main(page).getByRole('button', { name: 'Already In!' })
      await already.waitFor()
      expect(await already.getAttribute('aria-disabled')).toBe('true')
      await already.click({ force: true })
      expect(await main(page).locator('form').count()).toBe(0)
      await expectNoSeriousAxeViolations(page)
      expectNoPageErrors(open)
    } finally {
      await open.close()
    }
  })

  test.each([
    [
      widths.phone,
      'es-ES',
      {
        price: /^Precio: 45\s€$/,
        held: /^Te guardamos la plaza hasta las \d\d:\d\d/,
        pay: /^Pagar 45\s€ ahora$/,
        signUp: 'Inscribirme',
        alreadyIn: '¡Ya estás inscrito!',
      },
    ],
    [
      widths.desktop,
      'en-US',
      {
        price: /^Price: 45\s€$/,
        held: /^Your place is held until \d\d:\d\d/,
        pay: /^Pay 45\s€ now$/,
        signUp: 'Sign Up',
        alreadyIn: 'Already In!',
      },
    ],
  ] as const)(
    'a paid activity tells its price first, and a sign-up is held until paid (%i px, %s)',
    async (width, language, words) => {
      const open = await openIn(browser(), width, language)
      const { page } = open
      try {
        // The demo's paid camp (activity 2), for a customer of its own in each language.
        const email = `camp-${language}-${width}@example.com`
        await registerAndActivate(email)
        await logInThroughApi(open, { email, password: PASSWORD })
        await page.goto('/activity/2')
        await main(page).getByRole('heading', { level: 1 }).waitFor()
        await main(page).getByText(words.price).waitFor()
        await expectFitsScreen(page)
        await screenshot(page, `activity-paid-${width}-${language}`)

        await main(page).getByRole('button', { name: words.signUp, exact: true }).click()
        await main(page).getByText(words.held).waitFor()
        expect(new URL(page.url()).pathname).toBe('/activity/2')
        expect(await main(page).getByRole('button', { name: words.alreadyIn }).count()).toBe(0)
        await expectNoSeriousAxeViolations(page)
        await screenshot(page, `activity-held-${width}-${language}`)

        // Still held on the next visit, not "already in"; the way to the checkout leads there.
        await page.reload()
        await main(page).getByText(words.held).waitFor()
        expect(await main(page).getByRole('button', { name: words.alreadyIn }).count()).toBe(0)
        await main(page).getByRole('link', { name: words.pay }).click()
        await page.waitForURL('**/checkout')
        expectNoPageErrors(open)
      } finally {
        await open.close()
      }
    },
  )
})
