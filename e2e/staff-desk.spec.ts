// The staff desk as a receptionist meets it on the demo: the demo desk account signs in at /staff, finds
// the day's schedule of courts, moves to a day ahead, and sees a customer's booking made online meanwhile
// appear on its grid without reloading (the desk reads its day again every second), then go when the
// customer lets it go. On a tablet (1024 px) in Spanish and on a phone (360 px) in English, with axe on
// each screen; a walk-in at the counter then takes the freed time, booked at the desk and paid by card. Days are picked from the centre's clock, never today, whatever the hour the journeys run.
import { describe, expect, test } from 'vitest'
import { dayWithFreeTime } from './support/booking.ts'
import { centreDay } from './support/centre-clock.ts'
import {
  expectNoPageErrors,
  expectNoSeriousAxeViolations,
  newPage,
  openIn,
  screenshot,
  useBrowser,
  type OpenPage,
} from './support/browser.ts'
import { expectFitsScreen, logInThroughApi } from './support/demo.ts'
import { baseUrl } from './support/server-under-test.ts'

/** The demo's desk and manager accounts, as the README names them. */
const DESK = { email: 'desk@demo.clubhouse', password: 'Desk-Demo-2026' } as const
const MANAGER = { email: 'manager@demo.clubhouse', password: 'Manager-Demo-2026' } as const

const browser = useBrowser()

/** The centre's days around the walk-in's card payment: both, should it be paid across midnight. */
const cardPaidOn = new Set<string>()

const TEXT = {
  'es-ES': {
    signIn: 'Entrar',
    title: 'Agenda',
    signOut: 'Salir',
    hold: 'Pagándose',
    login: 'Acceso del personal',
  },
  'en-US': {
    signIn: 'Sign in',
    title: 'Schedule',
    signOut: 'Sign out',
    hold: 'Being paid',
    login: 'Staff sign-in',
  },
} as const

interface DayAnswer {
  model: {
    list: Array<{
      id: number
      name: string
      timeTable: Array<{ sstart: string; available: boolean; durations: number[] }>
    }>
  }
}

