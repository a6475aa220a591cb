// What every journey needs: Debian's Chromium, a page on the server under test at a phone or desktop
// width that records console errors and failed requests, the accessibility check, and screenshots.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { AxeBuilder } from '@axe-core/playwright'
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { baseUrl } from './server-under-test.ts'

/** The two widths every page is checked at: a small phone and a laptop. */
export const widths = { phone: 360, desktop: 1280 } as const

const screensDir = fileURLToPath(new URL('../../test-results/screens', import.meta.url))

/**
 * Starts headless Chromium. Playwright gives it a new empty profile folder and removes it on close.
 * Without the background-networking flags Chromium keeps trying to reach Google, which a closed
 * network refuses.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/**
 * Launches Chromium before the file's tests and closes it after them. Call it at the top of a
 * journey file; the getter it returns gives the browser inside tests and hooks.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('The browser is not running: useBrowser() launches it in beforeAll.')
    return browser
  }
}

export interface OpenPage {
  page: Page
  context: BrowserContext
  /** Console errors and uncaught exceptions, in order. */
  consoleErrors: string[]
  /** Requests that got no answer, and answers with a 5xx status. */
  failedRequests: string[]
  close(): Promise<void>
}

/**
 * Opens a page in a context of its own (own cookies and storage; axe needs a context made by
 * `browser.newContext()`), sized to `width`, with the browser's language set to `locale` (the site
 * speaks en-US and es-ES, and a first visit reads the browser's: Spanish unless a journey asks) and
 * relative URLs resolved against the server.
 */
export async function newPage(
  browser: Browser,
  {
    width,
    locale = 'es-ES',
    baseURL = baseUrl(),
  }: { width: number; locale?: 'en-US' | 'es-ES'; baseURL?: string },
): Promise<OpenPage> {
  const context = await browser.newContext({
    baseURL,
    locale,
    viewport: { width, height: width < 600 ? 780 : 800 },
  })
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  waitForTheAppOnLoads(page)

  const consoleErrors: string[] = []
  const failedRequests: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  page.on('pageerror', (error) => consoleErrors.push(`Uncaught: ${error.message}`))
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed'
    // A navigation cancels requests still in flight; that is the browser's doing, not a fault.
    if (reason === 'net::ERR_ABORTED') return
    failedRequests.push(`${request.method()} ${request.url()}: ${reason}`)
  })
  page.on('response', (response) => {
    if (response.status() >= 500) {
      failedRequests.push(`${response.request().method()} ${response.url()}: ${response.status()}`)
    }
  })

  return { page, context, consoleErrors, failedRequests, close: () => context.close() }
}

/**
 * Resolves once the web app runs on the page (`<html data-app="ready">`): a page the server rendered
 * shows before its scripts have taken it over, and a click then would be lost (decision 086). A
 * document that is not the web app's (no #root) does not wait.
 */
export async function untilAppRuns(page: Page) {
  await page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.dataset.app === 'ready',
  )
}

/**
 * Makes `goto`, `reload` and `waitForURL` resolve only once the app runs on the new document, as a
 * visitor's click lands only once it does.
 */
function waitForTheAppOnLoads(page: Page) {
  const goto = page.goto.bind(page)
  page.goto = async (...args) => {
    const response = await goto(...args)
    await untilAppRuns(page)
    return response
  }
  const reload = page.reload.bind(page)
  page.reload = async (...args) => {
    const response = await reload(...args)
    await untilAppRuns(page)
    return response
  }
  const waitForURL = page.waitForURL.bind(page)
  page.waitForURL = async (...args) => {
    await waitForURL(...args)
    await untilAppRuns(page)
  }
  // A page loaded again by the app itself (a language chosen, a logout) is awaited with its 'load'.
  const waitForEvent = page.waitForEvent.bind(page) as (...args: unknown[]) => Promise<unknown>
  page.waitForEvent = (async (...args: unknown[]) => {
    const value = await waitForEvent(...args)
    if (args[0] === 'load') await untilAppRuns(page)
    return value
  }) as Page['waitForEvent']
}

