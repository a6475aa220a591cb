import { and, desc, eq, gte, sql } from 'drizzle-orm'
import {
  DEMO_MAILBOX_HOURS,
  DEMO_MAILBOX_LIMIT,
  type DemoMail,
  type DemoMailSummary,
} from '@clubhouse/contract/server'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../http/errors.ts'
import { sanitizeMailHtml } from '../../lib/sanitize.ts'
import { communications } from './comms.tables.ts'

/**
 * The demo mailbox (decision 025): the emails of the outbox that wait for want of a transport,
 * read straight from `communications` (the same rows the customer reads on /customer-comms). Only
 * the recent ones: a demo shows what it just did, not the history of every address.
 */
export function createDemoMailboxService(db: Db) {
  const recentQueued = () =>
    and(
      eq(communications.channel, 'email'),
      eq(communications.status, 'queued'),
      gte(communications.createdAt, sql`now() - ${DEMO_MAILBOX_HOURS} * interval '1 hour'`),
    )

  /** The newest mails first, at most DEMO_MAILBOX_LIMIT. */
  async function listMails(): Promise<DemoMailSummary[]> {
    const rows = await db
      .select({
        id: communications.id,
        to: communications.toAddress,
        subject: communications.subject,
        createdAt: communications.createdAt,
      })
      .from(communications)
      .where(recentQueued())
      .orderBy(desc(communications.createdAt), desc(communications.id))
      .limit(DEMO_MAILBOX_LIMIT)
    return rows.map(({ createdAt, ...row }) => ({ ...row, created: createdAt.toISOString() }))
  }

  /** One mail of the list; anything else (an SMS, a sent or old mail) is not there. */
  async function getMail(id: number): Promise<DemoMail> {
    const [row] = await db
      .select({
        id: communications.id,
        to: communications.toAddress,
        subject: communications.subject,
        body: communications.body,
        text: communications.textBody,
        createdAt: communications.createdAt,
      })
      .from(communications)
      .where(and(eq(communications.id, id), recentQueued()))
    if (!row) throw new AppError('not_found', 'This mail is not in the demo mailbox.')
    return {
      id: row.id,
      to: row.to,
      subject: row.subject,
      created: row.createdAt.toISOString(),
      // Sanitised when queued; again as served, with its links kept in the reading tab.
      html: sanitizeMailHtml(row.body),
      text: row.text,
    }
  }

  return { listMails, getMail }
}

export type DemoMailboxService = ReturnType<typeof createDemoMailboxService>
