// Booking by type as the demo customer: a visitor picks a time and is asked to log in first, then books
// a 90-minute padel court with a follow-up resource and finds it in the cart with the time its hold has
// left; a free booking lands on My bookings; cancelling a paid booking shows the refunds popup. Axe on
// every page and popup; every booking page at 360 and 1280 px in both languages, without sideways
// scrolling. The data come from the demo centre's seed, read through the API as any client would;
// the days booked are days from tomorrow on with a free time, whatever the hour the journeys run.
import { describe, expect, test } from 'vitest'
import {
  expectNoPageErrors,
  expectNoSeriousAxeViolations,
  openIn,
  screenshot,
  useBrowser,
  widths,
} from './support/browser.ts'
import { bookingDayPath, chooseTime, dayWithFreeTime, firstFreeTime } from './support/booking.ts'
import { DEMO, expectFitsScreen, logInThroughApi, main } from './support/demo.ts'
import { baseUrl } from './support/server-under-test.ts'

type Language = 'en-US' | 'es-ES'

interface BookingType {
  id: number
  name: string
  byPlace: boolean
  allowCreateBookByPlace: boolean
  grossPrice: number
}

const browser = useBrowser()

const TEXT = {
  'en-US': {
    login: 'Login',
    filter: 'Filter',
    durations: /^Durations at /,
    ninety: /^90 min/,
    followUps: 'Complete your booking',
    continue: 'Continue',
    confirm: 'Confirm your booking',
    addToCart: 'Add to Cart',
    checkout: 'Checkout',
    bookings: 'Bookings',
    cancel: /^Cancel /,
    yesCancel: 'Yes, cancel',
    refunds: 'Payment Refunds',
    types: 'What would you like to book?',
  },
  'es-ES': {
    login: 'Iniciar sesión',
    filter: 'Filtrar',
    durations: /^Duraciones a las /,
    ninety: /^90 min/,
    followUps: 'Completa tu reserva',
    continue: 'Continuar',
    confirm: 'Confirma tu reserva',
    addToCart: 'Añadir al carrito',
    checkout: 'Finalizar compra',
    bookings: 'Reservas',
    cancel: /^Cancelar /,
    yesCancel: 'Sí, cancelar',
    refunds: 'Devoluciones de pagos',
    types: '¿Qué quieres reservar?',
  },
} as const

async function api<T>(path: string, language: Language): Promise<T> {
  // The names a page shows are those of its language.
  const res = await fetch(`${baseUrl()}${path}`, { headers: { 'accept-language': language } })
  expect(res.status, `GET ${path}`).toBe(200)
  return (await res.json()) as T
}

async function bookingTypes(language: Language): Promise<BookingType[]> {
  const types = (await api<{ model: BookingType[] }>('/api/publicbookings/booking-types-list', language))
    .model
  return types.filter((type) => !type.byPlace || type.allowCreateBookByPlace)
}

const openAs = (width: number, language: Language) => openIn(browser(), width, language)

