// Choosing a time on a booking page, as the booking journeys and the checkout's do: a free time
// chip, a duration, the follow-up resources when the type has them, up to the confirm popup.
import type { Locator, Page } from 'playwright-core'
import { expectNoSeriousAxeViolations } from './browser.ts'
import { main } from './demo.ts'

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
 * Picks a free time and the duration `duration` (or the first), through the follow-ups to the
 * confirm popup, checking each popup with axe; answers the confirm popup.
 */
export async function chooseTime(page: Page, t: BookingTexts, duration: RegExp | null) {
  await firstFreeTime(page).click()
  const durations = main(page).getByRole('group', { name: t.durations })
  const choice = duration ? durations.getByRole('button', { name: duration }) : durations.getByRole('button')
  await choice.first().click()

  const followUps = page.getByRole('dialog', { name: t.followUps })
  const confirm = page.getByRole('dialog', { name: t.confirm })
  await followUps.or(confirm).first().waitFor()
  if (await followUps.isVisible()) {
    await followUps.locator('fieldset').first().waitFor()
    await expectNoSeriousAxeViolations(page)
    for (const group of await followUps.locator('fieldset').all()) {
      await group.getByRole('radio').first().check()
    }
    await followUps.getByRole('button', { name: t.continue }).click()
  }
  await confirm.waitFor()
  await expectNoSeriousAxeViolations(page)
  return confirm
}
