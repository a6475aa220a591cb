import { execFile } from 'node:child_process'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort } from './payment-fixtures.ts'

const run = promisify(execFile)

/** Where Debian puts PostgreSQL's server programs: the newest version found, or undefined. */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!fs.existsSync(root)) return undefined
  const versions = fs
    .readdirSync(root)
    .filter(
      (v) =>
        fs.existsSync(path.join(root, v, 'bin/pg_ctl')) && fs.existsSync(path.join(root, v, 'bin/initdb')),
    )
    .sort((a, b) => Number(a) - Number(b))
  const newest = versions.at(-1)
  return newest ? path.join(root, newest, 'bin') : undefined
}

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string
  port: number
  /** Stops the server (fast: sessions are ended, as an operator's restart or a failover does). */
  stop: () => Promise<void>
  start: () => Promise<void>
  /** Removes the cluster (stopping it first); safe to call twice or after a failed start. */
  destroy: () => Promise<void>
}

/**
 * A PostgreSQL server of the test's own, in a temporary folder on a free port, that the test may
 * stop and start (the shared server on 5432 is never touched). The commands are those .ci/run uses
 * when no server answers; PostgreSQL refuses to run as root, so as root it runs as `nobody`.
 * Without the server programs it fails, saying what to install.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBin()
  if (!bin) {
    throw new Error(
      'These tests start and restart a PostgreSQL server of their own and need its programs ' +
        '(initdb, pg_ctl) in /usr/lib/postgresql/<version>/bin: install them with `apt-get install postgresql`.',
    )
  }
  const asRoot = process.getuid?.() === 0
  const owner = asRoot ? 'nobody' : undefined
  const asOwner = (program: string, args: string[]) =>
    owner
      ? run('runuser', ['-u', owner, '--', path.join(bin, program), ...args])
      : run(path.join(bin, program), args)
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'cz-own-pg-'))
  const data = path.join(dir, 'data')
  const logFile = path.join(dir, 'server.log')
  if (owner) await run('chown', [owner, dir])
  const port = await freePort()
  let running = false

  const start = async () => {
    try {
      await asOwner('pg_ctl', [
        '-D',
        data,
        '-l',
        logFile,
        '-w',
        '-t',
        '60',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=60`,
        'start',
      ])
    } catch (err) {
      const log = await fsp.readFile(logFile, 'utf8').catch(() => '')
      throw new Error(`PostgreSQL did not start: ${String(err)}\n${log}`, { cause: err })
    }
    running = true
  }
  const stop = async () => {
    await asOwner('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop'])
    running = false
  }
  const destroy = async () => {
    if (running || fs.existsSync(path.join(data, 'postmaster.pid'))) await stop().catch(() => {})
    await fsp.rm(dir, { recursive: true, force: true })
  }

  try {
    await asOwner('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-locale',
      '--no-sync',
    ])
    await start()
  } catch (err) {
    await destroy()
    throw err
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, stop, start, destroy }
}

/** Creates a database on `server` (a URL of any of its databases) and answers its URL. */
export async function createDatabaseOn(server: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(server)
  url.pathname = `/${name}`
  return url.toString()
}
