import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { writingNothingKept } from '../db/writers.ts'

/**
 * Counts one hit of `key` in a fixed window of `windowMs` on the `rate_limits` table (the same
 * table the route limiter uses, so every process counts alike) and answers the count so far. A hit
 * may weigh more than one (the bytes of an upload).
 */
export async function countHit(db: Db, key: string, windowMs: number, weight = 1): Promise<number> {
  return (await hitWindow(db, key, windowMs, weight)).count
}

/** The largest count a window holds (an integer column): a heavier total stays there. */
const MAX_COUNT = 2_147_483_647

/** Counts one hit like `countHit`, and answers when the current window ends. */
export async function hitWindow(
  db: Db,
  key: string,
  windowMs: number,
  weight = 1,
): Promise<{ count: number; endsAt: Date }> {
  // The counters are kept by no cache: their writes make no read wait (decision 102).
  const res = await writingNothingKept(
    async () =>
      await db.execute(
        sql`insert into rate_limits (key, count, reset_at)
        values (${key}, ${weight}, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then excluded.count
            else least(rate_limits.count::bigint + excluded.count, ${MAX_COUNT}) end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning count, reset_at`,
      ),
  )
  const row = (res as unknown as { rows: Array<{ count: number | string; reset_at: Date | string }> }).rows[0]
  return { count: Number(row?.count ?? weight), endsAt: new Date(row?.reset_at ?? Date.now() + windowMs) }
}

/** Forgets the hits of `key` (a successful login clears its failures). */
export async function forgetHits(db: Db, key: string): Promise<void> {
  await writingNothingKept(async () => await db.execute(sql`delete from rate_limits where key = ${key}`))
}
