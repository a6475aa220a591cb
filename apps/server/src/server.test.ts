import fs from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadDemoData } from './db/seed/demo-data.ts'
import { createPostgresDatabase, testDatabaseKinds } from './test/build-test-app.ts'
import { startServerProcess, type ServerProcess } from './test/server-process.ts'

const demoProducts = loadDemoData().products

const DEMO_EMAIL = 'demo@clubmistral.es'
const DEMO_PASSWORD = 'Mistral-Demo-2026'

/** Rows the demo seed writes once: settings documents, products, the demo customer. */
async function demoRows(target: { url: string } | { dataDir: string }) {
  const query = `select (select count(*) from settings) as settings,
      (select count(*) from products) as products,
      (select count(*) from customers where email = '${DEMO_EMAIL}') as "demoCustomers"`
  const toNumbers = (row: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]))
  if ('url' in target) {
    const client = new pg.Client({ connectionString: target.url })
    await client.connect()
    try {
      return toNumbers((await client.query(query)).rows[0] as Record<string, unknown>)
    } finally {
      await client.end()
    }
  }
  const db = await PGlite.create(path.join(target.dataDir, 'db'))
  try {
    return toNumbers((await db.query<Record<string, unknown>>(query)).rows[0]!)
  } finally {
    await db.close()
  }
}

/** Resolves once a new TCP connection to `port` is refused. */
async function refusedAt(port: number): Promise<void> {
  for (;;) {
    const outcome = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve('accepted')
      })
      socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'))
    })
    if (outcome === 'ECONNREFUSED') return
  }
}

describe.each(testDatabaseKinds())('starting and stopping the server on %s', (kind) => {
  // PostgreSQL: two instances started at the same moment on one fresh, empty database, as a
  // deployment of several instances does. The embedded database belongs to one process: one.
  const count = kind === 'postgres' ? 2 : 1
  let dataDir: string
  let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined
  let servers: ServerProcess[] = []
  const env = () => ({
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    // debug logs each incoming request: the test sees its slow request arrive.
    LOG_LEVEL: 'debug',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  })
  const mainSettings = (server: ServerProcess) => fetch(`${server.url}/api/czconfigs/main-settings`)

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-server-'))
    pgDb = kind === 'postgres' ? await createPostgresDatabase({ migrated: false }) : undefined
    const started = await Promise.allSettled(Array.from({ length: count }, () => startServerProcess(env())))
    // Those that came up are stopped in afterAll even when another did not.
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
    const failed = started.find((s) => s.status === 'rejected')
    if (failed) throw failed.reason
  })
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()))
    await pgDb?.drop()
    await fs.rm(dataDir, { recursive: true, force: true })
  })

  it('brings every instance up on an empty database, with the demo centre seeded once', async () => {
    expect(new Set(servers.map((s) => s.port)).size).toBe(count)
    for (const server of servers) {
      const res = await mainSettings(server)
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ ok: true, data: { name: expect.stringMatching(/Mistral/) } })
    }
    const seeded = servers.filter((s) => s.lines.some((l) => l.msg === 'empty database: demo centre seeded'))
    expect(seeded).toHaveLength(1)
    if (pgDb) {
      expect(await demoRows(pgDb)).toEqual({ settings: 3, products: demoProducts.length, demoCustomers: 1 })
    }
  })

  it('answers a request in flight when SIGTERM arrives, refuses new connections, and exits', async () => {
    const server = servers[0]!
    // A load balancer keeps its connections open between requests.
    const agent = new http.Agent({ keepAlive: true })
    const body = JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD })
    const req = http.request(`${server.url}/api/publiccustomers/cauth`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    })
    const answer = new Promise<{ status: number; connection: string | undefined; body: string }>(
      (resolve, reject) => {
        req.once('error', reject)
        req.once('response', (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => (text += chunk))
          res.once('end', () =>
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }),
          )
        })
      },
    )
    // Half the body now: the request has reached the server and waits for the rest.
    req.write(body.slice(0, 12))
    await server.waitForLog(
      (l) => l.msg === 'incoming request' && (l.req as { url: string }).url === '/api/publiccustomers/cauth',
    )
    server.signal('SIGTERM')
    await server.waitForLog((l) => l.msg === 'shutting down')
    await refusedAt(server.port)

    req.end(body.slice(12))
    const { status, connection, body: text } = await answer
    expect(status).toBe(200)
    expect(JSON.parse(text)).toMatchObject({
      ok: true,
      model: { token: expect.stringMatching(/^[0-9a-f]{64}$/) },
    })
    // The balancer is told not to send more on this connection, so the instance can end now.
    expect(connection).toBe('close')
    expect(await server.exited).toEqual({ code: 0, signal: null })
    expect(server.lines.filter((l) => l.level >= 50)).toEqual([])
    agent.destroy()

    for (const other of servers.slice(1)) expect((await mainSettings(other)).status).toBe(200)
  })

  it('comes up again on the same database without seeding it twice', async () => {
    const again = await startServerProcess(env())
    servers.push(again)
    expect((await mainSettings(again)).status).toBe(200)
    expect(again.lines.some((l) => /seeded/.test(l.msg))).toBe(false)
    await Promise.all(servers.map((s) => s.stop()))
    expect(await demoRows(pgDb ?? { dataDir })).toEqual({
      settings: 3,
      products: demoProducts.length,
      demoCustomers: 1,
    })
  })
})

// Each start migrates an empty embedded database of its own in a process of its own: on a busy
// two-core machine that alone has taken most of a minute.
describe('the demo centre in production', { timeout: 180_000 }, () => {
  const started: ServerProcess[] = []
  const dirs: string[] = []
  const startProduction = async (extra: Record<string, string>) => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-production-'))
    dirs.push(dataDir)
    const server = await startServerProcess({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      ...extra,
    })
    started.push(server)
    return { server, dataDir }
  }
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()))
    await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })))
  })

  it('is not seeded without SEED_DEMO: no demo accounts, no promo, no warning', async () => {
    const { server, dataDir } = await startProduction({})
    await server.stop()
    expect(await demoRows({ dataDir })).toEqual({ settings: 0, products: 0, demoCustomers: 0 })
    expect(await promoRows(dataDir)).toBe(0)
    expect(server.lines.some((l) => /SEED_DEMO/.test(l.msg))).toBe(false)
  })

  it('is seeded with SEED_DEMO=true, and the log warns at start', async () => {
    const { server, dataDir } = await startProduction({ SEED_DEMO: 'true' })
    expect(await (await settingsOf(server)).json()).toMatchObject({
      data: { name: expect.stringMatching(/Mistral/) },
    })
    const warning = server.lines.find((l) => /SEED_DEMO=true in production/.test(l.msg))
    expect(warning?.level).toBe(40)
    expect(warning?.msg).toMatch(/GRATIS100/)
    await server.stop()
    expect(await demoRows({ dataDir })).toEqual({
      settings: 3,
      products: demoProducts.length,
      demoCustomers: 1,
    })
    expect(await promoRows(dataDir)).toBeGreaterThan(0)
  })
})

const settingsOf = (server: ServerProcess) => fetch(`${server.url}/api/czconfigs/main-settings`)

/** Promo codes in an embedded database. */
async function promoRows(dataDir: string): Promise<number> {
  const db = await PGlite.create(path.join(dataDir, 'db'))
  try {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from promos where code = 'GRATIS100'`,
    )
    return rows[0]!.n
  } finally {
    await db.close()
  }
}
