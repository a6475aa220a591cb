// `npm run fuzz -- --minutes 10`: every route of the contract fuzzed from its schemas for a while
// (decision 090), with the checks of apps/server/src/http/fuzz.routes.test.ts. Test support: it
// builds its own throwaway world and database, as the tests do.
//
// - Database: a throwaway PostgreSQL database when TEST_DATABASE_URL (or DATABASE_URL) is set, else
//   the embedded PGlite.
// - --minutes N (10 by default): how long to run; --seed S: the seed (random, and printed, unless
//   given); --route KEY: one route only (its key in the contract, as the test names it);
//   --path P: replays the failing case fast-check printed with its seed.
// - Prints, per route, the requests sent and the statuses seen, and any failure with the seed and
//   path that replay it. Exits 1 on a failure.
import { parseArgs } from 'node:util'
import fc from 'fast-check'
import { allRoutes, paymentRoutes, type RouteDef } from '@clubhouse/contract/server'
import { caseArbitrary, createRunner, formatStats, routesUnderTest, type FuzzCase } from './fuzzer.ts'
import { buildFuzzWorld } from './world.ts'

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    seed: { type: 'string' },
    path: { type: 'string' },
    route: { type: 'string' },
  },
})
const minutes = Number(values.minutes)
if (!(minutes > 0)) throw new Error(`--minutes takes a positive number, not ${values.minutes}`)
const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31)
const ROUTES = { ...allRoutes, ...paymentRoutes } as Record<string, RouteDef>
if (values.route && !ROUTES[values.route]) {
  throw new Error(`No route ${values.route}; the routes are ${Object.keys(ROUTES).join(', ')}`)
}

if (!process.env.TEST_DATABASE_URL && process.env.DATABASE_URL) {
  process.env.TEST_DATABASE_URL = process.env.DATABASE_URL
}
const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'
const scope = values.route ? `route ${values.route}` : 'every route'
console.log(`Fuzzing ${scope} for ${minutes} min on ${kind}, seed ${seed}`)

const world = await buildFuzzWorld(kind)
const routes = routesUnderTest(ROUTES, world.app.swagger() as Record<string, unknown>)
const runner = createRunner(world, routes)
// One route: the same arbitrary as the test's, so its seed and path replay here.
const cases: fc.Arbitrary<FuzzCase> = values.route
  ? caseArbitrary(
      routes.find((r) => r.key === values.route)!,
      world,
    )
  : fc.oneof(...routes.map((r) => caseArbitrary(r, world)))
const progress = setInterval(
  () =>
    console.log(
      `… ${runner.stats.requests} requests, ${Math.round((Date.now() - runner.stats.startedAt) / 1000)} s`,
    ),
  60_000,
)
const details = await fc.check(
  fc.asyncProperty(cases, (c) => runner.run(c)),
  {
    seed,
    ...(values.path ? { path: values.path } : { numRuns: Number.MAX_SAFE_INTEGER }),
    interruptAfterTimeLimit: minutes * 60_000,
  },
)
clearInterval(progress)
console.log(`\n${formatStats(runner.stats)}\n`)
await world.t.close()

if (details.failed) {
  const error =
    details.errorInstance instanceof Error
      ? (details.errorInstance.stack ?? details.errorInstance.message)
      : String(details.errorInstance)
  const routeArg = values.route ? ` --route ${values.route}` : ''
  console.log(`FAILED after ${details.numRuns} cases (shrunk ${details.numShrinks} times):\n${error}\n`)
  console.log(`Counterexample: ${fc.stringify(details.counterexample?.[0])}`)
  console.log(
    `Replay: npm run fuzz --${routeArg} --seed ${details.seed} --path "${details.counterexamplePath}"`,
  )
  process.exitCode = 1
} else {
  console.log(`Passed: ${details.numRuns} cases${details.interrupted ? ' (time up)' : ''}, seed ${seed}.`)
}
