import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { Localised } from '../../lib/localised.ts'

/** A home banner: a title and HTML text (sanitised when stored), maybe an image, and a link. */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    title: jsonb('title').$type<Localised>().notNull(),
    text: jsonb('text').$type<Localised>().notNull(),
    /** Path under the uploads folder or absolute URL; null: the banner is its text alone. */
    image: text('image'),
    url: text('url').notNull(),
    /** Place on the home page, lowest first. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('banners_position_idx').on(t.position)],
)

/**
 * A file attached to a record (`parent_name`, `parent_id`) in a category, such as the centre's
 * gallery (CZConfig, 1, CzGallery) and sponsors (CZConfig, 1, CzSponsors).
 */
export const fileUploads = pgTable(
  'file_uploads',
  {
    id: serial('id').primaryKey(),
    parentName: text('parent_name').notNull(),
    parentId: integer('parent_id').notNull(),
    category: text('category').notNull().default(''),
    /** Path under the uploads folder or absolute URL. */
    file: text('file').notNull(),
    /** Caption, `{ 'es-ES', 'en-US' }` (gallery). */
    title: jsonb('title').$type<Localised>(),
    /** Free text; a sponsor's link target. */
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_uploads_parent_idx').on(t.parentName, t.parentId, t.category, t.position)],
)
