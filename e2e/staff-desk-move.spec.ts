// Moving a booking at the desk on the demo: the demo customer's court booking, made at the desk on a
// day ahead, is moved by the receptionist from its details to another court and time on a laptop
// (1280 px, English); the day shows it there, and the customer is mailed the change. On a phone
// (360 px) the move's dialog fits the screen. Days and times come from the centre's clock and the
// day's free times, never fixed; axe on every screen.
import { describe, expect, test } from 'vitest'
import { dayWithFreeTime } from './support/booking.ts'
import {
  expectNoPageErrors,
  expectNoSeriousAxeViolations,
  openIn,
  screenshot,
  useBrowser,
} from './support/browser.ts'
import { DEMO, expectFitsScreen } from './support/demo.ts'
import { mailCount, waitForMail } from './support/mail.ts'
import { baseUrl } from './support/server-under-test.ts'

/** The demo's desk account, as the README names it. */
const DESK = { email: 'desk@demo.clubhouse', password: 'Desk-Demo-2026' } as const

const browser = useBrowser()

async function api<T>(path: string, init: { token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'application/json',
      'accept-language': 'en-US',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200)
  return (await res.json()) as T
}

interface Court {
  id: number
  name: string
  timeTable: Array<{ sstart: string; available: boolean; durations: number[] }>
}

describe('moving a booking at the desk', () => {
  test("a receptionist moves the demo customer's booking to another court and time, and she is mailed the change (1280 px and 360 px, English)", async () => {
    const padel = (
      await api<{ model: Array<{ id: number; name: string; byPlace: boolean; grossPrice: number }> }>(
        '/api/publicbookings/booking-types-list',
      )
    ).model.find((type) => /p[aá]del/i.test(type.name) && !type.byPlace && type.grossPrice > 0)!
    const day = await dayWithFreeTime(padel.id, { fromDays: 2 })
    const courts = (
      await api<{ model: { list: Court[] } }>('/api/publicbookings/list', {
        body: { date: day, bookingTypeId: padel.id, customerId: null },
      })
    ).model.list
    const [from, to] = courts
    expect(to, 'the demo has two padel courts').toBeDefined()
    const start = from!.timeTable.find((e) => e.available && e.durations.length > 0)!
    const duration = start.durations[0]!
    // The last free start of the other court that takes as long: another time, whatever the day holds.
    const target = to!.timeTable.filter((e) => e.available && e.durations.includes(duration)).at(-1)!
    expect(target, `a free time on ${to!.name} on ${day}`).toBeDefined()

    const desk = await api<{ model: { token: string } }>('/api/staff/login', { body: DESK })
    const laura = await api<{ model: { id: number } }>('/api/publiccustomers/cauth', { body: DEMO })
    const made = await api<{ model: { bookingId: number; priceCents: number } }>('/api/staff/bookings', {
      token: desk.model.token,
      body: {
        bookingTypeId: padel.id,
        resourceIds: [from!.id],
        start: `${day} ${start.sstart}`,
        durationMinutes: duration,
        customer: { id: laura.model.id },
        payment: 'pending',
      },
    })
    const mailsBefore = mailCount(DEMO.email)

    const laptop = await openIn(browser(), 1280, 'en-US')
    try {
      const { page } = laptop
      await page.goto('/staff')
      await page.locator('#staff-email').fill(DESK.email)
      await page.locator('#staff-password').fill(DESK.password)
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await page.getByRole('heading', { level: 1, name: 'Schedule' }).waitFor()
      await page.locator('#schedule-date').fill(day)
      await page.waitForURL(`**/staff?date=${day}`)

      const booking = page
        .getByRole('list', { name: from!.name })
        .getByRole('button', { name: new RegExp(`^Booking ${start.sstart}`) })
      await booking.click()
      await page.getByRole('dialog').getByRole('button', { name: 'Move this booking' }).click()
      const form = page.getByRole('dialog', { name: 'Move the booking' })
      await form.waitFor()
      expect(await form.getByLabel(/^Start/).inputValue()).toBe(start.sstart)
      await form.getByLabel(/^Resource/).selectOption(String(to!.id))
      await form.getByLabel(/^Start/).fill(target.sstart)
      await expectNoSeriousAxeViolations(page)
      await screenshot(form, 'staff-move-1280-en')
      await form.getByRole('button', { name: 'Move the booking' }).click()
      await form.waitFor({ state: 'detached' })
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: /^Booking moved: / })
          .textContent(),
      ).toContain('as charged')
      await page
        .getByRole('list', { name: to!.name })
        .getByRole('button', { name: new RegExp(`^Booking ${target.sstart}`) })
        .waitFor()
      await booking.waitFor({ state: 'detached' })
      const mail = await waitForMail(DEMO.email, {
        after: mailsBefore,
        subject: /^(Booking changed|Reserva cambiada): /,
      })
      expect(mail.subject).toContain(target.sstart)
      expectNoPageErrors(laptop)
    } finally {
      await laptop.close()
    }

    const phone = await openIn(browser(), 360, 'en-US')
    try {
      const { page } = phone
      await page.goto('/staff')
      await page.locator('#staff-email').fill(DESK.email)
      await page.locator('#staff-password').fill(DESK.password)
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await page.getByRole('heading', { level: 1, name: 'Schedule' }).waitFor()
      await page.locator('#schedule-date').fill(day)
      await page.waitForURL(`**/staff?date=${day}`)
      await page
        .getByRole('list', { name: to!.name })
        .getByRole('button', { name: new RegExp(`^Booking ${target.sstart}`) })
        .click()
      await page.getByRole('dialog').getByRole('button', { name: 'Move this booking' }).click()
      const form = page.getByRole('dialog', { name: 'Move the booking' })
      await form.waitFor()
      await expectFitsScreen(page)
      await expectNoSeriousAxeViolations(page)
      await screenshot(form, 'staff-move-360-en')
      expectNoPageErrors(phone)
    } finally {
      await phone.close()
    }

    // The day is left as it was found: the booking goes, nothing to give back (it was owed).
    await api(`/api/staff/bookings/${made.model.bookingId}/cancel`, {
      token: desk.model.token,
      body: { refund: 'none' },
    })
  })
})
