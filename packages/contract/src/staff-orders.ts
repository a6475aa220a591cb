/**
 * The desk's shop orders (issue 23, item 8; decision 123): the orders by state and date, one with its
 * lines, delivery, payments and refunds, marked shipped once (the customer is told in their
 * language), refunded in full or in part through the provider that took the money. The managers'.
 * Money is in cents.
 */
import { z } from 'zod'
import { LocalDate } from './bookings.ts'
import { StaffErrorCode } from './error-codes.ts'
import { IdParam, oneLineString, wholeNumber } from './fields.ts'
import { defineRoute, okModel, okPage } from './http.ts'
import { StaffPageNumber } from './staff-audit.ts'
import { MAX_DESK_AMOUNT } from './staff-customers.ts'

/** Rows per page of the orders, newest first. */
export const STAFF_ORDERS_PAGE_SIZE = 50

/**
 * Where an order stands: awaiting payment (pending), paid and not shipped, shipped, refunded (any
 * part given back), or cancelled (its payment never came and what it held was released).
 */
export const StaffOrderState = ['awaiting_payment', 'paid', 'shipped', 'refunded', 'cancelled'] as const
export type StaffOrderState = (typeof StaffOrderState)[number]

export const StaffOrdersQuery = z.object({
  state: z
    .enum(StaffOrderState, 'The state is awaiting_payment, paid, shipped, refunded or cancelled.')
    .optional(),
  /** Made on or after this day of the centre, and on or before `to`. */
  from: LocalDate.optional(),
  to: LocalDate.optional(),
  page: StaffPageNumber,
})

export const StaffOrderRow = z.object({
  id: z.number().int(),
  number: z.string(),
  customer: z.object({ id: z.number().int(), name: z.string() }),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  state: z.enum(StaffOrderState),
  /** ISO 8601 instants; null when not (yet). */
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
})
export type StaffOrderRow = z.infer<typeof StaffOrderRow>

export const StaffOrderPayment = z.object({
  id: z.number().int(),
  /** `redsys`, `paypal`… */
  provider: z.string(),
  /** The method's name in the request's language. */
  method: z.string(),
  status: z.string(),
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  confirmedAt: z.string().nullable(),
})

export const StaffOrderRefund = z.object({
  id: z.number().int(),
  amountCents: z.number().int(),
  /** pending until the provider confirms it (or fails it). */
  status: z.enum(['pending', 'confirmed', 'failed']),
  reason: z.string(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
})

export const StaffOrder = StaffOrderRow.extend({
  shippingCents: z.number().int(),
  discountCents: z.number().int(),
  /** Through which method it was paid, in the request's language; empty while unpaid. */
  paymentMethod: z.string(),
  /** What may still be given back: paid less refunded. */
  refundableCents: z.number().int(),
  lines: z.array(
    z.object({
      name: z.string(),
      detail: z.string(),
      units: z.number().int(),
      unitPriceCents: z.number().int(),
      totalCents: z.number().int(),
    }),
  ),
  delivery: z.object({
    name: z.string(),
    addressLine1: z.string(),
    postalCode: z.string(),
    city: z.string(),
    town: z.string(),
    country: z.string(),
    phone: z.string(),
  }),
  payments: z.array(StaffOrderPayment),
  refunds: z.array(StaffOrderRefund),
})
export type StaffOrder = z.infer<typeof StaffOrder>

export const StaffOrderRefundBody = z.object({
  /** Left out: all that is left to give back. */
  amountCents: wholeNumber({
    min: 1,
    max: MAX_DESK_AMOUNT,
    invalid: 'The amount is a whole number from 1.',
    tooLarge: `At most ${MAX_DESK_AMOUNT}.`,
  }).optional(),
  reason: oneLineString({ error: 'Say why, in at least 3 characters' })
    .trim()
    .min(3, 'Say why, in at least 3 characters')
    .max(200, 'At most 200 characters'),
  /** With the refund that gives back the whole order: its articles are counted back into stock. */
  restock: z.boolean('Restock is true or false.').optional(),
})
export type StaffOrderRefundBody = z.input<typeof StaffOrderRefundBody>

const orderParams = z.object({ id: IdParam })

export const staffOrderRoutes = {
  staffOrders: defineRoute({
    method: 'GET',
    path: '/api/staff/orders',
    summary: 'The shop orders, newest first, 50 a page; by state and by the days they were made',
    tags: ['staff'],
    query: StaffOrdersQuery,
    response: okPage(StaffOrderRow),
    auth: 'staff',
    staffRole: 'manager',
  }),
  staffOrder: defineRoute({
    method: 'GET',
    path: '/api/staff/orders/:id',
    summary: 'One shop order with its lines, delivery, payments and refunds',
    tags: ['staff'],
    params: orderParams,
    response: okModel(StaffOrder),
    auth: 'staff',
    staffRole: 'manager',
  }),
  staffOrderShip: defineRoute({
    method: 'POST',
    path: '/api/staff/orders/:id/ship',
    summary: 'Mark a paid order shipped, once; the customer is mailed in their language; audited',
    tags: ['staff'],
    params: orderParams,
    response: okModel(StaffOrder),
    auth: 'staff',
    staffRole: 'manager',
    errors: [StaffErrorCode.alreadyShipped, StaffErrorCode.orderNotPaid],
  }),
  staffOrderRefund: defineRoute({
    method: 'POST',
    path: '/api/staff/orders/:id/refund',
    summary:
      'Give back part or all (amount left out) of what an order paid, through its provider or to the money voucher that paid it, its articles back in stock with a whole refund; once however often pressed; audited',
    tags: ['staff'],
    params: orderParams,
    body: StaffOrderRefundBody,
    response: okModel(StaffOrder),
    auth: 'staff',
    staffRole: 'manager',
    errors: [
      StaffErrorCode.orderNotPaid,
      StaffErrorCode.refundTooLarge,
      StaffErrorCode.refundNotOnline,
      StaffErrorCode.restockNotWhole,
    ],
  }),
}
