// No layout shift from images on the storefront: on the home page, the shop, a product, the blog and a
// post, every image has its width and height, every image below the first screen loads lazily, and
// the page does not move while its images arrive (Cumulative Layout Shift as Chromium measures it).
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { newPage, useBrowser, widths } from './support/browser.ts'
import { baseUrl } from './support/server-under-test.ts'

const browser = useBrowser()

async function firstId(path: string): Promise<number> {
  const res = await fetch(`${baseUrl()}${path}`)
  const body = (await res.json()) as { data: { id: number }[] }
  return body.data[0]!.id
}

interface ImageFacts {
  src: string
  width: string | null
  height: string | null
  loading: string | null
  top: number
}

/** Every <img> with its size attributes, loading and where it starts on the page (document px). */
const imagesOf = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('img')].map((img): ImageFacts => ({
      src: img.currentSrc || img.src,
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      loading: img.getAttribute('loading'),
      top: img.getBoundingClientRect().top + window.scrollY,
    })),
  )

describe('storefront images', () => {
  test.each([widths.phone, widths.desktop])(
    'have their size set and load lazily below the first screen (%i px)',
    async (width) => {
      const product = await firstId('/api/shop/list?startRow=0&endRow=1')
      const post = await firstId('/api/cztextblocks/list-by-page?startRow=0&endRow=1')
      const open = await newPage(browser(), { width })
      try {
        const { page } = open
        // Layout shifts from the first paint on, summed as Chromium reports them.
        await page.addInitScript(() => {
          const w = window as unknown as { __cls: number }
          w.__cls = 0
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
              if (!entry.hadRecentInput) w.__cls += entry.value
          }).observe({ type: 'layout-shift', buffered: true })
        })
        for (const path of ['/', '/shop', `/shop/${product}`, '/blog', `/post/${post}`]) {
          await page.goto(path, { waitUntil: 'networkidle' })
          await page.locator('main img').first().waitFor()
          const fold = page.viewportSize()!.height
          const images = await imagesOf(page)
          expect(images.length, path).toBeGreaterThan(0)
          for (const image of images) {
            expect(image.width && image.height, `${path}: ${image.src} has no width or height`).toBeTruthy()
            // Carousel slides after the first sit on the first screen but are not shown: lazy is right too.
            if (image.top > fold * 1.5)
              expect(image.loading, `${path}: ${image.src} is below the fold`).toBe('lazy')
          }
          const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls)
          expect(cls, `${path}: layout shift`).toBeLessThan(0.1)
        }
      } finally {
        await open.close()
      }
    },
  )
})
