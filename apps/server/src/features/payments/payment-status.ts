import { eq } from 'drizzle-orm'
import { notFound, type PaymentContext, type SettleOutcome } from './payment-context.ts'
import { payments, PaymentStatus } from './payments.tables.ts'

/** Where a payment stands, as the return pages, the status poll and a replayed notification read it. */
export function createPaymentStatus(ctx: PaymentContext) {
  const { db, findPayment } = ctx

  /** A payment's answer as settling it last came to; changes nothing. */
  async function statusOf(paymentId: number): Promise<SettleOutcome> {
    const [row] = await db.select().from(payments).where(eq(payments.id, paymentId))
    if (!row) throw notFound()
    return {
      paymentId: row.id,
      status: row.status,
      paid: row.status === PaymentStatus.Confirmed,
      orderNumber: row.placed.orderNumber,
      customerId: row.customerId,
    }
  }

  /** A payment by our reference, whichever provider: the return pages poll it. */
  async function statusOfReference(reference: string): Promise<SettleOutcome | undefined> {
    const [row] = await db.select({ id: payments.id }).from(payments).where(eq(payments.reference, reference))
    return row ? statusOf(row.id) : undefined
  }

  /** A customer's payment by our reference (the return pages ask after it); another's is not found. */
  async function findForCustomer(
    provider: string,
    key: { providerRef?: string; reference?: string },
    customerId: number,
  ) {
    const row = await findPayment(provider, key)
    if (!row || row.customerId !== customerId) throw notFound()
    return row
  }

  return { statusOf, statusOfReference, findForCustomer }
}

export type PaymentStatusReader = ReturnType<typeof createPaymentStatus>
