import { z } from 'zod'
import { CustomFieldTypeSchema, GenderSchema } from './enums.ts'
import { IdSchema, oneLineString, safeString } from './fields.ts'
import { CustomerErrorCode } from './error-codes.ts'
import { PUBLICITY_CONSENT_DEFAULT } from './constants.ts'
import { defineRoute, envelope, okOnly } from './http.ts'

/**
 * Customer accounts (spec 1 §2–§5, §7): login, registration, activation, password reset and change,
 * the profile with its custom fields, and saved card tokens. Every route that names a customer
 * (`:customerId`, `:id`, or `customerId` in the body) answers 401 without a valid token and 403 when
 * the token belongs to another customer; id 0 means "no customer" and also answers 401 on these routes.
 */

// ---------------------------------------------------------------------------------------------
// Shared field rules, used by the server's validation and the web forms alike.

/** The minimum length of a password (spec 1 §9). */
export const MIN_PASSWORD_LENGTH = 5
export const MAX_PASSWORD_LENGTH = 200
export const MAX_NAME_LENGTH = 100
export const MAX_EMAIL_LENGTH = 254
/** How long a login lasts: the expiry the server gives at login (spec 1 §3 session data). */
export const SESSION_TTL_DAYS = 30
/** Activation links last 24 hours, reset links 1 hour; both work once. */
export const ACTIVATION_TTL_HOURS = 24
export const RESET_TTL_HOURS = 1
/** A link confirming a new login email lasts 24 hours and works once. */
export const EMAIL_CHANGE_TTL_HOURS = 24
/** After registration the client keeps a temporary login entry for 5 minutes (spec 1 §4). */
export const REGISTRATION_ENTRY_TTL_MINUTES = 5

/** A customer id in a path or body: a whole number, 0 meaning "no customer". */
export const CustomerId = IdSchema({
  min: 0,
  invalid: 'The customer id is a whole number from 0.',
  tooLarge: 'The customer id is too large.',
})

/** A path id of something a customer owns: a whole number from 1. */
export const OwnedId = IdSchema({
  min: 1,
  invalid: 'The id is a whole number from 1.',
  tooLarge: 'The id is too large.',
})

export const Email = safeString()
  .trim()
  .min(1, 'Required')
  .max(MAX_EMAIL_LENGTH, `At most ${MAX_EMAIL_LENGTH} characters`)
  .pipe(z.email('Enter a valid email address'))
  .transform((email) => email.toLowerCase())

/** A new password: 5 to 200 characters. The server also refuses the most common passwords. */
export const NewPassword = safeString({ error: 'Required' })
  .min(1, 'Required')
  .min(MIN_PASSWORD_LENGTH, `Minimum length is ${MIN_PASSWORD_LENGTH}`)
  .max(MAX_PASSWORD_LENGTH, `At most ${MAX_PASSWORD_LENGTH} characters`)

/** A password given to check (login, current password): any length up to the maximum. */
export const GivenPassword = safeString({ error: 'Required' })
  .min(1, 'Required')
  .max(MAX_PASSWORD_LENGTH, `At most ${MAX_PASSWORD_LENGTH} characters`)

/** The profile's and the registration's fields are one line each: a line break in one is refused. */
const requiredText = (max: number) =>
  oneLineString({ error: 'Field required' }).min(1, 'Field required').max(max, `At most ${max} characters`)
const optionalText = (max: number) =>
  oneLineString()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '')

/**
 * The IBAN checksum (ISO 13616, mod 97): spaces ignored, case ignored. An empty value is valid
 * (no bank details given).
 */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase()
  if (iban === '') return true
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const ch of rearranged) {
    const digits = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97
  }
  return remainder === 1
}

/** An IBAN as typed: stored without spaces, upper case; empty when none. */
export const Iban = safeString()
  .max(42, 'At most 34 characters')
  .nullish()
  .transform((v) => (v ?? '').replace(/\s+/g, '').toUpperCase())
  .refine(isValidIban, 'This IBAN is not valid: check the digits')

/** A calendar date `YYYY-MM-DD`, or null. */
export const CalendarDate = safeString()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD')
  .refine((v) => {
    // Date.parse rolls 1990-02-31 over to March: a real date reads back the same.
    const t = Date.parse(`${v}T00:00:00Z`)
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v
  }, 'Not a real date')
  .nullish()
  .transform((v) => v ?? null)

// ---------------------------------------------------------------------------------------------
// Login, registration, activation, reset

