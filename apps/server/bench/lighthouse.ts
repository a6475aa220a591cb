// `npm run lighthouse [-- --pages home,shop] [-- --runs N]`: Lighthouse's four category scores and
// its five main metrics for the main pages of the demo centre (decision 088).
//
// - Builds the web app when its build is missing or older than its sources (as `npm start` does).
// - Starts the real server (apps/server/src/server.ts) in production mode (NODE_ENV=production) with
//   the demo seeded (SEED_DEMO=true, decision 078) on a fresh embedded database in a temporary data
//   directory, on a free port of 127.0.0.1. Nothing but loopback is asked for.
// - Finds the ids of a product, a post, a booking type of each kind and an activity in the demo's API.
// - Runs Lighthouse with its mobile defaults in the system's Chromium (CHROMIUM_PATH, else
//   /usr/bin/chromium), N times a page (3 by default), and takes each figure's median. A run that
//   Lighthouse could not complete (a lost trace, on a loaded machine) is tried again, 3 times at most.
// - Prints the table and, when every page was measured, writes it into docs/performance.md (its own
//   section, between markers; the rest of the file is kept).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { paths } from '@clubhouse/contract/constants'
import {
  type Figures,
  type LighthouseReport,
  type PageName,
  type PageResult,
  PAGE_NAMES,
  figuresOf,
  findingsOf,
  medianFigures,
  parseOptions,
  renderSection,
  replaceSection,
  resultsTable,
} from './lighthouse-report.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
/**
 * Headless, as root. chrome-launcher adds its own defaults, among them --no-first-run,
 * --disable-background-networking, --disable-component-update and --disable-sync, which keep Chromium
 * from reaching out to a network the machine may not have.
 */
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic']

const READY_TIMEOUT_MS = 180_000

/** A port of 127.0.0.1 nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** The production server on a fresh embedded database with the demo; `output` keeps its last lines. */
function startServer(port: number, dataDir: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    HOST: '127.0.0.1',
    PORT: String(port),
    // Canonical links and share cards name the address the pages are loaded from.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
  }
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  return { child, output: () => output }
}

async function waitUntilServing(base: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped (${child.exitCode}):\n${output()}`)
    try {
      const res = await fetch(`${base}/api/czconfigs/main-settings`)
      if (res.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`The server did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`)
}

async function getJson<T>(base: string, apiPath: string): Promise<T> {
  const res = await fetch(`${base}${apiPath}`, { headers: { accept: 'application/json' } })
  if (!res.ok) throw new Error(`GET ${apiPath} answered ${res.status}`)
  return (await res.json()) as T
}

function first<T>(items: T[] | undefined, what: string): T {
  const item = items?.[0]
  if (item === undefined) throw new Error(`The demo has no ${what}`)
  return item
}

/** Each page's path, with the ids of the demo's first product, post, booking types and activity. */
async function pagePaths(base: string): Promise<Record<PageName, string>> {
  type Id = { id: number }
  const [products, posts, types, activities] = await Promise.all([
    getJson<{ data: Id[] }>(base, '/api/shop/list'),
    getJson<Id[]>(base, '/api/cztextblocks/list-with-users'),
    getJson<{ model: (Id & { byPlace: boolean })[] }>(base, '/api/publicbookings/booking-types-list'),
    getJson<{ model: Id[] }>(base, '/api/publicactivities/list'),
  ])
  const byType = first(
    types.model.filter((t) => !t.byPlace),
    'booking type booked by time',
  )
  const byPlace = first(
    types.model.filter((t) => t.byPlace),
    'booking type booked by place',
  )
  return {
    home: paths.home,
    shop: paths.shop,
    product: paths.product.to(first(products.data, 'product').id),
    blog: paths.blog,
    post: paths.post.to(first(posts, 'post').id),
    bookings: `/bookings/${byType.id}`,
    'bookings-byplace': `/bookings-byplace/${byPlace.id}`,
    activity: paths.activity.to(first(activities.model, 'open activity').id),
  }
}

interface Run {
  figures: Figures
  findings: string[]
  lighthouse: string
}

/** Tries of one run: on a loaded machine Lighthouse now and then loses the trace of a load. */
const TRIES = 3

async function audit(url: string, port: number): Promise<Run> {
  // The server renders a page once and sends it as kept until what it shows changes (decision 086):
  // the figures are of the page a visitor gets, not of the first request after a start. Lighthouse's
  // browser asks in English, as here.
  const warm = await fetch(url, { headers: { 'accept-language': 'en-US' } })
  await warm.arrayBuffer()
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { lhr } = result
    if (lhr.runtimeError) {
      const failure = `Lighthouse failed on ${url}: ${lhr.runtimeError.message}`
      if (attempt >= TRIES) throw new Error(failure)
      console.log(`${failure} Trying again (${attempt + 1} of ${TRIES}).`)
      continue
    }
    const report = lhr as unknown as LighthouseReport
    return { figures: figuresOf(report), findings: findingsOf(report), lighthouse: lhr.lighthouseVersion }
  }
}

/** Chromium's full version, from its DevTools endpoint (the user agent gives only the major one). */
async function chromiumVersion(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/json/version`).catch(() => undefined)
  const browser = res?.ok ? ((await res.json()) as { Browser?: string }).Browser : undefined
  return /\/([\d.]+)$/.exec(browser ?? '')?.[1] ?? 'unknown'
}

