// The pure part of `npm run lighthouse`: its options, the medians of several runs, the table it
// prints and the section of docs/performance.md it writes (decision 088).

/** The pages measured, by the name `--pages` takes, in the order they are measured. */
export const PAGE_NAMES = [
  'home',
  'shop',
  'product',
  'blog',
  'post',
  'bookings',
  'bookings-byplace',
  'activity',
] as const
export type PageName = (typeof PAGE_NAMES)[number]

export interface Options {
  pages: PageName[]
  runs: number
}

/** `--pages home,shop` (or `--pages=…`) and `--runs 3`; every page and 3 runs by default. */
export function parseOptions(args: string[]): Options {
  const options: Options = { pages: [...PAGE_NAMES], runs: 3 }
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i]!.split(/=(.*)/s, 2) as [string, string | undefined]
    const value = () => {
      const v = inline ?? args[++i]
      if (v === undefined || v === '') throw new Error(`${flag} needs a value`)
      return v
    }
    if (flag === '--pages') {
      const names = value()
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
      const unknown = names.filter((n) => !(PAGE_NAMES as readonly string[]).includes(n))
      if (unknown.length > 0 || names.length === 0) {
        throw new Error(`--pages takes names among ${PAGE_NAMES.join(', ')}; unknown: ${unknown.join(', ')}`)
      }
      options.pages = PAGE_NAMES.filter((n) => names.includes(n))
    } else if (flag === '--runs') {
      const runs = Number(value())
      if (!Number.isInteger(runs) || runs < 1 || runs > 20)
        throw new Error('--runs takes a whole number from 1 to 20')
      options.runs = runs
    } else {
      throw new Error(`Unknown option ${flag}: use --pages NAME,NAME and --runs N`)
    }
  }
  return options
}

/** The four category scores (0 to 100) and the five metrics of one Lighthouse run of one page. */
export interface Figures {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  /** Milliseconds, but CLS, which has no unit. */
  fcp: number
  lcp: number
  tbt: number
  cls: number
  si: number
}
export const FIGURE_KEYS = [
  'performance',
  'accessibility',
  'bestPractices',
  'seo',
  'fcp',
  'lcp',
  'tbt',
  'cls',
  'si',
] as const satisfies readonly (keyof Figures)[]

/** One page's runs: its figures, each the median of the runs, and what any run found short of 100. */
export interface PageResult {
  name: PageName
  path: string
  runs: number
  figures: Figures
  /** Audits of accessibility, best practices and SEO that failed in some run: "category: title". */
  findings: string[]
}

/** The middle value; with an even count, the mean of the two middle ones. */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error('no values')
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Each figure's own median over the runs (not the figures of one median run). */
export function medianFigures(runs: Figures[]): Figures {
  return Object.fromEntries(FIGURE_KEYS.map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as Figures
}

/** The part of a Lighthouse result the report reads (a subset of its JSON report). */
export interface LighthouseReport {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>
  audits: Record<
    string,
    { title: string; score: number | null; numericValue?: number; scoreDisplayMode?: string }
  >
}

const CATEGORIES = {
  performance: 'performance',
  accessibility: 'accessibility',
  bestPractices: 'best-practices',
  seo: 'seo',
} as const
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const

/** The figures of one run: scores out of 100, metrics as Lighthouse measured them (NaN when missing). */
export function figuresOf(report: LighthouseReport): Figures {
  const score = (id: string) => Math.round((report.categories[id]?.score ?? Number.NaN) * 100)
  const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN
  return {
    ...(Object.fromEntries(Object.entries(CATEGORIES).map(([k, id]) => [k, score(id)])) as Record<
      keyof typeof CATEGORIES,
      number
    >),
    ...(Object.fromEntries(Object.entries(METRICS).map(([k, id]) => [k, metric(id)])) as Record<
      keyof typeof METRICS,
      number
    >),
  }
}

/** The audits that keep accessibility, best practices or SEO under 100 in this run. */
export function findingsOf(report: LighthouseReport): string[] {
  const found: string[] = []
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of report.categories[id]?.auditRefs ?? []) {
      const audit = report.audits[ref.id]
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
        found.push(`${id}: ${audit.title}`)
    }
  }
  return found
}

/** The machine the figures were measured on. */
export interface Machine {
  cpu: string
  cores: number
  node: string
  chromium: string
  lighthouse: string
  /** ISO 8601 instant of the run. */
  date: string
  /** The machine's load average over the last minute when the run started (others' work included). */
  load: number
}

const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : '–')
const millis = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : '–')
const whole = (n: number) => (Number.isFinite(n) ? String(Math.round(n)) : '–')

/** The table of the results: one row a page, columns padded as Prettier pads a Markdown table. */
export function resultsTable(results: PageResult[]): string {
  const head = [
    'Page',
    'Path',
    'Performance',
    'Accessibility',
    'Best practices',
    'SEO',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    'SI',
  ]
  const body = results.map(({ name, path, figures: f }) => [
    name,
    `\`${path}\``,
    whole(f.performance),
    whole(f.accessibility),
    whole(f.bestPractices),
    whole(f.seo),
    seconds(f.fcp),
    seconds(f.lcp),
    millis(f.tbt),
    Number.isFinite(f.cls) ? f.cls.toFixed(3) : '–',
    seconds(f.si),
  ])
  // The page and its path to the left, figures to the right.
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)))
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`
  const rule = `| ${widths.map((w, i) => (i < 2 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`
  return [line(head), rule, ...body.map(line)].join('\n')
}

export const SECTION_START = '<!-- lighthouse:start (written by `npm run lighthouse`) -->'
export const SECTION_END = '<!-- lighthouse:end -->'

/** The section `npm run lighthouse` writes into docs/performance.md, markers included. */
export function renderSection(results: PageResult[], machine: Machine): string {
  const runs = [...new Set(results.map((r) => r.runs))].join(', ')
  const findings = results.flatMap((r) => [...new Set(r.findings)].map((f) => `- ${r.name}: ${f}`))
  return [
    SECTION_START,
    '',
    '## Lighthouse',
    '',
    `Measured ${machine.date} by \`npm run lighthouse\`: Lighthouse ${machine.lighthouse} with its mobile defaults (simulated slow 4G and a 4× slower CPU) in headless Chromium ${machine.chromium}, against a production server (\`NODE_ENV=production\`, demo seeded, embedded database) on loopback. Each figure is the median of ${runs} run${runs === '1' ? '' : 's'}.`,
    '',
    `Machine: ${machine.cpu}, ${machine.cores} cores, Node.js ${machine.node}; load average ${machine.load.toFixed(1)} when the run started.`,
    '',
    resultsTable(results),
    '',
    findings.length > 0
      ? ['What kept accessibility, best practices or SEO under 100:', '', ...findings].join('\n')
      : 'Nothing kept accessibility, best practices or SEO under 100.',
    '',
    SECTION_END,
  ].join('\n')
}

/**
 * The document with its Lighthouse section replaced by `section`, or with `section` added at the end
 * when it has none. Whatever else the document says is kept as it was.
 */
export function replaceSection(doc: string, section: string): string {
  const start = doc.indexOf(SECTION_START)
  const end = start === -1 ? -1 : doc.indexOf(SECTION_END, start)
  if (start === -1 || end === -1) {
    const body = doc.trimEnd()
    return `${body}${body ? '\n\n' : ''}${section}\n`
  }
  return doc.slice(0, start) + section + doc.slice(end + SECTION_END.length)
}