export const LoginBody = z.object({
  email: safeString()
    .trim()
    .min(1, 'Required')
    .max(MAX_EMAIL_LENGTH, `At most ${MAX_EMAIL_LENGTH} characters`),
  password: GivenPassword,
})
export type LoginBody = z.input<typeof LoginBody>

export const LoginModel = z.object({
  id: z.number().int(),
  /** The customer's first name, shown by the account menu while logged in (decision 054). */
  name: z.string().default(''),
  /** The bearer token: 64 hex characters. */
  token: z.string(),
  /** When the token stops working: ISO 8601 instant. The client stores token and customer until then. */
  expiry: z.string(),
})
export type LoginModel = z.infer<typeof LoginModel>

/**
 * The login answer (spec 1 §7): `{ ok, errorMsg, redirect, model }`. A success is 200 with `ok: true`.
 * A refusal is an HTTP failure with the error body plus, where it applies, `redirect: true`: the
 * client then switches the form to reset-password mode.
 */
export const LoginAnswer = z
  .object({
    ok: z.literal(true),
    errorMsg: z.string().nullable().optional(),
    redirect: z.boolean().optional(),
    model: LoginModel,
  })
  .strict()

export const CustomFieldValueInput = z.object({
  /** The stored value's id, as the profile answered it; null for a new value. */
  identity: IdSchema({
    min: 0,
    invalid: 'The id is a whole number from 0.',
    tooLarge: 'The id is too large.',
  }).nullish(),
  customFieldId: IdSchema({
    min: 1,
    invalid: 'The custom field id is a whole number from 1.',
    tooLarge: 'The custom field id is too large.',
  }),
  value: z
    .union([safeString(), z.boolean(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? '' : String(v)))
    .pipe(safeString().max(500, 'At most 500 characters')),
  /** Sent back by clients that echo the definition; ignored. */
  customField: z.unknown().optional(),
})
export type CustomFieldValueInput = z.input<typeof CustomFieldValueInput>

export const RegisterBody = z.object({
  name: requiredText(MAX_NAME_LENGTH),
  surname: requiredText(MAX_NAME_LENGTH),
  email: Email,
  password: NewPassword,
  phone: requiredText(30),
  /** Consent to advertising and promotions; not given unless asked for (decision 051). */
  okRss: z.boolean().default(PUBLICITY_CONSENT_DEFAULT),
  acceptConditions: z.boolean().default(false),
  customFieldValues: z.array(CustomFieldValueInput).max(50).optional(),
})
export type RegisterBody = z.input<typeof RegisterBody>

/**
 * The answer to a registration (spec 1 §7: `model.id`): the same for every email, with or without an
 * account, so the id is always 0 (decision 076).
 */
export const RegisterAnswer = envelope({
  errorMsg: z.string().nullable().optional(),
  model: z.object({ id: z.number().int() }),
})

export const TokenBody = z.object({
  token: safeString().trim().min(1, 'Required').max(200, 'This link is not valid.'),
})

export const EmailBody = z.object({ email: Email })

/**
 * How long a mailed link is fresh: a new activation or reset link for the same address is not sent
 * before then (the last one is on its way), and the answer says when it was sent.
 */
export const LINK_FRESH_MINUTES = 10

/**
 * The answer to "send me the link": the same for any email, known or not (no one learns which
 * addresses have an account). `alreadySent` when a link went to this address less than
 * LINK_FRESH_MINUTES ago: no new one is sent until `resendAfter`.
 */
export const LinkSent = z.object({
  /** When the link for this address was sent: ISO 8601 instant. */
  sentAt: z.string(),
  /** From when another one can be asked for: ISO 8601 instant. */
  resendAfter: z.string(),
  alreadySent: z.boolean(),
})
export type LinkSent = z.infer<typeof LinkSent>
export const LinkSentAnswer = envelope({ model: LinkSent })

export const ResetPasswordBody = z.object({
  token: TokenBody.shape.token,
  plainPassword: NewPassword,
})

export const ChangePasswordBody = z.object({
  customerId: CustomerId,
  plainOldPass: GivenPassword,
  plainNewPass: NewPassword,
})

// ---------------------------------------------------------------------------------------------
// The profile

export const CustomField = z.object({
  customFieldId: z.number().int(),
  name: z.string(),
  /** In the request's language. */
  label: z.string(),
  fieldType: CustomFieldTypeSchema,
  /** The customer's value: text, 'true'/'false' for a bool, one of the options for a pick list. */
  value: z.string(),
  /** Options of a pick list, comma-separated; empty for other types. */
  pickListValues: z.string(),
})
export type CustomField = z.infer<typeof CustomField>

export const CustomFieldValue = z.object({
  identity: z.number().int(),
  customFieldId: z.number().int(),
  value: z.string(),
  customField: CustomField,
})

export const Customer = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string(),
  gender: GenderSchema.nullable(),
  /** YYYY-MM-DD */
  birthDate: z.string().nullable(),
  addressLine1: z.string(),
  postalCode: z.string(),
  city: z.string(),
  town: z.string(),
  country: z.string(),
  accountHolderName: z.string(),
  iban: z.string(),
  dni: z.string(),
  acceptConditions: z.boolean(),
  okRss: z.boolean(),
  customFields: z.array(CustomField),
  customFieldValues: z.array(CustomFieldValue),
  /**
   * A new login email waiting to be confirmed from the link mailed to it (the change applies when it
   * is followed); null when none.
   */
  pendingEmail: z.string().nullable(),
})
export type Customer = z.infer<typeof Customer>

