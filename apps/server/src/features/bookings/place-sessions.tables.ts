import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { MapConfig, PlaceConfig } from '@clubhouse/contract/server'
import type { Localised } from '../../lib/localised.ts'
import { customers } from '../customers/customers.tables.ts'
import { bookings, bookingTypes, resources } from './bookings.tables.ts'

/**
 * Booking by place (spec 2 §2, §3, decision 063): scheduled sessions of by-place booking types, the
 * place maps some of them use, and their waiting lists. A customer's place in a session is a row of
 * `bookings` (held, confirmed, cancelled, expired) with `session_id` and, on a map, `place_id`: it has
 * no blocks. Those two columns reference the tables here through foreign keys written in migration
 * 0012 (the tables here reference `bookings`, so the schema files cannot name each other both ways).
 */

/** A place map: the drawing (walls, stage, labels) and whether bookers are shown on it. */
export const bookingTemplates = pgTable('booking_templates', {
  id: serial('id').primaryKey(),
  name: jsonb('name').$type<Localised>().notNull(),
  /** The header image over the map (a path under the uploads folder, or a URL; empty: none). */
  imageMap: text('image_map').notNull().default(''),
  mapConfig: jsonb('map_config').$type<MapConfig>().notNull(),
  /** A signed-in customer sees who booked each place (name, phone, email) on the map. */
  allowSeeParticipants: boolean('allow_see_participants').notNull().default(false),
})

/** A place of a map: a bike, a mat, a seat, drawn where its config says. */
export const bookingTemplatePlaces = pgTable(
  'booking_template_places',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => bookingTemplates.id, { onDelete: 'cascade' }),
    /** The place's name as booked ("B12"). */
    place: text('place').notNull(),
    config: jsonb('config').$type<PlaceConfig>().notNull(),
    /** The order places are offered in when one is given without being chosen (the waiting list). */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('booking_template_places_template_place_key').on(t.templateId, t.place),
    index('booking_template_places_template_position_idx').on(t.templateId, t.position),
  ],
)

/**
 * A session of a by-place booking type: a spinning class on Tuesday at 19:00 for 20, on the studio's
 * map or on any place. Its price is the session's, less the customer's price list discount.
 */
export const placeSessions = pgTable(
  'place_sessions',
  {
    id: serial('id').primaryKey(),
    bookingTypeId: integer('booking_type_id')
      .notNull()
      .references(() => bookingTypes.id),
    /** The place map; null: the customer takes any place. */
    templateId: integer('template_id').references(() => bookingTemplates.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    maxParticipants: integer('max_participants').notNull(),
    /** Levels it is meant for (shown, not enforced); null: open to all. */
    minLevel: numeric('min_level', { precision: 4, scale: 1, mode: 'number' }),
    maxLevel: numeric('max_level', { precision: 4, scale: 1, mode: 'number' }),
    priceCents: integer('price_cents').notNull().default(0),
    description: jsonb('description').$type<Localised>().notNull(),
  },
  (t) => [
    index('place_sessions_starts_at_idx').on(t.startsAt),
    check('place_sessions_duration_check', sql`${t.durationMinutes} between 1 and 1440`),
    check('place_sessions_max_participants_check', sql`${t.maxParticipants} > 0`),
    check('place_sessions_price_cents_check', sql`${t.priceCents} >= 0`),
    check(
      'place_sessions_levels_check',
      sql`${t.minLevel} is null or ${t.maxLevel} is null or ${t.minLevel} <= ${t.maxLevel}`,
    ),
  ],
)

/** The resources a session takes (the studio, the instructor): what the page lists and filters by. */
export const placeSessionResources = pgTable(
  'place_session_resources',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => placeSessions.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.resourceId] }),
    index('place_session_resources_resource_id_idx').on(t.resourceId),
  ],
)

/**
 * Where a customer on a waiting list stands: `waiting` in line; `offered` a place that freed and is
 * held for them (`booking_id`); `booked` they took a place; `left` they stepped out (or removed the
 * offer from the cart); `lapsed` the offer ran out and passed to the next customer.
 */
export const WaitlistStatus = {
  Waiting: 'waiting',
  Offered: 'offered',
  Booked: 'booked',
  Left: 'left',
  Lapsed: 'lapsed',
} as const
export type WaitlistStatus = (typeof WaitlistStatus)[keyof typeof WaitlistStatus]

/** A customer on a session's waiting list: at most one live entry (waiting or offered) each. */
export const placeSessionWaitlist = pgTable(
  'place_session_waitlist',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => placeSessions.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: text('status').$type<WaitlistStatus>().notNull().default('waiting'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    /** The held booking of the offer (and the booking taken with it). */
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('place_session_waitlist_live_key')
      .on(t.sessionId, t.customerId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index('place_session_waitlist_customer_id_idx').on(t.customerId),
    index('place_session_waitlist_booking_id_idx').on(t.bookingId),
    check(
      'place_session_waitlist_status_check',
      sql`${t.status} in ('waiting', 'offered', 'booked', 'left', 'lapsed')`,
    ),
    check('place_session_waitlist_offer_check', sql`${t.status} <> 'offered' or ${t.bookingId} is not null`),
  ],
)
