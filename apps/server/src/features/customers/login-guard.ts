import { createHash } from 'node:crypto'
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../http/errors.ts'
import { loginAddresses, loginFailures, type LoginGuardTables } from './login-guard.tables.ts'

/** Failed logins of one email checked without any wait; each failure after them adds one (decision 075). */
export const FAILURES_BEFORE_WAIT = 5
/** The wait after the first failure past FAILURES_BEFORE_WAIT; it doubles with each further failure. */
export const FIRST_WAIT_MS = 1_000
/** The longest wait between two checked logins of one email, however many failed. */
export const MAX_WAIT_MS = 30_000
/** Failures are forgotten after this long without another (and at once by a successful login). */
export const FAILURE_MEMORY_MS = 15 * 60_000
/** From this many recent failures on, the owner is mailed about them... */
export const FAILURES_BEFORE_NOTICE = 5
/** ...at most once in this long. */
export const NOTICE_EVERY_MS = 60 * 60_000
/** An address an email logged in from stays known this long after its last successful login. */
export const KNOWN_ADDRESS_MS = 30 * 86_400_000

/** How long after its `failures`-th failure in a row an email waits before its next checked login. */
export function waitAfter(failures: number): number {
  if (failures < FAILURES_BEFORE_WAIT) return 0
  return Math.min(FIRST_WAIT_MS * 2 ** Math.min(failures - FAILURES_BEFORE_WAIT, 20), MAX_WAIT_MS)
}

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`
const hashOf = (address: string) => createHash('sha256').update(address).digest('hex')

/**
 * Failed logins counted per email in the database, shared by every app process (decision 075). An
 * email with many recent failures has its next login checked only after a short wait that grows
 * with them (never longer than MAX_WAIT_MS), unless it comes from an address that email logged in
 * from before: an attacker who knows a customer's email can slow logins from new places a little,
 * never lock the owner out. Emails with and without an account are counted alike. Customers count
 * in `login_failures` and `login_addresses`; staff hand their own pair of `tables` (decision 106).
 */
export function createLoginGuard(
  db: Db,
  clock: () => number,
  tables: LoginGuardTables = { failures: loginFailures, addresses: loginAddresses },
) {
  const { failures: loginFailures, addresses: loginAddresses } = tables
  async function knownAddress(email: string, address: string, now: number): Promise<boolean> {
    const [row] = await db
      .select({ email: loginAddresses.email })
      .from(loginAddresses)
      .where(
        and(
          eq(loginAddresses.email, email),
          eq(loginAddresses.addressHash, hashOf(address)),
          gt(loginAddresses.lastLoginAt, new Date(now - KNOWN_ADDRESS_MS)),
        ),
      )
      .limit(1)
    return row !== undefined
  }

  /**
   * Whether a login of `email` from `address` is checked now: 0 when it is, else the milliseconds
   * still to wait. A login that would have to wait after failing takes its turn here, so logins
   * racing on several processes are checked one per wait, not all at once.
   */
  async function admit(email: string, address: string): Promise<number> {
    const now = clock()
    const [row] = await db.select().from(loginFailures).where(eq(loginFailures.email, email)).limit(1)
    const recent =
      row?.lastFailureAt && row.lastFailureAt.getTime() > now - FAILURE_MEMORY_MS ? row.failures : 0
    const waitIfFailing = waitAfter(recent + 1)
    if (!row || waitIfFailing === 0) return 0
    if (await knownAddress(email, address, now)) return 0
    const turn = await db
      .update(loginFailures)
      .set({ nextTryAt: new Date(now + waitIfFailing) })
      .where(and(eq(loginFailures.email, email), lte(loginFailures.nextTryAt, new Date(now))))
      .returning({ email: loginFailures.email })
    if (turn.length > 0) return 0
    const [taken] = await db
      .select({ nextTryAt: loginFailures.nextTryAt })
      .from(loginFailures)
      .where(eq(loginFailures.email, email))
    return Math.max(1, (taken?.nextTryAt.getTime() ?? now) - now)
  }

  /**
   * Checks a login of `email` from `address` now, or refuses it with 429 and the seconds still to
   * wait (answered in Retry-After).
   */
  async function admitOrRefuse(email: string, address: string): Promise<void> {
    const waitMs = await admit(email, address)
    if (waitMs === 0) return
    const seconds = Math.ceil(waitMs / 1000)
    throw new AppError(
      'rate_limited',
      `Too many failed logins for this email. Please try again in ${seconds} s.`,
      {
        retryAfterSeconds: seconds,
      },
    )
  }

  /**
   * Counts a failed login of `email`: answers the failures in a row so far and, when the owner is to
   * be told of them now, the instant of this failure.
   */
  async function failed(email: string): Promise<{ failures: number; noticeAt: Date | undefined }> {
    const now = clock()
    const failures = sql`case when ${loginFailures.lastFailureAt} > ${at(now - FAILURE_MEMORY_MS)}
      then ${loginFailures.failures} + 1 else 1 end`
    const n = (value: number) => sql.raw(String(value))
    const wait = sql`least(${n(MAX_WAIT_MS)}, case when ${failures} >= ${n(FAILURES_BEFORE_WAIT)}
      then ${n(FIRST_WAIT_MS)} * power(2, least(${failures} - ${n(FAILURES_BEFORE_WAIT)}, 20)) else 0 end)`
    const [row] = await db
      .insert(loginFailures)
      .values({ email, failures: 1, lastFailureAt: new Date(now), nextTryAt: new Date(now) })
      .onConflictDoUpdate({
        target: loginFailures.email,
        set: {
          failures,
          lastFailureAt: new Date(now),
          nextTryAt: sql`greatest(${loginFailures.nextTryAt}, ${at(now)} + ${wait} * interval '1 millisecond')`,
        },
      })
      .returning({ failures: loginFailures.failures })
    const count = row?.failures ?? 1
    if (count < FAILURES_BEFORE_NOTICE) return { failures: count, noticeAt: undefined }
    // One process of those counting failures now claims the notice, once in NOTICE_EVERY_MS.
    const claimed = await db
      .update(loginFailures)
      .set({ noticedAt: new Date(now) })
      .where(
        and(
          eq(loginFailures.email, email),
          or(isNull(loginFailures.noticedAt), lte(loginFailures.noticedAt, new Date(now - NOTICE_EVERY_MS))),
        ),
      )
      .returning({ email: loginFailures.email })
    return { failures: count, noticeAt: claimed.length > 0 ? new Date(now) : undefined }
  }

  /** A successful login: the email's failures are forgotten and the address is known from now on. */
  async function succeeded(email: string, address: string): Promise<void> {
    const now = new Date(clock())
    await db
      .update(loginFailures)
      .set({ failures: 0, lastFailureAt: null, nextTryAt: now })
      .where(eq(loginFailures.email, email))
    await db
      .insert(loginAddresses)
      .values({ email, addressHash: hashOf(address), lastLoginAt: now })
      .onConflictDoUpdate({
        target: [loginAddresses.email, loginAddresses.addressHash],
        set: { lastLoginAt: now },
      })
  }

  return { admit, admitOrRefuse, failed, succeeded }
}

export type LoginGuard = ReturnType<typeof createLoginGuard>
