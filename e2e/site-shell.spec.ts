// The home page opens at phone and desktop widths with a title, a main landmark, no errors and no
// serious accessibility violations.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  expectNoPageErrors,
  expectNoSeriousAxeViolations,
  launchBrowser,
  newPage,
  screenshot,
  widths,
} from './support/browser.ts'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe.each([widths.phone, widths.desktop])('the home page at %i px', (width) => {
  test('has a title and a main landmark', async () => {
    const open = await newPage(browser, { width })
    try {
      await open.page.goto('/')
      const main = open.page.getByRole('main')
      await main.waitFor()

      expect(await main.count(), 'main landmarks').toBe(1)
      expect((await open.page.title()).trim(), 'the page title').not.toBe('')
      await screenshot(open.page, `home-${width}`)
    } finally {
      await open.close()
    }
  })

  test('loads without console errors or failed requests', async () => {
    const open = await newPage(browser, { width })
    try {
      await open.page.goto('/', { waitUntil: 'networkidle' })

      expectNoPageErrors(open)
    } finally {
      await open.close()
    }
  })

  test('has no serious accessibility violations', async () => {
    const open = await newPage(browser, { width })
    try {
      await open.page.goto('/', { waitUntil: 'networkidle' })

      await expectNoSeriousAxeViolations(open.page)
    } finally {
      await open.close()
    }
  })
})
