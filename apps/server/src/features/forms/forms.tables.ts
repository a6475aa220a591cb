import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
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
import type { EditInputType, FormIdentifier } from '@clubhouse/contract/server'
import type { Localised } from '../../lib/localised.ts'
import { customers } from '../customers/customers.tables.ts'

/**
 * A form the centre defines for a parent: the custom registration form, an activity's sign-up
 * (`parent_name` a FormIdentifier, `parent_id` the parent's id). One form per parent.
 */
export const forms = pgTable(
  'forms',
  {
    id: serial('id').primaryKey(),
    parentName: text('parent_name').$type<FormIdentifier>().notNull(),
    parentId: integer('parent_id').notNull(),
    /** Asks for acceptance of the legal conditions and for publicity consent. */
    legalChecks: boolean('legal_checks').notNull().default(false),
  },
  (t) => [uniqueIndex('forms_parent_idx').on(t.parentName, t.parentId)],
)

/** A pick list option: its value and its label in each language. */
export interface StoredPickOption {
  value: string
  label: Localised
}

/** A field of a form, in `position` order; `column` 1 or 2 in a two-column form, 0 in one column. */
export const formFields = pgTable(
  'form_fields',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    label: jsonb('label').$type<Localised>().notNull(),
    inputType: smallint('input_type').$type<EditInputType>().notNull(),
    position: integer('position').notNull(),
    required: boolean('required').notNull().default(false),
    column: smallint('column').notNull().default(0),
    /** A pick list's options, in order. */
    options: jsonb('options').$type<StoredPickOption[]>(),
    /** A lookup's list controller (`Cities`) and its rows' label and id names. */
    lookup: jsonb('lookup').$type<{ controller: string; label: string; id: string }>(),
    defaultValue: text('default_value'),
  },
  (t) => [
    index('form_fields_form_id_idx').on(t.formId, t.position),
    uniqueIndex('form_fields_form_name_idx').on(t.formId, t.name),
  ],
)

/** One filled-in form. */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    okRss: boolean('ok_rss').notNull().default(false),
    acceptConditions: boolean('accept_conditions').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('form_submissions_form_id_idx').on(t.formId),
    // A customer's form files, summed against their space (decision 073).
    index('form_submissions_customer_id_idx').on(t.customerId),
  ],
)

/** A submitted field's value, as text. */
export const formSubmissionValues = pgTable(
  'form_submission_values',
  {
    id: serial('id').primaryKey(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => formSubmissions.id, { onDelete: 'cascade' }),
    fieldId: integer('field_id')
      .notNull()
      .references(() => formFields.id),
    value: text('value').notNull(),
  },
  (t) => [index('form_submission_values_submission_idx').on(t.submissionId)],
)

/**
 * A file a submission carried, stored under DATA_DIR/form-files/ with a generated name (never the
 * client's); `original_name` is kept only as text, `content_type` is what its content showed.
 * `expires_at` is set while the file is linked to no real customer (a registration's, until its
 * account is activated): the sweep removes it from then on, unless the account was activated
 * (decision 073).
 */
export const formFiles = pgTable(
  'form_files',
  {
    id: serial('id').primaryKey(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => formSubmissions.id, { onDelete: 'cascade' }),
    fieldId: integer('field_id')
      .notNull()
      .references(() => formFields.id),
    storedName: text('stored_name').notNull().unique(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('form_files_submission_idx').on(t.submissionId),
    index('form_files_expires_at_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
  ],
)

/** The cities a lookup field offers. */
export const cities = pgTable('cities', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
})
