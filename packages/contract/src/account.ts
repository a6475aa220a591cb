import { z } from 'zod'
import { CustomerId, OwnedId } from './customers.ts'
import { SaleItemKindSchema } from './enums.ts'
import { defineRoute, envelope } from './http.ts'
import { VoucherKind } from './constants.ts'

/**
 * What a logged-in customer reads of their own history (spec 1 §2 your orders, order detail,
 * vouchers; spec 2 §2 communications). Money in decimal euros (stored as integer cents), instants as
 * ISO 8601. Every route needs the token of the customer it names.
 */

const ImageUrl = z.string().max(2048)

/** One line of an order in the list: services (bookings, inscriptions) have no product to link to. */
export const OrderListItem = z.object({
  name: z.string(),
  /** Product image, or the centre's main logo. */
  logo: ImageUrl,
  /** The product to link to; null for services. */
  productId: z.number().int().nullable(),
  category: SaleItemKindSchema,
})

export const OrderSummary = z.object({
  id: z.number().int(),
  /** ISO 8601 instant of the purchase. */
  date: z.string(),
  total: z.number(),
  /** Paid on the web site (true) or at the centre's desk (false). */
  online: z.boolean(),
  /**
   * How it was paid, in the request's language ("Card (Redsys)", "At the centre's desk"): what the
   * list shows in place of the spec's Online yes/no (decision 054).
   */
  paymentMethod: z.string(),
  /** The order number shown to the customer, e.g. "W-2026-00042". */
  number: z.string(),
  items: z.array(OrderListItem),
})
export type OrderSummary = z.infer<typeof OrderSummary>

export const OrderItem = z.object({
  productId: z.number().int().nullable(),
  name: z.string(),
  logo: ImageUrl,
  price: z.number(),
  units: z.number().int(),
  total: z.number(),
})

export const OrderDetail = z.object({
  id: z.number().int(),
  number: z.string(),
  items: z.array(OrderItem),
  /** The payment method's name in the request's language. */
  paymentMethod: z.string(),
  date: z.string(),
  subTotal: z.number(),
  /** 0 is shown as Free, when something was shipped. */
  shipping: z.number(),
  /**
   * Whether the order holds goods that travel (shop articles): a booking or a class pack has no
   * shipping to speak of, so its page shows no shipping line (decision 054).
   */
  shipped: z.boolean(),
  /** Shown only when not 0. */
  discount: z.number(),
  total: z.number(),
})
export type OrderDetail = z.infer<typeof OrderDetail>

export const VoucherKindSchema = z.enum(VoucherKind)

/** One change of a voucher's balance: a recharge (positive) or a spend (negative). */
export const VoucherMovement = z.object({
  id: z.number().int(),
  created: z.string(),
  amount: z.number(),
  previousAmount: z.number(),
  current: z.number(),
  /** What the movement was for, e.g. "Padel 90 min — Court 2". */
  concept: z.string(),
})

export const Voucher = z.object({
  id: z.number().int(),
  description: z.string(),
  kind: VoucherKindSchema,
  /** Equals the sum of the movements' amounts. */
  balance: z.number(),
  /** ISO 8601 instant after which it can't be spent; null when it never expires. */
  expires: z.string().nullable(),
  /** Newest first. */
  movements: z.array(VoucherMovement),
})
export type Voucher = z.infer<typeof Voucher>

export const CustomerEmailSummary = z.object({
  id: z.number().int(),
  subject: z.string(),
  created: z.string(),
})
export const CustomerEmail = z.object({
  id: z.number().int(),
  subject: z.string(),
  /** Sanitised HTML. */
  body: z.string(),
  created: z.string(),
})
export type CustomerEmail = z.infer<typeof CustomerEmail>
export const CustomerSms = z.object({ id: z.number().int(), body: z.string(), created: z.string() })

export const accountRoutes = {
  customerOrders: defineRoute({
    method: 'GET',
    path: '/api/shop/customer-orders/:customerId',
    summary: "The customer's orders, newest first",
    tags: ['account'],
    params: z.object({ customerId: CustomerId }),
    response: envelope({ model: z.array(OrderSummary) }),
    auth: 'customer',
    owner: { from: 'params', key: 'customerId' },
  }),
  customerOrder: defineRoute({
    method: 'GET',
    path: '/api/shop/customer-orders/:customerId/:saleId',
    summary: 'One order of the customer with its lines and totals',
    tags: ['account'],
    params: z.object({ customerId: CustomerId, saleId: OwnedId }),
    response: envelope({ model: OrderDetail }),
    auth: 'customer',
    owner: { from: 'params', key: 'customerId' },
  }),
  customerVouchers: defineRoute({
    method: 'GET',
    path: '/api/publicvouchers/customer-vouchers/:customerId',
    summary: "The customer's vouchers, active and inactive, with their movements",
    tags: ['account'],
    params: z.object({ customerId: CustomerId }),
    response: envelope({ model: z.object({ active: z.array(Voucher), inactive: z.array(Voucher) }) }),
    auth: 'customer',
    owner: { from: 'params', key: 'customerId' },
  }),
  customerComms: defineRoute({
    method: 'GET',
    path: '/api/publiccomms/customer-comms/:customerId',
    summary: 'The emails and SMS sent to the customer, newest first',
    tags: ['account'],
    params: z.object({ customerId: CustomerId }),
    response: envelope({
      errorMsg: z.string().nullable().optional(),
      model: z.object({ emails: z.array(CustomerEmailSummary), smss: z.array(CustomerSms) }),
    }),
    auth: 'customer',
    owner: { from: 'params', key: 'customerId' },
  }),
  customerEmail: defineRoute({
    method: 'GET',
    path: '/api/publiccomms/customer-comms/emails/:id/:customerId',
    summary: 'One email sent to the customer (answered as the email itself, as the spec reads it)',
    tags: ['account'],
    params: z.object({ id: OwnedId, customerId: CustomerId }),
    response: CustomerEmail,
    auth: 'customer',
    owner: { from: 'params', key: 'customerId' },
  }),
}
