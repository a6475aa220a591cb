import { describe, expect, it } from 'vitest'
import {
  type Figures,
  type LighthouseReport,
  type PageResult,
  PAGE_NAMES,
  SECTION_END,
  SECTION_START,
  figuresOf,
  findingsOf,
  median,
  medianFigures,
  parseOptions,
  renderSection,
  replaceSection,
} from './lighthouse-report.ts'

const figures = (over: Partial<Figures> = {}): Figures => ({
  performance: 55,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcp: 3100,
  lcp: 5600,
  tbt: 704.4,
  cls: 0.0123,
  si: 3400,
  ...over,
})

const machine = {
  cpu: 'Example CPU @ 2.0GHz',
  cores: 2,
  node: 'v20.20.2',
  chromium: '156.0.1.2',
  lighthouse: '12.8.2',
  date: '2026-11-27T08:00:00.000Z',
  load: 1.234,
}

const result = (over: Partial<PageResult> = {}): PageResult => ({
  name: 'home',
  path: '/',
  runs: 3,
  figures: figures(),
  findings: [],
  ...over,
})

describe('npm run lighthouse options', () => {
  it('measures every page 3 times unless told otherwise', () => {
    expect(parseOptions([])).toEqual({ pages: [...PAGE_NAMES], runs: 3 })
  })

  it('takes --pages and --runs, as two words or with =, keeping the pages in their usual order', () => {
    expect(parseOptions(['--pages', 'shop,home', '--runs', '5'])).toEqual({
      pages: ['home', 'shop'],
      runs: 5,
    })
    expect(parseOptions(['--pages=bookings-byplace', '--runs=1'])).toEqual({
      pages: ['bookings-byplace'],
      runs: 1,
    })
  })

  it('refuses unknown pages, options and run counts, saying what it takes', () => {
    expect(() => parseOptions(['--pages', 'home,checkout'])).toThrow(/unknown: checkout/)
    expect(() => parseOptions(['--pages'])).toThrow('--pages needs a value')
    expect(() => parseOptions(['--runs', '0'])).toThrow('--runs takes a whole number from 1 to 20')
    expect(() => parseOptions(['--runs', '2.5'])).toThrow('--runs takes')
    expect(() => parseOptions(['--runs', 'x'])).toThrow('--runs takes')
    expect(() => parseOptions(['--fast'])).toThrow('Unknown option --fast')
  })
})

describe('the medians of several runs', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([5])).toBe(5)
    expect(median([9, 1, 5])).toBe(5)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(() => median([])).toThrow()
  })

  it('takes each figure over the runs on its own', () => {
    const runs = [
      figures({ performance: 40, lcp: 9000 }),
      figures({ performance: 60, lcp: 4000 }),
      figures({ performance: 50, lcp: 5000 }),
    ]
    expect(medianFigures(runs)).toEqual(figures({ performance: 50, lcp: 5000 }))
  })
})

describe('what is read from a Lighthouse report', () => {
  const report: LighthouseReport = {
    categories: {
      performance: { score: 0.56, auditRefs: [{ id: 'first-contentful-paint', weight: 10 }] },
      accessibility: { score: 1, auditRefs: [{ id: 'color-contrast', weight: 7 }] },
      'best-practices': {
        score: 0.96,
        auditRefs: [
          { id: 'inspector-issues', weight: 1 },
          { id: 'informative-only', weight: 0 },
        ],
      },
      seo: { score: 0.92, auditRefs: [{ id: 'link-text', weight: 1 }] },
    },
    audits: {
      'first-contentful-paint': { title: 'First Contentful Paint', score: 0.4, numericValue: 3100 },
      'largest-contentful-paint': { title: 'Largest Contentful Paint', score: 0.2, numericValue: 5600 },
      'total-blocking-time': { title: 'Total Blocking Time', score: 0.3, numericValue: 700 },
      'cumulative-layout-shift': { title: 'Cumulative Layout Shift', score: 1, numericValue: 0 },
      'color-contrast': { title: 'Contrast', score: 1 },
      'inspector-issues': { title: 'Issues were logged', score: 0 },
      'informative-only': { title: 'Informative', score: 0 },
      'link-text': { title: 'Links do not have descriptive text', score: 0 },
    },
  }

  it('gives the scores out of 100 and the metrics, NaN for a metric the report lacks', () => {
    expect(figuresOf(report)).toEqual({
      performance: 56,
      accessibility: 100,
      bestPractices: 96,
      seo: 92,
      fcp: 3100,
      lcp: 5600,
      tbt: 700,
      cls: 0,
      si: Number.NaN,
    })
  })

  it('names the weighed audits that keep accessibility, best practices or SEO under 100', () => {
    expect(findingsOf(report)).toEqual([
      'best-practices: Issues were logged',
      'seo: Links do not have descriptive text',
    ])
  })
})

