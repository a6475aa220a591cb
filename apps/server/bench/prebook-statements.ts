// `npx tsx apps/server/bench/prebook-statements.ts`: the statements one prebook sends to the
// database, a court's and a place's, as the demo customer on a fresh seeded PostgreSQL database
// (TEST_DATABASE_URL, DATABASE_URL or BENCH_DATABASE_URL names the server; the database is dropped
// at the end). Each statement is one round trip; BEGIN and COMMIT are counted as such.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { InjectOptions } from 'fastify'
import pg from 'pg'
import { setDemoLimits } from './demo-limits.ts'
import { seededDemoApp } from './demo-app.ts'
import { createThrowawayDatabase, scriptDatabaseServer } from './throwaway-database.ts'

const base = scriptDatabaseServer()
if (!base) throw new Error('set TEST_DATABASE_URL to a PostgreSQL server')

const throwaway = await createThrowawayDatabase(base, 'cz_statements')
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-statements-'))

/** What the pool's connections are sent while `recording` (the listening connection's checks left out). */
let recording: string[] | undefined
const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const params = (this as unknown as { connectionParameters: { application_name?: string } })
    .connectionParameters
  if (recording && params.application_name !== 'clubhouse customer changes') {
    const q = args[0]
    const text = typeof q === 'string' ? q : (q as { text: string }).text
    recording.push(text.replace(/\s+/g, ' ').trim())
  }
  return query.apply(this, args)
} as typeof pg.Client.prototype.query

try {
  const app = await seededDemoApp(throwaway.url, dataDir)
  // The demo customer may hold all four (decision 074's default is two).
  await setDemoLimits(app, { holdsPerCustomer: 10 })
  const login = await app.inject({
    method: 'POST',
    url: '/api/publiccustomers/cauth',
    payload: { email: 'demo@clubmistral.es', password: 'Mistral-Demo-2026' },
  })
  const demo = login.json<{ model: { id: number; token: string } }>().model
  const headers = { authorization: `Bearer ${demo.token}` }

  /** Sends `request` twice (the first warms the caches up) and prints the second's statements. */
  async function trace(title: string, request: (n: number) => InjectOptions) {
    for (const n of [0, 1]) {
      const statements: string[] = []
      recording = statements
      const res = await app.inject(request(n))
      recording = undefined
      if (n === 0) continue
      console.log(`\n${title}: ${res.statusCode}, ${statements.length} statements`)
      for (const s of statements) console.log(`  ${s.length > 160 ? `${s.slice(0, 157)}...` : s}`)
    }
  }

  const types = (await app.inject({ url: '/api/publicbookings/booking-types-list' })).json<{
    model: Array<{ id: number; name: string; grossPrice: number; byPlace: boolean }>
  }>().model
  const padel = types.find((t) => /p[aá]del/i.test(t.name) && t.grossPrice > 0 && !t.byPlace)!
  const day = new Date(Date.now() + 3 * 86_400_000)
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1)
  const date = day.toISOString().slice(0, 10)
  const courts = (
    await app.inject({
      method: 'POST',
      url: '/api/publicbookings/list',
      payload: { date, bookingTypeId: padel.id, customerId: null },
    })
  ).json<{ model: { list: Array<{ id: number }> } }>().model.list
  await trace('court prebook', (n) => ({
    method: 'POST',
    url: '/api/publicbookings/prebook',
    headers,
    remoteAddress: `10.0.0.${n + 1}`,
    payload: {
      booking: { customerId: demo.id, bookingTypeId: padel.id },
      blocks: [{ duration: 60, resourceId: courts[n]!.id, startDate: `${date} 17:00`, customerId: demo.id }],
    },
  }))

  // Two sessions of a class booked by place, with a price and no map, as the bench's.
  const byPlace = (await app.services.bookings.catalogue.catalogue()).types.find(
    (t) => t.byPlace && t.isOnline,
  )!
  const open = await app.services.placeBookings.createSessions(
    [2, 3].map((days) => ({
      bookingTypeId: byPlace.id,
      startsAt: new Date(Date.parse(`${date}T07:00:00Z`) + days * 86_400_000),
      durationMinutes: 60,
      maxParticipants: 20,
      priceCents: 800,
      description: { 'es-ES': 'Sesión', 'en-US': 'Session' },
    })),
  )
  await trace('place prebook', (n) => ({
    method: 'POST',
    url: `/api/publicbookings/byplace-prebook-place/${demo.id}/${open[n]!}`,
    headers,
    remoteAddress: `10.0.1.${n + 1}`,
  }))
  await app.close()
} finally {
  await throwaway.drop()
  await fs.rm(dataDir, { recursive: true, force: true })
}
