import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createPostgresDatabase, describeOnPostgres } from '../test/build-test-app.ts'
import { within } from '../test/faults.ts'
import { openDatabase, type Database } from './client.ts'

/**
 * A database connection can be lost while a unit of work holds it between two statements: the
 * database restarts, an operator ends the session. That unit fails, the loss is logged, and the
 * process carries on (an error event without a listener would end it, and every request in flight
 * with it).
 */
describeOnPostgres('a connection lost in the middle of a unit of work', () => {
  let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined
  let database: Database | undefined
  let admin: pg.Client | undefined
  const warnings: string[] = []
  const heard: Array<() => void> = []
  const log = {
    warn: (_: unknown, msg?: string) => {
      warnings.push(msg ?? '')
      for (const tell of heard.splice(0)) tell()
    },
    info: () => {},
  }
  const warned = (text: string) =>
    new Promise<void>((resolve) => {
      const check = () => (warnings.includes(text) ? resolve() : heard.push(check))
      check()
    })

  beforeAll(async () => {
    pgDb = await createPostgresDatabase()
    database = await openDatabase({ databaseUrl: pgDb.url, dataDir: 'memory://', log: log as never })
    admin = new pg.Client({ connectionString: pgDb.url })
    await admin.connect()
  })
  afterAll(async () => {
    await admin?.end()
    await database?.close()
    await pgDb?.drop()
  })

  it('fails that unit only, says so in the log, and the process and the next units carry on', async () => {
    const { db, units } = database!
    let began!: (pid: number) => void
    const begun = new Promise<number>((resolve) => (began = resolve))
    let resume!: () => void
    const resumed = new Promise<void>((resolve) => (resume = resolve))
    const unit = units.run(async () => {
      const res = await db.execute(sql`select pg_backend_pid() as pid`)
      began(Number((res as unknown as { rows: Array<{ pid: number }> }).rows[0]!.pid))
      await resumed
      await db.execute(sql`select 1`)
    })
    // Ended from outside while the unit holds it and waits between two statements: the connection
    // hears of it while idle, and the loss is logged.
    await admin!.query('select pg_terminate_backend($1)', [await begun])
    try {
      await within(10_000, 'the loss logged', warned('a database connection in use was lost'))
    } finally {
      resume()
    }
    await expect(unit).rejects.toThrow()

    // The next units get a working connection.
    const again = await units.run(() => db.execute(sql`select 2 as two`))
    expect((again as unknown as { rows: Array<{ two: number }> }).rows).toEqual([{ two: 2 }])
  })
})

/**
 * An instance that stops while a unit of work still holds a connection that will not come back (a
 * request stuck on a connection the database lost without a word): closing goes on without it after
 * a few seconds and says so, rather than waiting for ever.
 */
describeOnPostgres('closing while a unit of work still holds its connection', () => {
  it('ends within seconds and says so in the log', async () => {
    const pgDb = await createPostgresDatabase()
    const warnings: string[] = []
    const log = { warn: (_: unknown, msg?: string) => void warnings.push(msg ?? ''), info: () => {} }
    const database = await openDatabase({ databaseUrl: pgDb.url, dataDir: 'memory://', log: log as never })
    let release!: () => void
    const stuck = new Promise<void>((resolve) => (release = resolve))
    let began!: () => void
    const holding = new Promise<void>((resolve) => (began = resolve))
    const unit = database.units.run(async () => {
      await database.db.execute(sql`select 1`)
      began()
      await stuck
    })
    try {
      await holding
      await within(20_000, 'closing the database', database.close())
      expect(warnings).toContain('the database connections did not close in time; stopping without them')
    } finally {
      release()
      await unit.catch(() => {})
      await pgDb.drop()
    }
  })
})
