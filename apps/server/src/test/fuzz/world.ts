import { sql } from 'drizzle-orm'
import type { App } from '../../app.ts'
import { EditInputType } from '@clubhouse/contract/server'
import { anOrderAndAVoucher, both, createTestCustomers, type TestCustomer } from '../account-fixtures.ts'
import { createPlaceClub, createSession } from '../place-fixtures.ts'
import { HOUR, prebookBody, T0 } from '../booking-fixtures.ts'
import { buildTestApp, type DatabaseKind, type TestApp } from '../build-test-app.ts'
import { createCheckoutShop } from '../checkout-fixtures.ts'
import { clearRateLimits, loginAs, type LoggedIn } from '../customers.ts'
import { COUNTERS } from '../table-snapshot.ts'
import { hashPassword } from '../../features/customers/passwords.ts'

/**
 * The centre the fuzzer runs against: a shop, a club with courts and classes by place, an activity
 * with its form, the cities of a lookup; and two customers logged in through the API. The first
 * (`owner`) has a history of their own — an order, a voucher, a held court, a sign-up — whose ids
 * the other customer and visitors use in their requests, and whose `markers` must never show in
 * an answer to anyone else.
 */
export interface FuzzWorld {
  t: TestApp
  app: App
  owner: Person
  other: Person
  /** Ids of the centre anyone may name (products, booking types, resources, activities, forms...). */
  publicIds: number[]
  /** Ids of the owner's own rows (sales, vouchers, bookings, sign-ups, mails...), their customer id too. */
  ownerIds: number[]
  /** Texts of the owner's that only the owner may read: email, name, order number, token. */
  markers: string[]
}

export interface Person extends TestCustomer {
  session: LoggedIn
}

const OWNER_EMAIL = 'olwen.fuzzowner@example.com'
const OWNER_NAME = 'Olwenfuzzowner'
const OWNER_ORDER = 'FZ-OWNER-0001'

export async function buildFuzzWorld(kind: DatabaseKind): Promise<FuzzWorld> {
  const t = await buildTestApp(kind, { now: () => T0 })
  const { app } = t
  const s = app.services
  const club = await createPlaceClub(s)
  const shop = await createCheckoutShop(s)
  const session = await createSession(s, club, T0 + 2 * 24 * HOUR)
  const [activity] = await s.activities.createActivities([
    {
      name: both('Yoga', 'Yoga'),
      description: both('<p>Gratis</p>', '<p>Free</p>'),
      startsAt: new Date(T0 + 5 * 24 * HOUR),
      endsAt: new Date(T0 + 5 * 24 * HOUR + 2 * HOUR),
    },
  ])
  await s.forms.createCities(['Madrid', 'Bilbao'])
  await s.forms.createForm({
    parentName: 'Activity',
    parentId: activity!,
    legalChecks: true,
    fields: [
      { name: 'level', label: both('Nivel', 'Level'), inputType: EditInputType.Text, required: true },
      { name: 'certificate', label: both('Certificado', 'Certificate'), inputType: EditInputType.FileLoader },
    ],
  })
  const [ownerRow, otherRow] = await createTestCustomers(s, [
    { email: OWNER_EMAIL, name: OWNER_NAME, ...anOrderAndAVoucher(OWNER_ORDER, shop.pass) },
    { email: 'other.customer@example.com', name: 'Other' },
  ])
  const owner: Person = { ...ownerRow!, session: await loginAs(app, ownerRow!.email, ownerRow!.password) }
  const other: Person = { ...otherRow!, session: await loginAs(app, otherRow!.email, otherRow!.password) }

  // The owner's own doings, through the API: a held court and a place in a class.
  const asOwner = { authorization: owner.session.headers.authorization, 'accept-language': 'en-US' }
  const held = await app.inject({
    method: 'POST',
    url: '/api/publicbookings/prebook',
    headers: asOwner,
    payload: prebookBody(owner.id, club.padel, '2030-01-10 09:00', 60, [club.court1]),
  })
  if (held.statusCode !== 200) throw new Error(`the owner's prebook was refused: ${held.body}`)
  await clearRateLimits(app)

  const ownerIds = [owner.id, ...(await rowIdsOf(app, owner.id))]
  const publicIds = [
    ...new Set([
      ...Object.values(club).flatMap((v) =>
        typeof v === 'number' ? [v] : typeof v === 'object' && 'id' in v ? [v.id, ...v.placeIds] : [],
      ),
      ...Object.values(shop),
      session,
      activity!,
    ]),
  ].filter((id) => Number.isInteger(id))
  return {
    t,
    app,
    owner,
    other,
    publicIds,
    ownerIds: [...new Set(ownerIds)],
    markers: [OWNER_EMAIL, OWNER_NAME, OWNER_ORDER, owner.session.token],
  }
}

