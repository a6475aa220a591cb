// `npm run bench`: requests per second and latency of the main endpoints beside a bare Fastify
// route on the same machine, as ratios. Runs on the embedded database, or on PostgreSQL when
// BENCH_DATABASE_URL is set. BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 50) tune it.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { seedDemoCentre } from '../src/db/seed/index.ts'

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
  const r = await autocannon({ url, connections, duration: seconds, headers })
  const errors = r.errors + r.timeouts + r.non2xx
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors }
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-bench-'))
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
})
const app = await buildApp(config, { logger: false })
await seedDemoCentre(app.services, dataDir)
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' })

const bare = Fastify()
bare.get('/bare', async () => ({ ok: true, data: { hello: 'world' } }))
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })

console.log(
  `database: ${app.database.kind}; ${connections} connections, ${seconds} s per endpoint; ${os.cpus().length} cores`,
)
const results: Result[] = []
results.push(await measure('bare Fastify route', `${bareUrl}/bare`))
results.push(await measure('GET /api/czconfigs/main-settings', `${appUrl}/api/czconfigs/main-settings`))
results.push(await measure('GET /api/czconfigs/legal-settings', `${appUrl}/api/czconfigs/legal-settings`))
results.push(await measure('GET /api/czconfigs/template', `${appUrl}/api/czconfigs/template`))
results.push(await measure('GET / (filled index.html)', `${appUrl}/`))

const base = results[0]!.rps
console.log('')
console.log(
  'endpoint'.padEnd(38),
  'req/s'.padStart(9),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'vs bare'.padStart(8),
  'errors'.padStart(7),
)
for (const r of results) {
  console.log(
    r.name.padEnd(38),
    r.rps.toFixed(0).padStart(9),
    String(r.p50).padStart(8),
    String(r.p99).padStart(8),
    `${((r.rps / base) * 100).toFixed(0)}%`.padStart(8),
    String(r.errors).padStart(7),
  )
}

await app.close()
await bare.close()
await fs.rm(dataDir, { recursive: true, force: true })
