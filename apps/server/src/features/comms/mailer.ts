import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer, { type Transporter } from 'nodemailer'
import { MAIL_TIMING } from '../../config.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import { sanitizeCmsHtml } from '../../lib/sanitize.ts'
import { communications, type MailAttachment } from './comms.tables.ts'

export type { MailAttachment } from './comms.tables.ts'

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
  /** What the mail is for; the purposes a stranger can make the site send are capped per recipient. */
  purpose?: MailPurpose
  /** Files sent with it (a booking's calendar file). */
  attachments?: MailAttachment[]
}

/** The account mails whose purpose is kept with them: links to an account, and the change notice. */
export type MailPurpose =
  'activation' | 'reset' | 'email_change' | 'email_change_notice' | 'registration_attempt'

/**
 * At most this many mails of the capped purposes go to one address per hour and per day, whoever
 * asks: what is asked beyond is not sent (and the answer does not say so, as it says nothing of
 * whether the address has an account). A flood of resets or activations cannot bury a mailbox.
 */
export const MAIL_CAPS = { perHour: 5, perDay: 12 } as const
/** The first key of the capped mails' transaction locks; the second is a hash of the address. */
const MAIL_CAP_LOCK = 37
/**
 * The mails a stranger can make the site send to any address (an email typed in a form). The
 * notice of an email change is not one: it goes to the account's own address, once per change the
 * logged-in customer confirms with their password, and is a security notice that must always arrive.
 */
const CAPPED: readonly MailPurpose[] = ['activation', 'reset', 'email_change', 'registration_attempt']

/** Waits before the 2nd, 3rd, ... attempt; after the last one the mail is marked failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000]
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1
const TIMER_MS = 30_000

interface ClaimedRow {
  id: number
  to_address: string
  subject: string
  body: string
  text_body: string
  attachments: MailAttachment[] | string | null
  attempts: number
}

/** The attachments of a claimed row (pg answers jsonb parsed; be lenient with text). */
function attachmentsOf(row: ClaimedRow): MailAttachment[] {
  const value =
    typeof row.attachments === 'string' ? (JSON.parse(row.attachments) as unknown) : row.attachments
  return Array.isArray(value) ? (value as MailAttachment[]) : []
}

