import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema.ts'

/**
 * What every service queries through: the database, or the open unit's transaction (decision 027),
 * typed by our tables. Which database runs it is client.ts's business alone. It lives apart from
 * client.ts so that units.ts, which client.ts builds, can name it without an import cycle (decision 039).
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** The rows of a raw statement (`db.execute`), as both drivers answer them: `{ rows }`. */
export const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows
