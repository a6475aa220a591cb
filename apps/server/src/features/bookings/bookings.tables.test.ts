import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqlState } from '../../db/refusals.ts'
import { buildTestApp, testDatabaseKinds, type TestApp } from '../../test/build-test-app.ts'

/** The database itself keeps live blocks of one resource apart, whatever the code above it does. */
describe.each(testDatabaseKinds())('booking blocks on %s', (kind) => {
  let t: TestApp
  let court: number
  let other: number
  beforeAll(async () => {
    t = await buildTestApp(kind)
    const db = t.app.database.db
    await db.execute(
      sql`insert into resource_types (id, name) values (1, '{"es-ES":"Pistas","en-US":"Courts"}')`,
    )
    await db.execute(sql`insert into resources (id, resource_type_id, name, description) values
      (1, 1, '{"es-ES":"Pista 1","en-US":"Court 1"}', '{"es-ES":"","en-US":""}'),
      (2, 1, '{"es-ES":"Pista 2","en-US":"Court 2"}', '{"es-ES":"","en-US":""}')`)
    court = 1
    other = 2
  })
  afterAll(() => t.close())

  const block = (resourceId: number, from: string, to: string) =>
    t.app.database.db.execute(
      sql`insert into booking_blocks (resource_id, during, is_no_online)
          values (${resourceId}, tstzrange(${from}::timestamptz, ${to}::timestamptz), true) returning id`,
    )
  const refusal = async (p: Promise<unknown>) =>
    sqlState(
      await p.then(
        () => undefined,
        (e: unknown) => e,
      ),
    )

  it('refuses a live block overlapping another on the same resource, and takes one that only touches it', async () => {
    await block(court, '2030-03-04T09:00Z', '2030-03-04T10:30Z')
    expect(await refusal(block(court, '2030-03-04T10:00Z', '2030-03-04T11:00Z'))).toBe('23P01')
    expect(await refusal(block(court, '2030-03-04T08:00Z', '2030-03-04T12:00Z'))).toBe('23P01')
    // [09:00, 10:30) and [10:30, 11:30) share no instant.
    expect(await refusal(block(court, '2030-03-04T10:30Z', '2030-03-04T11:30Z'))).toBeUndefined()
    expect(await refusal(block(other, '2030-03-04T09:00Z', '2030-03-04T10:30Z'))).toBeUndefined()
  })

  it('lets a released block be overlapped', async () => {
    await block(court, '2030-03-05T09:00Z', '2030-03-05T10:00Z')
    await t.app.database.db.execute(
      sql`update booking_blocks set released_at = now() where resource_id = ${court} and lower(during) = '2030-03-05T09:00Z'`,
    )
    expect(await refusal(block(court, '2030-03-05T09:30Z', '2030-03-05T10:30Z'))).toBeUndefined()
  })

  it('refuses an empty or endless range', async () => {
    expect(await refusal(block(court, '2030-03-06T09:00Z', '2030-03-06T09:00Z'))).toBe('23514')
    const endless = t.app.database.db.execute(
      sql`insert into booking_blocks (resource_id, during, is_no_online) values (${court}, tstzrange('2030-03-06T09:00Z', null), true)`,
    )
    expect(await refusal(endless)).toBe('23514')
  })
})
