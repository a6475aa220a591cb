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

  it('removes spent tokens, ended rate-limit windows and old login counts, and keeps what still works', async () => {
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

    await db.execute(sql`insert into login_failures (email, failures, last_failure_at, next_try_at, noticed_at)
      values ('old@example.com', 9, now() - interval '2 days', now() - interval '2 days', null),
        ('noticed@example.com', 0, null, now() - interval '2 days', now() - interval '2 hours'),
        ('recent@example.com', 2, now(), now(), null)`)
    await db.execute(sql`insert into login_addresses (email, address_hash, last_login_at)
      values ('old@example.com', 'x', now() - interval '31 days')`)

    const removed = await sweepSpentRows(db)
    expect(removed).toEqual({ tokens: 2, rateLimits: 1, logins: 2 })

    const hashes = (await db.select({ h: customerTokens.tokenHash }).from(customerTokens)).map((r) => r.h)
    expect(hashes).toHaveLength(2)
    expect(hashes).toContain('c'.repeat(64))
    const keys = await db.execute(sql`select key from rate_limits order by key`)
    const left = (keys as unknown as { rows: { key: string }[] }).rows.map((r) => r.key)
    expect(left).toContain('current')
    expect(left).not.toContain('old')

    const emails = await db.execute(sql`select email from login_failures order by email`)
    expect((emails as unknown as { rows: { email: string }[] }).rows.map((r) => r.email)).toEqual([
      'noticed@example.com',
      'recent@example.com',
    ])

    // The live login still opens the customer's profile.
    const res = await t.app.inject({ url: `/api/publiccustomers/${id}`, headers: live.headers })
    expect(res.statusCode).toBe(200)
  })
})
