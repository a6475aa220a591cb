import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { allRoutes, paymentRoutes, type RouteDef } from '@clubhouse/contract/server'
import { describeOnPostgres } from '../test/build-test-app.ts'
import {
  caseArbitrary,
  createRunner,
  formatStats,
  routesUnderTest,
  type RouteUnderTest,
} from '../test/fuzz/fuzzer.ts'
import { buildFuzzWorld, type FuzzWorld } from '../test/fuzz/world.ts'

/**
 * Every route of the contract, fuzzed from its own schemas (decision 090): valid and hostile
 * requests as a visitor, as a customer and as another customer using the first one's ids. A short,
 * fixed budget here; `npm run fuzz -- --minutes 10` runs long with a random seed.
 *
 * A failure prints fast-check's seed and path; replay it with
 * `FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run apps/server/src/http/fuzz.routes.test.ts -t <route>`
 * or `npm run fuzz -- --route <route> --seed <seed> --path <path>`. FUZZ_VERBOSE=1 prints, per route,
 * the requests sent and the statuses seen.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_127)
/** Requests per route: about 30 s for all of them on a loaded two-core machine. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 15)
const PATH = process.env.FUZZ_PATH

const ROUTES = { ...allRoutes, ...paymentRoutes } as Record<string, RouteDef>

describeOnPostgres('every route of the contract, fuzzed from its schemas', () => {
  let world: FuzzWorld
  let routes: RouteUnderTest[]
  let runner: ReturnType<typeof createRunner>

  beforeAll(async () => {
    world = await buildFuzzWorld('postgres')
    routes = routesUnderTest(ROUTES, world.app.swagger() as Record<string, unknown>)
    runner = createRunner(world, routes)
  })
  afterAll(async () => {
    if (runner && process.env.FUZZ_VERBOSE) console.log(formatStats(runner.stats))
    await world?.t.close()
  })

  for (const key of Object.keys(ROUTES)) {
    it(`${key}: answers a 2xx or a documented 4xx that changes nothing, and never the owner's data to anyone else`, async () => {
      const route = routes.find((r) => r.key === key)!
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route, world), (c) => runner.run(c)),
        { seed: SEED, numRuns: RUNS, ...(PATH ? { path: PATH } : {}) },
      )
      expect(runner.stats.byRoute.get(key)?.requests ?? 0).toBeGreaterThan(0)
    })
  }
})
