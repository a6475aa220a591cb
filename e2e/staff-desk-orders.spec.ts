// The desk's shop orders on the demo: the demo customer pays a shop order by card (Stripe's local
// fake) on a laptop; the demo manager signs in on a phone in English, opens Orders from the desk's
// bar, keeps the paid orders of the centre's days around today (from its clock, whatever the hour the
// journey runs), opens that order, marks it shipped and refunds part of it, which shows among its
// refunds. Axe on every screen; the order on a laptop, for the eye.
import { describe, expect, test } from 'vitest'
import { addDays, centreDay } from './support/centre-clock.ts'
import {
  expectNoPageErrors,
  expectNoSeriousAxeViolations,
  openIn,
  screenshot,
  useBrowser,
  widths,
} from './support/browser.ts'
import { DEMO_MANAGER, expectFitsScreen, logInThroughApi, main, signInAtDesk } from './support/demo.ts'
import { expectPaidOnline, orderAProduct, payInStripePopup } from './support/shop.ts'

const browser = useBrowser()

/** The demo customer pays one shop order by card; answers its number. */
async function aPaidOrder(): Promise<string> {
  const open = await openIn(browser(), widths.desktop, 'en-US')
  try {
    const { page } = open
    const who = await logInThroughApi(open)
    await orderAProduct(page, 'en-US')
    await payInStripePopup(page)
    const shown = await main(page)
      .getByText(/^Order W-\d{4}-\d{5,}$/)
      .textContent()
    const number = shown!.replace('Order ', '')
    await expectPaidOnline(who, number, 'Card (Stripe)')
    return number
  } finally {
    await open.close()
  }
}

describe("the desk's orders", () => {
  test(
    'a manager finds a paid order among the days around today, marks it shipped and refunds part of it (360 px, English)',
    { timeout: 180_000 },
    async () => {
      const number = await aPaidOrder()
      // The order was paid a moment ago: on the centre's today, or on its yesterday just past midnight.
      const today = await centreDay()
      const from = addDays(today, -1)

      const open = await openIn(browser(), widths.phone, 'en-US')
      try {
        const { page } = open
        await signInAtDesk(page, DEMO_MANAGER)
        // The orders, from the desk's bar; the paid ones of these days, kept in the address.
        await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).click()
        await page.waitForURL('**/staff/orders')
        await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor()
        await page.getByRole('table', { name: 'Orders' }).waitFor()
        await page.getByLabel('State').selectOption('paid')
        await page.waitForURL('**/staff/orders?state=paid')
        await page.getByLabel('From', { exact: true }).fill(from)
        await page.waitForURL(`**/staff/orders?state=paid&from=${from}`)
        await page.getByLabel('To', { exact: true }).fill(today)
        await page.waitForURL(`**/staff/orders?state=paid&from=${from}&to=${today}`)
        const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: number }) })
        await row.waitFor()
        expect(await row.getByText('Paid', { exact: true }).count()).toBe(1)
        await expectFitsScreen(page)
        await expectNoSeriousAxeViolations(page)
        await screenshot(page, 'staff-orders-360-en')

        // The order, shipped once: its time shows in place of the button.
        await row.getByRole('link', { name: number }).click()
        await page.waitForURL(/\/staff\/orders\/\d+$/)
        await page.getByRole('heading', { level: 1, name: `Order ${number}` }).waitFor()
        await expectFitsScreen(page)
        await expectNoSeriousAxeViolations(page)
        await screenshot(page, 'staff-order-360-en')
        await page.getByRole('button', { name: 'Mark shipped' }).click()
        await page.getByText(/^Shipped on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/).waitFor()
        expect(await page.getByRole('button', { name: 'Mark shipped' }).count()).toBe(0)

        // Part of it given back, within what is left.
        const refund = page.getByRole('form', { name: 'Refund' })
        await refund.getByLabel('Part of it').check()
        await refund.getByLabel(/^Amount/).fill('1,50')
        await refund.getByLabel(/^Reason/).fill('One item arrived scratched')
        await refund.getByRole('button', { name: /^Refund 1,50\s€$/ }).click()
        await page
          .getByRole('status')
          .filter({ hasText: /^1,50\s€ refunded\. / })
          .waitFor()
        const given = page.getByRole('list', { name: 'Refunds' }).getByRole('listitem')
        await given.filter({ hasText: 'One item arrived scratched' }).waitFor()
        expect(await given.count()).toBe(1)
        expect(await given.textContent()).toMatch(/1,50\s€/)
        await page.getByText('Refunded', { exact: true }).first().waitFor()
        await expectFitsScreen(page)
        await expectNoSeriousAxeViolations(page)
        await screenshot(page, 'staff-order-refunded-360-en')

        // The order on a laptop, for the eye.
        await page.setViewportSize({ width: widths.desktop, height: 900 })
        await expectFitsScreen(page)
        await screenshot(page, 'staff-order-1280-en')
        expectNoPageErrors(open)
      } finally {
        await open.close()
      }
    },
  )
})
