// Paying a shop order by card in the sandbox (spec 2 §4, "the checkout path of each provider";
// decision 068): Redsys's payment page on a phone in Spanish, and Stripe's card popup on a laptop
// in English, each to /cz/ok with the order's number, which is then among the customer's paid
// orders. The providers are the server's local fakes, marked as tests on every page; axe runs on the
// payment step, the popups and the result pages.
import { describe, expect, test } from 'vitest'
import {
  expectNoPageErrors,
  expectNoSeriousAxeViolations,
  openIn,
  screenshot,
  useBrowser,
  widths,
} from './support/browser.ts'
import { expectFitsScreen, logInThroughApi, main } from './support/demo.ts'
import { expectPaidOnline, orderAProduct, payInStripePopup } from './support/shop.ts'

const browser = useBrowser()
const SLOW = { timeout: 30_000 }

describe('paying by card in the sandbox', () => {
  test(
    'a shop order paid on Redsys’s page, on a phone in Spanish, ends at /cz/ok with its number',
    { timeout: 180_000 },
    async () => {
      const open = await openIn(browser(), widths.phone, 'es-ES')
      const { page } = open
      try {
        const who = await logInThroughApi(open)
        await orderAProduct(page, 'es-ES')
        await expect
          .poll(() => main(page).getByRole('note').first().textContent())
          .toBe('Sandbox — solo pagos de prueba, no se mueve dinero real')
        await main(page)
          .getByRole('radio', { name: /^Tarjeta \(Redsys\)/ })
          .check()
        await expectNoSeriousAxeViolations(page)
        await expectFitsScreen(page)
        await screenshot(page, 'pay-by-card-step-360-es')
        expectNoPageErrors(open)

        await main(page)
          .getByRole('button', { name: /^Pagar / })
          .click()
        // The fake's page, as Redsys's: a test page with the test card filled in.
        await page.getByRole('heading', { name: /Pago de prueba/ }).waitFor(SLOW)
        await screenshot(page, 'pay-by-card-redsys-page-360-es')
        await page.getByRole('button', { name: /^Pagar/ }).click()
        await page.waitForURL(/\/cz\/ok\?/, SLOW)

        await main(page).getByRole('heading', { name: 'El pago se ha procesado correctamente' }).waitFor(SLOW)
        const shown = await main(page)
          .getByText(/^Pedido W-\d{4}-\d{5,}$/)
          .textContent()
        expect(shown).toMatch(/^Pedido W-/)
        await expectNoSeriousAxeViolations(page)
        await expectFitsScreen(page)
        await screenshot(page, 'pay-by-card-redsys-ok-360-es')
        expectNoPageErrors(open)
        await expectPaidOnline(who, shown!.replace('Pedido ', ''), 'Tarjeta (Redsys)', 'es-ES')
      } finally {
        await open.close()
      }
    },
  )

  test(
    'a shop order paid in Stripe’s card popup, on a laptop in English, ends at /cz/ok with its number',
    { timeout: 180_000 },
    async () => {
      const open = await openIn(browser(), widths.desktop, 'en-US')
      const { page } = open
      try {
        const who = await logInThroughApi(open)
        await orderAProduct(page, 'en-US')
        await payInStripePopup(page, async () => {
          await expectNoSeriousAxeViolations(page)
          await screenshot(page, 'pay-by-card-stripe-popup-1280-en')
        })
        await main(page)
          .getByRole('heading', { name: 'The payment has been processed successfully' })
          .waitFor(SLOW)
        const shown = await main(page)
          .getByText(/^Order W-\d{4}-\d{5,}$/)
          .textContent()
        expect(shown).toMatch(/^Order W-/)
        await expectNoSeriousAxeViolations(page)
        await screenshot(page, 'pay-by-card-stripe-ok-1280-en')
        expectNoPageErrors(open)
        await expectPaidOnline(who, shown!.replace('Order ', ''), 'Card (Stripe)')
      } finally {
        await open.close()
      }
    },
  )
})
