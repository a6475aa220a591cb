import { sql } from 'drizzle-orm'
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit'
import type { Db } from '../db/client.ts'
import { writingNothingKept } from '../db/writers.ts'

interface RouteParams extends FastifyRateLimitOptions {
  routeInfo?: { method?: string | string[]; url?: string }
}

/**
 * A @fastify/rate-limit store on the `rate_limits` table: fixed windows counted with one upsert,
 * so every app process behind a load balancer sees the same counters.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
    ) {
      const windowMs = Math.max(1, Math.trunc(timeWindow ?? 60_000))
      const fullKey = `${this.prefix}|${key}`
      // The counters are kept by no cache: their writes make no read wait (decision 102). Only the
      // statement runs so; the request goes on from the callback in its own context.
      const counted = writingNothingKept(
        async () =>
          await db.execute(
            sql`insert into rate_limits (key, count, reset_at)
            values (${fullKey}, 1, now() + ${windowMs} * interval '1 millisecond')
            on conflict (key) do update set
              count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
              reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
            returning count, ceil(extract(epoch from (reset_at - now())) * 1000) as ttl`,
          ),
      )
      counted.then(
        (res) => {
          const row = (res as unknown as { rows: Array<{ count: number | string; ttl: number | string }> })
            .rows[0]
          callback(null, { current: Number(row?.count ?? 1), ttl: Math.max(0, Number(row?.ttl ?? windowMs)) })
          // Forget long-finished windows now and then, so the table stays small.
          if (Math.random() < 0.01) {
            writingNothingKept(
              async () =>
                await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`),
            ).catch(() => {})
          }
        },
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      )
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const info = (routeOptions as unknown as RouteParams).routeInfo ?? {}
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '')
      return new DatabaseStore(
        routeOptions as unknown as FastifyRateLimitOptions,
        `${method} ${info.url ?? ''}`,
      )
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor
}
