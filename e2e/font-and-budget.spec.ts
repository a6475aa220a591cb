// The centre's font arrives with the page (self-hosted, Latin subset, preloaded, swapped in), and the
// home page's first load, font included, stays within its budget (decisions 012 and 053).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { expectNoPageErrors, newPage, useBrowser, widths } from './support/browser.ts'
import { catalogueModule, firstLoadFiles, KB, readManifest, sumOf, webDist } from './support/first-load.ts'
import { baseUrl } from './support/server-under-test.ts'

const browser = useBrowser()

describe("the centre's font", () => {
  test('renders the home page in Inter, preloaded and fetched once, with text shown before it arrives', async () => {
    const settings = (await (await fetch(`${baseUrl()}/api/czconfigs/main-settings`)).json()) as {
      data: { fontFamily: string }
    }
    expect(settings.data.fontFamily).toBe('Inter')

    const open = await newPage(browser(), { width: widths.phone, locale: 'es-ES' })
    try {
      const { page } = open
      const fontRequests: string[] = []
      page.on('request', (request) => {
        if (request.resourceType() === 'font') fontRequests.push(new URL(request.url()).pathname)
      })
      const html = await (await page.goto('/', { waitUntil: 'networkidle' }))!.text()
      const preload = /<link rel="preload" as="font" type="font\/woff2" href="([^"]+)" crossorigin>/.exec(
        html,
      )
      expect(preload?.[1]).toMatch(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/)

      const state = await page.evaluate(async () => {
        await document.fonts.ready
        const faces = [...document.fonts].filter((face) => face.family.replace(/"/g, '') === 'Inter')
        return {
          body: getComputedStyle(document.body).fontFamily,
          loaded: document.fonts.check('16px Inter'),
          display: faces.map((face) => face.display),
        }
      })
      expect(state.body).toMatch(/^Inter, "Inter Fallback", system-ui/)
      expect(state.loaded).toBe(true)
      expect(state.display).toEqual(['swap'])
      // The preloaded file is the one the page uses: one download.
      expect(fontRequests).toEqual([preload![1]])
      expectNoPageErrors(open)
    } finally {
      await open.close()
    }
  })
})

describe("the home page's first load", () => {
  test('stays within its budget, counting the font: figures in decision 053', () => {
    const manifest = readManifest()
    const shell = firstLoadFiles(manifest, ['index.html'])
    // The Spanish site (the default language): its texts load before the first render.
    const home = firstLoadFiles(manifest, [
      'index.html',
      'src/app/routes/home-page.tsx',
      catalogueModule('es-ES'),
    ])
    const font = Object.entries(manifest).find(([source]) =>
      source.endsWith('/inter-latin-wght-normal.woff2'),
    )
    expect(font).toBeDefined()
    const shellJs = sumOf(shell, '.js')
    const homeJs = sumOf(home, '.js')
    const css = sumOf(home, '.css')
    // woff2 is compressed already: it travels as it is.
    const fontBytes = readFileSync(join(webDist, font![1].file)).length
    const total = homeJs + css + fontBytes
    console.log(
      `first load (gzip): shell JS ${(shellJs / KB).toFixed(1)} KB, home JS ${(homeJs / KB).toFixed(1)} KB, ` +
        `CSS ${(css / KB).toFixed(1)} KB, font ${(fontBytes / KB).toFixed(1)} KB, total ${(total / KB).toFixed(1)} KB`,
    )
    // Decision 012: 150 KB of JavaScript before the first paint of the app.
    expect(shellJs).toBeLessThanOrEqual(150 * KB)
    // Decision 053: the Latin subset of one variable font.
    expect(fontBytes).toBeLessThanOrEqual(60 * KB)
    // Decision 053: everything the home page's first paint fetches but its images and data.
    expect(total).toBeLessThanOrEqual(240 * KB)
  })
})
