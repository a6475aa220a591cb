// `npm run bench`: requests per second and latency of the main endpoints beside a bare Fastify
// route on the same machine, as ratios.
//
// - The servers run in a child process (bench-servers.ts), so this load generator does not share
//   their event loop; the bare route has the app's Fastify settings and gets the same request headers.
// - Database: PostgreSQL when TEST_DATABASE_URL, DATABASE_URL or BENCH_DATABASE_URL is set (a
//   throwaway database, dropped at the end), else the embedded PGlite.
// - Each endpoint is warmed up (BENCH_WARMUP seconds, default 3), then measured BENCH_ROUNDS times
//   (default 2) for BENCH_SECONDS each (default 5) with BENCH_CONNECTIONS connections (default 50),
//   every run right after a run of the bare route of the same length. An endpoint's ratio is its
//   requests over those of its own bare runs, so other load on a shared machine weighs on both sides.
// - BENCH_ONLY=<text> measures only the endpoints whose name contains the text (and their variants).
// - Requests carry what a browser sends (Accept, Accept-Language, Accept-Encoding); one row shows
//   the shop list without compression and one its revalidation (If-None-Match, answered 304).
import { fork } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import os from 'node:os'
import autocannon from 'autocannon'
import { encodeGridStatus } from '@clubhouse/contract'
import { loadConfig } from '../src/config.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const rounds = Number(process.env.BENCH_ROUNDS ?? 2)
const warmup = Number(process.env.BENCH_WARMUP ?? 3)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
/** The budget: the shop list with a filter and a sort at 40 % of the bare route or more. */
const SHOP_LIST_BUDGET = 0.4

const BROWSER = {
  accept: 'application/json',
  'accept-language': 'es-ES,es;q=0.9,en;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
}

interface Run {
  requests: number
  p50: number
  p99: number
  bytes: number
  errors: number
}

interface Result {
  name: string
  rps: number
  bareRps: number
  ratio: number
  p50: number
  p99: number
  bytes: number
  errors: number
}

async function run(
  url: string,
  headers: Record<string, string>,
  duration: number,
  status = 200,
): Promise<Run> {
  const r = await autocannon({ url, connections, duration, headers })
  const wrongStatus = status === 200 ? r.non2xx : r['1xx'] + r['2xx'] + r['4xx'] + r['5xx']
  return {
    requests: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytes: r.requests.total ? r.throughput.total / r.requests.total : 0,
    errors: r.errors + r.timeouts + wrongStatus,
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
let bareUrl = ''

/** BENCH_ONLY=shop measures only the endpoints whose name contains "shop" (and "same" rows after them). */
const only = process.env.BENCH_ONLY?.toLowerCase()
let lastSkipped = false

/** Warms the endpoint up, then measures it in rounds, each right after a run of the bare route. */
async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = BROWSER,
  status = 200,
): Promise<Result | undefined> {
  const variant = name.trim().startsWith('same')
  if (only && (variant ? lastSkipped : !name.toLowerCase().includes(only))) {
    lastSkipped = true
    return undefined
  }
  lastSkipped = false
  await run(url, headers, warmup, status)
  const runs: Run[] = []
  const bareRuns: Run[] = []
  for (let i = 0; i < rounds; i++) {
    bareRuns.push(await run(`${bareUrl}/bare`, headers, seconds))
    runs.push(await run(url, headers, seconds, status))
  }
  const total = (rs: Run[]) => rs.reduce((sum, r) => sum + r.requests, 0)
  const result: Result = {
    name,
    rps: total(runs) / (rounds * seconds),
    bareRps: total(bareRuns) / (rounds * seconds),
    ratio: total(runs) / total(bareRuns),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    bytes: median(runs.map((r) => r.bytes)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0) + bareRuns.reduce((sum, r) => sum + r.errors, 0),
  }
  console.log(`  ${name}: ${result.rps.toFixed(0)} req/s, ${(result.ratio * 100).toFixed(0)}% of bare`)
  return result
}

const child = fork(fileURLToPath(new URL('./bench-servers.ts', import.meta.url)), {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env },
})
const servers = await new Promise<{
  appUrl: string
  bareUrl: string
  database: string
}>((resolve, reject) => {
  child.once('message', (m) => resolve(m as { appUrl: string; bareUrl: string; database: string }))
  child.once('exit', (code) => reject(new Error(`bench servers exited with ${code}`)))
})
const { appUrl, database } = servers
bareUrl = servers.bareUrl

