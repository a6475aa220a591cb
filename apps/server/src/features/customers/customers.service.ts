import { randomBytes } from 'node:crypto'
import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import type { CustomerSaveBody, RegisterBody } from '@clubhouse/contract'
import {
  ACTIVATION_TTL_HOURS,
  CustomFieldType,
  CustomerErrorCode,
  EMAIL_CHANGE_TTL_HOURS,
  LINK_FRESH_MINUTES,
  type LinkSent,
  paths,
  RESET_TTL_HOURS,
  SESSION_TTL_DAYS,
  type CardToken,
  type Customer,
  type CustomField,
  type Locale,
  type LoginModel,
} from '@clubhouse/contract'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import type { Units } from '../../db/units.ts'
import { hashToken, type AuthCustomer, type Session } from '../../http/auth.ts'
import { AppError } from '../../http/errors.ts'
import { countHit, hitWindow } from '../../http/rate-limit-counter.ts'
import type { Background } from '../../lib/background.ts'
import type { Mailer, OutgoingEmail } from '../comms/mailer.ts'
import { isTimeZone } from '../bookings/centre-clock.ts'
import type { ContentService } from '../content/content.service.ts'
import { customerMail, MAIL_PURPOSE, type CustomerMailKind } from './customer-mails.ts'
import { createLoginGuard } from './login-guard.ts'
import { optionIn, pickListOptions, storedOption } from './pick-lists.ts'
import {
  cardTokens,
  customerCustomValues,
  customers,
  customerTokens,
  customFields,
  TokenKind,
} from './customers.tables.ts'
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  needsRehash,
  verifyPassword,
} from './passwords.ts'

type CustomFieldValues = Array<{ customFieldId: number; value: string }>
type SaveBody = Omit<z.output<typeof CustomerSaveBody>, 'customFields'>
type RegisterInput = z.output<typeof RegisterBody>
type CentreNames = Record<Locale, string>

/** A customer brought in by an import (see `importCustomer`). */
export interface CustomerImport {
  /** The row as stored: `passwordHash` already hashed, `activatedAt` and `createdAt` as they were. */
  customer: typeof customers.$inferInsert
  /** Custom field values by the field's `name`. */
  customValues?: Record<string, string>
  cards?: Array<Omit<typeof cardTokens.$inferInsert, 'customerId'>>
}

/**
 * Per email, on top of the per-IP route limit: at most this many reset or activation asks a minute
 * (decision 014). Logins are counted per email by the login guard instead (decision 075).
 */
export const EMAIL_LIMIT_PER_MINUTE = 10
/** After this many failed logins of one email in a row, refusals carry `redirect: true`. */
export const FAILURES_BEFORE_RESET = 3

/** The unique index on customers' emails: a race between two registrations ends in it. */
const CUSTOMERS_EMAIL_UNIQUE = 'customers_email_key'
/** At most one "someone tried to register with your address" mail per account in this time. */
const REGISTRATION_ATTEMPT_MAIL_MS = 60 * 60_000

const PASSWORD_FOR_EMAIL = 'Enter your current password to change your email.'
const INVALID_CREDENTIALS = 'Invalid Email or Password'
const INVALID_LINK = 'This link is not valid or has expired. Ask for a new one.'

const invalidLink = () => new AppError(CustomerErrorCode.invalidToken, INVALID_LINK, { status: 400 })
const wrongPassword = (field: string) =>
  new AppError(CustomerErrorCode.wrongPassword, 'Wrong password', {
    status: 422,
    errors: { [field]: 'Wrong password' },
  })

const newToken = () => randomBytes(32).toString('hex')
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000)

function refuseCommon(field: string, password: string) {
  if (isCommonPassword(password)) {
    throw new AppError('validation', COMMON_PASSWORD_MESSAGE, {
      errors: { [field]: COMMON_PASSWORD_MESSAGE },
    })
  }
}

/**
 * Customer accounts: login and sessions, registration and activation, password reset and change,
 * the profile with its custom fields, saved cards. Mails go through the outbox (decision 015).
 */
