// The shop's way to the checkout, and the orders it leaves: a product put in the cart from the
// shop's list, and the customer's orders as their account reads them from the API. Only paid sales
// are orders, so an order found there with its number was settled, whatever the result page said.
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { main } from './demo.ts'
import { baseUrl } from './server-under-test.ts'

const SLOW = { timeout: 30_000 }

/** The first product of the shop with a price, added from the shop's list; ends at the checkout. */
export async function orderAProduct(page: Page, language: 'en-US' | 'es-ES') {
  await page.goto('/shop', { waitUntil: 'networkidle' })
  const add = main(page)
    .getByRole('button', { name: language === 'es-ES' ? /^Añadir al carrito / : /^Add to cart / })
    .first()
  await add.click()
  await main(page).locator('.add-to-cart.is-done').first().waitFor(SLOW)
  await page.goto('/checkout', { waitUntil: 'networkidle' })
  await main(page).locator('.checkout__payment').waitFor(SLOW)
}

/**
 * Pays the checkout by card in Stripe's popup (the server's local fake), in English, with the test
 * card; `inPopup` looks at the popup filled in before it is confirmed. Ends at /cz/ok.
 */
export async function payInStripePopup(page: Page, inPopup: () => Promise<void> = async () => {}) {
  await main(page)
    .getByRole('radio', { name: /^Card \(Stripe\)/ })
    .check()
  await main(page)
    .getByRole('button', { name: /^Proceed to Pay / })
    .click()
  const popup = page.getByRole('dialog', { name: 'Pay by card' })
  await popup.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242')
  await inPopup()
  await popup.getByRole('button', { name: 'Confirm' }).click()
  await page.waitForURL(/\/cz\/ok\?order=/, SLOW)
}

interface OrderSummary {
  id: number
  number: string
  total: number
  online: boolean
  paymentMethod: string
}

/** The customer's orders, newest first, each with its method's name in `language`. */
export async function customerOrders(
  who: { id: number; token: string },
  language: 'en-US' | 'es-ES' = 'en-US',
): Promise<OrderSummary[]> {
  const res = await fetch(`${baseUrl()}/api/shop/customer-orders/${who.id}`, {
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${who.token}`,
      'accept-language': language,
    },
  })
  expect(res.status, "reading the customer's orders").toBe(200)
  return ((await res.json()) as { model: OrderSummary[] }).model
}

/**
 * Fails unless the order `number` is among the customer's orders, paid on the site with the method
 * named `paymentMethod` (in `language`); answers it.
 */
export async function expectPaidOnline(
  who: { id: number; token: string },
  number: string,
  paymentMethod: string,
  language: 'en-US' | 'es-ES' = 'en-US',
): Promise<OrderSummary> {
  const order = (await customerOrders(who, language)).find((o) => o.number === number)
  expect(order, `order ${number} among the customer's paid orders`).toBeDefined()
  expect(order).toMatchObject({ online: true, paymentMethod })
  return order!
}
