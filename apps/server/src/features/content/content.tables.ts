import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The centre's settings, one JSON document per kind ('main', 'template', 'legal'). Each is read
 * and written whole and validated with the stored schemas in content.schemas.ts.
 */
export const settings = pgTable('settings', {
  kind: text('kind').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