/**
 * The customer save: every profile field (name, surname, email and phone required). Fields left out
 * keep their stored value; `customFieldValues` sets the values it names.
 */
export const CustomerSaveBody = z.object({
  id: CustomerId.optional(),
  name: requiredText(MAX_NAME_LENGTH),
  surname: requiredText(MAX_NAME_LENGTH),
  email: Email,
  phone: requiredText(30),
  gender: z.union([GenderSchema, z.null()]).optional(),
  birthDate: CalendarDate.optional(),
  addressLine1: optionalText(200).optional(),
  postalCode: optionalText(20).optional(),
  city: optionalText(100).optional(),
  town: optionalText(100).optional(),
  country: optionalText(100).optional(),
  accountHolderName: optionalText(MAX_NAME_LENGTH * 2).optional(),
  iban: Iban.optional(),
  dni: optionalText(20).optional(),
  acceptConditions: z.boolean().optional(),
  okRss: z.boolean().optional(),
  customFieldValues: z.array(CustomFieldValueInput).max(50).optional(),
  /**
   * Needed when `email` differs from the login email: the change is not made at once but mailed for
   * confirmation to the new address (with a notice to the old one).
   */
  currentPassword: GivenPassword.optional(),
  /** Echoed definitions from a GET; ignored. */
  customFields: z.unknown().optional(),
  /** Echoed from a GET; ignored. */
  pendingEmail: z.unknown().optional(),
})
export type CustomerSaveBody = z.input<typeof CustomerSaveBody>

export const ConfirmEmailAnswer = envelope({ model: z.object({ email: z.string() }) })

// ---------------------------------------------------------------------------------------------
// Saved cards

export const CardToken = z.object({
  id: z.number().int(),
  /** The last digits only, e.g. "•••• 4242". */
  cardNumber: z.string(),
  brand: z.string(),
  /** MM/YY */
  expiry: z.string(),
})
export type CardToken = z.infer<typeof CardToken>

