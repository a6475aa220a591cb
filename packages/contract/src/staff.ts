/**
 * Staff accounts (issue 23): the centre's own people, apart from its customers. Each has one role;
 * the roles form a ladder, owner above manager above desk, and a route or a task that needs a role
 * is open to that role and every role above it. The server's tables, its command line and the web
 * app share the one list.
 */
import { z } from 'zod'
import { roleReaches, StaffRole } from './staff-roles.ts'
import { Email, LoginBody, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH } from './customers.ts'
import { CustomerErrorCode, StaffErrorCode } from './error-codes.ts'
import { IdParam, oneLineString, safeString } from './fields.ts'
import { defineRoute, okData, okModel, okOnly } from './http.ts'

export { roleReaches, StaffRole } from './staff-roles.ts'

/** A staff session ends after this long without a request (a shared desk computer left signed in). */
export const STAFF_SESSION_IDLE_HOURS = 12
/** A link to set a staff password works once, for 24 hours from the account's creation. */
export const STAFF_PASSWORD_LINK_TTL_HOURS = 24
/**
 * Staff passwords open the centre's whole back office: longer than a customer's minimum, and never
 * one of the most common ones.
 */
export const STAFF_MIN_PASSWORD_LENGTH = 10

/** A staff account to create: who, with which role; the name is optional. */
export const NewStaffAccount = z.object({
  email: Email,
  role: z.enum(StaffRole, 'The role is one of desk, manager or owner.'),
  name: oneLineString()
    .max(MAX_NAME_LENGTH, `At most ${MAX_NAME_LENGTH} characters`)
    .optional()
    .transform((v) => v ?? ''),
})
export type NewStaffAccount = z.input<typeof NewStaffAccount>

/** The role an owner gives an account. */
export const StaffAccountRole = z.object({ role: NewStaffAccount.shape.role })
export type StaffAccountRole = z.infer<typeof StaffAccountRole>

/** A staff member's new password: 10 to 200 characters (the server refuses common ones too). */
export const StaffNewPassword = safeString({ error: 'Required' })
  .min(1, 'Required')
  .min(STAFF_MIN_PASSWORD_LENGTH, `Minimum length is ${STAFF_MIN_PASSWORD_LENGTH}`)
  .max(MAX_PASSWORD_LENGTH, `At most ${MAX_PASSWORD_LENGTH} characters`)

/** The second factor: a time-based one-time password (RFC 6238) of 6 digits, one every 30 seconds. */
export const TOTP_DIGITS = 6
export const TOTP_PERIOD_SECONDS = 30
/** Single-use recovery codes given at enrolment, for a lost phone. */
export const RECOVERY_CODE_COUNT = 10
/** How long a login whose password was right waits for its code. */
export const SECOND_FACTOR_TTL_MINUTES = 5

/**
 * Whether a role must have a second factor before anything else: an owner or a manager, on a site run
 * in production. Elsewhere (and for the desk) it is theirs to choose.
 */
export function needsSecondFactor(role: StaffRole, production: boolean): boolean {
  return production && roleReaches(role, 'manager')
}

// ---------------------------------------------------------------------------------------------
// The staff's routes (issue 23): their own login and session, apart from the customers'.

/** A token or a code from a client: trimmed, at most 200 characters, never a control character. */
const givenToken = () =>
  safeString({ error: 'Required' }).trim().min(1, 'Required').max(200, 'At most 200 characters')

/** The second step of a login: its challenge and a code of the authenticator app (or a recovery code). */
export const StaffSecondStepBody = z.object({ challenge: givenToken(), code: givenToken() })

/** A set-password link's token and the person's new password. */
export const StaffSetPasswordBody = z.object({ token: givenToken(), password: StaffNewPassword })

/** The first code of a new second factor, which confirms its enrolment. */
export const StaffEnrolmentCode = z.object({ code: givenToken() })

/** The signed-in staff member, as the back office shows them and decides what to offer. */
export const StaffMe = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(StaffRole),
  /** The session may do nothing but enrol a second factor (an owner or a manager in production). */
  mustEnrol: z.boolean(),
})
export type StaffMe = z.infer<typeof StaffMe>

/**
 * What a login answers: a session (its bearer token, until when it holds if left idle, and who), or,
 * for an account with a second factor, the challenge its code answers at the second step.
 */
export const StaffLoginModel = z.discriminatedUnion('step', [
  z.object({
    step: z.literal('session'),
    /** The bearer token of the staff session: 64 hex characters. */
    token: z.string(),
    /** ISO 8601 instant; each request moves it on. */
    expiresAt: z.string(),
    account: StaffMe,
  }),
  z.object({
    step: z.literal('code'),
    /** Sent back with the code at `POST /api/staff/login/second-step`, within five minutes. */
    challenge: z.string(),
    expiresAt: z.string(),
  }),
])
export type StaffLoginModel = z.infer<typeof StaffLoginModel>

/** A staff account as an owner lists it: never its password or its second factor's secret. */
export const StaffAccountShown = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(StaffRole),
  hasPassword: z.boolean(),
  /** Whether a second factor is enrolled (confirmed by a first code). */
  hasSecondFactor: z.boolean(),
  /** ISO 8601 instant, or null while the account works. */
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
})
export type StaffAccountShown = z.infer<typeof StaffAccountShown>

