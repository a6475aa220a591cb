import { and, eq, isNull, lt } from 'drizzle-orm'
import { CustomerErrorCode, type StaffRole } from '@clubhouse/contract'
import { hashToken } from '../../http/auth.ts'
import { AppError } from '../../http/errors.ts'
import { createLoginGuard } from '../customers/login-guard.ts'
import { strongerHash, verifyPassword } from '../customers/passwords.ts'
import type { StaffContext } from './staff-context.ts'
import { STAFF_TOKEN_TTL_MS, type StaffTokens } from './staff-tokens.ts'
import {
  staffAccounts,
  staffLoginAddresses,
  staffLoginFailures,
  staffTokens,
  StaffTokenKind,
} from './staff.tables.ts'

/** A signed-in staff member: who, with which role, and until when their session holds if left idle. */
export interface StaffSession {
  staffId: number
  email: string
  name: string
  role: StaffRole
  /** The id of the session token (to keep it when the others are ended). */
  tokenId: number
  expiresAt: Date
}

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
export function createStaffSessions(ctx: StaffContext, tokens: StaffTokens) {
  const { db, clock } = ctx
  const guard = createLoginGuard(db, clock, { failures: staffLoginFailures, addresses: staffLoginAddresses })

  /** Logs a staff member in from a client `address`: answers the session's bearer token. */
  async function login(
    body: { email: string; password: string },
    address: string,
  ): Promise<{ token: string; session: StaffSession }> {
    const email = body.email.trim().toLowerCase()
    await guard.admitOrRefuse(email, address)
    const [account] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email)).limit(1)
    const matches = await verifyPassword(body.password, account?.passwordHash ?? null)
    if (!account || !matches || account.disabledAt) {
      await guard.failed(email)
      throw invalidCredentials()
    }
    await guard.succeeded(email, address)
    const rehashed = await strongerHash(body.password, account.passwordHash)
    if (rehashed)
      await db.update(staffAccounts).set({ passwordHash: rehashed }).where(eq(staffAccounts.id, account.id))
    const { token } = await tokens.issue(account.id, StaffTokenKind.Session)
    const session = await sessionOfToken(token)
    if (!session) throw invalidCredentials()
    return { token, session }
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
    const slid = new Date(now + STAFF_TOKEN_TTL_MS[StaffTokenKind.Session])
    if (slid.getTime() - row.expiresAt.getTime() < SLIDE_EVERY_MS) return row
    await db
      .update(staffTokens)
      .set({ expiresAt: slid })
      .where(and(eq(staffTokens.id, row.tokenId), lt(staffTokens.expiresAt, slid)))
    return { ...row, expiresAt: slid }
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

  return { login, sessionOfToken, logout }
}