console.log(
  `database: ${database}; ${connections} connections; per endpoint ${warmup} s warm-up, then ${rounds} × ` +
    `(${seconds} s bare route + ${seconds} s endpoint); ` +
    `${os.cpus().length} cores, Node ${process.version}`,
)

// The shop page's call: rackets by price, ascending (ProductTypeId equals + GrossPrice asc).
const shopList = `${appUrl}/api/shop/list?startRow=0&endRow=30&gridStatus=${encodeURIComponent(
  encodeGridStatus({
    sortModel: [{ colId: 'GrossPrice', sort: 'asc' }],
    filterModel: { ProductTypeId: { filterType: 'number', type: 'equals', filter: 1 } },
  }),
)}`
const shopEtag = (await fetch(shopList, { headers: BROWSER })).headers.get('etag') ?? ''
const webBuilt = fs.existsSync(path.join(loadConfig({}).webDist, 'index.html'))

const results: (Result | undefined)[] = []
// The bare route against itself: how far apart two runs of the same thing land on this machine now.
results.push(await measure('bare route vs itself (noise)', `${bareUrl}/bare`))
results.push(await measure('GET /api/czconfigs/main-settings', `${appUrl}/api/czconfigs/main-settings`))
results.push(await measure('GET /api/czconfigs/template', `${appUrl}/api/czconfigs/template`))
results.push(await measure('GET /api/czconfigs/legal-settings', `${appUrl}/api/czconfigs/legal-settings`))
if (webBuilt) results.push(await measure('GET / (index.html filled in)', `${appUrl}/`))
const shopRow = await measure('GET /api/shop/list type+price sort *', shopList)
results.push(shopRow)
results.push(
  await measure('  same, no Accept-Encoding', shopList, {
    accept: BROWSER.accept,
    'accept-language': BROWSER['accept-language'],
  }),
)
results.push(
  await measure('  same, revalidated (304)', shopList, { ...BROWSER, 'if-none-match': shopEtag }, 304),
)
results.push(
  await measure(
    'GET /api/cztextblocks/list-by-page',
    `${appUrl}/api/cztextblocks/list-by-page?startRow=0&endRow=30`,
  ),
)
// "Your orders" of the demo customer: the token lookup and one query over sales and their lines.
const login = await fetch(`${appUrl}/api/publiccustomers/cauth`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'demo@clubmistral.es', password: 'Mistral-Demo-2026' }),
})
const demo = ((await login.json()) as { model?: { id: number; token: string } }).model
if (demo) {
  results.push(
    await measure('GET /api/shop/customer-orders/{id}', `${appUrl}/api/shop/customer-orders/${demo.id}`, {
      ...BROWSER,
      authorization: `Bearer ${demo.token}`,
    }),
  )
} else console.log(`(customer orders left out: the demo customer's login answered ${login.status})`)
child.kill('SIGTERM')

console.log('')
console.log(
  [
    'endpoint'.padEnd(38),
    'req/s'.padStart(7),
    'p50 ms'.padStart(6),
    'p99 ms'.padStart(6),
    'bare req/s'.padStart(10),
    'vs bare'.padStart(7),
    'KB/resp'.padStart(7),
    'errors'.padStart(6),
  ].join(' '),
)
for (const r of results) {
  if (!r) continue
  console.log(
    [
      r.name.padEnd(38),
      r.rps.toFixed(0).padStart(7),
      String(r.p50).padStart(6),
      String(r.p99).padStart(6),
      r.bareRps.toFixed(0).padStart(10),
      `${(r.ratio * 100).toFixed(0)}%`.padStart(7),
      (r.bytes / 1024).toFixed(1).padStart(7),
      String(r.errors).padStart(6),
    ].join(' '),
  )
}
if (!webBuilt) console.log('(GET / left out: the web app is not built; `npm run build` first)')
if (shopRow) {
  console.log('')
  console.log(
    `* budget: the shop list at ${(shopRow.ratio * 100).toFixed(0)}% of the bare route (at least ${SHOP_LIST_BUDGET * 100}%): ` +
      (shopRow.ratio >= SHOP_LIST_BUDGET ? 'met' : 'NOT met'),
  )
}
