// Choosing a time on a booking page, as the booking journeys and the checkout's do: a day with a
// free time on the first resource, a free time chip, a duration, the follow-up resources when the
// type has them, up to the confirm popup.
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { expectNoSeriousAxeViolations } from './browser.ts'
import { centreDay } from './centre-clock.ts'
import { main } from './demo.ts'
import { baseUrl } from './server-under-test.ts'

/** How many days, from tomorrow, a journey looks through for a free time. */
const DAYS_SEARCHED = 14

interface DayAnswer {
  model: { list: { timeTable: { durations: number[]; available: boolean }[] }[] }
}

/**
 * The first day from tomorrow on (from `fromDays` days ahead when given), on the centre's clock, on
 * which the booking type's first resource (the carousel's first slide) has a free time, offering
 * `duration` minutes when given; asked of the API as the booking page asks it. Never today: today's
 * times run out as the evening goes by and pass while a journey runs, so a journey booking today
 * would pass or fail by the hour. A journey that cancels what it books starts past the type's
 * cancellation window: every time of the day after tomorrow is more than 24 hours away.
 */
export async function dayWithFreeTime(
  bookingTypeId: number,
  { duration, fromDays = 1 }: { duration?: number; fromDays?: number } = {},
): Promise<string> {
  for (let days = fromDays; days < fromDays + DAYS_SEARCHED; days++) {
    const date = await centreDay(days)
    const res = await fetch(`${baseUrl()}/api/publicbookings/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ date, bookingTypeId, customerId: null }),
    })
    expect(res.status, `the day ${date} of booking type ${bookingTypeId}`).toBe(200)
    const first = ((await res.json()) as DayAnswer).model.list[0]
    const free = first?.timeTable.some(
      (entry) => entry.available && (duration === undefined || entry.durations.includes(duration)),
    )
    if (free) return date
  }
  throw new Error(
    `The first resource of booking type ${bookingTypeId} has no free time in the ${DAYS_SEARCHED} days from ${fromDays} days ahead.`,
  )
}

/** The booking page of a type on a day (the page keeps its day in the address). */
export const bookingDayPath = (bookingTypeId: number, date: string) =>
  `/bookings/${bookingTypeId}?date=${date}`

/** The texts the steps are found by, in the page's language. */
export interface BookingTexts {
  durations: RegExp
  followUps: string
  continue: string
  confirm: string
}

/** The first free time chip among the resources shown (slides out of view are inert). */
export function firstFreeTime(page: Page): Locator {
  return main(page).locator('.carousel__slide.is-active button.slot').first()
}

/**
 * Picks a free time and the duration `duration` (or the first; a day of one duration asks for none),
 * through the follow-ups to the confirm popup, taking a resource of each follow-up type (not "No,
 * thanks"), checking each popup with axe; answers the confirm popup.
 */
export async function chooseTime(page: Page, t: BookingTexts, duration: RegExp | null) {
  await firstFreeTime(page).click()
  const durations = main(page).getByRole('group', { name: t.durations })
  const followUps = page.getByRole('dialog', { name: t.followUps })
  const confirm = page.getByRole('dialog', { name: t.confirm })
  await durations.or(followUps).or(confirm).first().waitFor()
  if (await durations.isVisible()) {
    const choice = duration
      ? durations.getByRole('button', { name: duration })
      : durations.getByRole('button')
    await choice.first().click()
  }

  await followUps.or(confirm).first().waitFor()
  if (await followUps.isVisible()) {
    await followUps.locator('fieldset').first().waitFor()
    await expectNoSeriousAxeViolations(page)
    for (const group of await followUps.locator('fieldset').all()) {
      const resources = group.locator('input[type="radio"]:not([value=""])')
      await ((await resources.count()) ? resources : group.getByRole('radio')).first().check()
    }
    await followUps.getByRole('button', { name: t.continue }).click()
  }
  await confirm.waitFor()
  await expectNoSeriousAxeViolations(page)
  return confirm
}
