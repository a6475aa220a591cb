import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { FastifyServerOptions } from 'fastify'
import { describe } from 'vitest'
import { buildApp, type App } from '../app.ts'
import { loadConfig, type Config } from '../config.ts'
import { openDatabase } from '../db/client.ts'
import { databaseUrl, dropDatabase, migratedTemplate, onServer } from './postgres-template.ts'
import { seedDemoCentre } from '../db/seed/index.ts'

export type DatabaseKind = 'pglite' | 'postgres'

/**
 * API tests run on the embedded database always, and on PostgreSQL too when TEST_DATABASE_URL is
 * set. TEST_DATABASE_KINDS=postgres keeps PostgreSQL only (the runs on other Node versions, decision
 * 101); it is ignored without TEST_DATABASE_URL.
 */
export function testDatabaseKinds(): DatabaseKind[] {
  if (!process.env.TEST_DATABASE_URL) return ['pglite']
  return process.env.TEST_DATABASE_KINDS === 'postgres' ? ['postgres'] : ['pglite', 'postgres']
}

/** What the title of a PostgreSQL suite says when it is skipped. */
export const NEEDS_POSTGRES = '[skipped: TEST_DATABASE_URL is not set]'

/**
 * A suite that needs PostgreSQL (two instances racing, PostgreSQL's own behaviour). Without
 * TEST_DATABASE_URL it is skipped and reported so, its title saying why, rather than left out.
 */
export function describeOnPostgres(name: string, suite: () => void) {
  if (process.env.TEST_DATABASE_URL) describe(name, suite)
  else describe.skip(`${name} ${NEEDS_POSTGRES}`, suite)
}

/**
 * Creates a fresh PostgreSQL database on the TEST_DATABASE_URL server; drop() removes it. By default
 * it is a copy of this run's migrated template (every migration applied, no row of data), which takes
 * a fraction of the time the migrations take (decision 096); `{ migrated: false }` gives a database
 * with no table at all, for the tests of migrating itself.
 */
export async function createPostgresDatabase(
  opts: { migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL
  if (!base) throw new Error('TEST_DATABASE_URL is not set')
  const template = opts.migrated === false ? undefined : migratedTemplate()
  const name = `cz_test_${randomBytes(6).toString('hex')}`
  await onServer(base, async (admin) => {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`)
  })
  return {
    url: databaseUrl(base, name),
    drop: () => dropDatabase(base, name),
  }
}

export interface TestApp {
  app: App
  config: Config
  close: () => Promise<void>
}

/**
 * A whole app on a fresh, empty database and data folder. Tests put in the few rows they need
 * through the fixtures of this folder; only the seed's own tests ask for the whole demo centre
 * (`demo: true`), so a change of demo copy never breaks another test. Close it after the test: the
 * database and folder are removed.
 */
export async function buildTestApp(
  kind: DatabaseKind,
  opts: {
    /** Seeds the whole demo centre (the seed's own tests only). */
    demo?: boolean
    version?: string
    env?: Record<string, string>
    /** Logger settings (e.g. captureLog().logger); the app logs nothing by default. */
    logger?: FastifyServerOptions['logger']
    /** The clock of holds, anticipation and reminders (a test's own, to move it). */
    now?: () => number
  } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-test-'))
  const pgDb = kind === 'postgres' ? await createPostgresDatabase() : undefined
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://test.local',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...opts.env,
  })
  // Tests sweep holds, reminders and spent rows by hand, when their clock says so.
  config.bookingSweepMs = 0
  config.formFilesSweepMs = 0
  config.housekeepingMs = 0
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: pgDb ? dataDir : 'memory://',
  })
  const app = await buildApp(config, {
    database,
    logger: opts.logger ?? false,
    strictErrorCodes: true,
    ...(opts.version ? { version: opts.version } : {}),
    ...(opts.now ? { now: opts.now } : {}),
  })
  if (opts.demo) await seedDemoCentre(app.services, dataDir)
  await app.ready()
  return {
    app,
    config,
    close: async () => {
      await app.close()
      await database.close()
      await pgDb?.drop()
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}
