import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  /** 'pglite' (embedded, one connection) or 'postgres' (a server, a pool). */
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle')

/**
 * The only place that chooses the database: PostgreSQL when a URL is given, otherwise PGlite in
 * `dataDir` (or in memory when `dataDir` is 'memory://'). Migrations are applied before it is returned.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 })
    pool.on('error', () => {}) // an idle client lost its connection; the pool replaces it
    // pg answers count(*) and numeric as strings; timestamps as Date. Keep int8 as a number.
    pg.types.setTypeParser(20, (v) => Number(v))
    const db = drizzlePg(pool, { schema }) as unknown as Db
    await migratePg(db as never, { migrationsFolder })
    return { db, kind: 'postgres', close: () => pool.end() }
  }
  const inMemory = opts.dataDir === 'memory://'
  const dir = inMemory ? undefined : path.join(opts.dataDir, 'db')
  if (dir) await fs.mkdir(dir, { recursive: true })
  const client = await PGlite.create(dir, { extensions: { btree_gist } })
  const db = drizzlePglite(client, { schema }) as unknown as Db
  await migratePglite(db as never, { migrationsFolder })
  return { db, kind: 'pglite', close: () => client.close() }
}
