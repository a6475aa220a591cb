import { and, eq, isNull, lt } from 'drizzle-orm'
import { CustomerErrorCode, needsSecondFactor } from '@clubhouse/contract/server'
import { hashToken, type AuthStaff } from '../../http/auth.ts'
import { AppError } from '../../http/errors.ts'
import { createLoginGuard } from '../customers/login-guard.ts'
import { strongerHash, verifyPassword } from '../customers/passwords.ts'
import type { StaffContext } from './staff-context.ts'
import { wrongCode, type StaffSecondFactor } from './staff-second-factor.ts'
import { STAFF_TOKEN_TTL_MS, type StaffTokens } from './staff-tokens.ts'
import {
  staffAccounts,
  staffLoginAddresses,
  staffLoginFailures,
  staffTokens,
  StaffTokenKind,
} from './staff.tables.ts'

/**
 * A signed-in staff member: who, with which role, until when their session holds if left idle, and
 * whether it must enrol a second factor first (an owner or a manager in production, decision 108):
 * what the routes' check reads (`AuthStaff`), and whether the account has a second factor.
 */
export interface StaffSession extends AuthStaff {
  /** Whether logins of the account ask for a code of its second factor. */
  hasSecondFactor: boolean
}

/** A login: a session, or (the password right, a second factor enrolled) the challenge its code answers. */
export type StaffLogin =
  | { token: string; session: StaffSession; codeNeeded?: undefined }
  | { codeNeeded: { challenge: string; expiresAt: Date }; token?: undefined; session?: undefined }

/**
 * A session's expiry is moved on at most once in this long: a burst of requests writes once, and an
 * idle session still ends within a minute of its 12 hours.
 */
const SLIDE_EVERY_MS = 60_000

/** The one refusal of a login, whatever was wrong: the email, the password, or the account. */
const invalidCredentials = () =>
  new AppError(CustomerErrorCode.invalidCredentials, 'Invalid email or password.', { status: 401 })

/**
 * Staff logins and sessions. A login is checked as a customer's is (decision 075): failures counted
 * per email in the staff's own tables, a growing wait for strangers past a few of them, and one same
 * answer, after the same scrypt work, for an unknown email, a wrong password, an account with no
 * password yet and a disabled one, so no answer tells which emails have an account (decision 106).
 */
export function createStaffSessions(ctx: StaffContext, tokens: StaffTokens, secondFactor: StaffSecondFactor) {
  const { db, clock } = ctx
  const guard = createLoginGuard(db, clock, { failures: staffLoginFailures, addresses: staffLoginAddresses })

  /** Opens a session of an account: its bearer token and what it may do. */
  async function openSession(staffId: number): Promise<{ token: string; session: StaffSession }> {
    const { token } = await tokens.issue(staffId, StaffTokenKind.Session)
    const session = await sessionOfToken(token)
    if (!session) throw invalidCredentials()
    return { token, session }
  }

  /**
   * Logs a staff member in from a client `address`: answers the session's bearer token or, for an
   * account with a second factor, a challenge that `loginSecondStep` answers with a code within five
   * minutes (the password is not asked again).
   */
  async function login(body: { email: string; password: string }, address: string): Promise<StaffLogin> {
    const email = body.email.trim().toLowerCase()
    await guard.admitOrRefuse(email, address)
    const [account] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email)).limit(1)
    const matches = await verifyPassword(body.password, account?.passwordHash ?? null)
    if (!account || !matches || account.disabledAt) {
      await guard.failed(email)
      throw invalidCredentials()
    }
    const rehashed = await strongerHash(body.password, account.passwordHash)
    if (rehashed)
      await db.update(staffAccounts).set({ passwordHash: rehashed }).where(eq(staffAccounts.id, account.id))
    if (account.totpConfirmedAt) {
      // The failures of the email are forgotten once the code is right too.
      const { token: challenge, expiresAt } = await tokens.issue(account.id, StaffTokenKind.SecondFactor)
      return { codeNeeded: { challenge, expiresAt } }
    }
    await guard.succeeded(email, address)
    return openSession(account.id)
  }

  /**
   * The second step of a login: the challenge of its first step and a code of the account's second
   * factor (or a recovery code). A wrong code counts as a failed login of the email, so guessing
   * codes is slowed as guessing passwords is; a challenge that expired or was used answers the same.
   */
  async function loginSecondStep(
    body: { challenge: string; code: string },
    address: string,
  ): Promise<{ token: string; session: StaffSession }> {
    const staffId = await tokens.holder(body.challenge, StaffTokenKind.SecondFactor)
    const [account] =
      staffId === undefined
        ? []
        : await db.select().from(staffAccounts).where(eq(staffAccounts.id, staffId)).limit(1)
    if (!account || account.disabledAt) throw wrongCode()
    await guard.admitOrRefuse(account.email, address)
    const taken = await secondFactor.takeCode(account.id, body.code)
    if (!taken || (await tokens.consume(body.challenge, StaffTokenKind.SecondFactor)) === undefined) {
      if (!taken) await guard.failed(account.email)
      throw wrongCode()
    }
    await guard.succeeded(account.email, address)
    return openSession(account.id)
  }

  /**
   * The session of a bearer token: working (neither ended nor idle for 12 hours) and of an account
   * that is not disabled, read from the database at every request so a disabled account or an ended
   * session stops on every instance at once. Each request moves the idle expiry on.
   */
  async function sessionOfToken(token: string): Promise<StaffSession | undefined> {
    const now = clock()
    const [row] = await db
      .select({
        staffId: staffAccounts.id,
        email: staffAccounts.email,
        name: staffAccounts.name,
        role: staffAccounts.role,
        tokenId: staffTokens.id,
        expiresAt: staffTokens.expiresAt,
        totpConfirmedAt: staffAccounts.totpConfirmedAt,
      })
      .from(staffTokens)
      .innerJoin(staffAccounts, eq(staffAccounts.id, staffTokens.staffId))
      .where(
        and(
          eq(staffTokens.tokenHash, hashToken(token)),
          tokens.working(StaffTokenKind.Session, new Date(now)),
          isNull(staffAccounts.disabledAt),
        ),
      )
      .limit(1)
    if (!row) return undefined
    const { totpConfirmedAt, ...found } = row
    const hasSecondFactor = totpConfirmedAt !== null
    const session = {
      ...found,
      hasSecondFactor,
      mustEnrol: !hasSecondFactor && needsSecondFactor(row.role, ctx.production),
    }
    const slid = new Date(now + STAFF_TOKEN_TTL_MS[StaffTokenKind.Session])
    if (slid.getTime() - row.expiresAt.getTime() < SLIDE_EVERY_MS) return session
    await db
      .update(staffTokens)
      .set({ expiresAt: slid })
      .where(and(eq(staffTokens.id, row.tokenId), lt(staffTokens.expiresAt, slid)))
    return { ...session, expiresAt: slid }
  }

  /** Ends the session of a bearer token (nothing happens for an unknown or ended one). */
  async function logout(token: string): Promise<void> {
    await db
      .update(staffTokens)
      .set({ usedAt: new Date(clock()) })
      .where(
        and(
          eq(staffTokens.tokenHash, hashToken(token)),
          eq(staffTokens.kind, StaffTokenKind.Session),
          isNull(staffTokens.usedAt),
        ),
      )
  }

  return { login, loginSecondStep, sessionOfToken, logout }
}
