// A throwaway PostgreSQL database for the bench and its tools: created on the server at `base`,
// removed by drop().
import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** A fresh database on the server at `base`; drop() removes it. */
export async function createThrowawayDatabase(base: string, prefix = 'cz_bench') {
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
