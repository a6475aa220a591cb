// `npm run soak -- --minutes 5`: simulated customers against two app instances on one PostgreSQL for
// a while, then the checks of decision 099 (run.ts, checks.ts, report.ts). Needs a
// PostgreSQL server: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL; a throwaway database is
// created there and dropped at the end. Exits 1 when a check fails.
//
// --minutes N (5 by default): how long the load runs; --customers N (300); --workers N (16):
// customers acting at once.
import os from 'node:os'
import { parseArgs } from 'node:util'
import { scriptDatabaseServer } from '../../../bench/throwaway-database.ts'
import { formatReport, memoryChecks, statusCheck } from './report.ts'
import { runSoak } from './run.ts'

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    customers: { type: 'string', default: '300' },
    workers: { type: 'string', default: '16' },
  },
})
const minutes = Number(values.minutes)
if (!(minutes > 0)) throw new Error(`--minutes takes a positive number, not ${values.minutes}`)
const server = scriptDatabaseServer()
if (!server) {
  console.error(
    'The soak runs on PostgreSQL: set TEST_DATABASE_URL (or DATABASE_URL) to a server it may create a database on.',
  )
  process.exit(2)
}
const durationMs = minutes * 60_000
// The first fifth of the run, and at least a minute, fills the caches and the code's optimisations.
const warmupMs = Math.max(60_000, durationMs / 5)
console.log(
  `Soak of ${minutes} min across two instances on PostgreSQL; ${os.cpus().length} cores, Node ${process.version}, ` +
    `load average ${os.loadavg()[0]!.toFixed(1)}, ${new Date().toISOString()}`,
)
const report = await runSoak({
  server,
  durationMs,
  // A bound on the count as well as on the time: far more than a run of these minutes reaches here.
  maxActions: Math.ceil(minutes * 60 * 100),
  customers: Number(values.customers),
  workers: Number(values.workers),
  sampleEveryMs: 5_000,
  warmupMs,
  sweepGraceMs: 150_000,
  log: (line) => console.log(line),
})
report.checks.unshift(statusCheck(report), ...memoryChecks(report, warmupMs))
console.log(`\n${formatReport(report, warmupMs)}`)
const failed = report.checks.filter((c) => !c.ok)
console.log(failed.length ? `\nFAILED: ${failed.length} check(s)` : '\nevery check passed')
process.exit(failed.length ? 1 : 0)
