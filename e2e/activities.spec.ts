// Activities on the demo centre (spec 2 §2, §4): a visitor is asked to log in before signing up;
// the demo customer signs up to the free activity through its sign-up form (every kind of field,
// a file included), sees "Sign Up Done!", and "Already In!" on the next visit; axe and the
// screen's width on the activity page at 360 and 1280 px.
import { describe, expect, inject, test } from 'vitest'
import {
  expectNoPageErrors,
  expectNoSeriousAxeViolations,
  openIn,
  screenshot,
  useBrowser,
  widths,
} from './support/browser.ts'
import { DEMO, expectFitsScreen, logInThroughApi, main } from './support/demo.ts'

interface ActivityItem {
  id: number
  name: string
}

const browser = useBrowser()

/** The demo centre's activity with a sign-up form of its own (seeded as activity 1). */
async function activityWithForm(language: 'en-US' | 'es-ES'): Promise<ActivityItem> {
  const res = await fetch(`${inject('baseUrl')}/api/publicactivities/1`, {
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

  test('the demo customer signs up through the form with a file, then is already in (360 px, English)', async () => {
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
      await form.getByLabel(/^Medical certificate/).setInputFiles({
        name: 'certificate.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Fit to play padel.\n'),
      })
      await form.getByText('certificate.txt').first().waitFor()
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
})