describe('booking a court', () => {
  // The longest journey (a login, four axe runs): on a busy two-core machine it may need over a minute.
  test('a visitor logs in at the time chips, books 90 minutes with a follow-up and sees the hold in the cart (1280 px, English)', async () => {
    const types = await bookingTypes('en-US')
    const padel = types.find((type) => /p[aá]del/i.test(type.name) && type.grossPrice > 0)
    expect(padel, 'the demo centre offers a paid padel type').toBeTruthy()
    const open = await openAs(widths.desktop, 'en-US')
    const { page } = open
    const t = TEXT['en-US']
    try {
      await page.goto('/bookingtypes', { waitUntil: 'networkidle' })
      await main(page).getByRole('heading', { level: 1, name: t.types }).waitFor()
      await expectNoSeriousAxeViolations(page)
      await main(page)
        .getByRole('link', { name: `Book ${padel!.name}` })
        .click()
      await page.waitForURL(`**/bookings/${padel!.id}`)
      await main(page).getByRole('heading', { level: 1, name: padel!.name }).waitFor()

      // A day with 90 minutes free on the first court, as the date picker would choose it.
      const day = await dayWithFreeTime(padel!.id, { duration: 90 })
      await page.goto(bookingDayPath(padel!.id, day), { waitUntil: 'networkidle' })
      await firstFreeTime(page).waitFor()
      await expectNoSeriousAxeViolations(page)

      // Choosing a time needs a customer: the login popup opens and brings the visitor back here.
      await firstFreeTime(page).click()
      const login = page.getByRole('dialog')
      await login.getByLabel('Email').fill(DEMO.email)
      await login.locator('input[name="password"]').fill(DEMO.password)
      await login.getByRole('button', { name: t.login, exact: true }).click()
      await login.waitFor({ state: 'detached' })
      const back = new URL(page.url())
      expect(`${back.pathname}?date=${back.searchParams.get('date')}`).toBe(bookingDayPath(padel!.id, day))

      // 90 minutes, a follow-up resource, the confirm popup, Add to Cart.
      const ninety = main(page)
        .getByRole('group', { name: 'Duration' })
        .getByRole('button', { name: '90 min' })
      if (await ninety.count()) await ninety.click()
      await firstFreeTime(page).waitFor()
      const confirm = await chooseTime(page, t, t.ninety)
      expect(await confirm.textContent()).toContain('90 min')
      expect(await confirm.getByRole('listitem').count()).toBeGreaterThanOrEqual(2)
      await screenshot(page, 'book-confirm-1280-en')
      await confirm.getByRole('button', { name: t.addToCart }).click()

      // The checkout shows the cart, with the time the hold has left.
      await page.waitForURL('**/checkout')
      await main(page).getByRole('heading', { level: 1, name: t.checkout }).waitFor()
      const hold = main(page).getByRole('timer').first()
      expect(await hold.textContent()).toMatch(/^\d{1,2}:\d{2}$/)
      await expectNoSeriousAxeViolations(page)
      await page.getByRole('button', { name: /^Cart, 1 item/ }).click()
      await page.getByRole('region', { name: 'Your cart' }).getByRole('timer').waitFor()
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'book-cart-1280-en')
      expectNoPageErrors(open)
    } finally {
      await open.close()
    }
  }, 120_000)

  test('a free booking lands on My bookings, and cancelling a paid one shows the refunds (360 px, Spanish)', async () => {
    const types = await bookingTypes('es-ES')
    const free = types.find((type) => type.grossPrice === 0)
    // The courts and rooms booked by resource and time that cost something (not a class's place).
    const paidNames = types.filter((type) => type.grossPrice > 0).map((type) => type.name)
    expect(free, 'the demo centre offers a free type').toBeTruthy()
    const open = await openAs(widths.phone, 'es-ES')
    const { page } = open
    const t = TEXT['es-ES']
    try {
      await logInThroughApi(open)
      await page.goto(bookingDayPath(free!.id, await dayWithFreeTime(free!.id)), { waitUntil: 'networkidle' })
      await firstFreeTime(page).waitFor()
      await expectFitsScreen(page)
      // The room has one duration: a time goes straight to the confirm popup, without asking how long.
      const confirm = await chooseTime(page, t, null)
      expect(await main(page).getByRole('group', { name: t.durations }).count()).toBe(0)
      await confirm.getByRole('button', { name: t.addToCart }).click()

      await page.waitForURL('**/customer-bookings')
      await main(page).getByRole('heading', { level: 1, name: t.bookings }).waitFor()
      await main(page).getByText(free!.name).first().waitFor()
      await expectFitsScreen(page)
      await expectNoSeriousAxeViolations(page)

      // The demo customer's paid booking: cancelling it, once asked again, returns the money.
      const paid = main(page)
        .locator('.my-booking')
        .filter({ hasText: new RegExp(paidNames.join('|')) })
        .getByRole('button', { name: t.cancel })
        .first()
      await paid.click()
      const ask = page.getByRole('dialog')
      await expectNoSeriousAxeViolations(page)
      await ask.getByRole('button', { name: t.yesCancel }).click()
      const refunds = page.getByRole('dialog', { name: t.refunds })
      await refunds.waitFor()
      expect(await refunds.getByRole('row').count()).toBeGreaterThan(1)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'book-refunds-360-es')
      expectNoPageErrors(open)
    } finally {
      await open.close()
    }
  })

  test.each([
    [widths.phone, 'en-US'],
    [widths.phone, 'es-ES'],
    [widths.desktop, 'en-US'],
    [widths.desktop, 'es-ES'],
  ] as const)('every booking page passes axe and fits the screen at %i px in %s', async (width, language) => {
    const types = await bookingTypes(language)
    const open = await openAs(width, language)
    const { page } = open
    const t = TEXT[language]
    try {
      await logInThroughApi(open)
      await page.goto('/bookingtypes', { waitUntil: 'networkidle' })
      await main(page).getByRole('heading', { level: 1 }).waitFor()
      await expectFitsScreen(page)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, `booking-types-${width}-${language}`)

      // Without a type the filters open by themselves.
      await page.goto('/bookings', { waitUntil: 'networkidle' })
      if (types.length > 1) {
        await main(page).getByRole('button', { name: t.filter, expanded: true }).waitFor()
      }
      await expectFitsScreen(page)
      await expectNoSeriousAxeViolations(page)

      const first = types[0]!
      await page.goto(bookingDayPath(first.id, await dayWithFreeTime(first.id)), { waitUntil: 'networkidle' })
      await firstFreeTime(page).click()
      await main(page).getByRole('group', { name: t.durations }).waitFor()
      await expectFitsScreen(page)
      // Each carousel's dots sit on one line, however many courts it moves between.
      const dotRows = await main(page)
        .locator('.carousel__dots')
        .evaluateAll((lists) =>
          lists.map(
            (list) =>
              new Set([...list.children].map((li) => Math.round(li.getBoundingClientRect().top))).size,
          ),
        )
      // On a phone the courts take a slide each: dots to move between them.
      if (width === widths.phone) expect(dotRows.length).toBeGreaterThan(0)
      expect(
        dotRows.every((rows) => rows === 1),
        `rows of dots: ${dotRows.join(', ')}`,
      ).toBe(true)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, `bookings-${width}-${language}`)

      await page.goto('/customer-bookings', { waitUntil: 'networkidle' })
      await main(page).getByRole('heading', { level: 1, name: t.bookings }).waitFor()
      await expectFitsScreen(page)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, `customer-bookings-${width}-${language}`)
      expectNoPageErrors(open)
    } finally {
      await open.close()
    }
  })
})
