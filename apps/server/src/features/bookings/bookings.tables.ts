import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { Localised } from '../../lib/localised.ts'
import { customers } from '../customers/customers.tables.ts'
import { sales } from '../sales/sales.tables.ts'
import { customerTypes } from '../shop/shop.tables.ts'
import { staffAccounts } from '../staff/staff.tables.ts'

/**
 * Bookings by resource and time (ARCHITECTURE.md §4-5, decision 042). Texts are `{ 'es-ES', 'en-US' }`;
 * times of day are minutes from the centre's midnight (its time zone in the settings); instants are
 * timestamptz; money is integer cents with taxes included.
 */

/** A time range of PostgreSQL (`[start,end)`); Drizzle has no range type of its own. */
const tstzrange = customType<{ data: string; driverData: string }>({
  dataType: () => 'tstzrange',
})

/** A kind of resource: padel courts, tennis courts, racket sets, a fitness room. */
export const resourceTypes = pgTable('resource_types', {
  id: serial('id').primaryKey(),
  name: jsonb('name').$type<Localised>().notNull(),
  position: integer('position').notNull().default(0),
})

/**
 * What a customer can book: "Padel", "Tennis", "Fitness room". By resource and time (the customer
 * picks a resource of the type's resource types, a day, a duration and a start) unless `byPlace`.
 */
export const bookingTypes = pgTable(
  'booking_types',
  {
    id: serial('id').primaryKey(),
    name: jsonb('name').$type<Localised>().notNull(),
    /** Groups the types in the index's filter ("Courts", "Rooms"). */
    category: jsonb('category').$type<Localised>().notNull(),
    image: text('image').notNull().default(''),
    description: jsonb('description').$type<Localised>().notNull(),
    /** Sanitised HTML. */
    extendedDescription: jsonb('extended_description').$type<Localised>().notNull(),
    /**
     * The "from" price of the index: the lowest price a customer without a price list pays. Worked
     * out when the catalogue is written, from the durations' base prices and the general price rules
     * that make a booking's price, so it never says less or more than a booking can cost.
     */
    grossPriceCents: integer('gross_price_cents').notNull().default(0),
    taxPercent: integer('tax_percent').notNull().default(21),
    /** Offered in the home page's direct-access menu. */
    showInMainPage: boolean('show_in_main_page').notNull().default(false),
    /** Booked by place in a scheduled session rather than by resource and time. */
    byPlace: boolean('by_place').notNull().default(false),
    /** A by-place type that may also be booked by resource and time. */
    allowCreateBookByPlace: boolean('allow_create_book_by_place').notNull().default(false),
    /** Offered online; a type switched off is answered as not found and refuses prebooks. */
    isOnline: boolean('is_online').notNull().default(true),
    /** A slot can be booked online until this many minutes before it starts. */
    anticipationMinutes: integer('anticipation_minutes').notNull().default(0),
    anticipationText: jsonb('anticipation_text').$type<Localised>().notNull(),
    /** A confirmed booking can be cancelled online until this many minutes before it starts. */
    cancellationMinutes: integer('cancellation_minutes').notNull().default(0),
    cancellationText: jsonb('cancellation_text').$type<Localised>().notNull(),
    /** Booked online up to this many days after the centre's today (decision 074). */
    daysAhead: integer('days_ahead').notNull().default(14),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check('booking_types_gross_price_cents_check', sql`${t.grossPriceCents} >= 0`),
    check('booking_types_days_ahead_check', sql`${t.daysAhead} >= 0`),
    check('booking_types_tax_percent_check', sql`${t.taxPercent} between 0 and 100`),
    check(
      'booking_types_minutes_check',
      sql`${t.anticipationMinutes} >= 0 and ${t.cancellationMinutes} >= 0`,
    ),
  ],
)

/** The resource types a booking type books (padel → the padel courts). */
export const bookingTypeResourceTypes = pgTable(
  'booking_type_resource_types',
  {
    bookingTypeId: integer('booking_type_id')
      .notNull()
      .references(() => bookingTypes.id, { onDelete: 'cascade' }),
    resourceTypeId: integer('resource_type_id')
      .notNull()
      .references(() => resourceTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.bookingTypeId, t.resourceTypeId] })],
)

/**
 * Follow-up choices (the spec's multipleResources): after a slot is chosen the customer takes one
 * resource of each related type for the same time (a racket set), which adds `priceCents`. An
 * `optional` one may be declined ("No, thanks"); a required one must be chosen (decision 079).
 */
export const bookingTypeRelatedTypes = pgTable(
  'booking_type_related_types',
  {
    bookingTypeId: integer('booking_type_id')
      .notNull()
      .references(() => bookingTypes.id, { onDelete: 'cascade' }),
    resourceTypeId: integer('resource_type_id')
      .notNull()
      .references(() => resourceTypes.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull().default(0),
    /** The customer may book without one of this type. */
    optional: boolean('optional').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bookingTypeId, t.resourceTypeId] }),
    check('booking_type_related_types_price_cents_check', sql`${t.priceCents} >= 0`),
  ],
)

