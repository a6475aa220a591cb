// Booking by place as the demo customer: the week's sessions, the place map of the spinning studio
// (a booked bike cannot be chosen, a free one is chosen by touch-sized click on a phone and by the
// keyboard on a desktop), the confirm popup and the checkout with the place in the cart; a full
// session's waiting list joined from the week and left from My bookings. Axe on every page and
// popup, at 360 and 1280 px, in both languages. Sessions are found through the API, as any client
// would, among the demo's sessions of the next two weeks.
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
import { centreDay, centreWallClock } from './support/centre-clock.ts'
import { expectFitsScreen, logInThroughApi, main } from './support/demo.ts'
import { baseUrl } from './support/server-under-test.ts'

type Language = 'en-US' | 'es-ES'

interface Session {
  id: number
  bookingTypeId: number
  bookingTypeName: string
  start: string
  sstart: string
  weekday: number
  maxParticipants: number
  participantsIn: number
  bookingTemplateId: number | null
  bookable: boolean
  alreadyIn: boolean
  waiting: boolean
}

interface TemplateInfo {
  participants: { bookingTemplatePlaceId: number; mine: boolean }[]
  places: { id: number; place: string }[]
}

const browser = useBrowser()

const TEXT = {
  'en-US': {
    choose: 'Choose your place',
    confirm: 'Confirm your booking',
    addToCart: 'Add to Cart',
    join: 'Join the waitlist',
    waitlists: 'Waiting lists',
    leave: /^Leave the waiting list of /,
    yesLeave: 'Yes, leave',
    none: 'You are not on any waiting list',
  },
  'es-ES': {
    choose: 'Elige tu plaza',
    confirm: 'Confirma tu reserva',
    addToCart: 'Añadir al carrito',
    join: 'Apuntarme a la lista de espera',
    waitlists: 'Listas de espera',
    leave: /^Salir de la lista de espera de /,
    yesLeave: 'Sí, salir',
    none: 'No estás en ninguna lista de espera',
  },
} as const

async function call<T>(path: string, init: { token?: string; body?: unknown; language?: Language } = {}) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      'accept-language': init.language ?? 'en-US',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  expect(res.status, path).toBe(200)
  return (await res.json()) as T
}

/**
 * The sessions of the next two weeks, as the customer reads them, that start at least three hours
 * from now on the centre's clock: a session about to start closes to bookings and to its waiting
 * list, and one that is open when a journey picks it must still be open when the journey clicks it,
 * whatever the hour it runs.
 */
async function sessions(customer: { id: number; token: string }, language: Language): Promise<Session[]> {
  const ahead = await centreWallClock(3 * 60)
  const found: Session[] = []
  for (const days of [0, 7, 14]) {
    const week = await call<{ data: Session[] }>('/api/publicbookings/byplace-list', {
      token: customer.token,
      language,
      body: { date: await centreDay(days), customerId: customer.id },
    })
    for (const s of week.data) if (s.start > ahead && !found.some((f) => f.id === s.id)) found.push(s)
  }
  return found
}

/** A session's day in the week's carousel: the column whose heading shows its date (dd/MM/yyyy). */
function dayColumn(page: Page, session: Session) {
  const [y, m, d] = session.start.slice(0, 10).split('-')
  return main(page)
    .locator('section.week-day')
    .filter({ hasText: `${d}/${m}/${y}` })
}

/** The card of a session in its day, found by its name and hour. */
const sessionCard = (page: Page, session: Session) =>
  dayColumn(page, session).getByRole('button', {
    name: new RegExp(
      `${session.bookingTypeName}.*${session.sstart}|${session.sstart}.*${session.bookingTypeName}`,
    ),
  })

const weekPage = (session: Session) =>
  `/bookings-byplace/${session.bookingTypeId}?date=${session.start.slice(0, 10)}`

