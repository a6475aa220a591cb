// The centre's font arrives with the page (self-hosted, Latin subset, preloaded, swapped in), and the
// home page's first load, font included, stays within its budget (decisions 012 and 053).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { describe, expect, inject, test } from 'vitest'
import { expectNoPageErrors, newPage, useBrowser, widths } from './support/browser.ts'

const browser = useBrowser()
const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url))

interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
}

/** The files a page's first paint needs: its chunks and their static imports, with their CSS. */
function firstLoadFiles(manifest: Record<string, ManifestChunk>, keys: string[]): string[] {
  const files = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const dep of chunk.imports ?? []) visit(dep)
  }
  for (const key of keys) visit(key)
  return [...files]
}

const gzipped = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
const KB = 1000

describe("the centre's font", () => {
  test('renders the home page in Inter, preloaded and fetched once, with text shown before it arrives', async () => {
    const settings = (await (await fetch(`${inject('baseUrl')}/api/czconfigs/main-settings`)).json()) as {
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
    const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >
    const shell = firstLoadFiles(manifest, ['index.html'])
    const home = firstLoadFiles(manifest, ['index.html', 'src/app/routes/home-page.tsx'])
    const font = Object.entries(manifest).find(([source]) =>
      source.endsWith('/inter-latin-wght-normal.woff2'),
    )
    expect(font).toBeDefined()
    const sum = (files: string[], ext: string) =>
      files.filter((f) => f.endsWith(ext)).reduce((total, f) => total + gzipped(f), 0)

    const shellJs = sum(shell, '.js')
    const homeJs = sum(home, '.js')
    const css = sum(home, '.css')
    // woff2 is compressed already: it travels as it is.
    const fontBytes = readFileSync(join(dist, font![1].file)).length
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