/** The tables whose rows name a customer in `customer_id`. */
async function customerTables(app: App, withIntegerId = false): Promise<string[]> {
  const tables = (await app.database.db.execute(sql`
    select c.table_name as name from information_schema.columns c
    where c.table_schema = 'public' and c.column_name = 'customer_id'
    ${
      withIntegerId
        ? sql`and exists (select 1 from information_schema.columns i where i.table_name = c.table_name
            and i.table_schema = c.table_schema and i.column_name = 'id' and i.data_type = 'integer')`
        : sql``
    }
    order by 1`)) as unknown as { rows: { name: string }[] }
  return tables.rows.map((r) => r.name)
}

const tablesOfCustomers = new WeakMap<App, string[]>()

/**
 * A digest of one customer's rows: theirs in `customers` and every row naming them in
 * `customer_id` (the rate limiter's counters aside). One round trip.
 */
export async function fingerprintCustomer(app: App, customerId: number): Promise<string> {
  let tables = tablesOfCustomers.get(app)
  if (!tables) {
    tables = (await customerTables(app)).filter((name) => !COUNTERS.includes(name))
    tablesOfCustomers.set(app, tables)
  }
  const rowsOf = [
    sql`select 'customers' as t, row_to_json(x)::text as r from customers x where id = ${customerId}`,
    ...tables.map(
      (name) =>
        sql`select ${name}::text as t, row_to_json(x)::text as r from ${sql.identifier(name)} x where customer_id = ${customerId}`,
    ),
  ]
  const res = (await app.database.db.execute(sql`
    select md5(string_agg(t || ' ' || r, E'\n' order by t, r)) as digest
    from (${sql.join(rowsOf, sql` union all `)}) rows`)) as unknown as { rows: { digest: string }[] }
  return res.rows[0]!.digest
}

/** The ids of every row of every table that names this customer in `customer_id`. */
async function rowIdsOf(app: App, customerId: number): Promise<number[]> {
  const ids: number[] = []
  for (const name of await customerTables(app, true)) {
    const res = (await app.database.db.execute(
      sql`select id from ${sql.identifier(name)} where customer_id = ${customerId}`,
    )) as unknown as { rows: { id: number }[] }
    ids.push(...res.rows.map((r) => r.id))
  }
  return ids
}

/**
 * Both customers logged in again when a request ended a session (a logout, a new password): through
 * the API as they were, their email and password put back first when a request changed them.
 */
export async function keepSessions(world: FuzzWorld): Promise<void> {
  for (const person of [world.owner, world.other]) {
    const probe = await world.app.inject({
      method: 'GET',
      url: `/api/publiccustomers/${person.id}`,
      headers: person.session.headers,
    })
    if (probe.statusCode === 200) continue
    await clearRateLimits(world.app)
    await world.app.database.db.execute(sql`
      update customers set email = ${person.email}, password_hash = ${await hashPassword(person.password)}
      where id = ${person.id}`)
    person.session = await loginAs(world.app, person.email, person.password)
    if (person === world.owner) world.markers[3] = person.session.token
  }
}