/** The durations a booking type offers, each with its base price (before price rules). */
export const bookingTypeDurations = pgTable(
  'booking_type_durations',
  {
    bookingTypeId: integer('booking_type_id')
      .notNull()
      .references(() => bookingTypes.id, { onDelete: 'cascade' }),
    minutes: integer('minutes').notNull(),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingTypeId, t.minutes] }),
    check('booking_type_durations_minutes_check', sql`${t.minutes} between 1 and 1440`),
    check('booking_type_durations_price_cents_check', sql`${t.priceCents} >= 0`),
  ],
)

/**
 * A price that replaces the base price of a booking whose start falls on one of `weekdays` (bit 0
 * Monday … bit 6 Sunday) between `startsFromMinute` (included) and `startsBeforeMinute` (excluded),
 * in the centre's time: peak and off-peak. `durationMinutes` null: any duration. `customerTypeId`
 * set: that price list's price, which wins over the general rules; among rules of the same kind the
 * highest `priority` wins (decision 042).
 */
export const bookingPriceRules = pgTable(
  'booking_price_rules',
  {
    id: serial('id').primaryKey(),
    bookingTypeId: integer('booking_type_id')
      .notNull()
      .references(() => bookingTypes.id, { onDelete: 'cascade' }),
    durationMinutes: integer('duration_minutes'),
    weekdays: smallint('weekdays').notNull().default(127),
    startsFromMinute: smallint('starts_from_minute').notNull().default(0),
    startsBeforeMinute: smallint('starts_before_minute').notNull().default(1440),
    customerTypeId: integer('customer_type_id').references(() => customerTypes.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    priority: integer('priority').notNull().default(0),
  },
  (t) => [
    index('booking_price_rules_booking_type_id_idx').on(t.bookingTypeId),
    check('booking_price_rules_weekdays_check', sql`${t.weekdays} between 1 and 127`),
    check(
      'booking_price_rules_band_check',
      sql`${t.startsFromMinute} >= 0 and ${t.startsFromMinute} < ${t.startsBeforeMinute} and ${t.startsBeforeMinute} <= 1440`,
    ),
    check('booking_price_rules_price_cents_check', sql`${t.priceCents} >= 0`),
  ],
)

/** A court, a room, a racket set: what a block takes. Starts fall every `slotMinutes` from opening. */
export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    resourceTypeId: integer('resource_type_id')
      .notNull()
      .references(() => resourceTypes.id),
    name: jsonb('name').$type<Localised>().notNull(),
    image: text('image').notNull().default(''),
    description: jsonb('description').$type<Localised>().notNull(),
    /** The slot step: starts are opening time + k × slotMinutes. */
    slotMinutes: integer('slot_minutes').notNull().default(30),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('resources_resource_type_id_idx').on(t.resourceTypeId),
    check('resources_slot_minutes_check', sql`${t.slotMinutes} between 5 and 1440`),
  ],
)

/**
 * The weekly timetable of a resource: on `weekday` (1 Monday … 7 Sunday) it is open from
 * `opensMinute` to `closesMinute` (minutes from the centre's midnight). Several ranges a day make a
 * lunch gap.
 */
export const resourceOpeningHours = pgTable(
  'resource_opening_hours',
  {
    id: serial('id').primaryKey(),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    opensMinute: smallint('opens_minute').notNull(),
    closesMinute: smallint('closes_minute').notNull(),
  },
  (t) => [
    index('resource_opening_hours_resource_id_idx').on(t.resourceId),
    check('resource_opening_hours_weekday_check', sql`${t.weekday} between 1 and 7`),
    check(
      'resource_opening_hours_range_check',
      sql`${t.opensMinute} >= 0 and ${t.opensMinute} < ${t.closesMinute} and ${t.closesMinute} <= 1440`,
    ),
  ],
)

/**
 * Where a booking stands. A hold (`held`) keeps the time for its customer until `holdExpiresAt`
 * while the sale is paid; it becomes `confirmed` (paid or free), `cancelled` (by the customer, or
 * the hold released from the cart) or `expired` (the hold ran out and its time was freed; a payment
 * that succeeds after that holds it again while its time is still free, decision 072).
 */
export const BookingStatus = {
  Held: 'held',
  Confirmed: 'confirmed',
  Cancelled: 'cancelled',
  Expired: 'expired',
} as const
export type BookingStatus = (typeof BookingStatus)[keyof typeof BookingStatus]

