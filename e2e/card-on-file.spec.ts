// What follows a card payment in the sandbox (spec 2 §2, §4; decisions 067, 068, 069): a card typed
// in our card widget and saved pays a second order without being typed again, and is listed and
// deleted on /account; a card declined on Redsys's page ends at /cz/ko with the cart as it was, and
// the same cart then pays one order, not two; a court paid by card and cancelled goes back to the
// card, as the refunds popup says. Focus is never lost when a popup takes away the button that opened
// it. Phone in Spanish and laptop in English in turn; axe on the payment step, every popup and the
// result pages. The providers are the server's local fakes.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import {
  expectNoPageErrors,
  expectNoSeriousAxeViolations,
  openIn,
  screenshot,
  useBrowser,
  widths,
  type OpenPage,
} from './support/browser.ts'
import { bookingDayPath, chooseTime, dayWithFreeTime, firstFreeTime } from './support/booking.ts'
import { centreDay } from './support/centre-clock.ts'
import { expectFitsScreen, logInThroughApi, main } from './support/demo.ts'
import { customerOrders, expectPaidOnline, orderAProduct } from './support/shop.ts'
import { baseUrl } from './support/server-under-test.ts'

type Language = 'en-US' | 'es-ES'

const browser = useBrowser()
const SLOW = { timeout: 30_000 }

const TEXT = {
  'en-US': {
    redsys: /^Card \(Redsys\)/,
    stripe: /^Card \(Stripe\)/,
    pay: /^Proceed to Pay /,
    ok: 'The payment has been processed successfully',
    ko: 'Sorry! The payment has not been completed. Please try again later.',
    order: /^Order W-\d{4}-\d{5,}$/,
    cart: 'Your cart',
    cartButton: (n: number) => new RegExp(`^Cart, ${n} items?`),
    checkout: 'Checkout',
    yourCart: 'Your shopping cart',
    stripePopup: 'Pay by card',
  },
  'es-ES': {
    // Method 15, the card on file: "Tarjeta", described as a card payment.
    cardOnFile: /^Tarjeta\s*Paga con tarjeta/,
    cardOnFileName: 'Tarjeta',
    redsys: /^Tarjeta \(Redsys\)/,
    pay: /^Pagar /,
    ok: 'El pago se ha procesado correctamente',
    order: /^Pedido W-\d{4}-\d{5,}$/,
    cardPopup: 'Pagar',
    name: 'Titular de la tarjeta',
    number: 'Número de tarjeta',
    expiry: 'Caducidad (MM/AA)',
    cvv: 'Código de seguridad',
    save: '¿Guardar la tarjeta para futuras compras?',
    expires: 'Caduca',
    cards: 'Tarjetas',
    deleteCard: (number: string) => `Eliminar ${number}`,
    deleteTitle: '¿Eliminar esta tarjeta?',
    deleteConfirm: 'Eliminar tarjeta',
    deleted: (number: string) => `La tarjeta ${number} se ha eliminado.`,
    durations: /^Duraciones a las /,
    followUps: 'Completa tu reserva',
    continue: 'Continuar',
    confirm: 'Confirma tu reserva',
    addToCart: 'Añadir al carrito',
    yourCart: 'Tu carrito de la compra',
    bookings: 'Reservas',
    cancel: 'Cancelar',
    yesCancel: 'Sí, cancelar',
    refunds: 'Devoluciones de pagos',
    redsysName: 'Tarjeta (Redsys)',
    cancelled: 'Cancelada',
  },
} as const

/**
 * Redsys's published test card, a Visa, typed in our widget: the demo customer has no saved card
 * ending 0004. Its expiry is three years on from the centre's today.
 */
const CARD = { holder: 'Lucía Ferrer', number: '4548 8120 4940 0004', lastDigits: '0004', cvv: '123' }
const cardExpiry = async () => `12/${String(Number((await centreDay()).slice(0, 4)) + 3).slice(-2)}`

/** "1.234,50 €", "22 €" or "12.00 €" as cents. */
const cents = (text: string | null) => {
  const amount = (text ?? '').replace(/[^\d,.]/g, '')
  const [whole = '0', fraction = '0'] = amount.split(/[,.](?=\d{1,2}$)/)
  return Number(whole.replace(/[,.]/g, '')) * 100 + Number(fraction.padEnd(2, '0'))
}

