/**
 * The desk's customers (issue 23, item 7): a customer's account with their bookings, orders,
 * vouchers and pending sales; the change of their contact details; a debt (a pending sale) the desk
 * writes; a new voucher or a top-up (the managers'); the activation mail sent again; the account
 * disabled and enabled again. Money is in cents; a voucher's amounts are in its own unit: cents for money, a count of
 * sessions, minutes for hours.
 */
import { z } from 'zod'
import { CustomerBooking } from './bookings.ts'
import { VoucherKind } from './constants.ts'
import { LinkSent, MAX_NAME_LENGTH, Email } from './customers.ts'
import { CustomerErrorCode, RateLimitErrorCode } from './error-codes.ts'
import { IdParam, IdSchema, oneLineString, wholeNumber } from './fields.ts'
import { defineRoute, okModel } from './http.ts'
import { StaffCustomerFound } from './staff-desk.ts'

/** The most lines one debt has. */
export const MAX_DEBT_LINES = 50
/** The most a line's unit price, or a voucher's movement, may be (10,000 € in cents). */
export const MAX_DESK_AMOUNT = 1_000_000
/** The longest concept of a debt, a line or a voucher's movement. */
export const MAX_CONCEPT_LENGTH = 200

/** A voucher's kind by name, as the desk chooses it (the stored kind is VoucherKind's number). */
export const StaffVoucherKind = ['money', 'sessions', 'hours'] as const
export type StaffVoucherKind = (typeof StaffVoucherKind)[number]
export const STAFF_VOUCHER_KIND: Record<StaffVoucherKind, VoucherKind> = {
  money: VoucherKind.Money,
  sessions: VoucherKind.Sessions,
  hours: VoucherKind.Hours,
}

const concept = () =>
  oneLineString({ error: 'Required' })
    .trim()
    .min(1, 'Required')
    .max(MAX_CONCEPT_LENGTH, `At most ${MAX_CONCEPT_LENGTH} characters`)

const amount = (invalid: string) =>
  wholeNumber({ min: 1, max: MAX_DESK_AMOUNT, invalid, tooLarge: `At most ${MAX_DESK_AMOUNT}.` })

const customerParams = z.object({ id: IdParam })

// ---------------------------------------------------------------------------------------------
// The customer as the desk reads it

export const StaffCustomerOrder = z.object({
  id: z.number().int(),
  number: z.string(),
  /** ISO 8601 instant. */
  date: z.string(),
  totalCents: z.number().int(),
  online: z.boolean(),
  paymentMethod: z.string(),
  /** The names of its lines. */
  items: z.array(z.string()),
})

export const StaffVoucherMovement = z.object({
  id: z.number().int(),
  /** ISO 8601 instant. */
  at: z.string(),
  /** In the voucher's unit: positive a top-up, negative a spend. */
  amount: z.number().int(),
  previousAmount: z.number().int(),
  current: z.number().int(),
  concept: z.string(),
})

export const StaffVoucher = z.object({
  id: z.number().int(),
  kind: z.enum(StaffVoucherKind),
  description: z.string(),
  /** In its unit (cents, sessions, minutes); equals the sum of its movements. */
  balance: z.number().int(),
  /** Switched on, not expired and with something left. */
  active: z.boolean(),
  expiresAt: z.string().nullable(),
  /** Newest first. */
  movements: z.array(StaffVoucherMovement),
})
export type StaffVoucher = z.infer<typeof StaffVoucher>

export const StaffDebtLine = z.object({
  concept: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  taxPercent: z.number(),
  totalCents: z.number().int(),
})

