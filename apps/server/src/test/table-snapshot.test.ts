import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { infoRequests } from '../features/comms/comms.tables.ts'
import { customers } from '../features/customers/customers.tables.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import { insertCustomer } from './customers.ts'
import { expectTablesUnchanged, snapshotTables } from './table-snapshot.ts'

describe('the snapshot of tables a refused write must leave as they were', () => {
  let t: TestApp
  let id: number
  beforeAll(async () => {
    t = await buildTestApp('pglite')
    id = await insertCustomer(t.app, { email: 'snap@example.com', password: 'Snap-Pass-1' })
  })
  afterAll(() => t.close())
  const db = () => t.app.database.db

  it('passes when nothing changed', async () => {
    const before = await snapshotTables(t.app)
    expect(before.tables).toEqual(expect.arrayContaining(['customers', 'communications', 'info_requests']))
    expect(before.rows.customers).toHaveLength(1)
    await expectTablesUnchanged(t.app, before)
  })

  it('fails when a row was added, one column changed, or a row removed', async () => {
    const before = await snapshotTables(t.app)
    await db().insert(infoRequests).values({ email: 'a@example.com', question: 'Open on Sundays?' })
    await expect(expectTablesUnchanged(t.app, before)).rejects.toThrow()

    const withQuestion = await snapshotTables(t.app)
    await db().update(customers).set({ phone: '600000001' }).where(eq(customers.id, id))
    await expect(expectTablesUnchanged(t.app, withQuestion)).rejects.toThrow()

    const withPhone = await snapshotTables(t.app, ['info_requests'])
    await db().delete(infoRequests)
    await expect(expectTablesUnchanged(t.app, withPhone)).rejects.toThrow()
  })

  it("leaves out the rate limiter's counters, which count refused requests too", async () => {
    const before = await snapshotTables(t.app)
    expect(before.tables).not.toContain('rate_limits')
    await db().execute(
      sql`insert into rate_limits (key, count, reset_at) values ('snap', 1, now() + interval '1 minute')`,
    )
    await expectTablesUnchanged(t.app, before)
  })
})
