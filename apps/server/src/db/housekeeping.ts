import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { repeatEvery } from '../lib/repeat.ts'
import type { Db } from './client.ts'

/**
 * Removes rows nobody can use any more: customer tokens (sessions, activation and reset links) that
 * expired or were used more than a day ago, rate-limit windows that ended more than an hour ago,
 * failed logins untouched for a day and login addresses not used for 30 days (decision 075). The
 * tables would otherwise grow with every login and every request counted. The tokens and the login
 * rows are written by the app's clock (`now`), so they are aged by it too.
 */
export async function sweepSpentRows(
  db: Db,
  now: number = Date.now(),
): Promise<{ tokens: number; rateLimits: number; logins: number }> {
  const at = new Date(now).toISOString()
  const tokens = await db.execute(
    sql`delete from customer_tokens
        where expires_at < ${at}::timestamptz - interval '1 day' or used_at < ${at}::timestamptz - interval '1 day'`,
  )
  const rateLimits = await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`)
  const failures = await db.execute(
    sql`delete from login_failures
        where greatest(next_try_at, last_failure_at, noticed_at) < ${at}::timestamptz - interval '1 day'`,
  )
  const addresses = await db.execute(
    sql`delete from login_addresses where last_login_at < ${at}::timestamptz - interval '30 days'`,
  )
  const count = (res: unknown) =>
    Number(
      (res as { affectedRows?: number; rowCount?: number }).affectedRows ??
        (res as { rowCount?: number }).rowCount ??
        0,
    )
  return {
    tokens: count(tokens),
    rateLimits: count(rateLimits),
    logins: count(failures) + count(addresses),
  }
}

/** Sweeps once shortly after start and then every `everyMs` (0: never); `stop` ends it (app close). */
export function startHousekeeping(
  db: Db,
  log: FastifyBaseLogger,
  clock: () => number = Date.now,
  everyMs = 3_600_000,
) {
  return repeatEvery(everyMs, 5_000, () =>
    sweepSpentRows(db, clock()).then(
      (removed) => {
        if (removed.tokens || removed.rateLimits || removed.logins) log.debug(removed, 'spent rows removed')
      },
      (err: unknown) => log.warn({ err }, 'housekeeping sweep failed'),
    ),
  )
}
