// Paying a shop order through PayPal and NetPay in the sandbox (spec 2 §2, §4, "the checkout path of
// each provider"; decision 067): PayPal's button inside its method, approved in PayPal's panel, on a
// phone in Spanish; NetPay's card typed into our card popup and its 3-D Secure page, on a laptop in
// English. Each ends at /cz/ok with the order's number; the order is then among the customer's paid
// orders and its confirmation mail arrives, so a settle that never happened fails the journey. The
// providers are the server's local fakes; axe runs on the payment step, the popups, the provider's
// page and the result page.
import type { Page } from 'playwright-core'
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
import { waitForMail } from './support/mail.ts'
import { expectPaidOnline, orderAProduct } from './support/shop.ts'

const browser = useBrowser()
const SLOW = { timeout: 30_000 }

/** The order's number in /cz/ok's address, once the browser is there. */
async function orderNumberOnOk(page: Page): Promise<string> {
  await page.waitForURL((url) => url.pathname === '/cz/ok', SLOW)
  const number = new URL(page.url()).searchParams.get('order') ?? ''
  expect(number).toMatch(/^W-\d{4}-\d{5,}$/)
  return number
}

/**
 * The subject of an order's confirmation mail, in the language of the customer's account (the demo
 * customer's is Spanish, whatever the language of the pages they paid on).
 */
const confirmation = (number: string) => new RegExp(`^Tu pedido ${number} está confirmado$`)

/** An expiry in MM/YY a few years from now, whenever the journey runs. */
function futureExpiry(): string {
  return `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`
}

describe('paying with PayPal and NetPay in the sandbox', () => {
  test(
    'a shop order paid with PayPal’s button, on a phone in Spanish, ends at /cz/ok and is paid',
    { timeout: 180_000 },
    async () => {
      const open = await openIn(browser(), widths.phone, 'es-ES')
      const { page } = open
      try {
        const who = await logInThroughApi(open)
        await orderAProduct(page, 'es-ES')
        await main(page)
          .getByRole('radio', { name: /^PayPal/ })
          .check()
        // PayPal's JS SDK (the sandbox's stand-in) draws its button inside the method.
        const button = main(page).getByRole('button', { name: 'PayPal sandbox — no se mueve dinero real' })
        await button.waitFor(SLOW)
        await expectNoSeriousAxeViolations(page)
        await expectFitsScreen(page)
        await screenshot(page, 'pay-by-paypal-step-360-es')
        expectNoPageErrors(open)

        await button.click()
        const panel = main(page).getByRole('group', { name: /^Pago de prueba de PayPal/ })
        await panel.getByRole('button', { name: 'Aprobar pago de prueba' }).waitFor(SLOW)
        await expectNoSeriousAxeViolations(page)
        await expectFitsScreen(page)
        await screenshot(page, 'pay-by-paypal-approval-360-es')
        await panel.getByRole('button', { name: 'Aprobar pago de prueba' }).click()

        const number = await orderNumberOnOk(page)
        await main(page).getByRole('heading', { name: 'El pago se ha procesado correctamente' }).waitFor(SLOW)
        await main(page).getByText(`Pedido ${number}`, { exact: true }).waitFor()
        await expectNoSeriousAxeViolations(page)
        await expectFitsScreen(page)
        await screenshot(page, 'pay-by-paypal-ok-360-es')
        expectNoPageErrors(open)

        // Settled: among the customer's paid orders, on their page too, and confirmed by mail.
        await expectPaidOnline(who, number, 'PayPal', 'es-ES')
        await waitForMail(DEMO.email, { subject: confirmation(number) })
        await page.goto('/customer-orders', { waitUntil: 'networkidle' })
        const order = main(page).getByRole('article').filter({ hasText: number })
        // On a phone each cell is headed by its column's name (CSS), part of the cell's accessible name.
        await order.getByRole('cell', { name: /PayPal$/ }).waitFor(SLOW)
        await expectFitsScreen(page)
        await screenshot(page, 'pay-by-paypal-orders-360-es')
        expectNoPageErrors(open)
      } finally {
        await open.close()
      }
    },
  )

  test(
    'a shop order paid by card through NetPay with 3-D Secure, on a laptop in English, ends at /cz/ok and is paid',
    { timeout: 180_000 },
    async () => {
      const open = await openIn(browser(), widths.desktop, 'en-US')
      const { page } = open
      try {
        const who = await logInThroughApi(open)
        const visited: string[] = []
        page.on('framenavigated', (frame) => {
          if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname)
        })
        await orderAProduct(page, 'en-US')
        await main(page)
          .getByRole('radio', { name: /^Card \(NetPay\)/ })
          .check()
        await expectNoSeriousAxeViolations(page)
        await screenshot(page, 'pay-by-netpay-step-1280-en')
        await main(page)
          .getByRole('button', { name: /^Proceed to Pay / })
          .click()

        // Our card popup: NetpayJS (the sandbox's stand-in) tokenises what is typed here. The card
        // is the sandbox's test card that asks for 3-D Secure.
        const popup = page.getByRole('dialog', { name: 'Pay' })
        await popup.getByRole('textbox', { name: 'Cardholder name' }).fill('Demo Customer')
        await popup.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 3220')
        await popup.getByRole('textbox', { name: 'Expiry date (MM/YY)' }).fill(futureExpiry())
        await popup.getByRole('textbox', { name: 'Security code' }).fill('123')
        await expectNoSeriousAxeViolations(page)
        await screenshot(page, 'pay-by-netpay-card-1280-en')
        expectNoPageErrors(open)
        await popup.getByRole('button', { name: /^Proceed to Pay / }).click()

        // NetPay's 3-D Secure page, served by the sandbox on our own site.
        await page.waitForURL(/\/sandbox\/netpay\/3ds\//, SLOW)
        await page.getByRole('heading', { name: '3-D Secure check' }).waitFor(SLOW)
        await expectNoSeriousAxeViolations(page)
        await screenshot(page, 'pay-by-netpay-3ds-1280-en')
        await page.getByRole('button', { name: 'Authenticate' }).click()

        const number = await orderNumberOnOk(page)
        // Back from 3-D Secure through our return page, which confirmed the charge.
        expect(visited).toContain('/netpay-callback')
        await main(page)
          .getByRole('heading', { name: 'The payment has been processed successfully' })
          .waitFor(SLOW)
        await main(page).getByText(`Order ${number}`, { exact: true }).waitFor()
        await expectNoSeriousAxeViolations(page)
        await screenshot(page, 'pay-by-netpay-ok-1280-en')
        expectNoPageErrors(open)

        await expectPaidOnline(who, number, 'Card (NetPay)')
        await waitForMail(DEMO.email, { subject: confirmation(number) })
      } finally {
        await open.close()
      }
    },
  )
})
