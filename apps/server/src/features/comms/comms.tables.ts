import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

/** A visitor's question from the footer's "Request More Info" form. */
export const infoRequests = pgTable(
  'info_requests',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    question: text('question').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('info_requests_created_at_idx').on(t.createdAt)],
)
