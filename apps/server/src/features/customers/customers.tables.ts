import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { Locale } from '@clubhouse/contract/server'
import type { Localised } from '../../lib/localised.ts'
import { customerTypes } from '../shop/shop.tables.ts'

/**
 * A customer of the centre: credentials, profile and bank details. `email` is stored lower case and
 * is unique. `passwordHash` is `scrypt$N$r$p$salt$hash` (base64), null for an account created at the
 * desk that never set one. Not activated until `activatedAt` is set.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    surname: text('surname').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** 0 male, 1 female, null not said. */
    gender: smallint('gender'),
    birthDate: date('birth_date', { mode: 'string' }),
    addressLine1: text('address_line1').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    town: text('town').notNull().default(''),
    country: text('country').notNull().default(''),
    accountHolderName: text('account_holder_name').notNull().default(''),
    /** Without spaces, upper case; checksum-valid or empty. */
    iban: text('iban').notNull().default(''),
    dni: text('dni').notNull().default(''),
    acceptConditions: boolean('accept_conditions').notNull().default(false),
    okRss: boolean('ok_rss').notNull().default(false),
    /** The language of the customer's mails. */
    language: text('language').$type<Locale>().notNull().default('es-ES'),
    /** The customer's price list, if any. */
    customerTypeId: integer('customer_type_id').references(() => customerTypes.id, { onDelete: 'set null' }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** Set when the centre disabled the account: it logs in no more and its sessions ended then. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_email_key').on(t.email),
    check('customers_gender_check', sql`${t.gender} in (0, 1)`),
  ],
)

/** What a customer token is for. */
export const TokenKind = {
  Session: 'session',
  Activation: 'activation',
  Reset: 'reset',
  /** Proves a new email address before the login email changes to it. */
  EmailChange: 'email_change',
} as const
export type TokenKind = (typeof TokenKind)[keyof typeof TokenKind]

/**
 * The columns of a table of tokens, the customers' and the staff's: what the token is for (`kind`),
 * only its SHA-256 (hex), and its life. A token works until `expiresAt`, and not once `usedAt` is set
 * (used, revoked or logged out).
 */
export const tokenColumns = <Kind extends string>() => ({
  kind: text('kind').$type<Kind>().notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Bearer, activation, reset and email-change tokens of customers (`tokenColumns`). */
export const customerTokens = pgTable(
  'customer_tokens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    ...tokenColumns<TokenKind>(),
    /** An email-change token: the address the login email becomes once the link is followed. */
    newEmail: text('new_email'),
  },
  (t) => [
    uniqueIndex('customer_tokens_token_hash_key').on(t.tokenHash),
    index('customer_tokens_customer_id_kind_idx').on(t.customerId, t.kind),
    check('customer_tokens_kind_check', sql`${t.kind} in ('session', 'activation', 'reset', 'email_change')`),
  ],
)

/** A profile field the centre adds to its customers (text, bool or pick list). */
export const customFields = pgTable(
  'custom_fields',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    label: jsonb('label').$type<Localised>().notNull(),
    /** 0 text, 1 bool, 2 pick list (CustomFieldType). */
    fieldType: smallint('field_type').notNull(),
    /**
     * Options of a pick list, comma-separated, in each language: the same options in the same order.
     * A customer's value is stored as the option's text in the default language (es-ES) and answered
     * in the request's language.
     */
    pickListValues: jsonb('pick_list_values')
      .$type<Localised>()
      .notNull()
      .default({ 'es-ES': '', 'en-US': '' }),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [check('custom_fields_field_type_check', sql`${t.fieldType} in (0, 1, 2)`)],
)

/** A customer's value of one custom field. */
export const customerCustomValues = pgTable(
  'customer_custom_values',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    customFieldId: integer('custom_field_id')
      .notNull()
      .references(() => customFields.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (t) => [uniqueIndex('customer_custom_values_customer_field_key').on(t.customerId, t.customFieldId)],
)

/**
 * A saved card: the payment provider's token, never the card number. `deletedAt` set when the
 * customer removes it (kept for the payments that used it).
 */
export const cardTokens = pgTable(
  'card_tokens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Payment method id (PaymentMethodId) of the provider that holds the card. */
    paymentMethodId: integer('payment_method_id').notNull(),
    providerToken: text('provider_token').notNull(),
    last4: text('last4').notNull(),
    brand: text('brand').notNull().default(''),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('card_tokens_customer_id_idx').on(t.customerId)],
)
