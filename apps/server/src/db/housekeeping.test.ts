import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerTokens } from '../features/customers/customers.tables.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../test/build-test-app.ts'
import { insertCustomer, loginAs } from '../test/customers.ts'
import { sweepSpentRows } from './housekeeping.ts'

describe.each(testDatabaseKinds())('housekeeping on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp(kind)
  })
  afterAll(() => t.close())

  it('removes spent tokens and ended rate-limit windows, and keeps what still works', async () => {
    const { db } = t.app.database
    const id = await insertCustomer(t.app, { email: 'sweep@example.com', password: 'Sweep-Test-77' })
    const live = await loginAs(t.app, 'sweep@example.com', 'Sweep-Test-77')
    const day = 86_400_000
    await db.insert(customerTokens).values([
      // expired two days ago
      {
        customerId: id,
        kind: 'session',
        tokenHash: 'a'.repeat(64),
        expiresAt: new Date(Date.now() - 2 * day),
      },
      // a reset link used two days ago
      {
        customerId: id,
        kind: 'reset',
        tokenHash: 'b'.repeat(64),
        expiresAt: new Date(Date.now() + day),
        usedAt: new Date(Date.now() - 2 * day),
      },
      // logged out a minute ago: kept a while longer
      {
        customerId: id,
        kind: 'session',
        tokenHash: 'c'.repeat(64),
        expiresAt: new Date(Date.now() + day),
        usedAt: new Date(Date.now() - 60_000),
      },
    ])
    await db.execute(sql`insert into rate_limits (key, count, reset_at) values
      ('old', 3, now() - interval '2 hours'), ('current', 1, now() + interval '1 minute')`)

    const removed = await sweepSpentRows(db)
    expect(removed).toEqual({ tokens: 2, rateLimits: 1 })

    const hashes = (await db.select({ h: customerTokens.tokenHash }).from(customerTokens)).map((r) => r.h)
    expect(hashes).toHaveLength(2)
    expect(hashes).toContain('c'.repeat(64))
    const keys = await db.execute(sql`select key from rate_limits order by key`)
    const left = (keys as unknown as { rows: { key: string }[] }).rows.map((r) => r.key)
    expect(left).toContain('current')
    expect(left).not.toContain('old')

    // The live login still opens the customer's profile.
    const res = await t.app.inject({ url: `/api/publiccustomers/${id}`, headers: live.headers })
    expect(res.statusCode).toBe(200)
  })
})
