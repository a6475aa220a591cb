import { and, eq, inArray, sql } from 'drizzle-orm'
import { repeatEvery } from '../../lib/repeat.ts'
import { OPEN, type PaymentContext } from './payment-context.ts'
import type { PaymentRefunds } from './payment-refunds.ts'
import type { PaymentSettle } from './payment-settle.ts'
import { payments, paymentSales, PaymentStatus } from './payments.tables.ts'

/** The sweep: payments whose window ended, read from their provider once more and ended; refunds sent again. */
export function createPaymentSweep(ctx: PaymentContext, settler: PaymentSettle, refunds: PaymentRefunds) {
  const { db, units, clock, log, byName, orderSide, record } = ctx
  const { settle } = settler
  const { sendRefunds } = refunds

  /**
   * Ends the payments whose window ran out: each is read from its provider first (a success that
   * came without its notification still settles), then, under the row's lock and claimed with
   * SKIP LOCKED so one instance does it, marked expired and its order released. Pending refunds
   * are sent again.
   */
  async function sweep(): Promise<{ expired: number; refunds: number }> {
    const now = clock()
    const due = await db
      .select({ id: payments.id, provider: payments.provider, providerRef: payments.providerRef })
      .from(payments)
      .where(
        and(
          inArray(payments.status, [...OPEN]),
          sql`${payments.expiresAt} <= ${new Date(now).toISOString()}::timestamptz`,
        ),
      )
      .limit(50)
    let expired = 0
    for (const p of due) {
      const provider = byName.get(p.provider)
      if (p.providerRef && provider) {
        try {
          const reading = await provider.read(p.providerRef)
          if (reading.status !== 'pending') {
            await settle(p.provider, { providerRef: p.providerRef }, reading)
            continue
          }
        } catch {
          // A provider without a status read (Redsys redirect) or out of reach: the window decides.
        }
      }
      const ended = await units.run(async () => {
        const [row] = await db
          .select()
          .from(payments)
          .where(and(eq(payments.id, p.id), inArray(payments.status, [...OPEN])))
          .for('update', { skipLocked: true })
        if (!row) return false
        await db
          .update(payments)
          .set({ status: PaymentStatus.Expired, updatedAt: new Date(now) })
          .where(eq(payments.id, row.id))
        const others = await db
          .select({ id: payments.id })
          .from(payments)
          .innerJoin(paymentSales, eq(paymentSales.paymentId, payments.id))
          .where(and(inArray(paymentSales.saleId, row.placed.saleIds), inArray(payments.status, [...OPEN])))
        // The order's held times were extended to this same instant, so they read as ended now:
        // only an order paid another way keeps what it took. `release` gives back an order once.
        if (others.length === 0 && (await orderSide().state(row.placed, now)) !== 'paid') {
          await orderSide().release(row.placed)
        }
        await record(row.id, row.provider, 'expired', {})
        return true
      })
      if (ended) expired += 1
    }
    return { expired, refunds: await sendRefunds() }
  }

  /**
   * Runs the sweep every `everyMs`, its first run one period after start (0: never, for tests that
   * sweep by hand); one run at a time, a failed one logged; `stop` ends it and waits for a run under way.
   */
  function startSweeping(everyMs: number) {
    return repeatEvery(everyMs, everyMs, () =>
      sweep().catch((err: unknown) => log.warn({ err }, 'payment sweep failed')),
    )
  }

  return { sweep, startSweeping }
}
