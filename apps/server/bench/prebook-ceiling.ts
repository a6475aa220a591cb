// `npx tsx apps/server/bench/prebook-ceiling.ts`: what the database alone does with a court prebook's
// unit of work, with no Node in the path. On a fresh seeded PostgreSQL database (TEST_DATABASE_URL,
// DATABASE_URL or BENCH_DATABASE_URL names the server; dropped at the end), `pgbench` replays the
// statements a prebook sends inside its unit (prebook-statements.ts prints them): the opening
// (holds that ran out released, the customer's lock, the live blocks of the time), the sale, its
// line, the booking with its block under the customer's limit, the day's version, the commit. Each
// transaction takes a court and an hour at random among billions, as the bench's prebooks take their
// own: the rare two that meet leave one without its block (`on conflict do nothing`), not an error.
// It prints transactions per second and the latency at 10 clients (one instance's pool) and at 50
// (the bench's connections): the ceiling no prebook through the app can pass on this machine.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { seededDemoApp } from './demo-app.ts'
import { createThrowawayDatabase, scriptDatabaseServer } from './throwaway-database.ts'

const base = scriptDatabaseServer()
if (!base) throw new Error('set TEST_DATABASE_URL to a PostgreSQL server')
const seconds = Number(process.env.BENCH_SECONDS ?? 10)

const throwaway = await createThrowawayDatabase(base, 'cz_ceiling')
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cz-ceiling-'))

/** The transaction of one prebook of a court, for pgbench: `:cust` in [lo, hi], `:res` a court of its type. */
const script = (ids: {
  customers: [number, number]
  courts: [number, number]
  type: number
  resourceType: number
}) => `
\\set cust random(${ids.customers[0]}, ${ids.customers[1]})
\\set res random(${ids.courts[0]}, ${ids.courts[1]})
\\set h random(1, 2000000000)
BEGIN;
with expired as (update bookings set status = 'expired' where status = 'held' and hold_expires_at <= now() and session_id is null and exists (select 1 from booking_blocks b where b.booking_id = bookings.id and b.released_at is null and b.resource_id in (:res)) returning id, sale_id), freed as (update booking_blocks set released_at = now() where released_at is null and booking_id in (select id from expired) returning resource_id) select pg_advisory_xact_lock(:cust) is null, (select coalesce(json_agg(expired), '[]') from expired), (select coalesce(json_agg(freed), '[]') from freed), (select coalesce(json_agg(x), '[]') from (select b.resource_id, lower(b.during), upper(b.during), b.is_no_online from booking_blocks b left join bookings k on k.id = b.booking_id where b.released_at is null and b.resource_id in (:res) and lower(b.during) < timestamptz '2030-01-01' + (:h + 1) * interval '1 hour' and upper(b.during) > timestamptz '2030-01-01' + :h * interval '1 hour') x);
insert into sales (customer_id, sale_number, title, subtotal_cents, total_cents, hold_expires_at) values (:cust, nextval('sale_number_seq'), '{"es-ES":"Reserva","en-US":"Booking"}', 1200, 1200, now() + interval '10 minutes') returning id;
\\gset s_
insert into sale_items (sale_id, kind, name, unit_price_cents, units, total_cents) values (:s_id, 1, '{"es-ES":"Pista","en-US":"Court"}', 1200, 1, 1200) returning id;
with booking as (insert into bookings (customer_id, booking_type_id, status, starts_at, ends_at, duration_minutes, price_cents, description, sale_id, hold_expires_at) select :cust, ${ids.type}, 'held', timestamptz '2030-01-01' + :h * interval '1 hour', timestamptz '2030-01-01' + (:h + 1) * interval '1 hour', 60, 1200, '{"es-ES":"Pista","en-US":"Court"}', :s_id, now() + interval '10 minutes' where (select count(*) from bookings where customer_id = :cust and status = 'held' and hold_expires_at > now()) < 1000000 returning id) insert into booking_blocks (booking_id, resource_id, during, price_cents) select id, :res, tstzrange(timestamptz '2030-01-01' + :h * interval '1 hour', timestamptz '2030-01-01' + (:h + 1) * interval '1 hour'), 1200 from booking on conflict do nothing returning id;
insert into availability_versions (resource_type_id, day, version) values (${ids.resourceType}, (date '2030-01-01' + (:h / 24)::int), 1) on conflict (resource_type_id, day) do update set version = availability_versions.version + 1;
COMMIT;
`

try {
  const app = await seededDemoApp(throwaway.url, dataDir)
  const cat = await app.services.bookings.catalogue.catalogue()
  const padel = cat.types.find((t) => /p[aá]del/i.test(t.name['es-ES']) && !t.byPlace)!
  const courts = padel.resourceTypeIds.flatMap((id) => (cat.resourcesOfType.get(id) ?? []).map((r) => r.id))
  const customers = await app.services.customers.contactsOf(Array.from({ length: 1000 }, (_, i) => i + 1))
  await app.close()
  const range = (ids: number[]): [number, number] => {
    const sorted = [...ids].sort((a, b) => a - b)
    if (sorted.at(-1)! - sorted[0]! + 1 !== sorted.length)
      throw new Error(`ids not contiguous: ${sorted.join(',')}`)
    return [sorted[0]!, sorted.at(-1)!]
  }
  const file = path.join(dataDir, 'prebook.sql')
  await fs.writeFile(
    file,
    script({
      customers: range([...customers.keys()]),
      courts: range(courts),
      type: padel.id,
      resourceType: padel.resourceTypeIds[0]!,
    }),
  )
  const url = new URL(throwaway.url)
  console.log(`load average at start: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`)
  for (const clients of [10, 50]) {
    const run = spawnSync(
      'pgbench',
      ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds), '-M', 'prepared', '-f', file],
      {
        encoding: 'utf8',
        env: {
          ...process.env,
          PGHOST: url.hostname,
          PGPORT: url.port || '5432',
          PGUSER: decodeURIComponent(url.username) || 'postgres',
          PGPASSWORD: decodeURIComponent(url.password),
          PGDATABASE: url.pathname.slice(1),
        },
      },
    )
    if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr}`)
    const tps = /tps = ([\d.]+)/.exec(run.stdout)?.[1]
    const latency = /latency average = ([\d.]+) ms/.exec(run.stdout)?.[1]
    const failed = /number of failed transactions: (\d+)/.exec(run.stdout)?.[1]
    console.log(
      `${clients} clients: ${Math.round(Number(tps))} prebooks/s, latency average ${latency} ms, failed ${failed}`,
    )
  }
  console.log(`load average at end: ${os.loadavg()[0]!.toFixed(1)}`)
} finally {
  await throwaway.drop()
  await fs.rm(dataDir, { recursive: true, force: true })
}