/** A sale the customer still owes (a debt, a held booking or sign-up not run out). */
export const StaffPendingSale = z.object({
  id: z.number().int(),
  saleNumber: z.string(),
  concept: z.string(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  lines: z.array(StaffDebtLine),
})
export type StaffPendingSale = z.infer<typeof StaffPendingSale>

/** The customer's account: contact details and its state. */
export const StaffCustomerProfile = StaffCustomerFound.extend({
  activated: z.boolean(),
  disabled: z.boolean(),
  /** ISO 8601 instants, null when not. */
  activatedAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
})
export type StaffCustomerProfile = z.infer<typeof StaffCustomerProfile>

export const StaffCustomer = StaffCustomerProfile.extend({
  /** Not over yet, soonest first; and over, latest first. */
  nextBookings: z.array(CustomerBooking),
  pastBookings: z.array(CustomerBooking),
  /** Paid sales, newest first. */
  orders: z.array(StaffCustomerOrder),
  /** Newest first, active and inactive. */
  vouchers: z.array(StaffVoucher),
  /** Newest first. */
  pendingSales: z.array(StaffPendingSale),
})
export type StaffCustomer = z.infer<typeof StaffCustomer>

// ---------------------------------------------------------------------------------------------
// Writes

/** What changes of the contact details: the fields left out keep their value; at least one. */
export const StaffCustomerEditBody = z
  .object({
    name: oneLineString({ error: 'Field required' })
      .trim()
      .min(1, 'Field required')
      .max(MAX_NAME_LENGTH, `At most ${MAX_NAME_LENGTH} characters`)
      .optional(),
    surname: oneLineString().trim().max(MAX_NAME_LENGTH, `At most ${MAX_NAME_LENGTH} characters`).optional(),
    phone: oneLineString().trim().max(30, 'At most 30 characters').optional(),
    /** The new login email, at once; another account's answers 409 email_taken. */
    email: Email.optional(),
  })
  .refine(
    (b) => Object.values(b).some((v) => v !== undefined),
    'Say what changes: name, surname, phone or email.',
  )
export type StaffCustomerEditBody = z.input<typeof StaffCustomerEditBody>

export const StaffDebtBody = z.object({
  /** What the whole debt is for, as the customer reads it on their pending sales. */
  concept: concept(),
  lines: z
    .array(
      z.object({
        concept: concept(),
        quantity: wholeNumber({
          min: 1,
          max: 1000,
          invalid: 'The quantity is a whole number from 1.',
          tooLarge: 'At most 1000.',
        }),
        /** Tax included. */
        unitPriceCents: wholeNumber({
          min: 0,
          max: MAX_DESK_AMOUNT,
          invalid: 'The price is a whole number of cents from 0.',
          tooLarge: `At most ${MAX_DESK_AMOUNT}.`,
        }),
        taxPercent: z
          .number({ error: 'The tax is a percentage from 0 to 100.' })
          .min(0, 'The tax is a percentage from 0 to 100.')
          .max(100, 'The tax is a percentage from 0 to 100.'),
      }),
    )
    .min(1, 'At least one line')
    .max(MAX_DEBT_LINES, `At most ${MAX_DEBT_LINES} lines`),
})
export type StaffDebtBody = z.input<typeof StaffDebtBody>

export const StaffVoucherBody = z
  .object({
    kind: z.enum(StaffVoucherKind, 'The kind is money, sessions or hours.'),
    /** The voucher's name, as the customer reads it. */
    description: concept(),
    /** The first movement: cents, sessions or minutes. */
    amount: amount('The amount is a whole number from 1.'),
    concept: concept(),
    /** Sessions and hours: the booking types it pays (none: nothing online), and their lengths. */
    bookingTypeIds: z
      .array(
        IdSchema({
          min: 1,
          invalid: 'The booking type id is a whole number from 1.',
          tooLarge: 'The booking type id is too large.',
        }),
      )
      .max(50, 'At most 50 booking types')
      .optional(),
    durationMinutes: z
      .array(wholeNumber({ min: 1, max: 1440, invalid: 'Whole minutes', tooLarge: 'At most 1440 minutes' }))
      .max(20, 'At most 20 lengths')
      .optional(),
  })
  .refine(
    (b) =>
      b.kind !== 'money' || ((b.bookingTypeIds?.length ?? 0) === 0 && (b.durationMinutes?.length ?? 0) === 0),
    { path: ['bookingTypeIds'], message: 'A money voucher pays anything: it has no booking types.' },
  )
export type StaffVoucherBody = z.input<typeof StaffVoucherBody>

export const StaffTopUpBody = z.object({
  /** In the voucher's unit: cents, sessions or minutes. */
  amount: amount('The amount is a whole number from 1.'),
  concept: concept(),
})
export type StaffTopUpBody = z.input<typeof StaffTopUpBody>

export const StaffDebtMade = StaffPendingSale

export const staffCustomerRoutes = {
  staffCustomer: defineRoute({
    method: 'GET',
    path: '/api/staff/customers/:id',
    summary:
      "A customer's account (activated, disabled, walk-in) with their bookings, orders, vouchers with balances and pending sales",
    tags: ['staff'],
    params: customerParams,
    response: okModel(StaffCustomer),
    auth: 'staff',
    staffRole: 'desk',
  }),
  staffCustomerEdit: defineRoute({
    method: 'POST',
    path: '/api/staff/customers/:id',
    summary: "Change a customer's name, surname, phone or login email at once; audited before and after",
    tags: ['staff'],
    params: customerParams,
    body: StaffCustomerEditBody,
    response: okModel(StaffCustomerProfile),
    auth: 'staff',
    staffRole: 'desk',
    errors: [CustomerErrorCode.emailTaken],
  }),
  staffCustomerDebt: defineRoute({
    method: 'POST',
    path: '/api/staff/customers/:id/debts',
    summary: 'Write a debt: a pending sale with its lines and concept, which the customer pays on the site',
    tags: ['staff'],
    params: customerParams,
    body: StaffDebtBody,
    response: okModel(StaffDebtMade),
    auth: 'staff',
    staffRole: 'desk',
  }),
  staffCustomerVoucher: defineRoute({
    method: 'POST',
    path: '/api/staff/customers/:id/vouchers',
    summary: 'Give a customer a new money, sessions or hours voucher with its first movement',
    tags: ['staff'],
    params: customerParams,
    body: StaffVoucherBody,
    response: okModel(StaffVoucher),
    auth: 'staff',
    staffRole: 'manager',
  }),
  staffVoucherTopUp: defineRoute({
    method: 'POST',
    path: '/api/staff/vouchers/:id/top-up',
    summary: "Top up a voucher by an amount in its unit, with the movement's concept",
    tags: ['staff'],
    params: z.object({ id: IdParam }),
    body: StaffTopUpBody,
    response: okModel(StaffVoucher),
    auth: 'staff',
    staffRole: 'manager',
  }),
  staffCustomerResendActivation: defineRoute({
    method: 'POST',
    path: '/api/staff/customers/:id/resend-activation',
    summary:
      'Send the activation mail again (once within its minutes); refused for a walk-in, an active or a disabled account',
    tags: ['staff'],
    params: customerParams,
    response: okModel(LinkSent),
    auth: 'staff',
    staffRole: 'desk',
    // The site's limit on links asked for one email (10 a minute) holds for the desk too.
    errors: [CustomerErrorCode.alreadyActive, RateLimitErrorCode.rateLimited],
  }),
  staffCustomerDisable: defineRoute({
    method: 'POST',
    path: '/api/staff/customers/:id/disable',
    summary:
      'Disable an account: it logs in no more and its sessions stop at once on every instance; audited',
    tags: ['staff'],
    params: customerParams,
    response: okModel(StaffCustomerProfile),
    auth: 'staff',
    staffRole: 'desk',
  }),
  staffCustomerEnable: defineRoute({
    method: 'POST',
    path: '/api/staff/customers/:id/enable',
    summary: 'Enable a disabled account again: it logs in as before (its old sessions stay ended); audited',
    tags: ['staff'],
    params: customerParams,
    response: okModel(StaffCustomerProfile),
    auth: 'staff',
    staffRole: 'desk',
  }),
}
