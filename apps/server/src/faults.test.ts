import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from './app.ts'
import { loadConfig } from './config.ts'
import { CUSTOMER_CHANGES } from './db/changes.ts'
import { saveTestSettings } from './test/catalogue-fixtures.ts'
import { insertLoggedInCustomers, type LoggedIn } from './test/customers.ts'
import { startLoad, until, within } from './test/faults.ts'
import { captureLog } from './test/log-capture.ts'
import { createDatabaseOn, startOwnPostgres, type OwnPostgres } from './test/own-postgres.ts'

/**
 * Faults the site must survive without an operator restarting it (issue 22): what customers and an
 * operator see while each lasts, and that nothing is lost or done twice once it is over. Each case
 * waits for states and events, never for a fixed time, and is bounded by its own timeouts.
 */

/** Resolves once `listener` has heard a marker change sent through `sender` (commit order). */
async function hears(listener: App, sender: App, marker: number) {
  const heard = new Promise<void>((resolve) => {
    const stop = listener.database.changes.onChange((change) => {
      if (change !== marker) return
      stop()
      resolve()
    })
  })
  await sender.database.db.execute(sql`select pg_notify(${CUSTOMER_CHANGES}, ${String(marker)})`)
  await heard
}

describe('PostgreSQL restarted under load', () => {
  let server: OwnPostgres | undefined
  let apps: App[] = []
  let dataDir: string
  const logs = [captureLog('info'), captureLog('info')]

  beforeAll(async () => {
    server = await startOwnPostgres()
    const databaseUrl = await createDatabaseOn(server.url, 'clubhouse_faults')
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-faults-'))
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://test.local',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      DATABASE_URL: databaseUrl,
    })
    config.bookingSweepMs = 0
    config.formFilesSweepMs = 0
    // Each instance opens its own pool and listening connection, as separate processes do.
    for (const log of logs) {
      const app = await buildApp(config, { logger: log.logger, strictErrorCodes: true })
      await app.ready()
      apps.push(app)
    }
  })
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {})
    apps = []
    await server?.destroy()
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
  })

  it('answers again on its own once PostgreSQL is back, and hears customer changes again', async () => {
    const [a, b] = apps as [App, App]
    await saveTestSettings(a.services)
    const customers = await insertLoggedInCustomers(a, 6, 'restart')
    const profile = (app: App, who: LoggedIn) =>
      app.inject({ url: `/api/publiccustomers/${who.id}`, headers: who.headers })
    const rename = (app: App, who: LoggedIn, name: string, address: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/publiccustomers/${who.id}`,
        headers: who.headers,
        remoteAddress: address,
        payload: {
          name,
          surname: 'Customer',
          email: `restart${customers.indexOf(who) + 1}@example.com`,
          phone: '600000000',
        },
      })

    // Six customers read and change their profiles on both instances, without pause.
    const load = startLoad(apps, 6, (app, worker, round) => {
      const who = customers[worker]!
      return round % 3 ? profile(app, who) : rename(app, who, `Round ${round}`, `198.51.100.${worker + 1}`)
    })
    const answered = (from: number, ok: (status: number) => boolean) => (instance: number) =>
      load.answers.some((x) => x.instance === instance && x.askedAt >= from && ok(x.status))
    try {
      await until(20_000, 'both instances answering before the restart', () =>
        [0, 1].every(answered(0, (s) => s === 200)),
      )

      // PostgreSQL stops (fast: every session is ended, as a restart or a failover does).
      const stoppedAt = performance.now()
      await server!.stop()
      // While it is down, customers get the error answer at once: nothing hangs, nothing crashes.
      await until(20_000, 'both instances refusing while PostgreSQL is down', () =>
        [0, 1].every(answered(stoppedAt, (s) => s === 500)),
      )
      await server!.start()
      const startedAt = performance.now()

      // Back: both instances answer again, with no restart of their own.
      await until(30_000, 'both instances answering after the restart', () =>
        [0, 1].every(answered(startedAt, (s) => s === 200)),
      )
    } finally {
      await within(30_000, 'the load loops ending', load.stop())
    }
    // Every answer was a success or the error shape: no request hung, none answered garbage.
    for (const x of load.answers) {
      if (x.status === 200) continue
      expect(x.status, x.body).toBe(500)
      expect(JSON.parse(x.body)).toMatchObject({ ok: false, code: 'internal' })
    }

    // The operator read that each instance lost its database and then heard changes again.
    for (const log of logs) {
      await within(
        10_000,
        'the log saying changes are heard again',
        log.waitFor((l) => /hearing customer changes again/.test(l.msg)),
      )
      expect(log.lines.some((l) => l.level === 40 && /stopped hearing customer changes/.test(l.msg))).toBe(
        true,
      )
    }

    // Change notifications flow again both ways: each instance hears what the other commits...
    await within(15_000, 'b hearing a change committed through a', hears(b, a, 1_900_000_001))
    await within(15_000, 'a hearing a change committed through b', hears(a, b, 1_900_000_002))
    expect(a.database.changes.state()).not.toBe('deaf')
    expect(b.database.changes.state()).not.toBe('deaf')

    // ...so a customer's change made on one instance after the restart shows on the other, which
    // had kept the earlier answer.
    const ana = customers[0]!
    expect((await profile(b, ana)).statusCode).toBe(200)
    const saved = await rename(a, ana, 'After The Restart', '198.51.100.200')
    expect(saved.statusCode, saved.body).toBe(200)
    await within(15_000, 'b hearing the rename', hears(b, a, 1_900_000_003))
    expect((await profile(b, ana)).json().data.name).toBe('After The Restart')
  })
})