describe('booking a place', () => {
  test('on a phone: a booked bike cannot be chosen, a free one goes to the checkout in the cart (360 px, English)', async () => {
    const open = await openIn(browser(), widths.phone, 'en-US')
    const { page } = open
    try {
      const customer = await logInThroughApi(open)
      const all = await sessions(customer, 'en-US')
      const session = all.find(
        (s) =>
          s.bookingTemplateId !== null &&
          s.bookable &&
          !s.alreadyIn &&
          !s.waiting &&
          s.participantsIn > 0 &&
          s.maxParticipants - s.participantsIn >= 2,
      )
      expect(session, 'a spinning session with booked and free bikes').toBeDefined()
      const info = (
        await call<{ model: TemplateInfo }>(
          `/api/publicbookings/booking-template-info/${session!.bookingTemplateId}/${session!.id}`,
          { token: customer.token },
        )
      ).model
      const booked = new Set(info.participants.map((p) => p.bookingTemplatePlaceId))
      const bookedPlace = info.places.find((p) => booked.has(p.id))!
      const freePlace = info.places.find((p) => !booked.has(p.id))!

      // The week, then the session's card: its map.
      await page.goto(weekPage(session!))
      await sessionCard(page, session!).first().click()
      await page.getByRole('heading', { name: TEXT['en-US'].choose }).waitFor()
      expect(new URL(page.url()).pathname).toBe(
        `/booking-visual/${session!.id}/${session!.bookingTemplateId}`,
      )
      const map = main(page).locator('svg[role="group"]')
      await map.locator(`[data-place-id="${freePlace.id}"]`).waitFor()
      await expectFitsScreen(page)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'place-map-360-en-US')

      // A booked bike: it says so, and choosing it goes nowhere.
      const bookedBike = map.locator(`[data-place-id="${bookedPlace.id}"]`)
      expect(await bookedBike.getAttribute('aria-disabled')).toBe('true')
      expect(await bookedBike.getAttribute('aria-label')).toMatch(/, booked$/)
      // A tap on it as a person would (it is marked disabled, so the click is not waited for).
      await bookedBike.click({ force: true })
      await page.getByRole('tooltip').filter({ hasText: 'Booked' }).waitFor()
      expect(new URL(page.url()).pathname).toMatch(/^\/booking-visual\//)

      // A free bike: the confirm popup of that place, then the checkout with it in the cart.
      const freeBike = map.locator(`[data-place-id="${freePlace.id}"]`)
      expect(await freeBike.getAttribute('aria-label')).toMatch(/, free$/)
      await freeBike.click()
      const confirm = page.getByRole('dialog', { name: TEXT['en-US'].confirm })
      await confirm.waitFor()
      const query = new URL(page.url()).searchParams
      expect(query.get('bookingId')).toBe(String(session!.id))
      expect(query.get('placeId')).toBe(String(freePlace.id))
      expect(query.get('date')).toBe(session!.start.slice(0, 10))
      await confirm.getByText(freePlace.place, { exact: false }).first().waitFor()
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'place-confirm-360-en-US')
      await confirm.getByRole('button', { name: TEXT['en-US'].addToCart }).click()
      await page.waitForURL((url) => url.pathname === '/checkout')
      await main(page)
        .getByText(new RegExp(`Place ${freePlace.place}\\b`))
        .first()
        .waitFor()
      await expectFitsScreen(page)

      // The bike is the customer's now: the map says so to everyone.
      const after = (
        await call<{ model: TemplateInfo }>(
          `/api/publicbookings/booking-template-info/${session!.bookingTemplateId}/${session!.id}`,
          {
            token: customer.token,
          },
        )
      ).model
      expect(after.participants.find((p) => p.bookingTemplatePlaceId === freePlace.id)?.mine).toBe(true)
      expectNoPageErrors(open)
    } finally {
      await open.close()
    }
  })

  test('with the keyboard: arrows move between bikes and Enter chooses a free one (1280 px, Spanish)', async () => {
    const open = await openIn(browser(), widths.desktop, 'es-ES')
    const { page } = open
    try {
      const customer = await logInThroughApi(open)
      const all = await sessions(customer, 'es-ES')
      const session = all.find(
        (s) => s.bookingTemplateId !== null && s.bookable && !s.alreadyIn && !s.waiting,
      )
      expect(session, 'a spinning session with free bikes').toBeDefined()
      await page.goto(
        `/booking-visual/${session!.id}/${session!.bookingTemplateId}?date=${session!.start.slice(0, 10)}`,
      )
      await page.getByRole('heading', { name: TEXT['es-ES'].choose }).waitFor()
      const map = main(page).locator('svg[role="group"]')
      await map.locator('[data-place-id]').first().waitFor()
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'place-map-1280-es-ES')

      // The map is one stop of the tab order; arrows move from place to place.
      await map.locator('[data-place-id][tabindex="0"]').focus()
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-place-id'))
      const first = await focused()
      await page.keyboard.press('ArrowRight')
      await expect.poll(focused).not.toBe(first)
      // Walk to a free place, then choose it.
      for (let i = 0; i < 60; i++) {
        const label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')
        if (label.endsWith(', libre')) break
        await page.keyboard.press('ArrowRight')
      }
      const chosen = await focused()
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(
        /^Plaza .+, libre$/,
      )
      await page.keyboard.press('Enter')
      const confirm = page.getByRole('dialog', { name: TEXT['es-ES'].confirm })
      await confirm.waitFor()
      expect(new URL(page.url()).searchParams.get('placeId')).toBe(chosen)
      await expectNoSeriousAxeViolations(page)
      await screenshot(page, 'place-confirm-1280-es-ES')
      expectNoPageErrors(open)
    } finally {
      await open.close()
    }
  })

  for (const [language, width] of [
    ['es-ES', widths.phone],
    ['en-US', widths.desktop],
  ] as const) {
    test(`a full session's waiting list, joined from the week and left from My bookings (${width} px, ${language})`, async () => {
      const t = TEXT[language]
      const open = await openIn(browser(), width, language)
      const { page } = open
      try {
        const customer = await logInThroughApi(open)
        const all = await sessions(customer, language)
        const full = all.find((s) => !s.alreadyIn && !s.waiting && s.participantsIn >= s.maxParticipants)
        expect(full, 'a full session ahead').toBeDefined()
        await page.goto(weekPage(full!))
        const join = dayColumn(page, full!).getByRole('button', {
          name: new RegExp(`${t.join}.*${full!.bookingTypeName} ${full!.sstart}`),
        })
        await join.waitFor()
        // The server sent a visitor's week; once the app runs, the customer's is read (the week shown
        // dimmed meanwhile): the page is checked as the customer sees it.
        await page
          .locator('.booking-day[aria-busy="true"], .booking-day.is-stale')
          .waitFor({ state: 'detached' })
        await expectNoSeriousAxeViolations(page)
        await expectFitsScreen(page)
        await join.click()
        await join.waitFor({ state: 'detached' })

        await page.goto('/customer-bookings')
        const section = main(page).getByRole('region', { name: new RegExp(`^${t.waitlists}`) })
        const leaves = section.getByRole('button', { name: t.leave })
        await leaves.first().waitFor()
        const entries = await leaves.count()
        await expectNoSeriousAxeViolations(page)
        await screenshot(page, `waitlists-${width}-${language}`)
        // The entry just joined is the one of that session and hour.
        const entry = section
          .locator('li')
          .filter({ hasText: full!.bookingTypeName })
          .filter({ hasText: full!.sstart })
        await entry.getByRole('button', { name: t.leave }).click()
        await page.getByRole('dialog').getByRole('button', { name: t.yesLeave }).click()
        if (entries === 1) await section.getByText(t.none).waitFor()
        else await expect.poll(() => leaves.count()).toBe(entries - 1)
        expectNoPageErrors(open)
      } finally {
        await open.close()
      }
    })
  }
})
