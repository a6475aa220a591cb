import { and, eq, isNull } from 'drizzle-orm'
import { CustomerErrorCode, type Locale, type LoginModel } from '@clubhouse/contract/server'
import type { Session } from '../../http/auth.ts'
import { AppError } from '../../http/errors.ts'
import { isTimeZone } from '../bookings/centre-clock.ts'
import type { CustomersContext } from './customers-context.ts'
import { customers, customerTokens, TokenKind } from './customers.tables.ts'
import { createLoginGuard } from './login-guard.ts'
import { strongerHash, verifyPassword } from './passwords.ts'

/** After this many failed logins of one email in a row, refusals carry `redirect: true`. */
export const FAILURES_BEFORE_RESET = 3

const INVALID_CREDENTIALS = 'Invalid Email or Password'

/** Login and logout, and the sessions they open and end. */
export function createSessions(ctx: CustomersContext) {
  const { db, units, mailer, background, tokens } = ctx
  const loginGuard = createLoginGuard(db, ctx.clock)

  /** Opens a session of a customer: its bearer token, until when it works. */
  function openSession(customerId: number): Promise<{ token: string; expiresAt: Date }> {
    return tokens.issue(customerId, TokenKind.Session)
  }

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
          tokens.working(TokenKind.Session),
          // A disabled account's sessions were ended with it; a login racing the disabling stops here.
          isNull(customers.disabledAt),
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
    await loginGuard.admitOrRefuse(email, address)
    const [customer] = await db
      .select({
        id: customers.id,
        name: customers.name,
        passwordHash: customers.passwordHash,
        activatedAt: customers.activatedAt,
        disabledAt: customers.disabledAt,
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
    // A disabled account is told what a wrong password is told (the centre tells its owner why), and
    // its right password counts as no failure: nobody is guessing it.
    if (customer.disabledAt) {
      throw new AppError(CustomerErrorCode.invalidCredentials, INVALID_CREDENTIALS, { status: 401 })
    }
    if (!customer.activatedAt) {
      throw new AppError(
        CustomerErrorCode.notActivated,
        'Your account is not activated yet. Open the link in the activation mail we sent you, or ask us to send it again.',
        { status: 403 },
      )
    }
    await loginGuard.succeeded(email, address)
    const rehashed = await strongerHash(body.password, customer.passwordHash)
    if (rehashed)
      await db.update(customers).set({ passwordHash: rehashed }).where(eq(customers.id, customer.id))
    const { token, expiresAt } = await openSession(customer.id)
    return { id: customer.id, name: customer.name, token, expiry: expiresAt.toISOString() }
  }

  /** Tells the owner of `email`, if it has one, that logins with a wrong password were tried. */
  async function mailFailedLogins(email: string, at: Date) {
    const names = await ctx.centreNames()
    const [customer] = await db.select().from(customers).where(eq(customers.email, email)).limit(1)
    if (!customer) return
    const when = await centreTime(at, customer.language)
    await units.run(async () => {
      await mailer.queue(ctx.mailFor(names, 'failedLogins', customer, ctx.linkTo('/'), { when }))
    })
  }

  /** An instant as the centre's clock reads it, written in `locale`. */
  async function centreTime(at: Date, locale: Locale): Promise<string> {
    const zone = await ctx.content
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
    await tokens.end(token, TokenKind.Session)
  }

  return { openSession, sessionOfTokenHash, login, logout }
}
