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

/** Writes a customer straight into the database (activated unless told), for tests that need one. */
export async function insertCustomer(
  app: App,
  c: { email: string; password: string | null; name?: string; activated?: boolean },
): Promise<number> {
  const [row] = await app.database.db
    .insert(customers)
    .values({
      email: c.email,
      passwordHash: c.password === null ? null : await hashPassword(c.password),
      name: c.name ?? 'Test',
      surname: 'Customer',
      phone: '600000000',
      acceptConditions: true,
      activatedAt: c.activated === false ? null : new Date(),
    })
    .returning({ id: customers.id })
  return row!.id
}

/** The stored row of a customer, to check what a request changed or did not change. */
export async function customerRow(app: App, id: number) {
  const [row] = await app.database.db.select().from(customers).where(eq(customers.id, id))
  return row
}

/** Starts every rate-limit window afresh (the tests' requests all come from one address). */
export async function clearRateLimits(app: App) {
  await app.database.db.execute(sql`delete from rate_limits`)
}