/**
 * Opens a page that speaks `language` from the first paint: the stored language and its cookie, as
 * the site's language switch leaves them.
 */
export async function openIn(
  browser: Browser,
  width: number,
  language: 'en-US' | 'es-ES',
): Promise<OpenPage> {
  const open = await newPage(browser, { width, locale: language })
  await open.context.addCookies([{ name: 'cz-lang', value: language, url: baseUrl() }])
  await open.context.addInitScript((lang) => {
    window.localStorage.setItem('lang', JSON.stringify({ v: lang, e: null }))
  }, language)
  return open
}

/**
 * Fails when the page printed console errors or had requests fail. `allow` lists patterns for
 * errors a journey provokes on purpose (a wrong password answers 401 and Chromium logs it).
 */
export function expectNoPageErrors(open: OpenPage, { allow = [] }: { allow?: RegExp[] } = {}) {
  const unexpected = [...open.consoleErrors, ...open.failedRequests].filter(
    (problem) => !allow.some((pattern) => pattern.test(problem)),
  )
  if (unexpected.length > 0) {
    throw new Error(`${open.page.url()} had errors:\n${unexpected.map((p) => `  - ${p}`).join('\n')}`)
  }
}

/**
 * Resolves when no CSS animation or transition is running on the page (finite ones finish; an
 * infinite one, such as a loading spinner, is left alone). Waits for events, never for a time.
 */
export async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    for (;;) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
      if (running.length === 0) return
      await Promise.allSettled(running.map((a) => a.finished))
    }
  })
}

/**
 * Runs axe (WCAG 2.2 A and AA rules) on the page as it is now and fails with a readable list of
 * serious and critical violations. `exclude` takes selectors of parts not ours to fix.
 */
export async function expectNoSeriousAxeViolations(
  page: Page,
  { exclude = [] }: { exclude?: string[] } = {},
) {
  // A list refetching keeps its old rows dimmed and marks itself busy, and a popup fading in is half
  // transparent for a moment: axe would read either's text as too faint. Check the page as it
  // settles, once nothing is busy and every running animation and transition has finished.
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null)
  await settleAnimations(page)
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
  for (const selector of exclude) axe = axe.exclude(selector)
  const { violations } = await axe.analyze()

  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  if (serious.length === 0) return
  const report = serious.map((v) => {
    const targets = v.nodes.slice(0, 5).map((node) => `      ${node.target.join(' ')}`)
    if (v.nodes.length > 5) targets.push(`      … and ${v.nodes.length - 5} more`)
    return [`  - ${v.id} (${v.impact}): ${v.help}`, `    ${v.helpUrl}`, ...targets].join('\n')
  })
  throw new Error(
    `${page.url()} has ${serious.length} serious accessibility violation(s):\n${report.join('\n')}`,
  )
}

/**
 * Saves a full-page screenshot to test-results/screens/<name>.png for a person to look at, when the
 * journeys run on a developer's machine. CI takes none unless JOURNEY_SCREENSHOTS=1: nobody looks
 * at them there, and a hundred full pages encoded as PNG cost the run a core for a while. A
 * screenshot asserts nothing, so leaving it out changes no journey's verdict.
 */
export async function screenshot(of: Page | Locator, name: string): Promise<void> {
  if (process.env.CI && process.env.JOURNEY_SCREENSHOTS !== '1') return
  await takeScreenshot(of, name)
}

/** The page as a journey failed on it, for the person reading the failure: taken in CI too. */
export async function failureScreenshot(page: Page, name: string): Promise<void> {
  await takeScreenshot(page, `${name}-failure-${Date.now()}`)
}

/** A page whole (its full height) or one part of it (a popup, the main content). */
async function takeScreenshot(of: Page | Locator, name: string) {
  mkdirSync(screensDir, { recursive: true })
  const path = join(screensDir, `${name.replace(/[^\w.-]+/g, '-')}.png`)
  if ('goto' in of) await of.screenshot({ path, fullPage: true })
  else await of.screenshot({ path })
}
