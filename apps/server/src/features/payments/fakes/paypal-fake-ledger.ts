import { randomBytes } from 'node:crypto'

/**
 * What the PayPal fake remembers: orders, their authorizations and captures, and each as PayPal writes
 * it in JSON.
 */

export interface Money {
  currency_code: string
  value: string
}
export interface FakeOrder {
  id: string
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED'
  unit: {
    reference_id?: string
    custom_id?: string
    invoice_id?: string
    description?: string
    amount: Money
  }
  authorizationId?: string
  createTime: string
  updateTime: string
}
export interface FakeAuthorization {
  id: string
  /** The order it says it belongs to (another one when `tamper` is on). */
  orderId: string
  status: 'CREATED' | 'PENDING' | 'DENIED' | 'CAPTURED' | 'PARTIALLY_CAPTURED' | 'VOIDED'
  reason?: string
  amount: Money
  captureIds: string[]
  createTime: string
  updateTime: string
}
export interface FakeCapture {
  id: string
  authorizationId: string
  orderId: string
  status: 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED'
  amount: Money
  refundedCents: number
  createTime: string
}

export const cents = (value: string) => Math.round(Number(value) * 100)
export const money = (currency: string, amountCents: number): Money => ({
  currency_code: currency,
  value: (amountCents / 100).toFixed(2),
})
/** An id shaped like PayPal's: 17 upper-case letters and digits. */
export const payPalId = () => {
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXY0123456789'
  return Array.from(randomBytes(17), (b) => alphabet[b % alphabet.length]).join('')
}

/** The payee is the merchant every order pays (`merchant_id`, `email_address`). */
export function createPayPalLedger(payee: { merchant_id: string; email_address: string }) {
  const orders = new Map<string, FakeOrder>()
  const authorizations = new Map<string, FakeAuthorization>()
  const captures = new Map<string, FakeCapture>()
  const now = () => new Date().toISOString()

  const authorizationJson = (a: FakeAuthorization) => ({
    id: a.id,
    status: a.status,
    ...(a.reason ? { status_details: { reason: a.reason } } : {}),
    amount: a.amount,
    invoice_id: orders.get(a.orderId)?.unit.invoice_id,
    custom_id: orders.get(a.orderId)?.unit.custom_id,
    payee,
    supplementary_data: { related_ids: { order_id: a.orderId } },
    expiration_time: new Date(Date.parse(a.createTime) + 29 * 86_400_000).toISOString(),
    create_time: a.createTime,
    update_time: a.updateTime,
  })
  const captureJson = (c: FakeCapture) => ({
    id: c.id,
    status: c.status,
    amount: c.amount,
    final_capture: true,
    supplementary_data: { related_ids: { order_id: c.orderId, authorization_id: c.authorizationId } },
    create_time: c.createTime,
    update_time: c.createTime,
  })
  const orderJson = (o: FakeOrder) => {
    const authorization = o.authorizationId ? authorizations.get(o.authorizationId) : undefined
    return {
      id: o.id,
      intent: 'AUTHORIZE',
      status: o.status,
      purchase_units: [
        {
          ...o.unit,
          payee,
          ...(authorization
            ? {
                payments: {
                  authorizations: [authorizationJson(authorization)],
                  ...(authorization.captureIds.length
                    ? { captures: authorization.captureIds.map((id) => captureJson(captures.get(id)!)) }
                    : {}),
                },
              }
            : {}),
        },
      ],
      create_time: o.createTime,
      update_time: o.updateTime,
      links: [
        { href: `/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
        { href: `/checkoutnow?token=${o.id}`, rel: 'approve', method: 'GET' },
      ],
    }
  }

  return { orders, authorizations, captures, now, orderJson, authorizationJson, captureJson }
}
