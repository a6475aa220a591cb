import type { MailAttachment } from '../comms/comms.tables.ts'
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
/** Extends the holds (times, places, sign-ups) of pending sales to `until`: a payment's window. */
export type HoldHook = (saleIds: number[], until: Date) => Promise<void>

/**
 * The registry through which the features that sell through sales (bookings, later activities)
 * learn that a sale was paid, and tell the checkout what their sales are, without the checkout
 * knowing any of them: each registers its hooks when it is created (services.ts).
 */
export function createSaleHooks() {
  const paidHooks: PaidHook[] = []
  const detailHooks: DetailHook[] = []
  const holdHooks: HoldHook[] = []
  return {
    onPaid(hook: PaidHook) {
      paidHooks.push(hook)
    },
    onDetails(hook: DetailHook) {
      detailHooks.push(hook)
    },
    onHoldUntil(hook: HoldHook) {
      holdHooks.push(hook)
    },
    /** Runs every hold hook in the caller's unit of work. */
    async holdUntil(saleIds: number[], until: Date): Promise<void> {
      if (saleIds.length === 0) return
      for (const hook of holdHooks) await hook(saleIds, until)
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
