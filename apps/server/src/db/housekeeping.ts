import { sql, type SQL } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { repeatEvery } from '../lib/repeat.ts'
import type { Db } from './client.ts'

/** The tables of tokens: the customers' and the staff's (decision 106). */
const SPENT_TOKENS = ['customer_tokens', 'staff_tokens'] as const
/** The pairs of tables of failed logins and known addresses: the customers' and the staff's. */
const SPENT_LOGINS = [
  { failures: 'login_failures', addresses: 'login_addresses' },
  { failures: 'staff_login_failures', addresses: 'staff_login_addresses' },
] as const

/**
 * Removes rows nobody can use any more: customer and staff tokens (sessions, activation and reset links) that
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
  const removed = async (query: SQL) => {
    const res = (await db.execute(query)) as { affectedRows?: number; rowCount?: number }
    return Number(res.affectedRows ?? res.rowCount ?? 0)
  }
  let tokens = 0
  for (const table of SPENT_TOKENS) {
    tokens += await removed(
      sql`delete from ${sql.identifier(table)}
          where expires_at < ${at}::timestamptz - interval '1 day' or used_at < ${at}::timestamptz - interval '1 day'`,
    )
  }
  const rateLimits = await removed(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`)
  let logins = 0
  for (const { failures, addresses } of SPENT_LOGINS) {
    logins += await removed(
      sql`delete from ${sql.identifier(failures)}
          where greatest(next_try_at, last_failure_at, noticed_at) < ${at}::timestamptz - interval '1 day'`,
    )
    logins += await removed(
      sql`delete from ${sql.identifier(addresses)} where last_login_at < ${at}::timestamptz - interval '30 days'`,
    )
  }
  return { tokens, rateLimits, logins }
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
