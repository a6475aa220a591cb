import type { MailAttachment } from '../comms/mailer.ts'
import type { PayableSale } from '../vouchers/vouchers.service.ts'

/**
 * What a feature says of its sales the cart shows: how to cancel one, and what a sessions or hours
 * voucher would pay of it (the booking's type, minutes and anything priced beyond its time).
 */
export interface SaleDetail extends PayableSale {
  /** API path (without `/api/`) that cancels the sale and releases what it holds. */
  cancelUrl: string | null
}

/** Confirms what paid sales sold; answers the files the order mail carries (a booking's calendar file). */
export type PaidHook = (saleIds: number[]) => Promise<MailAttachment[]>
export type DetailHook = (saleIds: number[]) => Promise<Map<number, SaleDetail>>

/**
 * The registry through which the features that sell through sales (bookings, activities) learn
 * that a sale was paid, and tell the checkout what their sales are, without the checkout knowing
 * any of them: each registers its hooks when it is created (services.ts). What their sales hold
 * while unpaid is the holds module's (features/holds/holds.ts).
 */
export function createSaleHooks() {
  const paidHooks: PaidHook[] = []
  const detailHooks: DetailHook[] = []
  return {
    onPaid(hook: PaidHook) {
      paidHooks.push(hook)
    },
    onDetails(hook: DetailHook) {
      detailHooks.push(hook)
    },
    /** Runs every paid hook in the caller's unit of work; the attachments of all of them. */
    async paid(saleIds: number[]): Promise<MailAttachment[]> {
      if (saleIds.length === 0) return []
      const files: MailAttachment[] = []
      for (const hook of paidHooks) files.push(...(await hook(saleIds)))
      return files
    },
    async details(saleIds: number[]): Promise<Map<number, SaleDetail>> {
      const all = new Map<number, SaleDetail>()
      if (saleIds.length === 0) return all
      for (const hook of detailHooks) for (const [id, d] of await hook(saleIds)) all.set(id, d)
      return all
    },
  }
}

export type SaleHooks = ReturnType<typeof createSaleHooks>
