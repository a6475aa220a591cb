// `npm run bench`: requests per second and latency of the main endpoints beside a bare Fastify
// route on the same machine, as ratios. The servers run in a child process so the load generator
// does not share their event loop. Runs on the embedded database, or on PostgreSQL when
// BENCH_DATABASE_URL is set. BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 50) tune it.
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import os from 'node:os'
import autocannon from 'autocannon'

const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)

interface Result {
  name: string
  rps: number
  p50: number
  p99: number
  errors: number
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
  await autocannon({ url, connections, duration: 1, headers }) // warm up the route's code paths
  const r = await autocannon({ url, connections, duration: seconds, headers })
  const errors = r.errors + r.timeouts + r.non2xx
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors }
}

const child = fork(fileURLToPath(new URL('./bench-servers.ts', import.meta.url)), {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env },
})
const { appUrl, bareUrl, database } = await new Promise<{
  appUrl: string
  bareUrl: string
  database: string
}>((resolve, reject) => {
  child.once('message', (m) => resolve(m as { appUrl: string; bareUrl: string; database: string }))
  child.once('exit', (code) => reject(new Error(`bench servers exited with ${code}`)))
})

console.log(
  `database: ${database}; ${connections} connections, ${seconds} s per endpoint; ${os.cpus().length} cores`,
)
const results: Result[] = []
results.push(await measure('bare Fastify route', `${bareUrl}/bare`))
results.push(await measure('GET /api/czconfigs/main-settings', `${appUrl}/api/czconfigs/main-settings`))
results.push(await measure('GET /api/czconfigs/template', `${appUrl}/api/czconfigs/template`))
results.push(await measure('GET /api/czconfigs/legal-settings', `${appUrl}/api/czconfigs/legal-settings`))
results.push(await measure('GET / (index.html filled in)', `${appUrl}/`))
// The shop page's call: rackets by price, ascending (ProductTypeId equals + GrossPrice asc).
const shopStatus = encodeURIComponent(
  JSON.stringify({
    sortModel: [{ colId: 'GrossPrice', sort: 'asc' }],
    filterModel: { ProductTypeId: { filterType: 'number', type: 'equals', filter: 1 } },
  }),
)
results.push(
  await measure(
    'GET /api/shop/list (type + price sort)',
    `${appUrl}/api/shop/list?startRow=0&endRow=30&gridStatus=${shopStatus}`,
  ),
)
results.push(
  await measure(
    'GET /api/shop/list (same, br accepted)',
    `${appUrl}/api/shop/list?startRow=0&endRow=30&gridStatus=${shopStatus}`,
    { 'accept-encoding': 'gzip, deflate, br' },
  ),
)
results.push(
  await measure(
    'GET /api/cztextblocks/list-by-page',
    `${appUrl}/api/cztextblocks/list-by-page?startRow=0&endRow=30`,
  ),
)

const base = results[0]!.rps
console.log('')
console.log(
  'endpoint'.padEnd(40),
  'req/s'.padStart(9),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'vs bare'.padStart(8),
  'errors'.padStart(7),
)
for (const r of results) {
  console.log(
    r.name.padEnd(40),
    r.rps.toFixed(0).padStart(9),
    String(r.p50).padStart(8),
    String(r.p99).padStart(8),
    `${((r.rps / base) * 100).toFixed(0)}%`.padStart(8),
    String(r.errors).padStart(7),
  )
}
child.kill('SIGTERM')
