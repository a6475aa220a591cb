import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { buildApp, type App } from '../app.ts'
import { loadConfig, type Config } from '../config.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { createPostgresDatabase } from './build-test-app.ts'

/**
 * Two (or more) app instances on one fresh PostgreSQL database, each with its own pool, as separate
 * processes behind a load balancer would be: for races and for what one instance must see of another's
 * writes. Needs TEST_DATABASE_URL. Requests go in with `app.inject`; the instances share `now`.
 */
export async function startInstances(
  count: number,
  opts: { now?: () => number; env?: Record<string, string>; config?: Partial<Config> } = {},
): Promise<{ apps: App[]; dataDir: string; close: () => Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-instances-'))
  const pgDb = await createPostgresDatabase()
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://test.local',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    DATABASE_URL: pgDb.url,
    ...opts.env,
  })
  config.bookingSweepMs = 0
  config.formFilesSweepMs = 0
  config.housekeepingMs = 0
  Object.assign(config, opts.config)
  const databases: Database[] = []
  const apps: App[] = []
  for (let i = 0; i < count; i++) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir })
    databases.push(database)
    const app = await buildApp(config, {
      database,
      logger: false,
      strictErrorCodes: true,
      ...(opts.now ? { now: opts.now } : {}),
    })
    await app.ready()
    apps.push(app)
  }
  return {
    apps,
    /** The data folder the instances share (one volume behind them all). */
    dataDir,
    close: async () => {
      for (const app of apps) await app.close()
      for (const database of databases) await database.close()
      await pgDb.drop()
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}
