import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../app.ts'
import { loadConfig } from '../config.ts'
import { createPostgresDatabase, testDatabaseKinds } from '../test/build-test-app.ts'
import { openDatabase, type Database } from './client.ts'
import { loadDemoData } from './seed/demo-data.ts'
import { seedDemoCentre } from './seed/index.ts'
import { settings } from '../features/content/content.tables.ts'
import { withStartupLock } from './startup-lock.ts'

const demoProducts = loadDemoData().products

/** A promise and the function that settles it, to hold work open until the test lets it go. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

describe.each(testDatabaseKinds())('the start-up lock on %s', (kind) => {
  if (kind === 'pglite') {
    it('runs the work at once on the embedded database, which one process owns', async () => {
      const order: string[] = []
      const first = withStartupLock(undefined, async () => {
        order.push('first starts')
        await Promise.resolve()
        order.push('first ends')
        return 1
      })
      const second = withStartupLock(undefined, async () => {
        order.push('second starts')
        return 2
      })
      expect(await Promise.all([first, second])).toEqual([1, 2])
      // No waiting on the embedded database: the second began while the first was under way.
      expect(order).toEqual(['first starts', 'second starts', 'first ends'])
      await expect(
        withStartupLock(undefined, () => Promise.reject(new Error('migration failed'))),
      ).rejects.toThrow('migration failed')
    })
    return
  }

  let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>>
  beforeAll(async () => {
    pgDb = await createPostgresDatabase({ migrated: false })
  })
  afterAll(() => pgDb.drop())

  /** Sessions of this test database waiting for an advisory lock. */
  async function waitingForLock(): Promise<number> {
    const client = new pg.Client({ connectionString: pgDb.url })
    await client.connect()
    try {
      const res = await client.query<{ n: string }>(
        `select count(*) as n from pg_locks
         where locktype = 'advisory' and not granted
           and database = (select oid from pg_database where datname = current_database())`,
      )
      return Number(res.rows[0]!.n)
    } finally {
      await client.end()
    }
  }

  it('makes a second instance wait until the first has finished its start-up work', async () => {
    const order: string[] = []
    const firstStarted = gate()
    const firstMayEnd = gate()
    const first = withStartupLock(pgDb.url, async () => {
      order.push('first starts')
      firstStarted.open()
      await firstMayEnd.opened
      order.push('first ends')
    })
    await firstStarted.opened
    const second = withStartupLock(pgDb.url, async () => {
      order.push('second starts')
    })
    while ((await waitingForLock()) === 0) {
      // The second instance has not asked for the lock yet.
    }
    expect(order).toEqual(['first starts'])
    firstMayEnd.open()
    await Promise.all([first, second])
    expect(order).toEqual(['first starts', 'first ends', 'second starts'])
    expect(await waitingForLock()).toBe(0)
  })

  describe('two instances seeding an empty database at the same moment', () => {
    const apps: App[] = []
    const databases: Database[] = []
    let dataDir: string
    beforeAll(async () => {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-seed-'))
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: pgDb.url,
        WEB_DIST: path.join(dataDir, 'no-web-build'),
      })
      for (let i = 0; i < 2; i += 1) {
        const database = await openDatabase({ databaseUrl: pgDb.url, dataDir })
        databases.push(database)
        apps.push(await buildApp(config, { database, logger: false }))
      }
    })
    afterAll(async () => {
      for (const app of apps) await app.close()
      for (const database of databases) await database.close()
      await fs.rm(dataDir, { recursive: true, force: true })
    })

    it('seeds it once: the instance that comes second finds the centre there', async () => {
      const seeded = await Promise.all(
        apps.map((app) => withStartupLock(pgDb.url, () => seedDemoCentre(app.services, dataDir))),
      )
      expect(seeded.sort()).toEqual([false, true])
      const db = databases[0]!.db
      expect(await db.$count(settings)).toBe(3)
      const products = await db.execute(sql`select count(*) as n from products`)
      expect(Number((products as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBe(
        demoProducts.length,
      )
    })
  })
})
