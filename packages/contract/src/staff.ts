/**
 * Staff accounts (issue 23): the centre's own people, apart from its customers. Each has one role;
 * the roles form a ladder, owner above manager above desk, and a route or a task that needs a role
 * is open to that role and every role above it. The server's tables, its command line and the web
 * app share the one list.
 */
import { z } from 'zod'
import { Email, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH } from './customers.ts'
import { oneLineString, safeString } from './fields.ts'

/**
 * The roles, from the lowest to the highest:
 * - `desk`: the schedule, bookings, sessions, customers and their debts;
 * - `manager`: what the desk does, and orders, refunds, vouchers and reports;
 * - `owner`: everything, the staff accounts and the audit too.
 */
export const StaffRole = ['desk', 'manager', 'owner'] as const
export type StaffRole = (typeof StaffRole)[number]

/** Whether `role` reaches `needed` on the ladder (an owner does what a manager and the desk do). */
export function roleReaches(role: StaffRole, needed: StaffRole): boolean {
  return StaffRole.indexOf(role) >= StaffRole.indexOf(needed)
}

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
