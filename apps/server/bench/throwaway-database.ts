// The throwaway PostgreSQL databases of the scripts that load the app (`npm run bench`, `npm run soak`).
import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** The server a script's database goes on: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL; '' for none. */
export function scriptDatabaseServer(): string {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || ''
}

/** A fresh, empty database `<prefix>_<random>` on the server at `base`; drop() removes it. */
export async function createThrowawayDatabase(base: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`create database ${name}`)
  const url = new URL(base)
  url.pathname = `/${name}`
  return { name, url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) }
}