export function createCustomersService(
  db: Db,
  deps: {
    units: Units
    content: ContentService
    mailer: Mailer
    background: Background
    publicUrl: string
    /** The clock of the waits between failed logins (tests move it). */
    clock: () => number
  },
) {
  const { units, mailer, background, publicUrl } = deps
  const loginGuard = createLoginGuard(db, deps.clock)

  /** The centre's name in both languages, for the mails. */
  async function centreNames(): Promise<CentreNames> {
    const one = async (locale: Locale) => {
      try {
        return (await deps.content.mainSettings(locale)).name || 'Clubhouse'
      } catch {
        return 'Clubhouse'
      }
    }
    return { 'es-ES': await one('es-ES'), 'en-US': await one('en-US') }
  }

  async function registrationOpen(): Promise<boolean> {
    try {
      return (await deps.content.mainSettings('es-ES')).registerOn
    } catch {
      return true
    }
  }

  /** Builds one of the account mails for a customer (queued by the caller in its unit of work). */
  function mailFor(
    names: CentreNames,
    kind: CustomerMailKind,
    customer: { id: number; email: string; name: string; language: Locale; gender?: number | null },
    link: string,
    opts: { to?: string; address?: string; when?: string } = {},
  ): OutgoingEmail {
    const content = customerMail(kind, {
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
      ...content,
      ...(purpose ? { purpose } : {}),
    }
  }

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

  async function createSession(customerId: number): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken()
    const expiresAt = new Date(Date.now() + SESSION_TTL_DAYS * 86_400_000)
    await db
      .insert(customerTokens)
      .values({ customerId, kind: TokenKind.Session, tokenHash: hashToken(token), expiresAt })
    return { token, expiresAt }
  }

  // -------------------------------------------------------------------------------------------
  // Login and logout

  /**
   * The session of a token (by its hash) that is neither used (logged out, revoked) nor expired: its
   * customer with what prices depend on, and its expiry. One query by the unique index on the hash;
   * the spine keeps the answer until the customer changes (decision 038).
   */
  async function sessionOfTokenHash(tokenHash: string): Promise<Session | undefined> {
    const [row] = await db
      .select({
        id: customers.id,
        customerTypeId: customers.customerTypeId,
        tokenId: customerTokens.id,
        expiresAt: customerTokens.expiresAt,
      })
      .from(customerTokens)
      .innerJoin(customers, eq(customers.id, customerTokens.customerId))
      .where(
        and(
          eq(customerTokens.tokenHash, tokenHash),
          eq(customerTokens.kind, TokenKind.Session),
          isNull(customerTokens.usedAt),
          gt(customerTokens.expiresAt, new Date()),
        ),
      )
      .limit(1)
    if (!row) return undefined
    return {
      customer: { id: row.id, customerTypeId: row.customerTypeId ?? undefined, tokenId: row.tokenId },
      expiresAt: row.expiresAt,
    }
  }

  /**
   * Logs a customer in from a client `address`. Every refusal for a wrong email or password is the
   * same 401, after the same password work; from the third failure in a row of one email it adds
   * `redirect: true`. Failures are counted per email (decision 075): past a few, the next login
   * from an address the email never logged in from waits a little (429 with Retry-After), and the
   * owner is mailed about them.
   */
  async function login(body: { email: string; password: string }, address: string): Promise<LoginModel> {
    const email = body.email.trim().toLowerCase()
    const waitMs = await loginGuard.admit(email, address)
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000)
      throw new AppError(
        'rate_limited',
        `Too many failed logins for this email. Please try again in ${seconds} s.`,
        { retryAfterSeconds: seconds },
      )
    }
    const [customer] = await db
      .select({
        id: customers.id,
        name: customers.name,
        passwordHash: customers.passwordHash,
        activatedAt: customers.activatedAt,
      })
      .from(customers)
      .where(eq(customers.email, email))
      .limit(1)
    const matches = await verifyPassword(body.password, customer?.passwordHash ?? null)
    if (!customer || !matches) {
      const { failures, noticeAt } = await loginGuard.failed(email)
      // The owner, if the email has one, is told after the answer: it takes the same time either way.
      if (noticeAt) background.run(() => mailFailedLogins(email, noticeAt))
      throw new AppError(CustomerErrorCode.invalidCredentials, INVALID_CREDENTIALS, {
        status: 401,
        ...(failures >= FAILURES_BEFORE_RESET ? { redirect: true } : {}),
      })
    }
    if (!customer.activatedAt) {
      throw new AppError(
        CustomerErrorCode.notActivated,
        'Your account is not activated yet. Open the link in the activation mail we sent you, or ask us to send it again.',
        { status: 403 },
      )
    }
    await loginGuard.succeeded(email, address)
    if (customer.passwordHash && needsRehash(customer.passwordHash)) {
      await db
        .update(customers)
        .set({ passwordHash: await hashPassword(body.password) })
        .where(eq(customers.id, customer.id))
    }
    const { token, expiresAt } = await createSession(customer.id)
    return { id: customer.id, name: customer.name, token, expiry: expiresAt.toISOString() }
  }

  /** Tells the owner of `email`, if it has one, that logins with a wrong password were tried. */
  async function mailFailedLogins(email: string, at: Date) {
    const names = await centreNames()
    const [customer] = await db.select().from(customers).where(eq(customers.email, email)).limit(1)
    if (!customer) return
    const when = await centreTime(at, customer.language)
    await units.run(async () => {
      await mailer.queue(mailFor(names, 'failedLogins', customer, `${publicUrl}/`, { when }))
    })
  }

  /** An instant as the centre's clock reads it, written in `locale`. */
  async function centreTime(at: Date, locale: Locale): Promise<string> {
    const zone = await deps.content
      .mainSettings(locale)
      .then((s) => s.timeZone)
      .catch(() => '')
    const timeZone = zone && isTimeZone(zone) ? zone : 'UTC'
    return new Intl.DateTimeFormat(locale, {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone,
      hourCycle: 'h23',
    }).format(at)
  }

  /** Ends the session of a bearer token (nothing happens for an unknown one). */
  async function logout(token: string | undefined) {
    if (!token) return
    await db
      .update(customerTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(customerTokens.tokenHash, hashToken(token)),
          eq(customerTokens.kind, TokenKind.Session),
          isNull(customerTokens.usedAt),
        ),
      )
  }

  // -------------------------------------------------------------------------------------------
  // Registration and activation

  /** Checks the values against their fields; a pick list choice comes back in its stored form. */
  async function checkCustomFieldValues(
    values: CustomFieldValues | undefined,
    locale: Locale,
  ): Promise<CustomFieldValues> {
    if (!values || values.length === 0) return []
    const ids = [...new Set(values.map((v) => v.customFieldId))]
    const defs = await db
      .select()
      .from(customFields)
      .where(and(inArray(customFields.id, ids), eq(customFields.active, true)))
    const byId = new Map(defs.map((d) => [d.id, d]))
    const errors: Record<string, string> = {}
    values.forEach((v, i) => {
      const def = byId.get(v.customFieldId)
      const key = `customFieldValues.${i}.value`
      if (!def) {
        errors[`customFieldValues.${i}.customFieldId`] = `There is no custom field ${v.customFieldId}.`
        return
      }
      if (def.fieldType === CustomFieldType.Bool && !['true', 'false', ''].includes(v.value)) {
        errors[key] = 'Choose yes or no.'
      }
      if (def.fieldType === CustomFieldType.PickList && v.value !== '') {
        if (storedOption(def.pickListValues, v.value) === undefined) {
          errors[key] = `Choose one of: ${pickListOptions(def.pickListValues, locale).join(', ')}.`
        }
      }
    })
    const first = Object.entries(errors)[0]
    if (first) throw new AppError('validation', first[1], { errors })
    const stored = values.map((v) => {
      const def = byId.get(v.customFieldId)!
      return def.fieldType === CustomFieldType.PickList && v.value !== ''
        ? { ...v, value: storedOption(def.pickListValues, v.value)! }
        : v
    })
    // The last value given for a field wins.
    return [...new Map(stored.map((v) => [v.customFieldId, v])).values()]
  }

  async function saveCustomFieldValues(customerId: number, values: CustomFieldValues) {
    for (const v of values) {
      await db
        .insert(customerCustomValues)
        .values({ customerId, customFieldId: v.customFieldId, value: v.value })
        .onConflictDoUpdate({
          target: [customerCustomValues.customerId, customerCustomValues.customFieldId],
          set: { value: v.value },
        })
    }
  }

  /** Writes a new account's activation token and queues its mail, in the caller's unit of work. */
  async function queueActivation(
    names: CentreNames,
    customerId: number,
    who: { email: string; name: string },
    locale: Locale,
  ) {
    const token = newToken()
    await db.insert(customerTokens).values({
      customerId,
      kind: TokenKind.Activation,
      tokenHash: hashToken(token),
      expiresAt: hoursFromNow(ACTIVATION_TTL_HOURS),
    })
    await mailer.queue(
      mailFor(
        names,
        'activation',
        { id: customerId, email: who.email, name: who.name, language: locale },
        `${publicUrl}/customer/activate/${token}`,
      ),
    )
  }

  /**
   * A registration (POST /register): the account opened as `openAccount` opens it, answered alike
   * for an email that has an account already, with nothing made (decision 076): after the answer
   * its owner is told by mail that someone tried, at most once an hour. The answer carries no
   * customer id (0) for either: the account is not usable until its link is followed, and an id
   * would tell the two apart.
   */
  async function register(body: RegisterInput, locale: Locale): Promise<{ id: number }> {
    await openAccountOrTell(body, locale)
    return { id: 0 }
  }

  /**
   * Opens an account as `openAccount` does and answers its id; for an email with an account already,
   * opens nothing, tells its owner after the answer (`sendRegistrationAttempt`) and answers
   * undefined. Inside a unit of work it is a savepoint: a refused account undoes only itself.
   */
  async function openAccountOrTell(body: RegisterInput, locale: Locale): Promise<number | undefined> {
    try {
      return (await openAccount(body, locale)).id
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== CustomerErrorCode.emailTaken) throw err
      const owner = await customerIdOfEmail(body.email)
      // After the commit of a unit this is part of (a registration form's), outside its transaction.
      if (owner !== undefined) units.afterCommit(() => background.run(() => sendRegistrationAttempt(owner)))
      return undefined
    }
  }

  /**
   * Creates an account (not activated) and queues its activation mail, all in one transaction; the
   * mail is sent after the commit. An email with an account already is refused (409 email_taken),
   * also when two registrations race for it; the password is hashed first either way, so both
   * take the same time. A registration form opens its account so, with its answers.
   */
  async function openAccount(body: RegisterInput, locale: Locale): Promise<{ id: number }> {
    if (!(await registrationOpen())) {
      throw new AppError(CustomerErrorCode.registrationClosed, 'Registration is closed at the moment.', {
        status: 403,
      })
    }
    if (!body.acceptConditions) {
      throw new AppError('rule', 'Please accept our legal conditions', {
        errors: { acceptConditions: 'Please accept our legal conditions' },
      })
    }
    refuseCommon('password', body.password)
    const values = await checkCustomFieldValues(body.customFieldValues, locale)
    const passwordHash = await hashPassword(body.password)
    if ((await customerIdOfEmail(body.email)) !== undefined) throw emailTaken()
    const names = await centreNames()
    return units.run(
      async () => {
        const [row] = await db
          .insert(customers)
          .values({
            email: body.email,
            passwordHash,
            name: body.name,
            surname: body.surname,
            phone: body.phone,
            okRss: body.okRss,
            acceptConditions: true,
            language: locale,
          })
          .returning({ id: customers.id })
        const customerId = row!.id
        await saveCustomFieldValues(customerId, values)
        await queueActivation(names, customerId, body, locale)
        return { id: customerId }
      },
      { conflicts: { [CUSTOMERS_EMAIL_UNIQUE]: emailTaken } },
    )
  }

  /**
   * Tells an account's owner that someone tried to register with their address, with a link to log
   * in (the login window also resets a forgotten password). One mail an hour at most per account,
   * counted in the shared `rate_limits`, so registering again and again cannot flood a mailbox.
   */
  async function sendRegistrationAttempt(customerId: number) {
    const { count } = await hitWindow(db, `registration-attempt|${customerId}`, REGISTRATION_ATTEMPT_MAIL_MS)
    if (count > 1) return
    const customer = await contactOf(customerId)
    if (!customer) return
    const names = await centreNames()
    await units.run(() =>
      mailer.queue(mailFor(names, 'registrationAttempt', customer, `${publicUrl}${paths.account}`)),
    )
  }

  /**
   * The account a guest checkout opens (decision 058), inside the checkout's unit of work: made as
   * registration makes it (the password hashed beforehand by the caller, not activated, with its
   * activation mail), with the delivery details typed at the checkout. An email with an account
   * already is refused (409 login_required), also when two checkouts race for it.
   */
  async function createGuestAccount(
    input: {
      email: string
      passwordHash: string
      name: string
      surname: string
      phone: string
      addressLine1: string
      postalCode: string
      city: string
      town: string
      country: string
      okRss: boolean
    },
    locale: Locale,
  ): Promise<number> {
    if (!(await registrationOpen())) {
      throw new AppError(CustomerErrorCode.registrationClosed, 'Registration is closed at the moment.', {
        status: 403,
      })
    }
    const names = await centreNames()
    return units.run(
      async () => {
        const [row] = await db
          .insert(customers)
          .values({ ...input, acceptConditions: true, language: locale })
          .returning({ id: customers.id })
        const customerId = row!.id
        await queueActivation(names, customerId, input, locale)
        return customerId
      },
      { conflicts: { [CUSTOMERS_EMAIL_UNIQUE]: loginRequired } },
    )
  }

  /** The id of the account of an email, if there is one. */
  async function customerIdOfEmail(email: string): Promise<number | undefined> {
    const [row] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, email.trim().toLowerCase()))
      .limit(1)
    return row?.id
  }

  /** Where and how to write to a customer: their address, name and language. */
  async function contactOf(
    id: number,
  ): Promise<{ id: number; email: string; name: string; language: Locale } | undefined> {
    const [row] = await db
      .select({
        id: customers.id,
        email: customers.email,
        name: customers.name,
        language: customers.language,
      })
      .from(customers)
      .where(eq(customers.id, id))
    return row
  }

  const emailUsed = () =>
    new AppError(CustomerErrorCode.emailTaken, 'This email is used by another account.', {
      status: 409,
      errors: { email: 'This email is used by another account.' },
    })

  const emailTaken = () =>
    new AppError(
      CustomerErrorCode.emailTaken,
      'This email is already registered. Log in, or reset your password.',
      {
        status: 409,
        errors: { email: 'This email is already registered.' },
      },
    )

  /**
   * A guest checkout with an email that has an account (decision 076): log in, or use another email.
   * It says no more of the account (no name, no state, no order) than that.
   */
  const loginRequired = () =>
    new AppError(
      CustomerErrorCode.loginRequired,
      'This email has an account. Log in to buy with it, or use another email.',
      { status: 409, errors: { email: 'Log in to buy with this email, or use another one.' } },
    )

  /**
   * Whether `password` is the password of an account: how a guest checkout sent again proves it is
   * the guest who opened that account with it (decision 077).
   */
  async function passwordMatches(customerId: number, password: string): Promise<boolean> {
    const [row] = await db
      .select({ hash: customers.passwordHash })
      .from(customers)
      .where(eq(customers.id, customerId))
    return verifyPassword(password, row?.hash ?? null)
  }

  /** Takes a single-use token of a kind: answers its customer, or undefined when it doesn't work. */
  async function takeToken(token: string, kind: TokenKind): Promise<number | undefined> {
    const [row] = await db
      .update(customerTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(customerTokens.tokenHash, hashToken(token)),
          eq(customerTokens.kind, kind),
          isNull(customerTokens.usedAt),
          gt(customerTokens.expiresAt, new Date()),
        ),
      )
      .returning({ customerId: customerTokens.customerId })
    return row?.customerId
  }

  /** Whether an activation token (used or not) belongs to an account that is active. */
  async function activatedBy(token: string): Promise<boolean> {
    const [row] = await db
      .select({ activatedAt: customers.activatedAt })
      .from(customerTokens)
      .innerJoin(customers, eq(customers.id, customerTokens.customerId))
      .where(
        and(eq(customerTokens.tokenHash, hashToken(token)), eq(customerTokens.kind, TokenKind.Activation)),
      )
      .limit(1)
    return Boolean(row?.activatedAt)
  }

  const alreadyActive = () =>
    new AppError(
      CustomerErrorCode.alreadyActive,
      'Your account is already active. Log in with your email and password.',
      {
        status: 409,
      },
    )

  /** Activates the account of an activation token (once, within 24 hours) and welcomes the customer. */
  async function activate(token: string) {
    const names = await centreNames()
    await units.run(async () => {
      const customerId = await takeToken(token, TokenKind.Activation)
      if (customerId === undefined) {
        // A second click on the link of an account it activated: say so, and offer to log in.
        if (await activatedBy(token)) throw alreadyActive()
        throw invalidLink()
      }
      const [customer] = await db
        .update(customers)
        .set({ activatedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(customers.id, customerId), isNull(customers.activatedAt)))
        .returning()
      if (!customer) return
      await mailer.queue(mailFor(names, 'welcome', customer, `${publicUrl}/`))
    })
  }

  /**
   * Sends a fresh activation link to an account not yet activated; silent for any other email. The
   * answer comes first and says the same for any email; the work follows it (decision 040).
   */
  async function resendActivation(email: string): Promise<LinkSent> {
    await limitPerEmail('activation', email)
    const link = await claimLink('activation', email)
    if (!link.alreadySent) background.run(() => sendActivation(email))
    return link
  }

  async function sendActivation(email: string) {
    const names = await centreNames()
    await units.run(async () => {
      const [customer] = await db.select().from(customers).where(eq(customers.email, email)).limit(1)
      if (!customer || customer.activatedAt) return
      await db
        .update(customerTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(customerTokens.customerId, customer.id),
            eq(customerTokens.kind, TokenKind.Activation),
            isNull(customerTokens.usedAt),
          ),
        )
      const token = newToken()
      await db.insert(customerTokens).values({
        customerId: customer.id,
        kind: TokenKind.Activation,
        tokenHash: hashToken(token),
        expiresAt: hoursFromNow(ACTIVATION_TTL_HOURS),
      })
      await mailer.queue(mailFor(names, 'activation', customer, `${publicUrl}/customer/activate/${token}`))
    })
  }

  // -------------------------------------------------------------------------------------------
  // Password reset and change

  /**
   * Mails a reset link (1 hour, once) when the email has an account. The answer comes first and says
   * the same either way; the work follows it (decision 040).
   */
  async function requestPasswordReset(email: string): Promise<LinkSent> {
    await limitPerEmail('reset', email)
    const link = await claimLink('reset', email)
    if (!link.alreadySent) background.run(() => sendReset(email))
    return link
  }

  async function sendReset(email: string) {
    const names = await centreNames()
    await units.run(async () => {
      const [customer] = await db.select().from(customers).where(eq(customers.email, email)).limit(1)
      if (!customer) return
      const token = newToken()
      await db.insert(customerTokens).values({
        customerId: customer.id,
        kind: TokenKind.Reset,
        tokenHash: hashToken(token),
        expiresAt: hoursFromNow(RESET_TTL_HOURS),
      })
      await mailer.queue(mailFor(names, 'reset', customer, `${publicUrl}/customer/reset-password/${token}`))
    })
  }

  /**
   * Sets a new password with a reset token. Every session and every other reset link of the
   * customer stops working; an account not activated yet is activated (the mailbox is proven).
   */
  async function resetPassword(token: string, plainPassword: string) {
    refuseCommon('plainPassword', plainPassword)
    const passwordHash = await hashPassword(plainPassword)
    const names = await centreNames()
    await units.run(async () => {
      const customerId = await takeToken(token, TokenKind.Reset)
      if (customerId === undefined) throw invalidLink()
      const [customer] = await db
        .update(customers)
        .set({
          passwordHash,
          activatedAt: sql`coalesce(${customers.activatedAt}, now())`,
          updatedAt: new Date(),
        })
        .where(eq(customers.id, customerId))
        .returning()
      await db
        .update(customerTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(customerTokens.customerId, customerId),
            inArray(customerTokens.kind, [TokenKind.Session, TokenKind.Reset]),
            isNull(customerTokens.usedAt),
          ),
        )
      await mailer.queue(mailFor(names, 'passwordChanged', customer!, `${publicUrl}/`))
    })
  }

  /** Changes the password knowing the current one; the customer's other sessions end. */
  async function changePassword(who: AuthCustomer, oldPassword: string, newPassword: string) {
    const [customer] = await db.select().from(customers).where(eq(customers.id, who.id)).limit(1)
    if (!customer) throw new AppError('unauthorized', 'Please login or register')
    if (!(await verifyPassword(oldPassword, customer.passwordHash))) {
      throw wrongPassword('plainOldPass')
    }
    refuseCommon('plainNewPass', newPassword)
    const passwordHash = await hashPassword(newPassword)
    const names = await centreNames()
    await units.run(async () => {
      await db.update(customers).set({ passwordHash, updatedAt: new Date() }).where(eq(customers.id, who.id))
      await db
        .update(customerTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(customerTokens.customerId, who.id),
            inArray(customerTokens.kind, [TokenKind.Session, TokenKind.Reset]),
            isNull(customerTokens.usedAt),
            ne(customerTokens.id, who.tokenId),
          ),
        )
      await mailer.queue(mailFor(names, 'passwordChanged', customer, `${publicUrl}/`))
    })
  }

  // -------------------------------------------------------------------------------------------
  // Profile

  async function getCustomer(id: number, locale: Locale): Promise<Customer> {
    return (await customerProfile(id, locale)).customer
  }

  /**
   * The profile as the customer reads it, and the instant it will read differently without any
   * change to the data (the pending email change's link expiring), if any.
   */
  async function customerProfile(
    id: number,
    locale: Locale,
  ): Promise<{ customer: Customer; changesAt: Date | undefined }> {
    const [c] = await db.select().from(customers).where(eq(customers.id, id)).limit(1)
    if (!c) throw new AppError('not_found', 'This customer was not found.')
    const defs = await db
      .select()
      .from(customFields)
      .where(eq(customFields.active, true))
      .orderBy(asc(customFields.position), asc(customFields.id))
    const values = await db.select().from(customerCustomValues).where(eq(customerCustomValues.customerId, id))
    const valueOf = new Map(values.map((v) => [v.customFieldId, v]))
    // Pick lists and their choices in the reader's language (decision 052).
    const inLocale = (d: (typeof defs)[number], value: string) =>
      d.fieldType === CustomFieldType.PickList && value ? optionIn(d.pickListValues, value, locale) : value
    const fields: CustomField[] = defs.map((d) => ({
      customFieldId: d.id,
      name: d.name,
      label: d.label[locale] || d.name,
      fieldType: d.fieldType as CustomField['fieldType'],
      value: inLocale(d, valueOf.get(d.id)?.value ?? ''),
      pickListValues:
        d.fieldType === CustomFieldType.PickList ? pickListOptions(d.pickListValues, locale).join(',') : '',
    }))
    const fieldById = new Map(fields.map((f) => [f.customFieldId, f]))
    const pending = await pendingEmailOf(id)
    const customer: Customer = {
      id: c.id,
      name: c.name,
      surname: c.surname,
      email: c.email,
      phone: c.phone,
      gender: (c.gender ?? null) as Customer['gender'],
      birthDate: c.birthDate,
      addressLine1: c.addressLine1,
      postalCode: c.postalCode,
      city: c.city,
      town: c.town,
      country: c.country,
      accountHolderName: c.accountHolderName,
      iban: c.iban,
      dni: c.dni,
      acceptConditions: c.acceptConditions,
      okRss: c.okRss,
      customFields: fields,
      customFieldValues: values
        .filter((v) => fieldById.has(v.customFieldId))
        .map((v) => ({
          identity: v.id,
          customFieldId: v.customFieldId,
          value: fieldById.get(v.customFieldId)!.value,
          customField: fieldById.get(v.customFieldId)!,
        })),
      pendingEmail: pending?.newEmail ?? null,
    }
    return { customer, changesAt: pending?.expiresAt }
  }

  /**
   * Saves the profile: fields left out keep their value; custom field values are upserted. A new
   * login email is not taken at once: it needs the current password, and becomes the login email
   * when the link mailed to it is followed (`confirmEmail`); the old address gets a notice.
   */
  async function saveCustomer(id: number, body: SaveBody, locale: Locale): Promise<Customer> {
    const values = await checkCustomFieldValues(body.customFieldValues, locale)
    const [current] = await db.select().from(customers).where(eq(customers.id, id)).limit(1)
    if (!current) throw new AppError('not_found', 'This customer was not found.')
    const newEmail = body.email !== current.email ? body.email : undefined
    if (newEmail) {
      if (!body.currentPassword) {
        throw new AppError(CustomerErrorCode.passwordNeeded, PASSWORD_FOR_EMAIL, {
          status: 422,
          errors: { currentPassword: PASSWORD_FOR_EMAIL },
        })
      }
      if (!(await verifyPassword(body.currentPassword, current.passwordHash))) {
        throw wrongPassword('currentPassword')
      }
      const other = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.email, newEmail), ne(customers.id, id)))
        .limit(1)
      if (other.length > 0) throw emailUsed()
    }
    const set: Partial<typeof customers.$inferInsert> = {
      name: body.name,
      surname: body.surname,
      phone: body.phone,
      updatedAt: new Date(),
    }
    const optional = [
      'gender',
      'birthDate',
      'addressLine1',
      'postalCode',
      'city',
      'town',
      'country',
      'accountHolderName',
      'iban',
      'dni',
      'acceptConditions',
      'okRss',
    ] as const
    for (const key of optional) {
      if (body[key] !== undefined) (set as Record<string, unknown>)[key] = body[key]
    }
    const names = newEmail ? await centreNames() : undefined
    await units.run(async () => {
      const [saved] = await db.update(customers).set(set).where(eq(customers.id, id)).returning()
      await saveCustomFieldValues(id, values)
      if (newEmail && names && saved) await askToConfirmEmail(names, saved, newEmail)
    })
    return getCustomer(id, locale)
  }

  /**
   * Mails a confirmation link to the new address (earlier ones stop working) and a notice to the old,
   * once per change: the same new address saved again while its link works sends nothing more. The
   * caller's unit has updated the customer's row, so two saves of one profile pass here one by one.
   */
  async function askToConfirmEmail(
    names: CentreNames,
    customer: typeof customers.$inferSelect,
    newEmail: string,
  ) {
    if ((await pendingEmailOf(customer.id))?.newEmail === newEmail) return
    await revokeTokens(customer.id, [TokenKind.EmailChange])
    const token = newToken()
    await db.insert(customerTokens).values({
      customerId: customer.id,
      kind: TokenKind.EmailChange,
      tokenHash: hashToken(token),
      expiresAt: hoursFromNow(EMAIL_CHANGE_TTL_HOURS),
      newEmail,
    })
    await mailer.queue(
      mailFor(names, 'emailChange', customer, `${publicUrl}/customer/confirm-email/${token}`, {
        to: newEmail,
      }),
    )
    await mailer.queue(mailFor(names, 'emailChangeNotice', customer, `${publicUrl}/`, { address: newEmail }))
  }

  /** Ends every unused token of these kinds of a customer. */
  async function revokeTokens(customerId: number, kinds: TokenKind[]) {
    await db
      .update(customerTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(customerTokens.customerId, customerId),
          inArray(customerTokens.kind, kinds),
          isNull(customerTokens.usedAt),
        ),
      )
  }

  /** Makes the new email of a change the login email, with the token mailed to it (once, within 24 hours). */
  async function confirmEmail(token: string): Promise<{ email: string }> {
    return units.run(
      async () => {
        const [row] = await db
          .update(customerTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(customerTokens.tokenHash, hashToken(token)),
              eq(customerTokens.kind, TokenKind.EmailChange),
              isNull(customerTokens.usedAt),
              gt(customerTokens.expiresAt, new Date()),
            ),
          )
          .returning({ customerId: customerTokens.customerId, newEmail: customerTokens.newEmail })
        if (!row?.newEmail) throw invalidLink()
        await db
          .update(customers)
          .set({ email: row.newEmail, updatedAt: new Date() })
          .where(eq(customers.id, row.customerId))
        return { email: row.newEmail }
      },
      { conflicts: { [CUSTOMERS_EMAIL_UNIQUE]: emailUsed } },
    )
  }

  /** The new email a customer asked for and has not confirmed yet, if any, and when its link expires. */
  async function pendingEmailOf(
    customerId: number,
  ): Promise<{ newEmail: string; expiresAt: Date } | undefined> {
    const [row] = await db
      .select({ newEmail: customerTokens.newEmail, expiresAt: customerTokens.expiresAt })
      .from(customerTokens)
      .where(
        and(
          eq(customerTokens.customerId, customerId),
          eq(customerTokens.kind, TokenKind.EmailChange),
          isNull(customerTokens.usedAt),
          gt(customerTokens.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(customerTokens.id))
      .limit(1)
    return row?.newEmail ? { newEmail: row.newEmail, expiresAt: row.expiresAt } : undefined
  }

  // -------------------------------------------------------------------------------------------
  // Saved cards

  async function listCardTokens(customerId: number): Promise<CardToken[]> {
    const rows = await db
      .select()
      .from(cardTokens)
      .where(and(eq(cardTokens.customerId, customerId), isNull(cardTokens.deletedAt)))
      .orderBy(asc(cardTokens.id))
    return rows.map((r) => ({
      id: r.id,
      cardNumber: `•••• ${r.last4}`,
      brand: r.brand,
      expiry: `${String(r.expMonth).padStart(2, '0')}/${String(r.expYear % 100).padStart(2, '0')}`,
    }))
  }

  /** A live saved card of the customer's, with the provider's token: what a checkout pays with. */
  async function findCardToken(customerId: number, cardId: number) {
    const [row] = await db
      .select({ id: cardTokens.id, methodId: cardTokens.paymentMethodId, token: cardTokens.providerToken })
      .from(cardTokens)
      .where(
        and(eq(cardTokens.id, cardId), eq(cardTokens.customerId, customerId), isNull(cardTokens.deletedAt)),
      )
    return row
  }

  /** The customer's live saved cards with their methods, for the checkout's payment methods. */
  async function cardMethods(customerId: number) {
    return db
      .select({
        id: cardTokens.id,
        methodId: cardTokens.paymentMethodId,
        lastDigits: cardTokens.last4,
        brand: cardTokens.brand,
        expMonth: cardTokens.expMonth,
        expYear: cardTokens.expYear,
      })
      .from(cardTokens)
      .where(and(eq(cardTokens.customerId, customerId), isNull(cardTokens.deletedAt)))
      .orderBy(asc(cardTokens.id))
  }

  /**
   * Keeps a card the provider saved at the customer's request: its token and last digits only.
   * The same token again is the same card (a second payment that asked to save it).
   */
  async function saveCardToken(
    customerId: number,
    card: { methodId: number; token: string; lastDigits: string; brand: string; expiry: string },
  ) {
    const [, mm = '', yy = ''] = /^(\d{2})\/(\d{2})$/.exec(card.expiry) ?? []
    const expMonth = Number(mm) || 12
    const expYear = yy ? 2000 + Number(yy) : 2099
    // The same card saved again (the provider gives each save a new token) stays one card: the
    // newest token replaces the one kept.
    const [known] = await db
      .select({ id: cardTokens.id })
      .from(cardTokens)
      .where(
        and(
          eq(cardTokens.customerId, customerId),
          isNull(cardTokens.deletedAt),
          or(
            eq(cardTokens.providerToken, card.token),
            and(
              eq(cardTokens.paymentMethodId, card.methodId),
              eq(cardTokens.last4, card.lastDigits),
              eq(cardTokens.brand, card.brand),
              eq(cardTokens.expMonth, expMonth),
              eq(cardTokens.expYear, expYear),
            ),
          ),
        ),
      )
      .orderBy(desc(cardTokens.id))
      .limit(1)
    if (known) {
      await db.update(cardTokens).set({ providerToken: card.token }).where(eq(cardTokens.id, known.id))
      return known.id
    }
    const [row] = await db
      .insert(cardTokens)
      .values({
        customerId,
        paymentMethodId: card.methodId,
        providerToken: card.token,
        last4: card.lastDigits,
        brand: card.brand,
        expMonth,
        expYear,
      })
      .returning({ id: cardTokens.id })
    return row!.id
  }

  /** Forgets a saved card (kept for the payments that used it); another's or unknown: 404. */
  async function deleteCardToken(customerId: number, cardId: number) {
    const [row] = await db
      .update(cardTokens)
      .set({ deletedAt: new Date() })
      .where(
        and(eq(cardTokens.id, cardId), eq(cardTokens.customerId, customerId), isNull(cardTokens.deletedAt)),
      )
      .returning({ id: cardTokens.id })
    if (!row) throw new AppError('not_found', 'This card was not found among your saved cards.')
  }

  // -------------------------------------------------------------------------------------------
  // Imports

  /**
   * Brings in an existing customer (the demo seed, tests): the row as given, its password already
   * hashed, its custom values by field name and its saved cards, in one unit of work. Answers its id.
   */
  async function importCustomer(input: CustomerImport): Promise<number> {
    return units.run(
      async () => {
        const [row] = await db.insert(customers).values(input.customer).returning({ id: customers.id })
        const customerId = row!.id
        const named = Object.entries(input.customValues ?? {})
        if (named.length) {
          const fields = await db
            .select({
              id: customFields.id,
              name: customFields.name,
              fieldType: customFields.fieldType,
              pickListValues: customFields.pickListValues,
            })
            .from(customFields)
            .where(
              inArray(
                customFields.name,
                named.map(([name]) => name),
              ),
            )
          const fieldOf = new Map(fields.map((f) => [f.name, f]))
          await db.insert(customerCustomValues).values(
            named.map(([name, value]) => {
              const field = fieldOf.get(name)
              if (field === undefined) throw new Error(`There is no custom field ${name}.`)
              if (field.fieldType !== CustomFieldType.PickList || value === '') {
                return { customerId, customFieldId: field.id, value }
              }
              const stored = storedOption(field.pickListValues, value)
              if (stored === undefined) throw new Error(`${value} is no option of the custom field ${name}.`)
              return { customerId, customFieldId: field.id, value: stored }
            }),
          )
        }
        if (input.cards?.length) {
          await db.insert(cardTokens).values(input.cards.map((card) => ({ ...card, customerId })))
        }
        return customerId
      },
      { conflicts: { [CUSTOMERS_EMAIL_UNIQUE]: emailTaken } },
    )
  }

  return {
    findCardToken,
    cardMethods,
    saveCardToken,
    sessionOfTokenHash,
    login,
    logout,
    register,
    openAccount,
    openAccountOrTell,
    createGuestAccount,
    customerIdOfEmail,
    contactOf,
    emailTaken,
    loginRequired,
    passwordMatches,
    activate,
    resendActivation,
    requestPasswordReset,
    resetPassword,
    changePassword,
    getCustomer,
    customerProfile,
    saveCustomer,
    confirmEmail,
    listCardTokens,
    deleteCardToken,
    importCustomer,
  }
}

export type CustomersService = ReturnType<typeof createCustomersService>
