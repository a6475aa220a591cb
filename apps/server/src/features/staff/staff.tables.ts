import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { StaffRole } from '@clubhouse/contract/server'
import { loginAddressColumns, loginAddressKey, loginFailureColumns } from '../customers/login-guard.tables.ts'
import { tokenColumns } from '../customers/customers.tables.ts'

/** `'a', 'b'`: a tuple of the contract as the list of an SQL `in`. */
const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/**
 * A member of the centre's staff: an account apart from the customers', with one role of the
 * contract's ladder (desk < manager < owner). `email` is stored lower case and is unique among staff
 * (a customer may have the same one). `passwordHash` is `scrypt$N$r$p$salt$hash`, null until the
 * person follows the link they were given. A disabled account (`disabledAt`) logs in no more, and
 * its sessions stop at its next request.
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    role: text('role').$type<StaffRole>().notNull(),
    passwordHash: text('password_hash'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * The second factor's shared secret (base32), kept as it is: a code is checked by computing it.
     * Set at enrolment, working once `totpConfirmedAt` is set by a first right code.
     */
    totpSecret: text('totp_secret'),
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
    /** The time step of the last code taken: a code works once, and none older than it. */
    totpLastStep: integer('totp_last_step').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_accounts_email_key').on(t.email),
    check('staff_accounts_role_check', sql`${t.role} in (${sqlList(StaffRole)})`),
  ],
)

/** What a staff token is for. */
export const StaffTokenKind = {
  /** A signed-in staff member's bearer token; works while used at least every 12 hours. */
  Session: 'session',
  /** The one-time link that sets (or sets again) an account's password. */
  SetPassword: 'set_password',
  /** A login whose password was right, waiting for its second factor's code. */
  SecondFactor: 'second_factor',
} as const
export type StaffTokenKind = (typeof StaffTokenKind)[keyof typeof StaffTokenKind]

/**
 * Staff sessions and set-password links, with the customers' `tokenColumns`: a session's `expiresAt`
 * moves on with each request it makes; `usedAt` is set once it is used, logged out or ended with its
 * account.
 */
export const staffTokens = pgTable(
  'staff_tokens',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    ...tokenColumns<StaffTokenKind>(),
  },
  (t) => [
    uniqueIndex('staff_tokens_token_hash_key').on(t.tokenHash),
    index('staff_tokens_staff_id_kind_idx').on(t.staffId, t.kind),
    check('staff_tokens_kind_check', sql`${t.kind} in (${sqlList(Object.values(StaffTokenKind))})`),
  ],
)

/**
 * The recovery codes of an account's second factor, for a lost phone: ten given at enrolment, each
 * working once, stored only as their SHA-256. A new enrolment ends the old ones.
 */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_recovery_codes_staff_code_key').on(t.staffId, t.codeHash)],
)

/** Failed logins of staff emails, counted apart from customers' (decision 106). */
export const staffLoginFailures = pgTable('staff_login_failures', loginFailureColumns())

/** The addresses staff emails logged in from. */
export const staffLoginAddresses = pgTable('staff_login_addresses', loginAddressColumns(), loginAddressKey)

/**
 * The audit of the staff's writes (issue 23, item 9): who (`staffId`; null for the command line),
 * when, what (`action`, e.g. `block.add`), to what (`subject`, e.g. `resource:3`), and the thing as
 * it stood before and after (null: it did not exist, or is gone). Each row is written in the unit of
 * work of the change it records, so a change undone leaves none. Read by owners, newest first.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').references(() => staffAccounts.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('staff_audit_at_idx').on(t.at, t.id),
    index('staff_audit_staff_id_at_idx').on(t.staffId, t.at),
    index('staff_audit_action_at_idx').on(t.action, t.at),
  ],
)
