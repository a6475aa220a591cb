import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'

/**
 * Counts one hit of `key` in a fixed window of `windowMs` on the `rate_limits` table (the same
 * table the route limiter uses, so every process counts alike) and answers the count so far.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<number> {
  const res = await db.execute(
    sql`insert into rate_limits (key, count, reset_at)
        values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning count`,
  )
  const row = (res as unknown as { rows: Array<{ count: number | string }> }).rows[0]
  return Number(row?.count ?? 1)
}

/** Forgets the hits of `key` (a successful login clears its failures). */
export async function forgetHits(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`)
}
