// The desk's blocks and a session's roster on the demo: the demo desk takes a court's time on a day
// ahead from the schedule, is refused the same time again with the block that stands there listed,
// sees its block on the grid and releases it (1024 px, Spanish). It then opens a class's roster from
// the schedule, gives the demo customer a place there, and marks her check-in and clears it
// (360 px, English). Days come from the centre's clock, never a fixed date; axe on every screen.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { dayWithFreeTime } from './support/booking.ts'
import {
  expectNoPageErrors,
  expectNoSeriousAxeViolations,
  openIn,
  screenshot,
  useBrowser,
} from './support/browser.ts'
import { centreDay, centreWallClock } from './support/centre-clock.ts'
import { DEMO, expectFitsScreen } from './support/demo.ts'
import { baseUrl } from './support/server-under-test.ts'

/** The demo's desk account, as the README names it. */
const DESK = { email: 'desk@demo.clubhouse', password: 'Desk-Demo-2026' } as const

const browser = useBrowser()

async function api<T>(
  path: string,
  init: { token?: string; body?: unknown; language?: 'en-US' | 'es-ES' } = {},
): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'application/json',
      'accept-language': init.language ?? 'en-US',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200)
  return (await res.json()) as T
}

/** Signs the demo desk in through the sign-in page, as a receptionist does. */
async function signIn(page: Page, signIn: string, title: string) {
  await page.goto('/staff')
  await page.locator('#staff-email').fill(DESK.email)
  await page.locator('#staff-password').fill(DESK.password)
  await page.getByRole('button', { name: signIn, exact: true }).click()
  await page.getByRole('heading', { level: 1, name: title }).waitFor()
  await page.locator('.schedule-grid').waitFor()
}

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
const hourMinute = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`

interface DayItem {
  kind: string
  id: number
  resourceId: number
  startMinute: number
  endMinute: number
  participants: number | null
  maxParticipants: number | null
}
interface Day {
  resourceTypes: Array<{ id: number }>
  resources: Array<{ id: number; name: string }>
  items: DayItem[]
}
interface Roster {
  date: string
  time: string
  durationMinutes: number
  capacity: number
  places: Array<{ taken: boolean }>
  roster: Array<{ bookingId: number; customerId: number }>
  waitlist: Array<{ customerId: number }>
}

/**
 * A session the demo customer can be given a place in: not over in half an hour, with a place free,
 * and she neither in it nor waiting. Today's first (its check-in is open), else the next days'.
 */
async function sessionForLaura(token: string, lauraId: number) {
  const soon = await centreWallClock(30)
  for (let days = 0; days <= 7; days += 1) {
    const date = await centreDay(days)
    const { data } = await api<{ data: Day }>(`/api/staff/schedule?date=${date}`, { token })
    for (const type of data.resourceTypes) {
      const day = await api<{ data: Day }>(`/api/staff/schedule?date=${date}&resourceTypeId=${type.id}`, {
        token,
      })
      for (const item of day.data.items) {
        if (item.kind !== 'session' || item.participants! >= item.maxParticipants!) continue
        if (`${date} ${hourMinute(item.endMinute % 1440)}` <= soon) continue
        const roster = (await api<{ data: Roster }>(`/api/staff/sessions/${item.id}`, { token })).data
        const inIt = [...roster.roster, ...roster.waitlist].some((p) => p.customerId === lauraId)
        const free = roster.places.length === 0 || roster.places.some((p) => !p.taken)
        if (!inIt && free && roster.roster.length < roster.capacity) {
          return {
            id: item.id,
            typeId: type.id,
            date,
            resourceName: day.data.resources.find((r) => r.id === item.resourceId)!.name,
            when: `${hourMinute(item.startMinute)}–${hourMinute(item.endMinute)}`,
            checkInOpen: days === 0,
          }
        }
      }
    }
  }
  throw new Error('The demo has no session with a free place in the coming week.')
}

describe("the desk's blocks and rosters", () => {
  test('a receptionist blocks a court on a day ahead, is shown the clash of the same time again, and removes the block (1024 px, Spanish)', async () => {
    const padel = (
      await api<{ model: Array<{ id: number; name: string; byPlace: boolean; grossPrice: number }> }>(
        '/api/publicbookings/booking-types-list',
      )
    ).model.find((type) => /p[aá]del/i.test(type.name) && !type.byPlace && type.grossPrice > 0)!
    const day = await dayWithFreeTime(padel.id, { fromDays: 3 })
    const court = (
      await api<{
        model: {
          list: Array<{
            id: number
            name: string
            timeTable: Array<{ sstart: string; available: boolean; durations: number[] }>
          }>
        }
      }>('/api/publicbookings/list', {
        body: { date: day, bookingTypeId: padel.id, customerId: null },
        language: 'es-ES',
      })
    ).model.list[0]!
    const free = court.timeTable.find((e) => e.available && e.durations.length > 0)!
    const end = hourMinute(minuteOf(free.sstart) + free.durations[0]!)

    const open = await openIn(browser(), 1024, 'es-ES')
    try {
      const { page } = open
      await signIn(page, 'Entrar', 'Agenda')
      await page.locator('#schedule-date').fill(day)
      await page.waitForURL(`**/staff?date=${day}`)
      const column = page.getByRole('list', { name: court.name })
      await column.waitFor()

      // The block, from the toolbar.
      const takeBlock = async () => {
        await page.getByRole('button', { name: 'Bloquear horario' }).click()
        const form = page.getByRole('dialog', { name: 'Bloquear horario' })
        await form.getByLabel(/^Recurso/).selectOption(String(court.id))
        await form.getByLabel(/^Desde/).fill(free.sstart)
        await form.getByLabel(/^Hasta/).fill(end)
        await form.getByLabel(/^Motivo/).fill('Torneo de prueba')
        return form
      }
      let form = await takeBlock()
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'staff-block-form-1024-es')
      await form.getByRole('button', { name: 'Bloquear', exact: true }).click()
      await form.waitFor({ state: 'detached' })
      await page
        .getByRole('status')
        .filter({ hasText: /^Bloqueado: / })
        .waitFor()
      const block = column.getByRole('button', {
        name: new RegExp(`^Bloqueo ${free.sstart}.*Torneo de prueba`),
      })
      await block.waitFor()

      // The same time again: refused, with the block that stands there listed.
      form = await takeBlock()
      await form.getByRole('button', { name: 'Bloquear', exact: true }).click()
      const clashes = form.getByRole('list', { name: /no está libre/ })
      await clashes.getByText(/Bloqueo «Torneo de prueba»/).waitFor()
      expect(await clashes.textContent()).toContain(`${day} ${free.sstart}–${end}`)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'staff-block-clash-1024-es')
      await form.getByRole('button', { name: 'Cerrar' }).click()

      // Its dialog releases it; the grid shows the court free again.
      await block.click()
      const detail = page.getByRole('dialog', { name: 'Torneo de prueba' })
      await detail.getByRole('button', { name: 'Quitar este bloqueo' }).waitFor()
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'staff-block-item-1024-es')
      await detail.getByRole('button', { name: 'Quitar este bloqueo' }).click()
      await detail.waitFor({ state: 'detached' })
      await page.getByRole('status').filter({ hasText: 'Bloqueo quitado.' }).waitFor()
      await block.waitFor({ state: 'detached' })

      // The form on a phone, for the eye.
      await page.setViewportSize({ width: 360, height: 800 })
      await takeBlock()
      await screenshot(page, 'staff-block-form-360-es')
      expectNoPageErrors(open, { allow: [/409/] })
    } finally {
      await open.close()
    }
  })

  test("a receptionist opens a class's roster from the schedule, gives the demo customer a place and marks her check-in (360 px, English)", async () => {
    const desk = await api<{ model: { token: string } }>('/api/staff/login', { body: DESK })
    const laura = await api<{ model: { id: number; token: string } }>('/api/publiccustomers/cauth', {
      body: DEMO,
    })
    const session = await sessionForLaura(desk.model.token, laura.model.id)

    const open = await openIn(browser(), 360, 'en-US')
    try {
      const { page } = open
      await signIn(page, 'Sign in', 'Schedule')
      await page.goto(`/staff?date=${session.date}&type=${session.typeId}`)
      await page.locator('.schedule-grid').waitFor()
      // The session's item on its resource, then its dialog's way to the roster.
      await page
        .getByRole('list', { name: session.resourceName })
        .getByRole('button', { name: new RegExp(`^Session ${session.when} `) })
        .click()
      await page.getByRole('dialog').getByRole('link', { name: 'Open the roster' }).click()
      await page.waitForURL(`**/staff/sessions/${session.id}`)
      await page.getByRole('heading', { level: 2, name: 'Participants' }).waitFor()
      await page.getByText(/ of \d+ places taken$/).waitFor()
      await expectFitsScreen(page)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'staff-roster-360-en')

      // The demo customer, found by name, on a free place when the session has a map.
      await page.getByLabel('Find the customer').fill('Laura')
      await page.getByRole('button', { name: new RegExp(DEMO.email.replace(/\./g, '\\.')) }).click()
      const place = page.getByLabel(/^Place/)
      if (await place.count()) await place.selectOption({ index: 1 })
      // A class with a price is paid at the counter (a free one asks nothing).
      const cash = page.getByRole('radio', { name: 'Cash at the desk' })
      if (await cash.count()) await cash.check()
      await page.getByRole('button', { name: 'Add', exact: true }).click()
      await page
        .getByRole('status')
        .filter({ hasText: /has a place now\.$/ })
        .waitFor()
      const checkIn = page.getByRole('group', { name: /^Check-in of Laura/ })
      await checkIn.waitFor()
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'staff-roster-added-360-en')

      const came = checkIn.getByRole('button', { name: 'Came' })
      await came.click()
      if (session.checkInOpen) {
        await checkIn.locator('[aria-pressed="true"]', { hasText: 'Came' }).waitFor()
        await page.getByText(/^Marked at \d\d:\d\d by /).waitFor()
        await screenshot(page, 'staff-roster-came-360-en')
        await checkIn.getByRole('button', { name: 'Clear' }).click()
        await checkIn.locator('[aria-pressed="true"]').waitFor({ state: 'detached' })
        expect(await came.getAttribute('aria-pressed')).toBe('false')
      } else {
        // A session of a day ahead: its check-in is not open yet, and the row says when it opens.
        await page
          .getByRole('alert')
          .filter({ hasText: /check-in of this session opens on/ })
          .waitFor()
        expect(await came.getAttribute('aria-pressed')).toBe('false')
      }
      await expectNoSeriousAxeViolations(page)

      // The roster on a tablet, for the eye.
      await page.setViewportSize({ width: 1024, height: 768 })
      await screenshot(page, 'staff-roster-1024-en')
      expectNoPageErrors(open, { allow: session.checkInOpen ? [] : [/422/] })

      // The place goes again, so the demo's other journeys find the session as the seed left it.
      const roster = (
        await api<{ data: Roster }>(`/api/staff/sessions/${session.id}`, { token: desk.model.token })
      ).data
      const mine = roster.roster.find((r) => r.customerId === laura.model.id)!
      // Through the desk: a session starting within the hour is past the customers' cancellation window.
      const cancel = await fetch(`${baseUrl()}/api/staff/bookings/${mine.bookingId}/cancel`, {
        method: 'POST',
        headers: { authorization: `Bearer ${desk.model.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ refund: 'none' }),
      })
      expect(cancel.status, await cancel.clone().text()).toBe(200)
    } finally {
      await open.close()
    }
  })
})
