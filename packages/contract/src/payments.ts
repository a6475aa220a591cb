import { z } from 'zod'
import { PaymentErrorCode } from './error-codes.ts'
import { defineRoute, envelope } from './http.ts'
import { IdParam, safeString } from './fields.ts'

// Payments through a provider (spec 2 §4, §7; decision 067): the provider's notifications, the
// browser's return calls and the status a return page polls. Card data never travels here.

/** Our reference of a payment attempt: 12 characters, the first 4 digits (Redsys's order rule). */
export const PaymentReference = safeString()
  .trim()
  .regex(/^[0-9]{4}[A-Za-z0-9]{1,8}$/, 'This payment reference is not valid.')

/** Redsys's signed notification (form-encoded): the three fields, signature over the parameters. */
export const RedsysNotificationBody = z.object({
  Ds_SignatureVersion: safeString().max(40),
  Ds_MerchantParameters: safeString().max(20_000),
  Ds_Signature: safeString().max(200),
})

/** What a return page is told: paid (`ok`), still waiting (`retry`), or neither (go to /cz/ko). */
export const PaymentStatusAnswer = z.object({
  ok: z.boolean(),
  retry: z.boolean(),
  /** The order's number, once it is paid. */
  orderNumber: z.string().nullable(),
  errorMsg: z.string().nullable(),
})
export type PaymentStatusAnswer = z.infer<typeof PaymentStatusAnswer>

export const PayPalCallbackBody = z.object({
  orderId: safeString().trim().min(1).max(64),
  authorizationId: safeString().trim().max(64).default(''),
})

const notificationErrors = [
  PaymentErrorCode.notificationRefused,
  PaymentErrorCode.paymentNotFound,
  PaymentErrorCode.paymentMismatch,
  PaymentErrorCode.providerUnavailable,
]

export const paymentRoutes = {
  redsysNotification: defineRoute({
    method: 'POST',
    path: '/api/redsys/notification',
    summary:
      "Redsys's signed notification of a payment (form-encoded); settles it. Answers non-2xx when it cannot be applied yet, so Redsys sends it again",
    tags: ['payments'],
    body: RedsysNotificationBody,
    response: envelope({}),
    errors: notificationErrors,
  }),
  cardNotification: defineRoute({
    method: 'POST',
    path: '/api/card/notification',
    summary: "The card-on-file provider's (Redsys) signed notification of a payment",
    tags: ['payments'],
    body: RedsysNotificationBody,
    response: envelope({}),
    errors: notificationErrors,
  }),
  paymentStatus: defineRoute({
    method: 'GET',
    path: '/api/payments/status/:reference',
    summary:
      'Whether a payment attempt is paid (ok), still waiting (retry) or not; the reference is known only to the browser that made it',
    tags: ['payments'],
    params: z.object({ reference: PaymentReference }),
    response: PaymentStatusAnswer,
    errors: [PaymentErrorCode.paymentNotFound],
  }),
  stripeStatus: defineRoute({
    method: 'GET',
    path: '/api/stripe/status/:paymentIntent',
    summary:
      "The card payment intent's status, read from the provider and settled (spec 2 §7): ok, or retry while it is processing",
    tags: ['payments'],
    params: z.object({
      paymentIntent: safeString()
        .trim()
        .regex(/^pi_[A-Za-z0-9_]{1,200}$/, 'This payment intent is not valid.'),
    }),
    query: z.object({ reference: PaymentReference.optional() }),
    auth: 'optional',
    response: PaymentStatusAnswer,
    errors: [
      PaymentErrorCode.paymentNotFound,
      PaymentErrorCode.providerUnavailable,
      PaymentErrorCode.paymentMismatch,
    ],
  }),
  paypalCallback: defineRoute({
    method: 'POST',
    path: '/api/paypal/callback',
    summary:
      "After the wallet's approval (spec 2 §7): the authorization is read from PayPal, checked against its order and settled",
    tags: ['payments'],
    body: PayPalCallbackBody,
    auth: 'optional',
    response: PaymentStatusAnswer,
    errors: [
      PaymentErrorCode.paymentNotFound,
      PaymentErrorCode.providerUnavailable,
      PaymentErrorCode.paymentMismatch,
    ],
  }),
  netpayCallback: defineRoute({
    method: 'POST',
    path: '/api/netpay/callback/:id/:transactionToken',
    summary:
      'Back from 3-D Secure: the card tokenizer transaction is read from the provider, confirmed and settled (spec 2 §7)',
    tags: ['payments'],
    params: z.object({
      id: IdParam,
      transactionToken: safeString()
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,200}$/, 'This transaction is not valid.'),
    }),
    auth: 'optional',
    response: PaymentStatusAnswer,
    errors: [
      PaymentErrorCode.paymentNotFound,
      PaymentErrorCode.providerUnavailable,
      PaymentErrorCode.paymentMismatch,
    ],
  }),
} as const
