// What journeys on the demo centre share: the demo customer, a login through the API stored as the
// site stores it, the page's main landmark, and the check that a page does not scroll sideways.
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { OpenPage } from './browser.ts'
import { baseUrl } from './server-under-test.ts'

/** The demo customer the seed creates (docs/decisions/018-demo-customers.md). */
export const DEMO = { email: 'demo@clubmistral.es', password: 'Mistral-Demo-2026' } as const

/**
 * Logs in by calling the API and storing the session as the site does (keys ctk and cc). Answers
 * the customer's id and token, for the journey's own reads of the API. The journey starts with none
 * of the customer's bookings held: an earlier journey's unpaid court or place, still within its
 * hold, would count against the centre's limit of holds per customer (decision 074), and which
 * journeys ran before depends on the order of the files.
 */
export async function logInThroughApi(
  open: OpenPage,
  credentials: { email: string; password: string } = DEMO,
): Promise<{ id: number; token: string }> {
  const model = await sessionOf(credentials)
  await releaseHeldBookings(model)
  await open.context.addInitScript((m) => {
    const e = Date.parse(m.expiry)
    window.localStorage.setItem('ctk', JSON.stringify({ v: m.token, e }))
    window.localStorage.setItem('cc', JSON.stringify({ v: { id: m.id }, e }))
  }, model)
  return { id: model.id, token: model.token }
}

/** Cancels the customer's bookings still held for payment, as removing them from the cart does. */
async function releaseHeldBookings(who: { id: number; token: string }) {
  const headers = { authorization: `Bearer ${who.token}` }
  const base = baseUrl()
  const res = await fetch(`${base}/api/publicbookings/customer-bookings/${who.id}`, { headers })
  expect(res.status, "reading the customer's bookings").toBe(200)
  const { model } = (await res.json()) as { model: { next: { id: number; status: string }[] } }
  for (const held of model.next.filter((b) => b.status === 'held')) {
    const cancel = await fetch(`${base}/api/publicbookings/cancel/${held.id}/${who.id}`, {
      method: 'POST',
      headers,
    })
    expect(cancel.status, `releasing held booking ${held.id}`).toBe(200)
  }
}

interface ApiSession {
  id: number
  token: string
  expiry: string
}

/**
 * One login per account for a file's journeys: the API's login is limited to 10 a minute per
 * client, and every journey of the run comes from the same address. A session still valid for a
 * while is reused (a journey that logs out does it in its own browser, with its own login).
 */
const sessions = new Map<string, ApiSession>()

async function sessionOf(credentials: { email: string; password: string }): Promise<ApiSession> {
  const key = `${credentials.email}\n${credentials.password}`
  const kept = sessions.get(key)
  if (kept && Date.parse(kept.expiry) > Date.now() + 10 * 60_000) return kept
  const res = await fetch(`${baseUrl()}/api/publiccustomers/cauth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  })
  expect(res.status, 'logging in through the API').toBe(200)
  const { model } = (await res.json()) as { model: ApiSession }
  sessions.set(key, model)
  return model
}

export const main = (page: Page) => page.getByRole('main')

/** The demo's desk and manager accounts, as the README names them. */
export const DEMO_DESK = { email: 'desk@demo.clubhouse', password: 'Desk-Demo-2026' } as const
export const DEMO_MANAGER = { email: 'manager@demo.clubhouse', password: 'Manager-Demo-2026' } as const

/** Signs in at the desk in English, as a person types it; ends on the day's schedule. */
export async function signInAtDesk(page: Page, who: { email: string; password: string }) {
  await page.goto('/staff')
  await page.locator('#staff-email').fill(who.email)
  await page.locator('#staff-password').fill(who.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.locator('.schedule-grid').waitFor()
}

/** How far the page scrolls sideways: 0 when it fits the screen. */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

export async function expectFitsScreen(page: Page, what = page.url()) {
  expect(await sidewaysOverflow(page), `${what} scrolls sideways`).toBeLessThanOrEqual(0)
}
