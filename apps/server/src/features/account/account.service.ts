import {
  DeskPaymentMethodId,
  PaymentMethodId,
  SaleItemKind,
  VoucherKind,
  type CustomerEmail,
  type Locale,
  type OrderDetail,
  type OrderSummary,
  type SaleItemKind as SaleItemKindT,
  type Voucher,
  type VoucherKind as VoucherKindT,
} from '@clubhouse/contract/server'
import { AppError } from '../../http/errors.ts'
import { imageUrl } from '../../lib/images.ts'
import type { Localised } from '../../lib/localised.ts'
import { sanitizeCmsHtml } from '../../lib/sanitize.ts'
import type { CommsService } from '../comms/comms.service.ts'
import type { ContentService } from '../content/content.service.ts'
import type { SalesService } from '../sales/sales.service.ts'
import { euros } from '../shop/prices.ts'
import type { VouchersService } from '../vouchers/vouchers.service.ts'

/** The name of each payment method as the customer reads it on an order. */
export const PAYMENT_METHOD_NAMES: Record<number, Localised> = {
  [PaymentMethodId.BankCardRedirect]: { 'es-ES': 'Tarjeta (Redsys)', 'en-US': 'Card (Redsys)' },
  [PaymentMethodId.MoneyVoucher]: { 'es-ES': 'Bono monedero', 'en-US': 'Money voucher' },
  [PaymentMethodId.SessionsVoucher]: { 'es-ES': 'Bono de sesiones', 'en-US': 'Sessions voucher' },
  [PaymentMethodId.HoursVoucher]: { 'es-ES': 'Bono de horas', 'en-US': 'Hours voucher' },
  [PaymentMethodId.Wallet]: { 'es-ES': 'PayPal', 'en-US': 'PayPal' },
  [PaymentMethodId.CardTokenizer]: { 'es-ES': 'Tarjeta (NetPay)', 'en-US': 'Card (NetPay)' },
  [PaymentMethodId.CardPaymentIntent]: { 'es-ES': 'Tarjeta (Stripe)', 'en-US': 'Card (Stripe)' },
  [PaymentMethodId.CardAuthorize]: { 'es-ES': 'Tarjeta', 'en-US': 'Card' },
  [DeskPaymentMethodId.Cash]: { 'es-ES': 'Efectivo en recepción', 'en-US': 'Cash at the desk' },
  [DeskPaymentMethodId.Card]: { 'es-ES': 'Tarjeta en recepción', 'en-US': 'Card at the desk' },
}
/** A sale settled without an online payment: paid at the centre's desk. */
const AT_THE_DESK: Localised = { 'es-ES': 'En recepción', 'en-US': "At the centre's desk" }
const OTHER_METHOD: Localised = { 'es-ES': 'Otro medio de pago', 'en-US': 'Other payment method' }

/** The payment method of a sale as the customer reads it, in `locale`. */
export function paymentMethodName(paymentMethodId: number | null, locale: Locale): string {
  if (paymentMethodId === null) return AT_THE_DESK[locale]
  return (PAYMENT_METHOD_NAMES[paymentMethodId] ?? OTHER_METHOD)[locale]
}

/**
 * A voucher quantity as the API answers it: money in euros (stored in cents), sessions as a count,
 * hours as hours (stored in minutes).
 */
export function voucherUnits(kind: VoucherKindT, stored: number): number {
  switch (kind) {
    case VoucherKind.Money:
      return euros(stored)
    case VoucherKind.Hours:
      return Math.round((stored / 60) * 100) / 100
    default:
      return stored
  }
}

/**
 * Whether a voucher can still be spent (decision 017): switched on, not past its expiry and with
 * something left. The others are listed as inactive, with their history.
 */
export function isVoucherActive(
  voucher: { active: boolean; expiresAt: Date | null; balance: number },
  now: Date,
): boolean {
  return (
    voucher.active &&
    voucher.balance > 0 &&
    (voucher.expiresAt === null || voucher.expiresAt.getTime() > now.getTime())
  )
}

const orderNotFound = () => new AppError('not_found', 'Order not found')
const emailNotFound = () => new AppError('not_found', 'Email not found')

const isArticle = (kind: number) => kind === SaleItemKind.Article

/**
 * What a logged-in customer reads of their own history: their orders (paid sales), vouchers with
 * their movements, and the emails and SMS sent to them, each read through the service of the
 * feature that keeps it. Every call names the customer; ownership is checked by the routes before
 * these are called, and every query is scoped to that customer, so an id of someone else's row
 * answers "not found".
 */