export function createMailer(
  db: Db,
  units: Units,
  opts: {
    smtpUrl: string | undefined
    from: () => Promise<string>
    log: FastifyBaseLogger
    /** Where the demo mailbox shows the mails kept without SMTP (decision 025), when it is on. */
    demoMailboxUrl?: string
    /**
     * Without SMTP, write a kept mail's recipient and links into its log line (development only:
     * an activation or reset link opens the account, so production logs never carry one).
     */
    logLinks?: boolean
    /** How long a claim lasts, and how long the SMTP server may stay silent (tests shorten both). */
    timing?: typeof MAIL_TIMING
  },
) {
  const timing = opts.timing ?? MAIL_TIMING
  // Silence from the server (no connection, no greeting, no answer) ends a send within a few
  // times this, well within its claim.
  const transport: Transporter | undefined = opts.smtpUrl
    ? nodemailer.createTransport({
        url: opts.smtpUrl,
        connectionTimeout: timing.smtpTimeoutMs,
        greetingTimeout: timing.smtpTimeoutMs,
        socketTimeout: timing.smtpTimeoutMs,
      })
    : undefined
  let running: Promise<number> | undefined
  let again = false
  let timer: NodeJS.Timeout | undefined
  let noted = false

  /**
   * Claims the next due row, right before its send: no two processes send the same mail. One at a
   * time, so a row never waits, claimed, behind others' slow sends until its claim runs out.
   */
  async function claimNext(): Promise<ClaimedRow | undefined> {
    const res = await db.execute(sql`
      update communications set attempts = attempts + 1,
        next_attempt_at = now() + ${timing.claimMs} * interval '1 millisecond'
      where id in (
        select id from communications
        where channel = 'email' and status = 'queued' and next_attempt_at <= now()
        order by id limit 1
        for update skip locked)
      returning id, to_address, subject, body, text_body, attachments, attempts`)
    return rowsOf<ClaimedRow>(res)[0]
  }

  async function sendOne(row: ClaimedRow, from: string) {
    try {
      await transport!.sendMail({
        from,
        to: row.to_address,
        subject: row.subject,
        html: row.body,
        text: row.text_body,
        attachments: attachmentsOf(row).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
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
      const row = await claimNext()
      if (!row) return sent
      await sendOne(row, from)
      sent += 1
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
        const details = opts.logLinks
          ? { to: mail.to, subject: mail.subject, links: mail.text.match(/https?:\/\/\S+/g) ?? [] }
          : { subject: mail.subject }
        if (opts.demoMailboxUrl) {
          opts.log.info(
            { ...details, read: opts.demoMailboxUrl },
            `mail kept in the outbox (no SMTP_URL set); read it at ${opts.demoMailboxUrl}`,
          )
        } else {
          opts.log.info(details, 'mail kept in the outbox (no SMTP_URL set), not sent')
        }
      }
      return
    }
    deliverDue().catch((err: unknown) => opts.log.error({ err }, 'mail delivery run failed'))
  }

  /**
   * Writes a mail into the outbox, joining the caller's unit of work: it exists only if what caused
   * it commits, and delivery starts once it has.
   */
  async function queue(mail: OutgoingEmail): Promise<number | undefined> {
    if (!mail.purpose || !CAPPED.includes(mail.purpose)) return insert(mail)
    // Counted and written under a lock of the address, held to the end of the unit: two requests
    // at once (on any instance) cannot both see room under the cap.
    return units.run(async () => {
      await db.execute(sql`select pg_advisory_xact_lock(${MAIL_CAP_LOCK}, hashtext(lower(${mail.to})))`)
      if (await overCap(mail.to)) {
        opts.log.warn(
          { purpose: mail.purpose },
          'mail not sent: its recipient reached the hourly or daily cap',
        )
        return undefined
      }
      return insert(mail)
    })
  }

  async function insert(mail: OutgoingEmail): Promise<number> {
    const [row] = await db
      .insert(communications)
      .values({
        customerId: mail.customerId,
        channel: 'email',
        toAddress: mail.to,
        subject: mail.subject,
        body: sanitizeCmsHtml(mail.html),
        textBody: mail.text,
        purpose: mail.purpose ?? '',
        attachments: mail.attachments ?? [],
      })
      .returning({ id: communications.id })
    units.afterCommit(() => kick([mail]))
    return row!.id
  }

  /** Whether an address already had its share of capped mails in the last hour or day. */
  async function overCap(to: string): Promise<boolean> {
    const [row] = await db
      .select({
        hour: sql<number>`count(*) filter (where ${communications.createdAt} > now() - interval '1 hour')`,
        day: sql<number>`count(*)`,
      })
      .from(communications)
      .where(
        and(
          eq(communications.toAddress, to),
          gt(communications.createdAt, sql`now() - interval '1 day'`),
          inArray(communications.purpose, [...CAPPED]),
        ),
      )
    return Number(row?.hour ?? 0) >= MAIL_CAPS.perHour || Number(row?.day ?? 0) >= MAIL_CAPS.perDay
  }

  /** Tests: waits until every due mail has been tried. */
  async function flush(): Promise<void> {
    while (running) await running.catch(() => {})
    await deliverDue()
  }

  /** Starts the delivery timer; without SMTP, says once that mail is kept, not sent. */
  function start() {
    if (!transport) {
      if (!noted) {
        noted = true
        // An operator who forgot SMTP_URL in production must hear it: customers get no mail.
        const level = opts.logLinks ? 'info' : 'warn'
        opts.log[level](
          'No SMTP_URL: mail is not sent; every mail stays queued in the outbox and goes out once SMTP_URL is set.',
        )
      }
      return
    }
    if (timer) return
    timer = setInterval(() => kick(), TIMER_MS)
    timer.unref()
  }

  async function stop() {
    if (timer) clearInterval(timer)
    timer = undefined
    if (running) opts.log.info('stopping: waiting for the mail delivery under way')
    while (running) await running.catch(() => {})
    transport?.close()
  }

  return { queue, kick, flush, deliverDue, start, stop, hasTransport: transport !== undefined }
}

export type Mailer = ReturnType<typeof createMailer>
