import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import type { FastifyBaseLogger } from 'fastify'
import { listenOnPglite, listenOnPostgres, watchWrites, type Changes } from './changes.ts'
import type { Db } from './executor.ts'
import * as schema from './schema.ts'
import { createUnits, type Units } from './units.ts'
import { withStartupLock } from './startup-lock.ts'

export { rowsOf, type Db } from './executor.ts'

export interface Database {
  /** The ambient executor: the open unit's transaction inside a unit of work, else the database. */
  db: Db
  /** Units of work on this database (decision 027). */
  units: Units
  /** 'pglite' (embedded, one connection) or 'postgres' (a server, a pool). */
  kind: 'pglite' | 'postgres'
  /** Whose data committed writes changed, heard from the database (decision 038). */
  changes: Changes
  close(): Promise<void>
}

/**
 * Connections of one instance's pool. On two cores with the database on the same machine, 10 served
 * more queries a second than 4 or 20 (decision 038). Each instance also holds one listening connection.
 */
const POOL_SIZE = 10
/** How long closing the database waits for its connections to end. */
const CLOSE_WAIT_MS = 5_000

/** Whether `work` resolves within `ms` (its failure is thrown); it goes on either way. */
async function endsWithin(ms: number, work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
    timer.unref()
  })
  try {
    return await Promise.race([work.then(() => true), late])
  } finally {
    clearTimeout(timer)
  }
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle')

/**
 * The extensions the migrations create: btree_gist for exclusion constraints, pg_trgm and unaccent
 * for the text search (decision 050).
 */
const PGLITE_EXTENSIONS = { btree_gist, pg_trgm, unaccent }

/** Where the process keeps its migrated image: on `globalThis`, so every module graph of it shares one. */
const IMAGE_KEY = Symbol.for('clubhouse.pglite.migrated-image')

/**
 * A PGlite data directory, as a tarball, with every migration applied and no row of data: made once
 * per process (an initdb and the migrations take seconds; loading the image, under one), then
 * every empty in-memory database starts from it and still runs the migrator, which finds nothing
 * left to do (decision 066). Keyed by the migrations' journal, so a new migration makes a new image.
 */
async function migratedImage(): Promise<Blob> {
  const journal = await fs.readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')
  const store = globalThis as { [IMAGE_KEY]?: { journal: string; image: Promise<Blob> } }
  const kept = store[IMAGE_KEY]
  if (kept?.journal === journal) return kept.image
  const image = (async () => {
    const client = await PGlite.create(undefined, { extensions: PGLITE_EXTENSIONS })
    try {
      await migratePglite(drizzlePglite(client) as never, { migrationsFolder })
      return await client.dumpDataDir('none')
    } finally {
      await client.close()
    }
  })()
  store[IMAGE_KEY] = { journal, image }
  // A failed image is not kept: the next database tries again.
  image.catch(() => {
    if (store[IMAGE_KEY]?.image === image) delete store[IMAGE_KEY]
  })
  return image
}

/**
 * The only place that chooses the database: PostgreSQL when a URL is given, otherwise PGlite in
 * `dataDir` (or in memory when `dataDir` is 'memory://'). Migrations are applied before it is returned.
 */
export async function openDatabase(opts: {
  databaseUrl?: string
  dataDir: string
  /** Where a lost listening connection is told (decision 038). */
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>
  /** The clock of the listener's checks (tests: one that never stands still). */
  changesClock?: () => number
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: POOL_SIZE })
    // A connection lost while idle in the pool: the pool drops it and opens another when needed.
    pool.on('error', (err) =>
      opts.log?.warn({ err }, 'an idle database connection was lost; the pool opens another'),
    )
    // A connection lost while a unit of work holds it, between two statements (the database
    // restarted, its session was ended): without a listener that error would end the process.
    // The unit's next statement fails, its request answers 500, and the pool drops the connection.
    pool.on('connect', (client) => {
      client.on('error', (err) => opts.log?.warn({ err }, 'a database connection in use was lost'))
    })
    // pg answers count(*) and numeric as strings; timestamps as Date. Keep int8 as a number.
    pg.types.setTypeParser(20, (v) => Number(v))
    const changes = await listenOnPostgres(opts.databaseUrl, opts.log, opts.changesClock)
    // A write of this instance makes its caches wait until they have heard of it (read-your-writes);
    // watched from the pool's first connection on.
    watchWrites(pool, changes)
    const db: Db = drizzlePg(pool, { schema })
    // Several instances may start at once on one database: one migrates at a time (decision 035).
    await withStartupLock(opts.databaseUrl, () => migratePg(db as never, { migrationsFolder }))
    return {
      ...createUnits(db),
      kind: 'postgres',
      changes,
      close: async () => {
        // Closing never waits on a connection the database lost without saying so (seen after a
        // restart of PostgreSQL): past CLOSE_WAIT_MS the instance goes on stopping, and says it.
        const closed = await endsWithin(
          CLOSE_WAIT_MS,
          (async () => {
            await changes.close()
            await pool.end()
          })(),
        )
        if (!closed) {
          opts.log?.warn(
            { waitedMs: CLOSE_WAIT_MS },
            'the database connections did not close in time; stopping without them',
          )
        }
      },
    }
  }
  const inMemory = opts.dataDir === 'memory://'
  const dir = inMemory ? undefined : path.join(opts.dataDir, 'db')
  if (dir) await fs.mkdir(dir, { recursive: true })
  // An empty database in memory starts from a copy of one already migrated (decision 066).
  const client = await PGlite.create(dir, {
    extensions: PGLITE_EXTENSIONS,
    ...(inMemory ? { loadDataDir: await migratedImage() } : {}),
  })
  const db: Db = drizzlePglite(client, { schema })
  await migratePglite(db as never, { migrationsFolder })
  const changes = await listenOnPglite(client)
  return {
    ...createUnits(db),
    kind: 'pglite',
    changes,
    close: async () => {
      await changes.close()
      await client.close()
    },
  }
}
