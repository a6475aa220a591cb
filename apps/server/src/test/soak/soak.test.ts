import { expect, it } from 'vitest'
import { describeOnPostgres } from '../build-test-app.ts'
import { statusCheck } from './report.ts'
import { runSoak } from './run.ts'

/**
 * A short `npm run soak` (decision 099): a few hundred customer actions across two server processes
 * on one PostgreSQL database, then every check of the database. Bounded by its count of actions,
 * never by a time: the hour only bounds a machine that stalls. Memory is not judged (too few
 * samples), nor the sweep of expired holds (the run is shorter than a hold).
 */
describeOnPostgres('a short soak across two instances', () => {
  it('answers no 5xx and leaves bookings, stock, vouchers and promos consistent', async () => {
    const report = await runSoak({
      server: process.env.TEST_DATABASE_URL!,
      durationMs: 60 * 60_000,
      maxActions: 300,
      customers: 40,
      workers: 8,
      sampleEveryMs: 0,
      warmupMs: 0,
      sweepGraceMs: 0,
      log: () => {},
    })
    const failed = [statusCheck(report), ...report.checks].filter((c) => !c.ok)
    expect(failed).toEqual([])
    expect(report.actions).toBe(300)
    // The customers did book, buy and cancel: the checks read a database the load changed.
    for (const kind of ['book a court', 'book a place', 'buy in the shop']) {
      expect(report.kinds.get(kind)!.done, kind).toBeGreaterThan(0)
    }
  }, 600_000)
})
