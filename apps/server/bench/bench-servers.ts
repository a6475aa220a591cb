// The servers `npm run bench` loads, in a process of their own: the app on a fresh seeded database
// and a bare Fastify route with the same server settings, side by side on the same event loop.
//
// The database is PostgreSQL when TEST_DATABASE_URL, DATABASE_URL or BENCH_DATABASE_URL names a
// server: a throwaway database is created there and dropped at the end. Otherwise PGlite.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import Fastify from 'fastify'
import { buildApp, serverOptions } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { seedDemoCentre } from '../src/db/seed/index.ts'
import { bookingTypes } from '../src/features/bookings/bookings.tables.ts'
import { settings } from '../src/features/content/content.tables.ts'
import { createThrowawayDatabase, scriptDatabaseServer } from './throwaway-database.ts'

const serverUrl = scriptDatabaseServer()

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-bench-'))
const throwaway = serverUrl ? await createThrowawayDatabase(serverUrl, 'cz_bench') : undefined
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DATABASE_URL: throwaway?.url ?? '',
})
const app = await buildApp(config, { logger: false })
await seedDemoCentre(app.services, dataDir)
// The bench's prebooks are all the demo customer's, each its own court and hour over weeks ahead: the
// centre's limits per customer (to their most, 1,000) and its days ahead (decision 074) are lifted.
// Past 1,000 live holds the prebooks are refused and show as errors: a bench of many customers, each
// within the limits, is still to come.
const [main] = await app.database.db.select().from(settings).where(eq(settings.kind, 'main'))
await app.services.content.saveSettings('main', {
  ...(main!.value as object),
  holdsPerCustomer: 1000,
  freeBookingsPerDay: 1000,
} as never)
await app.database.db.update(bookingTypes).set({ daysAhead: 365 })
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' })

// Same Fastify settings as the app; only the app's plugins, hooks and routes are missing.
const bare = Fastify(serverOptions(config, false))
bare.get('/bare', async () => ({ ok: true, data: { hello: 'world' } }))
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })

let closing = false
async function close() {
  if (closing) return
  closing = true
  await app.close()
  await bare.close()
  await throwaway?.drop()
  await fs.rm(dataDir, { recursive: true, force: true })
  process.exit(0)
}
process.on('SIGTERM', () => void close())
process.on('disconnect', () => void close())

process.send?.({
  appUrl,
  bareUrl,
  database: throwaway ? `postgres (throwaway database ${throwaway.name})` : app.database.kind,
})