/**
 * A customer's booking of a type: one main block and one block per follow-up resource; or, booked by
 * place, a place in a session (`sessionId`, and `placeId` on a map) with no blocks (decision 063).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    bookingTypeId: integer('booking_type_id')
      .notNull()
      .references(() => bookingTypes.id),
    status: text('status').$type<BookingStatus>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** What the booking costs in all (main resource and follow-ups), as charged. */
    priceCents: integer('price_cents').notNull(),
    /** What is booked, as the cart's sale title and the mails read it. */
    description: jsonb('description').$type<Localised>().notNull(),
    /** The sale the customer pays; null for a free booking. */
    saleId: integer('sale_id').references(() => sales.id, { onDelete: 'set null' }),
    /** Until when a hold keeps its time; null once confirmed. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Set by the one sweep that claims the reminder mail, so it goes once however many instances run. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** 0: the web site (spec's origin). */
    origin: smallint('origin').notNull().default(0),
    /**
     * The session of a booking by place (place-sessions.tables.ts); null for a booking by resource and
     * time. Its foreign key is written in migration 0012.
     */
    sessionId: integer('session_id'),
    /** The place of the session's map it takes; null when the session has no map. Foreign key: 0012. */
    placeId: integer('place_id'),
    /**
     * A place's check-in at the desk (decision 116): `came`, `absent` (did not come), or null (not
     * marked); when it was marked and by which staff account (an id the staff feature owns).
     */
    attendance: text('attendance').$type<'came' | 'absent'>(),
    attendedAt: timestamp('attended_at', { withTimezone: true }),
    attendedBy: integer('attended_by').references(() => staffAccounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_customer_id_starts_at_idx').on(t.customerId, t.startsAt),
    index('bookings_held_hold_expires_at_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'held'`),
    index('bookings_reminder_due_idx')
      .on(t.startsAt)
      .where(sql`${t.status} = 'confirmed' and ${t.reminderSentAt} is null`),
    // A place of a session is live for one booking at a time, and a customer has one place a session.
    uniqueIndex('bookings_session_place_live_key')
      .on(t.sessionId, t.placeId)
      .where(sql`${t.status} in ('held', 'confirmed') and ${t.placeId} is not null`),
    uniqueIndex('bookings_session_customer_live_key')
      .on(t.sessionId, t.customerId)
      .where(sql`${t.status} in ('held', 'confirmed') and ${t.sessionId} is not null`),
    index('bookings_sale_id_idx').on(t.saleId),
    check('bookings_status_check', sql`${t.status} in ('held', 'confirmed', 'cancelled', 'expired')`),
    check('bookings_times_check', sql`${t.startsAt} < ${t.endsAt}`),
    check('bookings_price_cents_check', sql`${t.priceCents} >= 0`),
    check('bookings_place_in_session_check', sql`${t.placeId} is null or ${t.sessionId} is not null`),
    check('bookings_hold_check', sql`${t.status} <> 'held' or ${t.holdExpiresAt} is not null`),
    check(
      'bookings_attendance_check',
      sql`(${t.attendance} is null and ${t.attendedAt} is null and ${t.attendedBy} is null) or (${t.attendance} in ('came', 'absent') and ${t.sessionId} is not null and ${t.attendedAt} is not null)`,
    ),
  ],
)

/**
 * A time range taken on a resource: a booking's (main resource or follow-up), or a no-online block
 * the centre's staff set (no booking). Live until `releasedAt` (cancelled or expired booking).
 * Live blocks of one resource never overlap: the exclusion constraint `booking_blocks_no_overlap`
 * (btree_gist, migration 0005) says so in the database itself.
 */
export const bookingBlocks = pgTable(
  'booking_blocks',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id),
    /** `[start, end)` */
    during: tstzrange('during').notNull(),
    /** Time the staff took: shown as not bookable online. */
    isNoOnline: boolean('is_no_online').notNull().default(false),
    /** Why the staff took it (a tournament, maintenance); shown to nobody but kept for the desk. */
    note: text('note').notNull().default(''),
    /** What this block adds to its booking's price. */
    priceCents: integer('price_cents').notNull().default(0),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /**
     * The no-online blocks the staff took together, one a week at the same time, share it, so they
     * can be released together; null for a one-off block and for a booking's.
     */
    seriesId: uuid('series_id'),
  },
  (t) => [
    index('booking_blocks_booking_id_idx').on(t.bookingId),
    index('booking_blocks_series_id_idx')
      .on(t.seriesId)
      .where(sql`${t.seriesId} is not null`),
    // A day's live blocks of a few resources: resource = any(...) and a start between two instants.
    index('booking_blocks_live_resource_start_idx')
      .on(t.resourceId, sql`lower(${t.during})`)
      .where(sql`${t.releasedAt} is null`),
    check('booking_blocks_owner_check', sql`(${t.bookingId} is not null) <> ${t.isNoOnline}`),
    check('booking_blocks_price_cents_check', sql`${t.priceCents} >= 0`),
  ],
)

/**
 * A counter per resource type and centre day, bumped in the unit of work of every change of its
 * blocks: an instance's cached day answers are good while the counters they were built at hold
 * (decision 047). `resourceTypeId` 0 and day 2000-01-01 count changes of the booking catalogue.
 */
export const availabilityVersions = pgTable(
  'availability_versions',
  {
    resourceTypeId: integer('resource_type_id').notNull(),
    day: date('day').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.resourceTypeId, t.day] })],
)
