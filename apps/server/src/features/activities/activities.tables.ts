import { sql } from 'drizzle-orm'
import {
  boolean,
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
import type { Localised } from '../../lib/localised.ts'
import { customers } from '../customers/customers.tables.ts'
import { sales } from '../sales/sales.tables.ts'

/**
 * An event or course of the centre (spec 2 §2 Activities). Customers sign up online only while
 * `online_sign_up` holds and it has not ended; `capacity` null: places are not limited. Money in cents.
 */
export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    name: jsonb('name').$type<Localised>().notNull(),
    /** Sanitised HTML. */
    description: jsonb('description').$type<Localised>().notNull(),
    poster: text('poster').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    onlineSignUp: boolean('online_sign_up').notNull().default(true),
    priceCents: integer('price_cents').notNull().default(0),
    taxPercent: integer('tax_percent').notNull().default(21),
    capacity: integer('capacity'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('activities_ends_at_idx').on(t.endsAt),
    check('activities_times_check', sql`${t.startsAt} < ${t.endsAt}`),
    check('activities_price_cents_check', sql`${t.priceCents} >= 0`),
    check('activities_tax_percent_check', sql`${t.taxPercent} between 0 and 100`),
    check('activities_capacity_check', sql`${t.capacity} is null or ${t.capacity} >= 0`),
  ],
)

/**
 * Where a sign-up stands: held while its sale waits to be paid, then confirmed, cancelled (removed
 * from the cart), or expired (the hold ran out and its place was freed; a late payment may take it
 * back while the place is still free, decision 072).
 */
export const InscriptionStatus = {
  Held: 'held',
  Confirmed: 'confirmed',
  Cancelled: 'cancelled',
  Expired: 'expired',
} as const
export type InscriptionStatus = (typeof InscriptionStatus)[keyof typeof InscriptionStatus]

/**
 * A customer's sign-up to an activity. A held one takes a place until `hold_expires_at`; one live
 * (held or confirmed) sign-up per customer and activity, which the database itself keeps.
 */
export const activityInscriptions = pgTable(
  'activity_inscriptions',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: text('status').$type<InscriptionStatus>().notNull(),
    saleId: integer('sale_id').references(() => sales.id, { onDelete: 'set null' }),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('activity_inscriptions_live_key')
      .on(t.activityId, t.customerId)
      .where(sql`${t.status} in ('held', 'confirmed')`),
    index('activity_inscriptions_customer_id_idx').on(t.customerId),
    index('activity_inscriptions_sale_id_idx').on(t.saleId),
    // The sweep's: the holds that ran out.
    index('activity_inscriptions_held_hold_expires_at_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'held'`),
    check(
      'activity_inscriptions_status_check',
      sql`${t.status} in ('held', 'confirmed', 'cancelled', 'expired')`,
    ),
    check('activity_inscriptions_hold_check', sql`${t.status} <> 'held' or ${t.holdExpiresAt} is not null`),
  ],
)
