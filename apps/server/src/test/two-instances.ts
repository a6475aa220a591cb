import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { buildApp, type App } from '../app.ts'
import { loadConfig } from '../config.ts'
import { CUSTOMER_CHANGES } from '../db/changes.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { createPostgresDatabase, type DatabaseKind } from './build-test-app.ts'

export interface TwoInstances {
  apps: [App, App]
  /** http://127.0.0.1:<port> of each, when they were asked to listen. */
  urls: string[]
  close: () => Promise<void>
}

/**
 * Two app instances on one fresh database, as behind a load balancer. On PostgreSQL each has its
 * own pool and its own listening connection, as separate processes would; the embedded database
 * has one connection, which both instances of this process share.
 */
export async function buildTwoInstances(
  kind: DatabaseKind,
  opts: {
    env?: Record<string, string>
    listen?: boolean
    /** The clock both instances read (a test's own, to move it). */
    now?: () => number
    /** The clock of the listeners' checks (one that moves only when read never makes them stale). */
    changesClock?: () => number
  } = {},
): Promise<TwoInstances> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-instances-'))
  const pgDb = kind === 'postgres' ? await createPostgresDatabase() : undefined
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://test.local',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...opts.env,
  })
  const open = () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: 'memory://',
      ...(opts.changesClock ? { changesClock: opts.changesClock } : {}),
    })
  const first = await open()
  const databases: Database[] = [first, pgDb ? await open() : first]
  const apps: App[] = []
  const urls: string[] = []
  for (const database of databases) {
    const app = await buildApp(config, {
      database,
      logger: false,
      strictErrorCodes: true,
      ...(opts.now ? { now: opts.now } : {}),
    })
    if (opts.listen) urls.push(await app.listen({ port: 0, host: '127.0.0.1' }))
    else await app.ready()
    apps.push(app)
  }
  return {
    apps: [apps[0]!, apps[1]!],
    urls,
    close: async () => {
      for (const app of apps) await app.close()
      for (const database of new Set(databases)) await database.close()
      await pgDb?.drop()
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}

let markers = 0

/**
 * Resolves once `listener` has heard every customer change committed so far: a marker change sent
 * now comes back to it after them, as the database delivers changes in commit order. No clock is
 * involved, so a loaded machine cannot make a test fail, and an instance that kept serving an answer
 * it has been told changed fails at once.
 */
export async function heardAll(listener: App, sender: App) {
  markers += 1
  const marker = 2_000_000_000 + markers
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