async function api<T>(path: string, { token, language = 'en-US' }: { token: string; language?: Language }) {
  const res = await fetch(`${baseUrl()}${path}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
  })
  expect(res.status, `GET ${path}`).toBe(200)
  return (await res.json()) as T
}

/** The number of the order /cz/ok shows, once the page says the payment went through. */
async function paidOrderNumber(page: Page, language: Language): Promise<string> {
  const t = TEXT[language]
  await page.waitForURL((url) => url.pathname === '/cz/ok', SLOW)
  await main(page).getByRole('heading', { level: 1, name: t.ok }).waitFor(SLOW)
  const shown = await main(page).getByText(t.order).textContent()
  return (shown ?? '').replace(/^\S+ /, '')
}

/**
 * The order a checkout placed, read from the signed form the browser posts to Redsys: the address
 * Redsys sends the customer back to on success names it.
 */
function orderOfRedsysForm(posted: string | null): string {
  const parameters = new URLSearchParams(posted ?? '').get('Ds_MerchantParameters') ?? ''
  const decoded = JSON.parse(Buffer.from(parameters, 'base64').toString('utf8')) as Record<string, string>
  return new URL(decodeURIComponent(decoded.DS_MERCHANT_URLOK ?? '')).searchParams.get('order') ?? ''
}

/** Every request the page makes to the sandbox's card tokeniser: a card typed and sent. */
function tokeniserRequests(open: OpenPage): string[] {
  const seen: string[] = []
  open.page.on('request', (request) => {
    if (request.url().includes('/sis/rest/insite/token')) seen.push(request.url())
  })
  return seen
}

describe('card on file, declines and refunds in the sandbox', () => {
  test(
    'a card saved on the first order pays the second without being typed, and is deleted on /account (360 px, Spanish)',
    { timeout: 240_000 },
    async () => {
      const language = 'es-ES'
      const t = TEXT[language]
      const open = await openIn(browser(), widths.phone, language)
      const { page } = open
      const tokenised = tokeniserRequests(open)
      try {
        const who = await logInThroughApi(open)

        // The first order: method 15, the card typed in our card popup, saved.
        await orderAProduct(page, language)
        await main(page).getByRole('radio', { name: t.cardOnFile }).check()
        await expectNoSeriousAxeViolations(page)
        await expectFitsScreen(page)
        await screenshot(page, 'card-on-file-step-360-es')
        await main(page).getByRole('button', { name: t.pay }).click()

        const popup = page.getByRole('dialog', { name: t.cardPopup })
        await popup.getByRole('textbox', { name: t.name }).fill(CARD.holder)
        await popup.getByRole('textbox', { name: t.number }).fill(CARD.number)
        const expiry = await cardExpiry()
        await popup.getByRole('textbox', { name: t.expiry }).fill(expiry)
        await popup.getByRole('textbox', { name: t.cvv }).fill(CARD.cvv)
        await popup.getByRole('checkbox', { name: t.save }).check()
        await popup.getByRole('textbox', { name: t.name }).focus()
        await expectNoSeriousAxeViolations(page)
        await expectFitsScreen(page)
        await screenshot(page, 'card-on-file-popup-360-es')
        await popup.getByRole('button', { name: t.pay }).click()

        const first = await paidOrderNumber(page, language)
        await expectPaidOnline(who, first, t.cardOnFileName, language)
        expect(tokenised).toHaveLength(1)
        await expectNoSeriousAxeViolations(page)
        await expectFitsScreen(page)
        await screenshot(page, 'card-on-file-ok-360-es')

        // The second order: the saved card is a method of its own, by its last digits and expiry,
        // and pays at once: no popup, nothing typed.
        await orderAProduct(page, language)
        const saved = main(page).getByRole('radio', {
          name: new RegExp(`^Visa •••• ${CARD.lastDigits}\\s*${t.expires} ${expiry}$`),
        })
        await saved.check()
        await expectNoSeriousAxeViolations(page)
        await expectFitsScreen(page)
        await screenshot(page, 'card-on-file-saved-card-360-es')
        await main(page).getByRole('button', { name: t.pay }).click()
        const second = await paidOrderNumber(page, language)
        expect(second).not.toBe(first)
        await expectPaidOnline(who, second, t.cardOnFileName, language)
        expect(tokenised).toHaveLength(1)
        expect(await page.getByRole('dialog', { name: t.cardPopup }).count()).toBe(0)
        await expectNoSeriousAxeViolations(page)
        expectNoPageErrors(open)

        // On /account, the saved cards: this one is listed, and goes once deleted.
        await page.goto('/account', { waitUntil: 'networkidle' })
        await main(page).getByRole('tab', { name: t.cards }).click()
        const number = `•••• ${CARD.lastDigits}`
        const remove = main(page).getByRole('button', { name: t.deleteCard(number) })
        await remove.waitFor(SLOW)
        await expectNoSeriousAxeViolations(page)
        await expectFitsScreen(page)
        await screenshot(page, 'card-on-file-account-360-es')
        await remove.click()
        const ask = page.getByRole('dialog', { name: t.deleteTitle })
        await ask.waitFor()
        await expectNoSeriousAxeViolations(page)
        await expectFitsScreen(page)
        await screenshot(page, 'card-on-file-delete-360-es')
        await ask.getByRole('button', { name: t.deleteConfirm }).click()
        const deleted = main(page)
          .getByRole('status')
          .filter({ hasText: t.deleted(number) })
        await deleted.waitFor(SLOW)
        await expect.poll(() => remove.count(), SLOW).toBe(0)
        // The card's button went with it: focus is on what the delete came to, not lost.
        expect(await deleted.evaluate((message) => message === document.activeElement)).toBe(true)
        await expectNoSeriousAxeViolations(page)
        await screenshot(page, 'card-on-file-deleted-360-es')

        // Nor is it offered any more.
        await orderAProduct(page, language)
        await main(page).getByRole('radio', { name: t.cardOnFile }).waitFor()
        expect(await saved.count()).toBe(0)
        expectNoPageErrors(open)
      } finally {
        await open.close()
      }
    },
  )

  test(
    'a card declined on Redsys’s page ends at /cz/ko with the cart intact, which then pays one order (1280 px, English)',
    { timeout: 240_000 },
    async () => {
      const language = 'en-US'
      const t = TEXT[language]
      const open = await openIn(browser(), widths.desktop, language)
      const { page } = open
      try {
        const who = await logInThroughApi(open)
        const paidOrders = async () => (await customerOrders(who)).map((order) => order.number)
        const ordersBefore = await paidOrders()

        await orderAProduct(page, language)
        const cartTable = main(page).getByRole('table', { name: t.yourCart })
        const lines = await cartTable.getByRole('rowheader').allTextContents()
        expect(lines).toHaveLength(1)
        await main(page).getByRole('radio', { name: t.redsys }).check()
        await expectNoSeriousAxeViolations(page)
        await screenshot(page, 'declined-step-1280-en')

        const toRedsys = page.waitForRequest((request) => request.url().includes('/sis/realizarPago'), SLOW)
        await main(page).getByRole('button', { name: t.pay }).click()
        const placed = orderOfRedsysForm((await toRedsys).postData())
        expect(placed).toMatch(/^W-\d{4}-\d{5,}$/)
        await page.getByRole('heading', { name: /Pago de prueba/ }).waitFor(SLOW)
        await page.getByRole('button', { name: /^Denegar/ }).click()
        await page.waitForURL((url) => url.pathname === '/cz/ko', SLOW)

        await main(page).getByRole('heading', { level: 1, name: t.ko }).waitFor(SLOW)
        await expectNoSeriousAxeViolations(page)
        await screenshot(page, 'declined-ko-1280-en')
        expectNoPageErrors(open)

        // The cart is as it was: in the menu, and at the checkout, the same lines.
        await page.getByRole('button', { name: t.cartButton(1) }).click()
        const menuCart = page.getByRole('region', { name: t.cart })
        await menuCart.waitFor()
        await expectNoSeriousAxeViolations(page)
        await screenshot(page, 'declined-cart-1280-en')
        await menuCart.getByRole('link', { name: t.checkout }).click()
        await page.waitForURL('**/checkout', SLOW)
        await main(page).locator('.checkout__payment').waitFor(SLOW)
        expect(await cartTable.getByRole('rowheader').allTextContents()).toEqual(lines)

        // Paid again, another way: Stripe's card popup, to /cz/ok with the order placed the first time.
        await main(page).getByRole('radio', { name: t.stripe }).check()
        await main(page).getByRole('button', { name: t.pay }).click()
        const popup = page.getByRole('dialog', { name: t.stripePopup })
        await popup.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242')
        await expectNoSeriousAxeViolations(page)
        await screenshot(page, 'declined-stripe-popup-1280-en')
        await popup.getByRole('button', { name: 'Confirm' }).click()

        expect(await paidOrderNumber(page, language)).toBe(placed)
        await page.getByRole('button', { name: t.cartButton(0) }).waitFor()
        await expectNoSeriousAxeViolations(page)
        await screenshot(page, 'declined-then-paid-ok-1280-en')
        expectNoPageErrors(open)

        // One order came of that cart, paid once, by the card that was not declined.
        const ordersAfter = await paidOrders()
        expect(ordersAfter.filter((number) => !ordersBefore.includes(number))).toEqual([placed])
        await expectPaidOnline(who, placed, 'Card (Stripe)')
      } finally {
        await open.close()
      }
    },
  )

  test(
    'a court paid on Redsys’s page and cancelled goes back to the card, as the refunds popup says (360 px, Spanish)',
    { timeout: 240_000 },
    async () => {
      const language = 'es-ES'
      const t = TEXT[language]
      const open = await openIn(browser(), widths.phone, language)
      const { page } = open
      try {
        const who = await logInThroughApi(open)
        const types = (
          await api<{ model: { id: number; name: string; grossPrice: number; byPlace: boolean }[] }>(
            '/api/publicbookings/booking-types-list',
            { ...who, language },
          )
        ).model
        const padel = types.find(
          (type) => /p[aá]del/i.test(type.name) && type.grossPrice > 0 && !type.byPlace,
        )
        expect(padel, 'the demo centre offers a paid padel type').toBeTruthy()

        // A day after tomorrow or later: padel can be cancelled online up to 24 hours before.
        const day = await dayWithFreeTime(padel!.id, { fromDays: 2 })
        await page.goto(bookingDayPath(padel!.id, day), { waitUntil: 'networkidle' })
        await firstFreeTime(page).waitFor(SLOW)
        const confirm = await chooseTime(page, t, null)
        const prebook = page.waitForResponse((res) => res.url().endsWith('/api/publicbookings/prebook'), SLOW)
        await confirm.getByRole('button', { name: t.addToCart }).click()
        const { bookingId } = ((await (await prebook).json()) as { model: { bookingId: number } }).model
        await page.waitForURL('**/checkout', SLOW)
        await main(page).getByRole('table', { name: t.yourCart }).waitFor(SLOW)
        await main(page).locator('.checkout__payment').waitFor(SLOW)
        const price = cents(await page.getByTestId('checkout-total').textContent())
        expect(price).toBeGreaterThan(0)

        await main(page).getByRole('radio', { name: t.redsys }).check()
        await expectNoSeriousAxeViolations(page)
        await expectFitsScreen(page)
        await screenshot(page, 'refund-step-360-es')
        await main(page).getByRole('button', { name: t.pay }).click()
        await page.getByRole('heading', { name: /Pago de prueba/ }).waitFor(SLOW)
        await screenshot(page, 'refund-redsys-page-360-es')
        await page.getByRole('button', { name: /^Pagar/ }).click()
        await expectPaidOnline(who, await paidOrderNumber(page, language), t.redsysName, language)
        await expectNoSeriousAxeViolations(page)
        await expectFitsScreen(page)
        await screenshot(page, 'refund-paid-ok-360-es')

        // My bookings: the court, confirmed, with its Cancel.
        const mine = async () =>
          (
            await api<{ model: { next: { id: number; status: string; description: string }[] } }>(
              `/api/publicbookings/customer-bookings/${who.id}`,
              { ...who, language },
            )
          ).model.next
        const next = await mine()
        const index = next.findIndex((booking) => booking.id === bookingId)
        expect(next[index]?.status).toBe('confirmed')
        await page.goto('/customer-bookings', { waitUntil: 'networkidle' })
        await main(page).getByRole('heading', { level: 1, name: t.bookings }).waitFor()
        const item = main(page).locator('.my-booking-list').first().locator('.my-booking').nth(index)
        await item.getByText(next[index]!.description, { exact: true }).waitFor(SLOW)
        await expectNoSeriousAxeViolations(page)
        await expectFitsScreen(page)
        await item.getByRole('button', { name: new RegExp(`^${t.cancel} `) }).click()
        const ask = page.getByRole('dialog')
        await ask.getByRole('button', { name: t.yesCancel }).waitFor()
        await expectNoSeriousAxeViolations(page)
        await expectFitsScreen(page)
        await screenshot(page, 'refund-ask-360-es')
        await ask.getByRole('button', { name: t.yesCancel }).click()

        // The money goes back to the card that paid it, all of it.
        const refunds = page.getByRole('dialog', { name: t.refunds })
        await refunds.waitFor(SLOW)
        const rows = refunds.getByRole('row').filter({ has: page.getByRole('cell') })
        expect(await rows.count()).toBe(1)
        const [method, amount] = await rows.first().getByRole('cell').allTextContents()
        expect(method).toBe(t.redsysName)
        expect(cents(amount ?? '')).toBe(price)
        await expectNoSeriousAxeViolations(page)
        await expectFitsScreen(page)
        await screenshot(page, 'refund-popup-360-es')
        await refunds.getByRole('button', { name: 'Aceptar' }).click()
        await refunds.waitFor({ state: 'detached' })

        // The booking reads cancelled, and can no longer be cancelled; focus is on it, its Cancel
        // button gone.
        await item.getByText(t.cancelled, { exact: true }).waitFor(SLOW)
        expect(await item.evaluate((booking) => booking === document.activeElement)).toBe(true)
        expect(await item.getByRole('button', { name: new RegExp(`^${t.cancel} `) }).count()).toBe(0)
        expect((await mine()).find((booking) => booking.id === bookingId)?.status).toBe('cancelled')
        await expectNoSeriousAxeViolations(page)
        await expectFitsScreen(page)
        await screenshot(page, 'refund-cancelled-360-es')
        expectNoPageErrors(open)
      } finally {
        await open.close()
      }
    },
  )
})
