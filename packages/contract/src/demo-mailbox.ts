import { z } from 'zod'
import { IdParam } from './fields.ts'
import { okData, okModel, defineRoute } from './http.ts'

/**
 * The demo mailbox (decision 025): on a site without SMTP, the mails it would have sent (the
 * outbox's queued emails) read in the browser, so a newcomer can activate an account or reset a
 * password without a mail server. Registered only when the server runs with it on.
 */

/** How many mails the list shows, and how far back it looks. */
export const DEMO_MAILBOX_LIMIT = 50
export const DEMO_MAILBOX_HOURS = 24
/** How often the open mailbox page asks for new mail. */
export const DEMO_MAILBOX_REFRESH_MS = 5_000

export const DemoMailSummary = z
  .object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    /** ISO instant the mail was queued. */
    created: z.string(),
  })
  .strict()
export type DemoMailSummary = z.infer<typeof DemoMailSummary>

export const DemoMail = DemoMailSummary.extend({
  /** Sanitised HTML; its links open in the same tab. */
  html: z.string(),
  text: z.string(),
}).strict()
export type DemoMail = z.infer<typeof DemoMail>

export const demoMailboxRoutes = {
  demoMailbox: defineRoute({
    method: 'GET',
    path: '/api/demo-mailbox',
    summary:
      'Demo mailbox: the last 50 mails of the last 24 hours the site kept for want of SMTP, newest first',
    tags: ['demo-mailbox'],
    response: okData(z.array(DemoMailSummary)),
  }),
  demoMail: defineRoute({
    method: 'GET',
    path: '/api/demo-mailbox/:id',
    summary: 'Demo mailbox: one mail, with its sanitised HTML and its text',
    tags: ['demo-mailbox'],
    params: z.object({ id: IdParam }),
    response: okModel(DemoMail),
  }),
}
