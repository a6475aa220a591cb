import pg from 'pg'

/**
 * The key of the start-up lock ("Clubhous" in ASCII, as a bigint): the same in every instance of
 * the site. Advisory locks belong to one database, so sites on other databases never wait on it.
 */
export const STARTUP_LOCK_KEY = '4858387163545302387'

/**
 * Runs start-up work — migrations, the first demo seed — while holding a PostgreSQL advisory lock
 * (decision 035), so N instances started at the same moment on one database do it one after the
 * other: the first migrates and seeds, the others find it done. The lock is taken on a client of
 * its own, not one of the pool, and released after (or by PostgreSQL when that session ends, if the
 * process dies). Without a URL the database is the embedded one, which a single process owns:
 * the work runs at once.
 */
export async function withStartupLock<T>(
  databaseUrl: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return work()
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'clubhouse start-up lock' })
  // A lost connection is reported by the unlock below; without a listener it would end the process.
  client.on('error', () => {})
  await client.connect()
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY])
    return await work()
  } finally {
    await client.query('select pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_KEY]).catch(() => {})
    await client.end().catch(() => {})
  }
}
