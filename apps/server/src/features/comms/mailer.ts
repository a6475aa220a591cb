import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer, { type Transporter } from 'nodemailer'
import type { Db } from '../../db/client.ts'
import { sanitizeCmsHtml } from '../../lib/sanitize.ts'
import { communications } from './comms.tables.ts'

/**
 * The outbox and its delivery (decision 015). Every mail to a customer is first a row of
 * `communications`, written in the transaction of what caused it; `deliverDue` then sends the rows
 * that are due over SMTP, after the commit and on a timer, with retries and backoff. Without
 * SMTP_URL nothing is sent: mails are logged and stay readable in the outbox (and on /customer-comms).
 */

export interface OutgoingEmail {
  customerId: number | null
  to: string
  subject: string
  html: string
  text: string
}

/** Waits before the 2nd, 3rd, ... attempt; after the last one the mail is marked failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000]
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1
/** A claimed row is someone's for this long; a process that died mid-send frees it so. */
const CLAIM_MS = 2 * 60_000
const BATCH = 20
const TIMER_MS = 30_000

/** Writes a mail into the outbox, in the caller's transaction. */
export async function queueEmail(tx: Db, mail: OutgoingEmail): Promise<number> {
  const [row] = await tx
    .insert(communications)
    .values({
      customerId: mail.customerId,
      channel: 'email',
      toAddress: mail.to,
      subject: mail.subject,
      body: sanitizeCmsHtml(mail.html),
      textBody: mail.text,
    })
    .returning({ id: communications.id })
  return row!.id
}

interface ClaimedRow {
  id: number
  to_address: string
  subject: string
  body: string
  text_body: string
  attempts: number
}

export function createMailer(
  db: Db,
  opts: {
    smtpUrl: string | undefined
    from: () => Promise<string>
    log: FastifyBaseLogger
    /** Where the demo mailbox shows the mails kept without SMTP (decision 025), when it is on. */
    demoMailboxUrl?: string
  },
) {
  const transport: Transporter | undefined = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : undefined
  let running: Promise<number> | undefined
  let again = false
  let timer: NodeJS.Timeout | undefined

  /** Claims the due rows: no two processes send the same mail. */
  async function claimDue(): Promise<ClaimedRow[]> {
    const res = await db.execute(sql`
      update communications set attempts = attempts + 1,
        next_attempt_at = now() + ${CLAIM_MS} * interval '1 millisecond'
      where id in (
        select id from communications
        where channel = 'email' and status = 'queued' and next_attempt_at <= now()
        order by id limit ${BATCH}
        for update skip locked)
      returning id, to_address, subject, body, text_body, attempts`)
    return (res as unknown as { rows: ClaimedRow[] }).rows
  }

  async function sendOne(row: ClaimedRow, from: string) {
    try {
      await transport!.sendMail({
        from,
        to: row.to_address,
        subject: row.subject,
        html: row.body,
        text: row.text_body,
      })
      await db.execute(sql`update communications set status = 'sent', sent_at = now(), last_error = null
        where id = ${row.id}`)
    } catch (err) {
      const attempts = Number(row.attempts)
      const message = err instanceof Error ? err.message : String(err)
      const delay = RETRY_DELAYS_MS[attempts - 1]
      if (delay === undefined) {
        await db.execute(sql`update communications set status = 'failed', last_error = ${message}
          where id = ${row.id}`)
        opts.log.error({ communicationId: row.id, attempts, err: message }, 'mail could not be delivered')
      } else {
        await db.execute(sql`update communications set last_error = ${message},
          next_attempt_at = now() + ${delay} * interval '1 millisecond' where id = ${row.id}`)
        opts.log.warn({ communicationId: row.id, attempts, err: message }, 'mail delivery failed; will retry')
      }
    }
  }

  async function runOnce(): Promise<number> {
    if (!transport) return 0
    let sent = 0
    const from = await opts.from()
    for (;;) {
      const rows = await claimDue()
      for (const row of rows) await sendOne(row, from)
      sent += rows.length
      if (rows.length < BATCH) return sent
    }
  }

  /** Sends every due mail; runs once at a time, and once more when asked meanwhile. */
  function deliverDue(): Promise<number> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      let total = 0
      do {
        again = false
        total += await runOnce()
      } while (again)
      return total
    })().finally(() => {
      running = undefined
    })
    return running
  }

  /** Right after a commit that queued mails: deliver without making the answer wait. */
  function kick(mails: OutgoingEmail[] = []) {
    if (!transport) {
      for (const mail of mails) {
        const links = mail.text.match(/https?:\/\/\S+/g) ?? []
        if (opts.demoMailboxUrl) {
          opts.log.info(
            { to: mail.to, subject: mail.subject, links, read: opts.demoMailboxUrl },
            `mail kept in the outbox (no SMTP_URL set); read it at ${opts.demoMailboxUrl}`,
          )
        } else {
          opts.log.info(
            { to: mail.to, subject: mail.subject, links },
            'mail kept in the outbox (no SMTP_URL set)',
          )
        }
      }
      return
    }
    deliverDue().catch((err: unknown) => opts.log.error({ err }, 'mail delivery run failed'))
  }

  /** Tests: waits until every due mail has been tried. */
  async function flush(): Promise<void> {
    while (running) await running.catch(() => {})
    await deliverDue()
  }

  function start() {
    if (!transport || timer) return
    timer = setInterval(() => kick(), TIMER_MS)
    timer.unref()
  }

  async function stop() {
    if (timer) clearInterval(timer)
    timer = undefined
    while (running) await running.catch(() => {})
    transport?.close()
  }

  return { kick, flush, deliverDue, start, stop, hasTransport: transport !== undefined }
}

export type Mailer = ReturnType<typeof createMailer>