/** The first free time of the first padel court on `date`, as the public booking page reads it. */
async function firstFreeCourt(bookingTypeId: number, date: string) {
  const res = await fetch(`${baseUrl()}/api/publicbookings/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ date, bookingTypeId, customerId: null }),
  })
  expect(res.status).toBe(200)
  const court = ((await res.json()) as DayAnswer).model.list[0]!
  const entry = court.timeTable.find((e) => e.available && e.durations.length > 0)!
  return { resource: court, time: entry.sstart, duration: entry.durations[0]! }
}

async function signIn(
  open: OpenPage,
  t: (typeof TEXT)[keyof typeof TEXT],
  who: { email: string; password: string } = DESK,
) {
  const { page } = open
  await page.goto('/staff')
  await page.getByRole('heading', { level: 1, name: t.login }).waitFor()
  await expectNoSeriousAxeViolations(page)
  await page.locator('#staff-email').fill(who.email)
  await page.locator('#staff-password').fill(who.password)
  await page.getByRole('button', { name: t.signIn, exact: true }).click()
  await page.getByRole('heading', { level: 1, name: t.title }).waitFor()
  await page.locator('.schedule-grid').waitFor()
}

describe('the staff desk', () => {
  test('a receptionist signs in on a tablet, sees a booking made online appear and go, then books a walk-in there and cancels her (1024 px, Spanish)', async () => {
    const padel = (
      (await (await fetch(`${baseUrl()}/api/publicbookings/booking-types-list`)).json()) as {
        model: Array<{ id: number; name: string; byPlace: boolean; grossPrice: number }>
      }
    ).model.find((type) => /p[aá]del/i.test(type.name) && !type.byPlace && type.grossPrice > 0)!
    const day = await dayWithFreeTime(padel.id, { fromDays: 2 })
    const free = await firstFreeCourt(padel.id, day)

    const open = await openIn(browser(), 1024, 'es-ES')
    const customer = await newPage(browser(), { width: 1024 })
    const t = TEXT['es-ES']
    try {
      const { page } = open
      await signIn(open, t)
      await screenshot(page, 'staff-schedule-1024-es')

      // The day ahead, through the date picker; the address keeps it.
      await page.locator('#schedule-date').fill(day)
      await page.waitForURL(`**/staff?date=${day}`)
      await page.getByRole('list', { name: free.resource.name }).waitFor()
      await expectNoSeriousAxeViolations(page)

      // The demo customer books that court online: a hold while the sale is paid.
      const who = await logInThroughApi(customer)
      const headers = { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' }
      const start = `${day} ${free.time}`
      const prebook = await fetch(`${baseUrl()}/api/publicbookings/prebook`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          booking: {
            customerId: who.id,
            bookingTypeId: padel.id,
            bookingTypeName: padel.name,
            isValidated: false,
            sendCommunications: false,
            origin: 0,
            bookingByPlace: false,
          },
          customerIsParticipant: true,
          blocks: [
            {
              duration: free.duration,
              resourceId: free.resource.id,
              resourceName: free.resource.name,
              startDate: start,
              sstart: free.time,
              noOnline: false,
              customerId: who.id,
            },
          ],
          isMultiple: false,
        }),
      })
      expect(prebook.status, await prebook.clone().text()).toBe(200)
      const bookingId = ((await prebook.json()) as { model: { bookingId: number } }).model.bookingId

      // It shows on the desk that is already open on that day, without a reload.
      const column = page.getByRole('list', { name: free.resource.name })
      const hold = column.getByRole('button', { name: new RegExp(`^${t.hold} ${free.time}`) })
      await hold.waitFor()
      await screenshot(page, 'staff-schedule-hold-1024-es')
      await hold.click()
      const detail = page.getByRole('dialog')
      await detail.getByText(DEMO_CUSTOMER_NAME).waitFor()
      await expectNoSeriousAxeViolations(page)
      await detail.getByRole('button', { name: 'Cerrar' }).click()

      // The customer lets the hold go: the desk sees the court free again.
      const cancel = await fetch(`${baseUrl()}/api/publicbookings/cancel/${bookingId}/${who.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${who.token}` },
      })
      expect(cancel.status).toBe(200)
      await hold.waitFor({ state: 'detached' })

      // A walk-in at the counter takes that time: booked at the desk, paid by card.
      await page.getByRole('button', { name: 'Nueva reserva' }).click()
      const form = page.getByRole('dialog', { name: 'Nueva reserva' })
      await form.getByLabel('Recurso').selectOption(String(free.resource.id))
      await form.getByLabel('Inicio').fill(free.time)
      await form.getByLabel('Cliente de paso (sin cuenta)').check()
      await form.getByLabel('Nombre').fill('Núria Pérez')
      await form.getByLabel('Teléfono').fill('699 000 111')
      await form.getByLabel('Datáfono').check()
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'staff-book-1024-es')
      cardPaidOn.add(await centreDay(0))
      await form.getByRole('button', { name: 'Reservar', exact: true }).click()
      await form.waitFor({ state: 'detached' })
      cardPaidOn.add(await centreDay(0))
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: /^Reservado: / })
          .textContent(),
      ).toContain('pagado')
      const walkIn = column.getByRole('button', { name: new RegExp(`^Reserva ${free.time}.*Núria Pérez`) })
      await walkIn.waitFor()

      // She cannot stay after all: cancelled at the desk, her card payment kept (nothing goes back).
      await walkIn.click()
      const item = page.getByRole('dialog')
      await item.getByRole('button', { name: 'Cancelar esta reserva' }).click()
      await item.getByLabel(/^Nada/).check()
      await expectNoSeriousAxeViolations(page)
      await item.getByRole('button', { name: 'Cancelar la reserva' }).click()
      await item.waitFor({ state: 'detached' })
      await page
        .getByRole('status')
        .filter({ hasText: 'Reserva cancelada. No se ha devuelto nada.' })
        .waitFor()
      await walkIn.waitFor({ state: 'detached' })
      expectNoPageErrors(open)
    } finally {
      await customer.close()
      await open.close()
    }
  })

  test("a manager on a phone: the schedule scrolls inside itself, the day's takings count the desk's card payment, and signing out returns to the sign-in (360 px, English)", async () => {
    const open = await openIn(browser(), 360, 'en-US')
    const t = TEXT['en-US']
    try {
      const { page } = open
      await signIn(open, t, MANAGER)
      await expectFitsScreen(page)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'staff-schedule-360-en')

      await page.getByRole('button', { name: 'Next day' }).click()
      await page.waitForURL(/\/staff\?date=\d{4}-\d{2}-\d{2}/)

      // Today's takings: the walk-in's card payment of the tablet's journey is among them.
      await page.getByRole('link', { name: 'Takings' }).click()
      await page.getByRole('heading', { level: 1, name: 'Takings' }).waitFor()
      // The day (or, across midnight, the two days) the walk-in paid on, from the centre's clock.
      let cards = 0
      for (const day of cardPaidOn) {
        await page.goto(`/staff/takings?date=${day}`)
        await page.getByRole('table').waitFor()
        const card = page.getByRole('row', { name: /^Card at the desk/ })
        if (await card.count()) cards += Number(await card.getByRole('cell').first().textContent())
      }
      expect(cards).toBeGreaterThanOrEqual(1)
      await expectNoSeriousAxeViolations(page)
      await expectFitsScreen(page)
      await screenshot(page, 'staff-takings-360-en')
      await page.getByRole('button', { name: t.signOut }).click()
      await page.getByRole('heading', { level: 1, name: t.login }).waitFor()
      // The token is gone: a reload stays on the sign-in.
      await page.reload()
      await page.getByRole('heading', { level: 1, name: t.login }).waitFor()
      expectNoPageErrors(open)
    } finally {
      await open.close()
    }
  })
})

/** The demo customer's name as the desk shows it (the demo's customers.json). */
const DEMO_CUSTOMER_NAME = /Laura/
