import { sql } from 'drizzle-orm'
import { rowsOf, type Db } from '../../db/client.ts'

/** Online payments confirmed, or refunds sent back, in a span: by provider and method. */
export interface ProviderTakings {
  provider: string
  methodId: number
  count: number
  amountCents: number
}

/**
 * What the providers took and gave back between two instants (a day's takings, issue 23): payments
 * confirmed in the span (those refunded since count too: their refund is a line of its own, on the
 * day it was made), and refunds the provider confirmed in it.
 */
export function createPaymentTakings(db: Db) {
  async function takingsBetween(from: Date, to: Date) {
    const toLine = (r: {
      provider: string
      method_id: number
      n: number
      cents: number
    }): ProviderTakings => ({
      provider: r.provider,
      methodId: Number(r.method_id),
      count: Number(r.n),
      amountCents: Number(r.cents),
    })
    const [paid, refunded] = await Promise.all([
      db.execute(sql`select provider, method_id, count(*)::int as n, coalesce(sum(amount_cents), 0)::int as cents
        from payments
        where status in ('confirmed', 'refunded')
          and confirmed_at >= ${from.toISOString()}::timestamptz and confirmed_at < ${to.toISOString()}::timestamptz
        group by provider, method_id order by provider, method_id`),
      db.execute(sql`select p.provider, p.method_id, count(*)::int as n, coalesce(sum(r.amount_cents), 0)::int as cents
        from payment_refunds r join payments p on p.id = r.payment_id
        where r.status = 'confirmed'
          and r.done_at >= ${from.toISOString()}::timestamptz and r.done_at < ${to.toISOString()}::timestamptz
        group by p.provider, p.method_id order by p.provider, p.method_id`),
    ])
    return {
      online: rowsOf<Parameters<typeof toLine>[0]>(paid).map(toLine),
      refunds: rowsOf<Parameters<typeof toLine>[0]>(refunded).map(toLine),
    }
  }
  return { takingsBetween }
}
