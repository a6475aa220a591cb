// The servers `npm run bench` loads, in a process of their own: the app on a fresh seeded database
// and a bare Fastify route with the same server settings, side by side on the same event loop.
//
// The database is PostgreSQL when TEST_DATABASE_URL, DATABASE_URL or BENCH_DATABASE_URL names a
// server: a throwaway database is created there and dropped at the end. Otherwise PGlite.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { buildApp, serverOptions } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { seedDemoCentre } from '../src/db/seed/index.ts'
import { bookingTypes } from '../src/features/bookings/bookings.tables.ts'
import { customerTokens } from '../src/features/customers/customers.tables.ts'
import { hashToken } from '../src/http/auth.ts'
import { setDemoLimits } from './demo-limits.ts'
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
// The bench's prebooks are those of many customers (BENCH_CUSTOMERS, 500 by default), each its own
// court and hour over weeks ahead, or its own place in one of the bench's sessions: the centre's
// limits per customer (to their most, 1,000) and its days ahead (decision 074) are lifted, as a
// customer here holds more than a customer would.
await setDemoLimits(app, { holdsPerCustomer: 1000, freeBookingsPerDay: 1000 })
await app.database.db.update(bookingTypes).set({ daysAhead: 365 })

// The customers who prebook, each with a session of their own (written as a login writes it: a login
// per customer would measure the password hashing).
const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 500)
const benchCustomers: Array<{ id: number; token: string }> = []
for (let i = 1; i <= customerCount; i++) {
  const customer = {
    email: `bench${i}@example.com`,
    passwordHash: null,
    name: `Bench ${i}`,
    surname: 'Customer',
  }
  const id = await app.services.customers.importCustomer({
    customer: { ...customer, phone: '600000000', acceptConditions: true, activatedAt: new Date() },
  })
  benchCustomers.push({ id, token: randomBytes(32).toString('hex') })
}
await app.database.db.insert(customerTokens).values(
  benchCustomers.map((c) => ({
    customerId: c.id,
    kind: 'session' as const,
    tokenHash: hashToken(c.token),
    expiresAt: new Date(Date.now() + 86_400_000),
  })),
)
// Sessions of a class booked by place, one a day at 07:00 UTC from two days ahead, each with room for
// every bench customer and a price (each prebook a hold with its sale), and no place map.
const catalogue = await app.services.bookings.catalogue.catalogue()
const byPlace = catalogue.types.find((t) => t.byPlace && t.isOnline)
const sessionIds = byPlace
  ? await app.services.placeBookings.createSessions(
      Array.from({ length: 60 }, (_, i) => {
        const startsAt = new Date(Date.now() + (i + 2) * 86_400_000)
        startsAt.setUTCHours(7, 0, 0, 0)
        return {
          bookingTypeId: byPlace.id,
          startsAt,
          durationMinutes: 60,
          maxParticipants: customerCount,
          priceCents: 800,
          description: { 'es-ES': 'Sesión de prueba', 'en-US': 'Bench session' },
        }
      }),
    )
  : []
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
  customers: benchCustomers,
  sessionIds,
})
