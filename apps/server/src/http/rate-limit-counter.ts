import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'

/**
 * Counts one hit of `key` in a fixed window of `windowMs` on the `rate_limits` table (the same
 * table the route limiter uses, so every process counts alike) and answers the count so far.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<number> {
  return (await hitWindow(db, key, windowMs)).count
}

/** Counts one hit like `countHit`, and answers when the current window ends. */
export async function hitWindow(
  db: Db,
  key: string,
  windowMs: number,
): Promise<{ count: number; endsAt: Date }> {
  const res = await db.execute(
    sql`insert into rate_limits (key, count, reset_at)
        values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning count, reset_at`,
  )
  const row = (res as unknown as { rows: Array<{ count: number | string; reset_at: Date | string }> }).rows[0]
  return { count: Number(row?.count ?? 1), endsAt: new Date(row?.reset_at ?? Date.now() + windowMs) }
}

/** Forgets the hits of `key` (a successful login clears its failures). */
export async function forgetHits(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`)
}