export const staffRoutes = {
  staffLogin: defineRoute({
    method: 'POST',
    path: '/api/staff/login',
    summary:
      'Log a staff member in; answers a session token, or the challenge of a second factor. The same refusal for any email, password or account',
    tags: ['staff'],
    // Read as a customer's login reads its email and password.
    body: LoginBody,
    response: okModel(StaffLoginModel),
    rateLimit: { max: 10, timeWindow: '1 minute' },
    errors: [CustomerErrorCode.invalidCredentials],
  }),
  staffLoginSecondStep: defineRoute({
    method: 'POST',
    path: '/api/staff/login/second-step',
    summary: "Answer a login's challenge with a code of the second factor (or a recovery code)",
    tags: ['staff'],
    body: StaffSecondStepBody,
    response: okModel(StaffLoginModel),
    rateLimit: { max: 10, timeWindow: '1 minute' },
    errors: [CustomerErrorCode.invalidCredentials],
  }),
  staffLogout: defineRoute({
    method: 'POST',
    path: '/api/staff/logout',
    summary: "End the request's staff session",
    tags: ['staff'],
    response: okOnly(),
    auth: 'staff',
    staffRole: 'desk',
    openBeforeEnrolment: true,
  }),
  staffMe: defineRoute({
    method: 'GET',
    path: '/api/staff/me',
    summary: 'The signed-in staff member and their role',
    tags: ['staff'],
    response: okData(StaffMe),
    auth: 'staff',
    staffRole: 'desk',
    openBeforeEnrolment: true,
  }),
  staffSetPassword: defineRoute({
    method: 'POST',
    path: '/api/staff/set-password',
    summary: "Set a staff account's password with the token of its link (once, within 24 hours)",
    tags: ['staff'],
    body: StaffSetPasswordBody,
    response: okModel(z.object({ email: z.string() })),
    rateLimit: { max: 20, timeWindow: '1 minute' },
    errors: [CustomerErrorCode.invalidToken],
  }),
  staffSecondFactorStart: defineRoute({
    method: 'POST',
    path: '/api/staff/second-factor/start',
    summary: 'Start enrolling a second factor: a new secret and its otpauth address',
    tags: ['staff'],
    response: okModel(z.object({ secret: z.string(), uri: z.string() })),
    auth: 'staff',
    staffRole: 'desk',
    openBeforeEnrolment: true,
  }),
  staffSecondFactorConfirm: defineRoute({
    method: 'POST',
    path: '/api/staff/second-factor/confirm',
    summary: 'Confirm the enrolment with a first code; answers the recovery codes, this once',
    tags: ['staff'],
    body: StaffEnrolmentCode,
    response: okModel(z.object({ recoveryCodes: z.array(z.string()) })),
    auth: 'staff',
    staffRole: 'desk',
    openBeforeEnrolment: true,
    rateLimit: { max: 10, timeWindow: '1 minute' },
    errors: [CustomerErrorCode.invalidCredentials],
  }),
  staffAccounts: defineRoute({
    method: 'GET',
    path: '/api/staff/accounts',
    summary: 'Every staff account, the oldest first',
    tags: ['staff'],
    response: okData(z.array(StaffAccountShown)),
    auth: 'staff',
    staffRole: 'owner',
  }),
  staffAddAccount: defineRoute({
    method: 'POST',
    path: '/api/staff/accounts',
    summary: 'Create a staff account; answers the link that sets its password, once within 24 hours',
    tags: ['staff'],
    body: NewStaffAccount,
    response: okModel(z.object({ account: StaffAccountShown, link: z.string(), expiresAt: z.string() })),
    auth: 'staff',
    staffRole: 'owner',
    errors: [CustomerErrorCode.emailTaken],
  }),
  staffDisableAccount: defineRoute({
    method: 'POST',
    path: '/api/staff/accounts/:id/disable',
    summary:
      'Disable a staff account: it logs in no more and its sessions end at once; never the last owner who can log in',
    tags: ['staff'],
    params: z.object({ id: IdParam }),
    response: okData(StaffAccountShown),
    auth: 'staff',
    staffRole: 'owner',
    errors: [StaffErrorCode.lastOwner],
  }),
  staffChangeRole: defineRoute({
    method: 'POST',
    path: '/api/staff/accounts/:id/role',
    summary:
      'Give a staff account another role, from its next request; never the last owner who can log in',
    tags: ['staff'],
    params: z.object({ id: IdParam }),
    body: StaffAccountRole,
    response: okData(StaffAccountShown),
    auth: 'staff',
    staffRole: 'owner',
    errors: [StaffErrorCode.lastOwner],
  }),
  staffEnableAccount: defineRoute({
    method: 'POST',
    path: '/api/staff/accounts/:id/enable',
    summary: 'Let a disabled staff account log in again, with the password it had',
    tags: ['staff'],
    params: z.object({ id: IdParam }),
    response: okData(StaffAccountShown),
    auth: 'staff',
    staffRole: 'owner',
  }),
  staffNewPasswordLink: defineRoute({
    method: 'POST',
    path: '/api/staff/accounts/:id/link',
    summary:
      "A new one-time link that sets a staff account's password (once within 24 hours); earlier links stop working",
    tags: ['staff'],
    params: z.object({ id: IdParam }),
    response: okModel(z.object({ link: z.string(), expiresAt: z.string() })),
    auth: 'staff',
    staffRole: 'owner',
    errors: [StaffErrorCode.accountDisabled],
  }),
  staffResetSecondFactor: defineRoute({
    method: 'POST',
    path: '/api/staff/accounts/:id/second-factor/reset',
    summary:
      "Reset a staff account's second factor: its secret and recovery codes go and its sessions end; it enrols again",
    tags: ['staff'],
    params: z.object({ id: IdParam }),
    response: okData(StaffAccountShown),
    auth: 'staff',
    staffRole: 'owner',
  }),
}
