import { and, eq, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import {
  CustomerErrorCode,
  paths,
  type LinkSent,
  type Locale,
  type RegisterBody,
} from '@clubhouse/contract/server'
import { AppError } from '../../http/errors.ts'
import { hitWindow } from '../../http/rate-limit-counter.ts'
import type { CustomFieldValuesStore } from './custom-field-values.ts'
import {
  CUSTOMERS_EMAIL_UNIQUE,
  invalidLink,
  refuseCommon,
  type CentreNames,
  type CustomersContext,
  type MailedCustomer,
} from './customers-context.ts'
import { customers, customerTokens, TokenKind } from './customers.tables.ts'
import { hashPassword, verifyPassword } from './passwords.ts'

type RegisterInput = z.output<typeof RegisterBody>

/** At most one "someone tried to register with your address" mail per account in this time. */
const REGISTRATION_ATTEMPT_MAIL_MS = 60 * 60_000

export const emailTaken = () =>
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
export const loginRequired = () =>
  new AppError(
    CustomerErrorCode.loginRequired,
    'This email has an account. Log in to buy with it, or use another email.',
    { status: 409, errors: { email: 'Log in to buy with this email, or use another one.' } },
  )

const registrationClosed = () =>
  new AppError(CustomerErrorCode.registrationClosed, 'Registration is closed at the moment.', {
    status: 403,
  })

const alreadyActive = () =>
  new AppError(
    CustomerErrorCode.alreadyActive,
    'Your account is already active. Log in with your email and password.',
    {
      status: 409,
    },
  )

/** Registration, guest accounts and activation: accounts opened, and the links that open them. */
export function createRegistration(ctx: CustomersContext, fieldValues: CustomFieldValuesStore) {
  const { db, units, mailer, background, tokens } = ctx

  /** Mails the activation link of a token to the account's owner, in the caller's unit of work. */
  async function mailActivation(names: CentreNames, customer: MailedCustomer, token: string) {
    await mailer.queue(ctx.mailFor(names, 'activation', customer, ctx.linkTo(paths.activate.to(token))))
  }

  /** Writes a new account's activation token and queues its mail, in the caller's unit of work. */
  async function queueActivation(
    names: CentreNames,
    customerId: number,
    who: { email: string; name: string },
    locale: Locale,
  ) {
    const { token } = await tokens.issue(customerId, TokenKind.Activation)
    await mailActivation(names, { id: customerId, email: who.email, name: who.name, language: locale }, token)
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
    if (!(await ctx.registrationOpen())) throw registrationClosed()
    if (!body.acceptConditions) {
      throw new AppError('rule', 'Please accept our legal conditions', {
        errors: { acceptConditions: 'Please accept our legal conditions' },
      })
    }
    refuseCommon('password', body.password)
    const values = await fieldValues.check(body.customFieldValues, locale)
    const passwordHash = await hashPassword(body.password)
    if ((await customerIdOfEmail(body.email)) !== undefined) throw emailTaken()
    const names = await ctx.centreNames()
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
        await fieldValues.save(customerId, values)
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
    const names = await ctx.centreNames()
    await units.run(() =>
      mailer.queue(ctx.mailFor(names, 'registrationAttempt', customer, ctx.linkTo(paths.account))),
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
    if (!(await ctx.registrationOpen())) throw registrationClosed()
    const names = await ctx.centreNames()
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

  /** Whether an activation token (used or not) belongs to an account that is active. */
  async function activatedBy(token: string): Promise<boolean> {
    const [row] = await db
      .select({ activatedAt: customers.activatedAt })
      .from(customerTokens)
      .innerJoin(customers, eq(customers.id, customerTokens.customerId))
      .where(tokens.named(token, TokenKind.Activation))
      .limit(1)
    return Boolean(row?.activatedAt)
  }

  /** Activates the account of an activation token (once, within 24 hours) and welcomes the customer. */
  async function activate(token: string) {
    const names = await ctx.centreNames()
    await units.run(async () => {
      const used = await tokens.consume(token, TokenKind.Activation)
      if (used === undefined) {
        // A second click on the link of an account it activated: say so, and offer to log in.
        if (await activatedBy(token)) throw alreadyActive()
        throw invalidLink()
      }
      const [customer] = await db
        .update(customers)
        .set({ activatedAt: ctx.now(), updatedAt: ctx.now() })
        .where(and(eq(customers.id, used.customerId), isNull(customers.activatedAt)))
        .returning()
      if (!customer) return
      await mailer.queue(ctx.mailFor(names, 'welcome', customer, ctx.linkTo('/')))
    })
  }

  /**
   * Sends a fresh activation link to an account not yet activated; silent for any other email. The
   * answer comes first and says the same for any email; the work follows it (decision 040).
   */
  function resendActivation(email: string): Promise<LinkSent> {
    return ctx.offerLink('activation', email, sendActivation)
  }

  /** A new activation link for an account not activated yet; the earlier links stop working. */
  function sendActivation(email: string) {
    return ctx.writeToAccountOf(email, async (customer, names) => {
      if (customer.activatedAt || customer.disabledAt) return
      const { token } = await tokens.replace(customer.id, TokenKind.Activation)
      await mailActivation(names, customer, token)
    })
  }

  return {
    register,
    openAccount,
    openAccountOrTell,
    createGuestAccount,
    customerIdOfEmail,
    contactOf,
    passwordMatches,
    activate,
    resendActivation,
  }
}