export const customerRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/api/publiccustomers/cauth',
    summary: 'Log in with email and password; answers the token and its expiry',
    tags: ['customers'],
    body: LoginBody,
    response: LoginAnswer,
    rateLimit: { max: 10, timeWindow: '1 minute' },
    errors: [CustomerErrorCode.invalidCredentials, CustomerErrorCode.notActivated],
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/publiccustomers/logout',
    summary: "Revoke the request's bearer token",
    tags: ['customers'],
    response: okOnly(),
  }),
  register: defineRoute({
    method: 'POST',
    path: '/api/publiccustomers/register',
    summary:
      'Create an account; an activation mail is sent (when the centre has registration on). Answers the same for any email (id 0): an email with an account gets a mail saying someone tried',
    tags: ['customers'],
    body: RegisterBody,
    response: RegisterAnswer,
    rateLimit: { max: 10, timeWindow: '1 minute' },
    errors: [CustomerErrorCode.registrationClosed],
  }),
  activate: defineRoute({
    method: 'POST',
    path: '/api/publiccustomers/activate',
    summary: 'Activate an account with the token of its activation mail (once, within 24 hours)',
    tags: ['customers'],
    body: TokenBody,
    response: okOnly(),
    rateLimit: { max: 20, timeWindow: '1 minute' },
    errors: [CustomerErrorCode.invalidToken, CustomerErrorCode.alreadyActive],
  }),
  resendActivation: defineRoute({
    method: 'POST',
    path: '/api/publiccustomers/resend-activation',
    summary: 'Send the activation mail again; answers the same for any email',
    tags: ['customers'],
    body: EmailBody,
    response: LinkSentAnswer,
    rateLimit: { max: 10, timeWindow: '1 minute' },
  }),
  resetPasswordRequest: defineRoute({
    method: 'POST',
    path: '/api/publiccustomers/reset-password-request-cz',
    summary: 'Mail a password reset link (valid 1 hour); answers the same for any email',
    tags: ['customers'],
    body: EmailBody,
    response: LinkSentAnswer,
    rateLimit: { max: 10, timeWindow: '1 minute' },
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/publiccustomers/reset-password-cz',
    summary: 'Set a new password with the token of a reset mail (once); every login is revoked',
    tags: ['customers'],
    body: ResetPasswordBody,
    response: okOnly(),
    rateLimit: { max: 20, timeWindow: '1 minute' },
    errors: [CustomerErrorCode.invalidToken],
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/publiccustomers/reset-password-by-old-json',
    summary: "Change the password knowing the current one; the customer's other logins are revoked",
    tags: ['customers'],
    body: ChangePasswordBody,
    response: okOnly(),
    auth: 'customer',
    owner: { from: 'body', key: 'customerId' },
    rateLimit: { max: 10, timeWindow: '1 minute' },
    errors: [CustomerErrorCode.wrongPassword],
  }),
  getCustomer: defineRoute({
    method: 'GET',
    path: '/api/publiccustomers/:id',
    summary: "The customer's profile with custom fields",
    tags: ['customers'],
    params: z.object({ id: CustomerId }),
    response: envelope({ data: Customer }),
    auth: 'customer',
    owner: { from: 'params', key: 'id' },
  }),
  saveCustomer: defineRoute({
    method: 'PUT',
    path: '/api/publiccustomers/:id',
    summary: "Save the customer's profile",
    tags: ['customers'],
    params: z.object({ id: CustomerId }),
    body: CustomerSaveBody,
    response: envelope({ errorMsg: z.string().nullable().optional(), data: Customer }),
    auth: 'customer',
    owner: { from: 'params', key: 'id' },
    rateLimit: { max: 30, timeWindow: '1 minute' },
    errors: [CustomerErrorCode.emailTaken, CustomerErrorCode.wrongPassword, CustomerErrorCode.passwordNeeded],
  }),
  saveCustomerJson: defineRoute({
    method: 'PUT',
    path: '/api/publiccustomers/put-json',
    summary: "Save the customer's profile, the customer named by `id` in the body (same as PUT /:id)",
    tags: ['customers'],
    body: CustomerSaveBody.extend({ id: CustomerId }),
    response: envelope({ errorMsg: z.string().nullable().optional(), data: Customer }),
    auth: 'customer',
    owner: { from: 'body', key: 'id' },
    rateLimit: { max: 30, timeWindow: '1 minute' },
    errors: [CustomerErrorCode.emailTaken, CustomerErrorCode.wrongPassword, CustomerErrorCode.passwordNeeded],
  }),
  confirmEmail: defineRoute({
    method: 'POST',
    path: '/api/publiccustomers/confirm-email',
    summary:
      'Make the new email of a change the login email, with the token mailed to it (once, within 24 hours)',
    tags: ['customers'],
    body: TokenBody,
    response: ConfirmEmailAnswer,
    rateLimit: { max: 20, timeWindow: '1 minute' },
    errors: [CustomerErrorCode.invalidToken, CustomerErrorCode.emailTaken],
  }),
  cardTokens: defineRoute({
    method: 'GET',
    path: '/api/publicpaymentmethods/token-list/:customerId',
    summary: "The customer's saved cards (last digits only)",
    tags: ['customers'],
    params: z.object({ customerId: CustomerId }),
    response: envelope({ data: z.array(CardToken) }),
    auth: 'customer',
    owner: { from: 'params', key: 'customerId' },
  }),
  deleteCardToken: defineRoute({
    method: 'DELETE',
    path: '/api/publicpaymentmethods/:customerId/:methodId',
    summary: 'Forget one saved card',
    tags: ['customers'],
    params: z.object({ customerId: CustomerId, methodId: OwnedId }),
    response: okOnly(),
    auth: 'customer',
    owner: { from: 'params', key: 'customerId' },
  }),
}
