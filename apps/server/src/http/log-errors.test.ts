import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../app.ts'
import { loadConfig } from '../config.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { communications } from '../features/comms/comms.tables.ts'
import { hashPassword } from '../features/customers/passwords.ts'
import { createPostgresDatabase, testDatabaseKinds } from '../test/build-test-app.ts'
import { captureLog, LOG_LEVEL_NUMBER, type LogLine } from '../test/log-capture.ts'
import { serializeError } from './log-errors.ts'

const EMAIL = 'maria.lopez@example.com'
const PHONE = '611987654'

describe.each(testDatabaseKinds())('the log of a failed query on %s', (kind) => {
  let app: App
  let database: Database
  let dataDir: string
  let drop: (() => Promise<void>) | undefined
  let hash: string
  const log = captureLog()

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-log-'))
    const pgDb = kind === 'postgres' ? await createPostgresDatabase() : undefined
    drop = pgDb?.drop
    const config = loadConfig({
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    })
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: 'memory://' })
    app = await buildApp(config, { database, logger: log.logger })
    hash = await hashPassword('Maria-Pass-2026')
    const customer = {
      email: EMAIL,
      passwordHash: hash,
      name: 'María',
      surname: 'López',
      phone: PHONE,
      acceptConditions: true,
    }
    // Routes of this test only: each runs a real statement that the database refuses, with
    // personal data among its values, and lets the error reach the app's error handler.
    // (A unique violation is a refusal the client reads, 409, and is not logged: a mail to a
    // customer who is not there is a bug, logged.)
    app.post('/test/mail-to-nobody', async () => {
      await database.db.insert(communications).values({
        customerId: 999_999,
        channel: 'email',
        toAddress: customer.email,
        subject: `${customer.name} ${customer.surname}`,
        body: `${customer.phone} ${customer.passwordHash}`,
      })
      return { ok: true }
    })
    app.post('/test/email-as-number', async () => {
      await database.db.execute(sql`select ${EMAIL}::integer`)
      return { ok: true }
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await database.close()
    await drop?.()
    await fs.rm(dataDir, { recursive: true, force: true })
  })

  const failureOf = async (url: string): Promise<LogLine> => {
    const before = log.lines.length
    const res = await app.inject({ method: 'POST', url })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ ok: false, code: 'internal' })
    expect(res.body).not.toContain(EMAIL)
    const logged = log.lines.slice(before).filter((l) => l.level === LOG_LEVEL_NUMBER.error)
    expect(logged).toHaveLength(1)
    return logged[0]!
  }

  it('names the SQLSTATE, the constraint and the statement of a refused insert, never its values', async () => {
    const line = await failureOf('/test/mail-to-nobody')
    const err = line.err as { query: string; cause: Record<string, unknown> }
    expect(err.query).toMatch(/^insert into "communications"/)
    expect(err.cause).toMatchObject({
      code: '23503',
      constraint: 'communications_customer_id_customers_id_fk',
      table: 'communications',
    })
    const text = JSON.stringify(line)
    for (const value of [EMAIL, PHONE, hash, 'scrypt$', 'López', 'params', 'Key (', '999999']) {
      expect(text).not.toContain(value)
    }
  })

  it('leaves out a value the database quotes in its message', async () => {
    const line = await failureOf('/test/email-as-number')
    const err = line.err as { query: string; cause: Record<string, unknown> }
    expect(err.query).toMatch(/^select \$1::integer/)
    expect(err.cause).toMatchObject({ code: '22P02' })
    expect(String(err.cause.message)).toMatch(/invalid input syntax for type integer/)
    expect(JSON.stringify(line)).not.toContain(EMAIL)
  })
})

describe('the err serializer', () => {
  it('keeps what Fastify and other errors say, without value-carrying fields, down their causes', () => {
    const inner = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
      params: [EMAIL],
    })
    const outer = Object.assign(new Error('delivery failed', { cause: inner }), {
      statusCode: 502,
      detail: EMAIL,
    })
    const out = serializeError(outer) as Record<string, unknown>
    expect(out).toMatchObject({
      type: 'Error',
      message: 'delivery failed',
      statusCode: 502,
      cause: { type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' },
    })
    expect(JSON.stringify(out)).not.toContain(EMAIL)
    expect(serializeError('a plain message')).toBe('a plain message')
  })
})
