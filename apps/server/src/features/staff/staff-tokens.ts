import { randomBytes } from 'node:crypto'
import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import {
  SECOND_FACTOR_TTL_MINUTES,
  STAFF_PASSWORD_LINK_TTL_HOURS,
  STAFF_SESSION_IDLE_HOURS,
} from '@clubhouse/contract/server'
import { hashToken } from '../../http/auth.ts'
import type { StaffContext } from './staff-context.ts'
import { staffTokens, StaffTokenKind } from './staff.tables.ts'

const HOUR = 3_600_000

/**
 * How long a token of each kind works: a set-password link from its issue, a session from its last
 * request (each request moves its expiry on).
 */
export const STAFF_TOKEN_TTL_MS: Record<StaffTokenKind, number> = {
  [StaffTokenKind.Session]: STAFF_SESSION_IDLE_HOURS * HOUR,
  [StaffTokenKind.SetPassword]: STAFF_PASSWORD_LINK_TTL_HOURS * HOUR,
  [StaffTokenKind.SecondFactor]: SECOND_FACTOR_TTL_MINUTES * 60_000,
}

/**
 * The staff's tokens, made as the customers' are (32 random bytes, 64 hex digits, kept only as their
 * SHA-256 through `hashToken`), in the staff's own table. A token works until its expiry and not
 * once `usedAt` is set.
 */
export function createStaffTokens({ db, clock }: Pick<StaffContext, 'db' | 'clock'>) {
  /** The tokens of `kind` that still work at `at`. */
  const working = (kind: StaffTokenKind, at: Date) =>
    and(eq(staffTokens.kind, kind), isNull(staffTokens.usedAt), gt(staffTokens.expiresAt, at))

  /** Writes a new token of `kind` for an account and answers it, the only time its value is known. */
  async function issue(staffId: number, kind: StaffTokenKind): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('hex')
    const expiresAt = new Date(clock() + STAFF_TOKEN_TTL_MS[kind])
    await db.insert(staffTokens).values({ staffId, kind, tokenHash: hashToken(token), expiresAt })
    return { token, expiresAt }
  }

  /** Uses a token of `kind` once: answers its account, or undefined when it does not work. */
  async function consume(token: string, kind: StaffTokenKind): Promise<number | undefined> {
    const now = new Date(clock())
    const [row] = await db
      .update(staffTokens)
      .set({ usedAt: now })
      .where(and(eq(staffTokens.tokenHash, hashToken(token)), working(kind, now)))
      .returning({ staffId: staffTokens.staffId })
    return row?.staffId
  }

  /** The account of a token of `kind` that still works, without using it; undefined for none. */
  async function holder(token: string, kind: StaffTokenKind): Promise<number | undefined> {
    const [row] = await db
      .select({ staffId: staffTokens.staffId })
      .from(staffTokens)
      .where(and(eq(staffTokens.tokenHash, hashToken(token)), working(kind, new Date(clock()))))
      .limit(1)
    return row?.staffId
  }

  /** Ends every working token of these kinds of an account (its password set, its account disabled). */
  async function revokeAll(staffId: number, kinds: StaffTokenKind[]) {
    await db
      .update(staffTokens)
      .set({ usedAt: new Date(clock()) })
      .where(
        and(eq(staffTokens.staffId, staffId), inArray(staffTokens.kind, kinds), isNull(staffTokens.usedAt)),
      )
  }

  return { working, issue, consume, holder, revokeAll }
}

export type StaffTokens = ReturnType<typeof createStaffTokens>