export function createAccountService(deps: {
  content: ContentService
  sales: Pick<SalesService, 'paidSalesWithLines' | 'paidSaleWithLines'>
  vouchers: Pick<VouchersService, 'vouchersWithMovements'>
  comms: Pick<CommsService, 'messagesOf' | 'findEmailOf'>
  now?: () => Date
}) {
  const now = deps.now ?? (() => new Date())

  /** The centre's main logo (from the cached settings): what a line without image shows. */
  async function mainLogo(locale: Locale): Promise<string> {
    try {
      return (await deps.content.mainSettings(locale)).mainlogo
    } catch (err) {
      if (err instanceof AppError && err.code === 'not_found') return ''
      throw err
    }
  }

  /**
   * The customer's orders, newest first, each with its lines: one query over the customer's paid
   * sales joined with their lines (index on sales(customer_id, created_at) and sale_items(sale_id)).
   */
  async function customerOrders(customerId: number, locale: Locale): Promise<OrderSummary[]> {
    const [rows, logo] = await Promise.all([
      deps.sales.paidSalesWithLines(customerId, locale),
      mainLogo(locale),
    ])
    const orders: OrderSummary[] = []
    let current: OrderSummary | undefined
    for (const row of rows) {
      if (current?.id !== row.id) {
        current = {
          id: row.id,
          date: row.createdAt.toISOString(),
          total: euros(row.totalCents),
          online: row.online,
          paymentMethod: paymentMethodName(row.paymentMethodId, locale),
          number: row.number,
          items: [],
        }
        orders.push(current)
      }
      if (row.item) {
        current.items.push({
          name: row.item.name,
          logo: imageUrl(row.item.image) || logo,
          productId: isArticle(row.item.kind) ? row.item.productId : null,
          category: row.item.kind as SaleItemKindT,
        })
      }
    }
    return orders
  }

  /** One paid sale of the customer with its lines and totals; anything else is "Order not found". */
  async function customerOrder(customerId: number, saleId: number, locale: Locale): Promise<OrderDetail> {
    const [rows, logo] = await Promise.all([
      deps.sales.paidSaleWithLines(customerId, saleId),
      mainLogo(locale),
    ])
    const sale = rows[0]?.sale
    if (!sale) throw orderNotFound()
    return {
      id: sale.id,
      number: sale.saleNumber,
      items: rows.flatMap(({ item }) =>
        item
          ? [
              {
                productId: isArticle(item.kind) ? item.productId : null,
                name: item.name[locale],
                logo: imageUrl(item.image) || logo,
                price: euros(item.unitPriceCents),
                units: item.units,
                total: euros(item.totalCents),
              },
            ]
          : [],
      ),
      paymentMethod: paymentMethodName(sale.paymentMethodId, locale),
      date: sale.createdAt.toISOString(),
      subTotal: euros(sale.subtotalCents),
      shipping: euros(sale.shippingCents),
      shipped: rows.some(({ item }) => item !== null && isArticle(item.kind)),
      discount: euros(sale.discountCents),
      total: euros(sale.totalCents),
    }
  }

  /**
   * The customer's vouchers, newest first, split into active and inactive (decision 017), each with
   * its movements newest first: one query over vouchers joined with their movements. `changesAt`:
   * the next instant an active voucher expires, when the split changes with no change to the data.
   */
  async function customerVouchers(
    customerId: number,
    locale: Locale,
  ): Promise<{ active: Voucher[]; inactive: Voucher[]; changesAt: Date | undefined }> {
    const rows = await deps.vouchers.vouchersWithMovements(customerId, locale)
    const at = now()
    const active: Voucher[] = []
    const inactive: Voucher[] = []
    let changesAt: Date | undefined
    let current: Voucher | undefined
    for (const { voucher: v, movement: m } of rows) {
      const kind = v.kind as VoucherKindT
      if (current?.id !== v.id) {
        current = {
          id: v.id,
          description: v.description,
          kind,
          balance: voucherUnits(kind, v.balance),
          expires: v.expiresAt?.toISOString() ?? null,
          movements: [],
        }
        const isActive = isVoucherActive(v, at)
        ;(isActive ? active : inactive).push(current)
        if (isActive && v.expiresAt && (!changesAt || v.expiresAt < changesAt)) changesAt = v.expiresAt
      }
      if (m) {
        current.movements.push({
          id: m.id,
          created: m.createdAt.toISOString(),
          amount: voucherUnits(kind, m.amount),
          previousAmount: voucherUnits(kind, m.previousAmount),
          current: voucherUnits(kind, m.current),
          concept: m.concept,
        })
      }
    }
    return { active, inactive, changesAt }
  }

  /** The emails (subjects) and SMS (texts) sent to the customer, newest first: one indexed query. */
  async function customerComms(customerId: number) {
    const rows = await deps.comms.messagesOf(customerId)
    const emails: { id: number; subject: string; created: string }[] = []
    const smss: { id: number; body: string; created: string }[] = []
    for (const row of rows) {
      const created = row.createdAt.toISOString()
      if (row.channel === 'email') emails.push({ id: row.id, subject: row.subject, created })
      else smss.push({ id: row.id, body: row.smsBody, created })
    }
    return { emails, smss }
  }

  /** One email sent to the customer, its HTML sanitised; another customer's is "Email not found". */
  async function customerEmail(customerId: number, id: number): Promise<CustomerEmail> {
    const row = await deps.comms.findEmailOf(customerId, id)
    if (!row) throw emailNotFound()
    return {
      id: row.id,
      subject: row.subject,
      body: sanitizeCmsHtml(row.body),
      created: row.createdAt.toISOString(),
    }
  }

  return {
    mainLogo,
    customerOrders,
    customerOrder,
    customerVouchers,
    customerComms,
    customerEmail,
  }
}

export type AccountService = ReturnType<typeof createAccountService>
