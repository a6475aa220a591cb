import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
} from 'drizzle-orm/pg-core'
import type { Localised } from '../../lib/localised.ts'
import { customers } from '../customers/customers.tables.ts'
import { sales } from '../sales/sales.tables.ts'

/**
 * A customer's voucher: a balance of money (cents), sessions (count) or hours (minutes), by `kind`
 * (VoucherKind 0, 1, 2). The balance always equals the sum of its movements and never goes below 0.
 * Inactive when switched off by the centre, used up, or past `expiresAt`. A sessions or hours
 * voucher pays only what its scope names (decision 069); a money voucher pays anything.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: smallint('kind').notNull(),
    description: jsonb('description').$type<Localised>().notNull(),
    balance: integer('balance').notNull().default(0),
    active: boolean('active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * Scope of a sessions or hours voucher: the booking types whose bookings it pays (none listed:
     * it pays nothing online). Always empty on a money voucher.
     */
    bookingTypeIds: integer('booking_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Scope: the only booking lengths it pays, in minutes; empty: any length of its types. */
    durationMinutes: integer('duration_minutes')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vouchers_customer_id_idx').on(t.customerId),
    check('vouchers_kind_check', sql`${t.kind} in (0, 1, 2)`),
    check('vouchers_balance_check', sql`${t.balance} >= 0`),
    check(
      'vouchers_scope_check',
      sql`${t.kind} <> 0 or (cardinality(${t.bookingTypeIds}) = 0 and cardinality(${t.durationMinutes}) = 0)`,
    ),
    check('vouchers_duration_minutes_check', sql`0 < all(${t.durationMinutes})`),
  ],
)

/** One change of a voucher's balance: positive a recharge, negative a spend. */
export const voucherMovements = pgTable(
  'voucher_movements',
  {
    id: serial('id').primaryKey(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    previousAmount: integer('previous_amount').notNull(),
    current: integer('current').notNull(),
    concept: jsonb('concept').$type<Localised>().notNull(),
    /** The sale a spend paid, if any. */
    saleId: integer('sale_id').references(() => sales.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('voucher_movements_voucher_id_created_at_idx').on(t.voucherId, t.createdAt),
    // A cancellation reads what paid its sale (refunds in kind, decision 069).
    index('voucher_movements_sale_id_idx').on(t.saleId),
    check('voucher_movements_arithmetic_check', sql`${t.current} = ${t.previousAmount} + ${t.amount}`),
    check('voucher_movements_current_check', sql`${t.current} >= 0`),
  ],
)
