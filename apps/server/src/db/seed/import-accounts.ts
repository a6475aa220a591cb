import type { Localised } from '../../lib/localised.ts'
import type { Services } from '../../services.ts'
import type { CommChannel } from '../../features/comms/comms.tables.ts'
import type { CustomerImport } from '../../features/customers/customers.service.ts'
import type { SaleLine } from '../../features/sales/sales.service.ts'
import { SaleStatus } from '../../features/sales/sales.tables.ts'
import type { VoucherKind } from '@clubhouse/contract/server'
import type { VoucherScope } from '../../features/vouchers/vouchers.service.ts'

/** A customer with their history, as the demo seed and test fixtures bring them in. */
export interface AccountImport extends CustomerImport {
  sales?: Array<{
    saleNumber: string
    title: Localised
    status: SaleStatus
    online: boolean
    /** null: paid at the centre's desk. */
    paymentMethodId: number | null
    createdAt: Date
    shippingCents?: number
    discountCents?: number
    /** Articles are priced from their product; services carry their price. */
    items: SaleLine[]
  }>
  vouchers?: Array<{
    kind: VoucherKind
    description: Localised
    active: boolean
    expiresAt: Date | null
    createdAt: Date
    /** Sessions and hours vouchers: what they pay (decision 069). */
    scope?: VoucherScope
    /** Oldest first, in the voucher's unit; `saleNumber` names the sale a spend paid. */
    movements: Array<{ amount: number; concept: Localised; createdAt: Date; saleNumber?: string }>
  }>
  communications?: Array<{
    channel: CommChannel
    subject?: string
    body: string
    textBody?: string
    createdAt: Date
  }>
}

/**
 * Brings in customers with their custom values, cards, sales, vouchers and communications, in one
 * unit of work, through the services: sales are opened and paid (or cancelled) by the sales service
 * and vouchers moved by the vouchers service, so totals and balances are worked out where checkout
 * works them out. Answers the new customers' ids in order.
 */
export function importAccounts(
  services: Pick<Services, 'units' | 'customers' | 'sales' | 'vouchers' | 'comms'>,
  accounts: AccountImport[],
): Promise<number[]> {
  const { units, customers, sales, vouchers, comms } = services
  return units.run(async () => {
    const ids: number[] = []
    for (const account of accounts) {
      const customerId = await customers.importCustomer(account)
      ids.push(customerId)

      const saleIds = new Map<string, number>()
      for (const sale of account.sales ?? []) {
        const opened = await sales.openSale({
          customerId,
          title: sale.title,
          saleNumber: sale.saleNumber,
          createdAt: sale.createdAt,
          shippingCents: sale.shippingCents ?? 0,
          discountCents: sale.discountCents ?? 0,
          lines: sale.items,
        })
        saleIds.set(sale.saleNumber, opened.id)
        if (sale.status === SaleStatus.Paid) {
          await sales.paySale(opened.id, {
            paymentMethodId: sale.paymentMethodId,
            online: sale.online,
            at: sale.createdAt,
          })
        } else if (sale.status === SaleStatus.Cancelled) {
          await sales.cancelSale(opened.id)
        }
      }

      for (const voucher of account.vouchers ?? []) {
        const { movements, ...opening } = voucher
        const voucherId = await vouchers.createVoucher({ customerId, ...opening })
        for (const m of movements) {
          const saleId = m.saleNumber === undefined ? null : saleIds.get(m.saleNumber)
          if (saleId === undefined)
            throw new Error(`A voucher movement names an unknown sale ${m.saleNumber}.`)
          await vouchers.moveBalance(voucherId, m.amount, m.concept, { saleId, at: m.createdAt })
        }
      }

      const { email, phone } = account.customer
      await comms.importCommunications(
        customerId,
        (account.communications ?? []).map((c) => ({
          channel: c.channel,
          to: c.channel === 'email' ? email : (phone ?? ''),
          body: c.body,
          sentAt: c.createdAt,
          ...(c.subject === undefined ? {} : { subject: c.subject }),
          ...(c.textBody === undefined ? {} : { textBody: c.textBody }),
        })),
      )
    }
    return ids
  })
}
