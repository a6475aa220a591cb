import { eq, sql } from 'drizzle-orm'
import type { App } from '../app.ts'
import { customers } from '../features/customers/customers.tables.ts'
import { hashPassword } from '../features/customers/passwords.ts'

export interface LoggedIn {
  id: number
  token: string
  headers: { authorization: string }
}

/** Logs a customer in through POST /api/publiccustomers/cauth; fails the test when refused. */
export async function loginAs(app: App, email: string, password: string): Promise<LoggedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/publiccustomers/cauth',
    payload: { email, password },
  })
  if (res.statusCode !== 200) {
    throw new Error(`login of ${email} refused: ${res.statusCode} ${res.body}`)
  }
  const { model } = res.json<{ model: { id: number; token: string } }>()
  return { id: model.id, token: model.token, headers: { authorization: `Bearer ${model.token}` } }
}

/** Brings a customer in through the customers service (activated unless told), for tests that need one. */
export async function insertCustomer(
  app: App,
  c: { email: string; password: string | null; name?: string; activated?: boolean },
): Promise<number> {
  return app.services.customers.importCustomer({
    customer: {
      email: c.email,
      passwordHash: c.password === null ? null : await hashPassword(c.password),
      name: c.name ?? 'Test',
      surname: 'Customer',
      phone: '600000000',
      acceptConditions: true,
      activatedAt: c.activated === false ? null : new Date(),
    },
  })
}

/** The stored row of a customer, to check what a request changed or did not change. */
export async function customerRow(app: App, id: number) {
  const [row] = await app.database.db.select().from(customers).where(eq(customers.id, id))
  return row
}

/** The id of the account of an email (registration answers none, decision 076); fails without one. */
export async function customerIdOf(app: App, email: string): Promise<number> {
  const [row] = await app.database.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.email, email.toLowerCase()))
  if (!row) throw new Error(`no account for ${email}`)
  return row.id
}

/**
 * Starts every rate-limit window afresh and forgets failed logins (the tests' requests all come from
 * one address). The addresses customers logged in from are kept: they are a record, not a counter.
 */
export async function clearRateLimits(app: App) {
  await app.database.db.execute(sql`delete from rate_limits`)
  await app.database.db.execute(sql`delete from login_failures`)
}

/**
 * Many customers at once, each with a session of their own: for races between customers, where a
 * login per customer would only measure the password hashing. The sessions are opened as a login
 * opens them, by the app's clock.
 */
export async function insertLoggedInCustomers(
  app: App,
  count: number,
  prefix = 'racer',
): Promise<LoggedIn[]> {
  const passwordHash = await hashPassword('Racer-Pass-2030')
  const out: LoggedIn[] = []
  for (let i = 1; i <= count; i++) {
    const id = await app.services.customers.importCustomer({
      customer: {
        email: `${prefix}${i}@example.com`,
        passwordHash,
        name: `Racer ${i}`,
        surname: 'Customer',
        phone: '600000000',
        acceptConditions: true,
        activatedAt: new Date(),
      },
    })
    const { token } = await app.services.customers.openSession(id)
    out.push({ id, token, headers: { authorization: `Bearer ${token}` } })
  }
  return out
}
