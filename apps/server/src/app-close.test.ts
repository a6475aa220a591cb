import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { createPostgresDatabase, testDatabaseKinds } from './test/build-test-app.ts'
import { captureLog, LOG_LEVEL_NUMBER } from './test/log-capture.ts'

/** A real SMTP server that holds every message until the test lets it through. */
async function startHoldingSmtp() {
  let arrived!: () => void
  const receiving = new Promise<void>((resolve) => (arrived = resolve))
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume()
      stream.once('end', () => {
        arrived()
        void released.then(() => callback())
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    receiving,
    release,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function statusOfMailTo(email: string, target: { url: string } | { dataDir: string }) {
  const query = `select status from communications where to_address = '${email}'`
  if ('url' in target) {
    const client = new pg.Client({ connectionString: target.url })
    await client.connect()
    try {
      return (await client.query<{ status: string }>(query)).rows.map((r) => r.status)
    } finally {
      await client.end()
    }
  }
  const db = await PGlite.create(path.join(target.dataDir, 'db'))
  try {
    return (await db.query<{ status: string }>(query)).rows.map((r) => r.status)
  } finally {
    await db.close()
  }
}

describe.each(testDatabaseKinds())('closing the app on %s', (kind) => {
  it('lets a mail being sent finish and be marked sent before the database closes', async () => {
    const smtp = await startHoldingSmtp()
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-close-'))
    const pgDb = kind === 'postgres' ? await createPostgresDatabase() : undefined
    try {
      const log = captureLog()
      const config = loadConfig({
        DATA_DIR: dataDir,
        SMTP_URL: smtp.url,
        WEB_DIST: path.join(dataDir, 'no-web-build'),
        ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      })
      // The app opens (and so closes) its database itself, as in production.
      const app = await buildApp(config, { logger: log.logger })
      const register = await app.inject({
        method: 'POST',
        url: '/api/publiccustomers/register',
        payload: {
          name: 'Irene',
          surname: 'Soler',
          email: 'irene@example.com',
          password: 'Irene-Pass-2026',
          phone: '611222444',
          acceptConditions: true,
        },
      })
      expect(register.statusCode).toBe(200)
      await smtp.receiving

      const closing = app.close()
      await log.waitFor((l) => l.msg === 'stopping: waiting for the mail delivery under way')
      smtp.release()
      await closing

      expect(await statusOfMailTo('irene@example.com', pgDb ?? { dataDir })).toEqual(['sent'])
      expect(log.lines.filter((l) => l.level >= LOG_LEVEL_NUMBER.warn)).toEqual([])
    } finally {
      await smtp.close()
      await pgDb?.drop()
      await fs.rm(dataDir, { recursive: true, force: true })
    }
  })
})
