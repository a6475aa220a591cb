import { eq } from 'drizzle-orm'
import { CustomerErrorCode, LINK_FRESH_MINUTES, type LinkSent, type Locale } from '@clubhouse/contract/server'
import type { Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import { AppError } from '../../http/errors.ts'
import { countHit, hitWindow } from '../../http/rate-limit-counter.ts'
import type { Background } from '../../lib/background.ts'
import type { Mailer, OutgoingEmail } from '../comms/mailer.ts'
import type { ContentService } from '../content/content.service.ts'
import { customerMail, MAIL_PURPOSE, type CustomerMailKind } from './customer-mails.ts'
import { customers } from './customers.tables.ts'
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './passwords.ts'
import { createTokens } from './tokens.ts'

/** The centre's name in both languages, for the mails. */
export type CentreNames = Record<Locale, string>

/** What the customers service is made with. */
export interface CustomersDeps {
  units: Units
  content: ContentService
  mailer: Mailer
  background: Background
  publicUrl: string
  /** The clock of tokens' and sessions' expiry and of the waits between failed logins (tests move it). */
  clock: () => number
}

/** The customer an account mail is written to. */
export interface MailedCustomer {
  id: number
  email: string
  name: string
  language: Locale
  gender?: number | null
}

/**
 * Per email, on top of the per-IP route limit: at most this many reset or activation asks a minute
 * (decision 014). Logins are counted per email by the login guard instead (decision 075).
 */
export const EMAIL_LIMIT_PER_MINUTE = 10

/** The unique index on customers' emails: a race between two registrations ends in it. */
export const CUSTOMERS_EMAIL_UNIQUE = 'customers_email_key'

const INVALID_LINK = 'This link is not valid or has expired. Ask for a new one.'

export const invalidLink = () => new AppError(CustomerErrorCode.invalidToken, INVALID_LINK, { status: 400 })

export const wrongPassword = (field: string) =>
  new AppError(CustomerErrorCode.wrongPassword, 'Wrong password', {
    status: 422,
    errors: { [field]: 'Wrong password' },
  })

export const emailUsed = () =>
  new AppError(CustomerErrorCode.emailTaken, 'This email is used by another account.', {
    status: 409,
    errors: { email: 'This email is used by another account.' },
  })

export const customerNotFound = () => new AppError('not_found', 'This customer was not found.')

/** Refuses a password of the list of common ones, naming the field it came in. */
export function refuseCommon(field: string, password: string) {
  if (isCommonPassword(password)) {
    throw new AppError('validation', COMMON_PASSWORD_MESSAGE, {
      errors: { [field]: COMMON_PASSWORD_MESSAGE },
    })
  }
}

/**
 * What the parts of the customers feature share: the database and the units of work, the clock and
 * the tokens read by it, the centre's names and the account mails, the limits on links asked for.
 */
export function createCustomersContext(db: Db, deps: CustomersDeps) {
  const { content, publicUrl } = deps
  const tokens = createTokens(db, deps.clock)
  /** The clock's instant, for what the customers feature writes down (activation, updates, uses). */
  const now = () => new Date(deps.clock())

  /** The centre's name in both languages, for the mails. */
  async function centreNames(): Promise<CentreNames> {
    const one = async (locale: Locale) => {
      try {
        return (await content.mainSettings(locale)).name || 'Clubhouse'
      } catch {
        return 'Clubhouse'
      }
    }
    return { 'es-ES': await one('es-ES'), 'en-US': await one('en-US') }
  }

  async function registrationOpen(): Promise<boolean> {
    try {
      return (await content.mainSettings('es-ES')).registerOn
    } catch {
      return true
    }
  }

  /** Builds one of the account mails for a customer (queued by the caller in its unit of work). */
  function mailFor(
    names: CentreNames,
    kind: CustomerMailKind,
    customer: MailedCustomer,
    link: string,
    opts: { to?: string; address?: string; when?: string } = {},
  ): OutgoingEmail {
    const mail = customerMail(kind, {
      locale: customer.language,
      centreName: names[customer.language],
      name: customer.name,
      gender: customer.gender ?? null,
      link,
      ...(opts.address ? { address: opts.address } : {}),
      ...(opts.when ? { when: opts.when } : {}),
    })
    const purpose = MAIL_PURPOSE[kind]
    return {
      customerId: customer.id,
      to: opts.to ?? customer.email,
      ...mail,
      ...(purpose ? { purpose } : {}),
    }
  }

  /** A link of the site, for the mails. */
  const linkTo = (path: string) => `${publicUrl}${path}`

  /**
   * Claims the sending of a link of `kind` to `email` now: the first ask within LINK_FRESH_MINUTES
   * does, the others learn when it went. One upsert whatever the email, so the answer takes the same
   * time and says the same for an address with an account and one without.
   */
  async function claimLink(kind: string, email: string): Promise<LinkSent> {
    const windowMs = LINK_FRESH_MINUTES * 60_000
    const { count, endsAt } = await hitWindow(db, `link|${kind}|${email}`, windowMs)
    return {
      sentAt: new Date(endsAt.getTime() - windowMs).toISOString(),
      resendAfter: endsAt.toISOString(),
      alreadySent: count > 1,
    }
  }

  /** Counts a try for an email; 429 past the limit. */
  async function limitPerEmail(action: string, email: string) {
    const count = await countHit(db, `${action}|email|${email.trim().toLowerCase()}`, 60_000)
    if (count > EMAIL_LIMIT_PER_MINUTE) {
      throw new AppError(
        'rate_limited',
        'Too many attempts for this email. Please wait a minute and try again.',
      )
    }
  }

  /**
   * Answers an ask for a link of `kind` (activation, reset) to `email`: counted per email, then sent
   * by `send` after the answer unless it went within LINK_FRESH_MINUTES. The answer comes first and
   * says the same for any email; the work follows it (decision 040).
   */
  async function offerLink(kind: string, email: string, send: (email: string) => Promise<void>) {
    await limitPerEmail(kind, email)
    const link = await claimLink(kind, email)
    if (!link.alreadySent) deps.background.run(() => send(email))
    return link
  }

  /**
   * Writes to the account of `email`, if it has one, in a unit of work of its own: `write` queues
   * the mail (and writes what it links to). Silent for an email without an account.
   */
  async function writeToAccountOf(
    email: string,
    write: (customer: typeof customers.$inferSelect, names: CentreNames) => Promise<void>,
  ) {
    const names = await centreNames()
    await deps.units.run(async () => {
      const [customer] = await db.select().from(customers).where(eq(customers.email, email)).limit(1)
      if (customer) await write(customer, names)
    })
  }

  return {
    db,
    ...deps,
    tokens,
    now,
    centreNames,
    registrationOpen,
    mailFor,
    linkTo,
    offerLink,
    writeToAccountOf,
  }
}

export type CustomersContext = ReturnType<typeof createCustomersContext>
