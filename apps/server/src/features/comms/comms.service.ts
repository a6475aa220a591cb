import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { InfoRequestBody } from '@clubhouse/contract/server'
import type { Db } from '../../db/client.ts'
import { sanitizeCmsHtml } from '../../lib/sanitize.ts'
import { communications, CommChannel, CommStatus, infoRequests } from './comms.tables.ts'

/** A message a customer was sent before this system kept it: brought in by an import (the demo seed, tests). */
export interface PastCommunication {
  channel: CommChannel
  /** The email address or phone number it went to. */
  to: string
  subject?: string
  /** HTML for an email (sanitised here), text for an SMS. */
  body: string
  textBody?: string
  sentAt: Date
}

export function createCommsService(db: Db) {
  /** Stores a visitor's question for the centre's staff. */
  async function receiveInfoRequest(request: InfoRequestBody) {
    const [row] = await db
      .insert(infoRequests)
      .values({ email: request.email, question: request.question })
      .returning({ id: infoRequests.id })
    return row
  }

  /**
   * Records messages already sent to a customer, as sent: the customer reads them among their
   * communications and the mailer never sends them again. Answers their ids in order.
   */
  async function importCommunications(customerId: number, items: PastCommunication[]): Promise<number[]> {
    if (items.length === 0) return []
    const rows = await db
      .insert(communications)
      .values(
        items.map((c) => ({
          customerId,
          channel: c.channel,
          toAddress: c.to,
          subject: c.subject ?? '',
          body: c.channel === CommChannel.Email ? sanitizeCmsHtml(c.body) : c.body,
          textBody: c.textBody ?? '',
          status: CommStatus.Sent,
          attempts: 1,
          nextAttemptAt: c.sentAt,
          sentAt: c.sentAt,
          createdAt: c.sentAt,
        })),
      )
      .returning({ id: communications.id })
    return rows.map((r) => r.id)
  }

  /**
   * The emails and SMS sent to a customer, newest first: one indexed query. An email's body is read
   * on its own page, so only an SMS's text comes with the list (`smsBody`, empty for an email).
   */
  function messagesOf(customerId: number) {
    return db
      .select({
        id: communications.id,
        channel: communications.channel,
        subject: communications.subject,
        smsBody: sql<string>`case when ${communications.channel} = 'sms' then ${communications.body} else '' end`,
        createdAt: communications.createdAt,
      })
      .from(communications)
      .where(
        and(eq(communications.customerId, customerId), inArray(communications.channel, ['email', 'sms'])),
      )
      .orderBy(desc(communications.createdAt), desc(communications.id))
  }

  /** One email sent to the customer, its HTML as stored; another customer's, or none: undefined. */
  async function findEmailOf(customerId: number, id: number) {
    const [row] = await db
      .select({
        id: communications.id,
        subject: communications.subject,
        body: communications.body,
        createdAt: communications.createdAt,
      })
      .from(communications)
      .where(
        and(
          eq(communications.id, id),
          eq(communications.customerId, customerId),
          eq(communications.channel, 'email'),
        ),
      )
    return row
  }

  return { receiveInfoRequest, importCommunications, messagesOf, findEmailOf }
}
export type CommsService = ReturnType<typeof createCommsService>
