import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { repeatEvery } from '../lib/repeat.ts'
import type { Db } from './client.ts'

/** How often the sweep runs, and how long a spent row is kept before it goes. */
const EVERY_MS = 60 * 60 * 1000

/**
 * Removes rows nobody can use any more: customer tokens (sessions, activation and reset links) that
 * expired or were used more than a day ago, and rate-limit windows that ended more than an hour ago.
 * Both tables would otherwise grow with every login and every request counted.
 */
export async function sweepSpentRows(db: Db): Promise<{ tokens: number; rateLimits: number }> {
  const tokens = await db.execute(
    sql`delete from customer_tokens
        where expires_at < now() - interval '1 day' or used_at < now() - interval '1 day'`,
  )
  const rateLimits = await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`)
  const count = (res: unknown) =>
    Number(
      (res as { affectedRows?: number; rowCount?: number }).affectedRows ??
        (res as { rowCount?: number }).rowCount ??
        0,
    )
  return { tokens: count(tokens), rateLimits: count(rateLimits) }
}

/** Sweeps once shortly after start and then every hour; `stop` ends it (app close). */
export function startHousekeeping(db: Db, log: FastifyBaseLogger) {
  return repeatEvery(EVERY_MS, 5_000, () =>
    sweepSpentRows(db).then(
      (removed) => {
        if (removed.tokens || removed.rateLimits) log.debug(removed, 'spent rows removed')
      },
      (err: unknown) => log.warn({ err }, 'housekeeping sweep failed'),
    ),
  )
}
