import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Failed logins per email (lower case, whether an account has it or not), counted in the database so
 * every app process sees the same count (decision 075). `nextTryAt` is the earliest instant a login
 * for the email is checked again from an address it never logged in from; `noticedAt` when the
 * owner was last mailed about the failures.
 */
export const loginFailures = pgTable('login_failures', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  nextTryAt: timestamp('next_try_at', { withTimezone: true }).notNull(),
  noticedAt: timestamp('noticed_at', { withTimezone: true }),
})

/**
 * The addresses an email logged in from (their SHA-256, not the address), with the last successful
 * login from each: there the owner is not kept waiting by failures made elsewhere (decision 075).
 */
export const loginAddresses = pgTable(
  'login_addresses',
  {
    email: text('email').notNull(),
    addressHash: text('address_hash').notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.addressHash] })],
)
