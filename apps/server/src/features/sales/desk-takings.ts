import { sql } from 'drizzle-orm'
import { DeskPaymentMethodId } from '@clubhouse/contract/server'
import { rowsOf, type Db } from '../../db/client.ts'

/**
 * What the desk took between two instants (a day's takings, issue 23): sales paid at the desk in
 * cash or by card, by method, as `paySale` settled them (not online).
 */
export function createDeskTakings(db: Db) {
  async function deskTakingsBetween(from: Date, to: Date) {
    const rows = rowsOf<{ payment_method_id: number; n: number; cents: number }>(
      await db.execute(sql`select payment_method_id, count(*)::int as n, coalesce(sum(paid_cents), 0)::int as cents
        from sales
        where status = 'paid' and not online
          and payment_method_id in (${DeskPaymentMethodId.Cash}, ${DeskPaymentMethodId.Card})
          and paid_at >= ${from.toISOString()}::timestamptz and paid_at < ${to.toISOString()}::timestamptz
        group by payment_method_id order by payment_method_id`),
    )
    return rows.map((r) => ({
      paymentMethodId: Number(r.payment_method_id),
      count: Number(r.n),
      amountCents: Number(r.cents),
    }))
  }
  return { deskTakingsBetween }
}
