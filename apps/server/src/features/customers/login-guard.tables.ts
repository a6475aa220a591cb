import {
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  type AnyPgColumn,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core'
import type { BuildColumns } from 'drizzle-orm'

/**
 * The columns of a table of failed logins per email (lower case, whether an account has it or not),
 * counted in the database so every app process sees the same count (decision 075). `nextTryAt` is
 * the earliest instant a login for the email is checked again from an address it never logged in
 * from; `noticedAt` when the owner was last mailed about the failures. Customers and staff each keep
 * their own table of them (decision 106): one person may be both, and neither count slows the other.
 */
export const loginFailureColumns = () => ({
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  nextTryAt: timestamp('next_try_at', { withTimezone: true }).notNull(),
  noticedAt: timestamp('noticed_at', { withTimezone: true }),
})

/**
 * The columns of a table of the addresses an email logged in from (their SHA-256, not the address),
 * with the last successful login from each: there the owner is not kept waiting by failures made
 * elsewhere (decision 075). Its key is the email and the address, `loginAddressKey`.
 */
export const loginAddressColumns = () => ({
  email: text('email').notNull(),
  addressHash: text('address_hash').notNull(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull(),
})

type AddressColumns = ReturnType<typeof loginAddressColumns>
type Built<C extends ReturnType<typeof loginFailureColumns> | AddressColumns> = BuildColumns<string, C, 'pg'>

export const loginAddressKey = (t: { email: AnyPgColumn; addressHash: AnyPgColumn }) => [
  primaryKey({ columns: [t.email, t.addressHash] }),
]

/** The two tables a login guard counts in, whichever feature's they are. */
export interface LoginGuardTables {
  failures: PgTableWithColumns<{
    name: string
    schema: undefined
    columns: Built<ReturnType<typeof loginFailureColumns>>
    dialect: 'pg'
  }>
  addresses: PgTableWithColumns<{
    name: string
    schema: undefined
    columns: Built<AddressColumns>
    dialect: 'pg'
  }>
}

/** Failed logins of customers' emails. */
export const loginFailures = pgTable('login_failures', loginFailureColumns())

/** The addresses customers' emails logged in from. */
export const loginAddresses = pgTable('login_addresses', loginAddressColumns(), loginAddressKey)
