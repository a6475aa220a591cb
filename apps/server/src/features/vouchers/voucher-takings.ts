import { sql } from 'drizzle-orm'
import { rowsOf, type Db } from '../../db/client.ts'

/**
 * What vouchers paid between two instants (a day's takings, issue 23): the spends on sales (the
 * negative movements that name a sale), by kind of voucher. Money in cents, sessions as a count,
 * hours in minutes, as they are stored.
 */
export function createVoucherTakings(db: Db) {
  async function spendsBetween(from: Date, to: Date) {
    const rows = rowsOf<{ kind: number; n: number; amount: number }>(
      await db.execute(sql`select v.kind, count(*)::int as n, coalesce(sum(-m.amount), 0)::int as amount
        from voucher_movements m join vouchers v on v.id = m.voucher_id
        where m.amount < 0 and m.sale_id is not null
          and m.created_at >= ${from.toISOString()}::timestamptz and m.created_at < ${to.toISOString()}::timestamptz
        group by v.kind order by v.kind`),
    )
    return rows.map((r) => ({ kind: Number(r.kind), count: Number(r.n), amount: Number(r.amount) }))
  }
  return { spendsBetween }
}