async function main() {
  const options = parseOptions(process.argv.slice(2))

  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-web.mjs')], {
    cwd: root,
    stdio: 'inherit',
  })
  if (build.status !== 0) throw new Error('The web app did not build')

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-lighthouse-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const server = startServer(port, dataDir)
  let chrome: chromeLauncher.LaunchedChrome | undefined
  const stop = async () => {
    chrome?.kill()
    if (server.child.exitCode === null) {
      const exited = new Promise((r) => server.child.once('exit', r))
      server.child.kill('SIGTERM')
      await exited
    }
    await fs.rm(dataDir, { recursive: true, force: true })
  }
  process.once('SIGINT', () => void stop().then(() => process.exit(130)))
  try {
    console.log(`Starting the production server with the demo on ${base}…`)
    await waitUntilServing(base, server.child, server.output)
    const pages = await pagePaths(base)
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS })

    const load = os.loadavg()[0]!
    const results: PageResult[] = []
    let last: Run | undefined
    for (const name of options.pages) {
      const runs: Run[] = []
      for (let i = 0; i < options.runs; i++) {
        process.stdout.write(`${name} ${pages[name]}: run ${i + 1} of ${options.runs}…\n`)
        runs.push(await audit(`${base}${pages[name]}`, chrome.port))
      }
      last = runs.at(-1)
      results.push({
        name,
        path: pages[name],
        runs: runs.length,
        figures: medianFigures(runs.map((r) => r.figures)),
        findings: [...new Set(runs.flatMap((r) => r.findings))],
      })
    }

    console.log(`\n${resultsTable(results)}\n`)
    for (const r of results) for (const f of r.findings) console.log(`${r.name}: ${f}`)

    if (options.pages.length === PAGE_NAMES.length && last) {
      const cpus = os.cpus()
      const section = renderSection(results, {
        cpu: cpus[0]?.model.trim() ?? 'unknown CPU',
        cores: cpus.length,
        node: process.version,
        chromium: await chromiumVersion(chrome.port),
        lighthouse: last.lighthouse,
        date: new Date().toISOString(),
        load,
      })
      const file = path.join(root, 'docs/performance.md')
      const doc = await fs.readFile(file, 'utf8').catch(() => '# Performance\n')
      await fs.writeFile(file, replaceSection(doc, section))
      console.log(`Written to ${path.relative(root, file)}.`)
    } else {
      console.log('docs/performance.md is written only by a run of every page (without --pages).')
    }
  } finally {
    await stop()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
