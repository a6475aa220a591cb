// The desk's customers on the demo: the demo desk opens Customers from its bar, finds the demo
// customer by "laura", opens her account, writes her a debt of one line and sees it among her pending
// sales (360 px, English); the account on a tablet, for the eye. Axe on every screen. The debt is
// dearer than the seed's own, so the checkout journey, which pays the cheapest, pays what it did.
import { describe, expect, test } from 'vitest'
import {
  expectNoPageErrors,
  expectNoSeriousAxeViolations,
  openIn,
  screenshot,
  useBrowser,
} from './support/browser.ts'
import { DEMO, DEMO_DESK, expectFitsScreen, signInAtDesk } from './support/demo.ts'

const browser = useBrowser()

describe("the desk's customers", () => {
  test('a receptionist finds the demo customer, opens her account and adds her a debt, which shows among her pending sales (360 px, English)', async () => {
    const open = await openIn(browser(), 360, 'en-US')
    try {
      const { page } = open
      await signInAtDesk(page, DEMO_DESK)

      // The customers, from the desk's bar; the search finds her by part of her name.
      await page.getByRole('navigation').getByRole('link', { name: 'Customers' }).click()
      await page.waitForURL('**/staff/customers')
      await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor()
      await page.getByLabel('Find the customer').fill('laura')
      const found = page
        .getByRole('list', { name: 'Customers found' })
        .getByRole('link', { name: new RegExp(DEMO.email.replace(/\./g, '\\.')) })
      await found.waitFor()
      await expectFitsScreen(page)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'staff-customers-360-en')

      // Her account.
      await found.click()
      await page.waitForURL(/\/staff\/customers\/\d+$/)
      await page.getByRole('heading', { level: 1, name: /^Laura/ }).waitFor()
      await page.getByRole('heading', { level: 2, name: 'Pending sales' }).waitFor()
      expect(await page.getByLabel(/^Email/).inputValue()).toBe(DEMO.email)
      await expectFitsScreen(page)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'staff-customer-360-en')

      // A debt of one line.
      const concept = `Lost locker key ${Date.now()}`
      await page.getByLabel(/^Concept of the debt/).fill(concept)
      const line = page.getByRole('group', { name: 'Line 1' })
      await line.getByLabel(/^Concept/).fill('Locker key')
      await line.getByLabel(/^Unit price/).fill('35,50')
      await page.getByRole('button', { name: 'Add the debt', exact: true }).click()
      await page
        .getByRole('status')
        .filter({ hasText: /^Debt .+ added: / })
        .waitFor()
      const sale = page
        .getByRole('list', { name: 'Pending sales' })
        .getByRole('listitem')
        .filter({ hasText: concept })
      await sale.waitFor()
      expect(await sale.textContent()).toContain('1 × Locker key')
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'staff-customer-debt-360-en')

      // The account on a tablet, for the eye.
      await page.setViewportSize({ width: 1024, height: 768 })
      await expectFitsScreen(page)
      await screenshot(page, 'staff-customer-1024-en')
      expectNoPageErrors(open)
    } finally {
      await open.close()
    }
  })
})
