import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { customers } from '../customers/customers.tables.ts'

/** A file sent with an email, kept as text (calendar files are text). */
export interface MailAttachment {
  filename: string
  /** e.g. `text/calendar; charset=utf-8; method=PUBLISH` */
  contentType: string
  content: string
}

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

/** How a communication reaches the customer. */
export const CommChannel = { Email: 'email', Sms: 'sms' } as const
export type CommChannel = (typeof CommChannel)[keyof typeof CommChannel]
/** Delivery state: queued until sent; failed after the last retry. */
export const CommStatus = { Queued: 'queued', Sent: 'sent', Failed: 'failed' } as const
export type CommStatus = (typeof CommStatus)[keyof typeof CommStatus]

/**
 * Every email or SMS sent to a customer: the outbox the mailer delivers from (with retries) and the
 * list the customer reads on /customer-comms. `body` is sanitised HTML for an email, plain text for
 * an SMS. Written in the same transaction as what caused it, so nothing is lost when SMTP fails.
 */
export const communications = pgTable(
  'communications',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<CommChannel>().notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    /** Plain-text alternative of an email. */
    textBody: text('text_body').notNull().default(''),
    /** Files sent with an email (a booking's calendar file), as text. */
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    status: text('status').$type<CommStatus>().notNull().default('queued'),
    /**
     * What the mail is for (MailPurpose: 'activation', 'reset', 'email_change'...): mails anyone can
     * make the site send to an address are capped per recipient by it. Empty for the others.
     */
    purpose: text('purpose').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('communications_customer_id_channel_created_at_idx').on(t.customerId, t.channel, t.createdAt),
    index('communications_status_next_attempt_at_idx').on(t.status, t.nextAttemptAt),
    // Mails per recipient in the last hour and day (the caps against mail floods).
    index('communications_to_address_created_at_idx').on(t.toAddress, t.createdAt),
    check('communications_channel_check', sql`${t.channel} in ('email', 'sms')`),
    check('communications_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
)