/** The cells of a page's row in a section's table. */
const row = (section: string, page: string) =>
  section
    .split('\n')
    .find((l) => l.startsWith(`| ${page} `))!
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim())

/** The row of the figures above: page, path, four scores, FCP, LCP, TBT, CLS, SI. */
const HOME_ROW = ['home', '`/`', '55', '100', '100', '100', '3.1 s', '5.6 s', '704 ms', '0.012', '3.4 s']

describe('the section of docs/performance.md', () => {
  const section = renderSection(
    [result(), result({ name: 'shop', path: '/shop', figures: figures({ seo: 92 }) })],
    machine,
  )

  it('tells the machine, the versions, the runs and one row a page with its scores and metrics', () => {
    expect(section.startsWith(SECTION_START)).toBe(true)
    expect(section.endsWith(SECTION_END)).toBe(true)
    expect(section).toContain('Measured 2026-11-27T08:00:00.000Z')
    expect(section).toContain('Lighthouse 12.8.2')
    expect(section).toContain('Chromium 156.0.1.2')
    expect(section).toContain('median of 3 runs')
    expect(section).toContain(
      'Machine: Example CPU @ 2.0GHz, 2 cores, Node.js v20.20.2; load average 1.2 when the run started.',
    )
    expect(row(section, 'home')).toEqual(HOME_ROW)
    expect(row(section, 'shop').slice(0, 6)).toEqual(['shop', '`/shop`', '55', '100', '100', '92'])
    expect(section).toContain('Nothing kept accessibility, best practices or SEO under 100.')
  })

  it('lists what kept a page under 100, once each', () => {
    const text = renderSection(
      [
        result({
          findings: ['seo: Links do not have descriptive text', 'seo: Links do not have descriptive text'],
        }),
      ],
      machine,
    )
    expect(text).toContain('- home: seo: Links do not have descriptive text\n')
    expect(text.match(/descriptive text/g)).toHaveLength(1)
  })

  it('shows a missing metric as a dash', () => {
    const home = row(renderSection([result({ figures: figures({ lcp: Number.NaN }) })], machine), 'home')
    expect(home).toEqual(HOME_ROW.with(7, '–'))
  })

  it('pads its columns, pages to the left and figures to the right', () => {
    const table = section.split('\n').filter((l) => l.startsWith('|'))
    expect(new Set(table.map((l) => l.length)).size).toBe(1)
    expect(table[1]).toMatch(/^\| -+ \| -+ \| -+: \|/)
    expect(table[2]).toMatch(/^\| home +\| `\/` +\| +55 \| +100 \|/)
  })

  it('is added at the end of a document that has none, keeping the rest', () => {
    expect(replaceSection('# Performance\n\nBench figures.\n', section)).toBe(
      `# Performance\n\nBench figures.\n\n${section}\n`,
    )
    expect(replaceSection('', section)).toBe(`${section}\n`)
  })

  it('replaces the section it wrote before and nothing else', () => {
    const before = `# Performance\n\nIntro.\n\n${renderSection([result({ figures: figures({ performance: 12 }) })], machine)}\n\n## Later\n\nKept.\n`
    const after = replaceSection(before, section)
    expect(after).toBe(`# Performance\n\nIntro.\n\n${section}\n\n## Later\n\nKept.\n`)
    expect(replaceSection(after, section)).toBe(after)
  })
})
