import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase } from '../db/client.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's migrated PostgreSQL template database (decision 096); '' when there is none. */
    pgTemplate: string
  }
}

/** Runs `work` on an administrative connection to the server of `base`, then closes it. */
export async function onServer<T>(base: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  try {
    return await work(admin)
  } finally {
    await admin.end()
  }
}

/** The address of database `name` on the server of `base`. */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base)
  url.pathname = `/${name}`
  return url.toString()
}

/** Removes database `name` (and ends its sessions) from the server of `base`. */
export async function dropDatabase(base: string, name: string): Promise<void> {
  await onServer(base, async (admin) => {
    await admin.query(`drop database if exists ${name} with (force)`)
  })
}

/**
 * Makes a database with every migration applied and no row, to copy test databases from: copying
 * one takes a fraction of the time the migrations take. Made once per test run by the server
 * tests' global set-up, named for the run, and removed by the function it returns.
 */
export async function makeMigratedTemplate(
  base: string,
): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `cz_template_${randomBytes(6).toString('hex')}`
  await onServer(base, async (admin) => {
    await admin.query(`create database ${name}`)
  })
  const drop = () => dropDatabase(base, name)
  try {
    const database = await openDatabase({ databaseUrl: databaseUrl(base, name), dataDir: '' })
    await database.close()
    // A template nobody may connect to by mistake: a copy fails while anyone is connected.
    await onServer(base, async (admin) => {
      await admin.query(`alter database ${name} with allow_connections false`)
    })
  } catch (error) {
    await drop()
    throw error
  }
  return { name, drop }
}

/** This run's migrated template, or undefined outside a run that made one (the copy then migrates itself). */
export function migratedTemplate(): string | undefined {
  try {
    return inject('pgTemplate') || undefined
  } catch {
    return undefined
  }
}
