import { asc, eq } from 'drizzle-orm'
import {
  CustomerErrorCode,
  Email,
  NewStaffAccount,
  StaffErrorCode,
  StaffNewPassword,
  type StaffRole,
} from '@clubhouse/contract/server'
import { AppError, notFound } from '../../http/errors.ts'
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from '../customers/passwords.ts'
import type { StaffAudit } from './staff-audit.ts'
import type { StaffContext } from './staff-context.ts'
import type { StaffTokens } from './staff-tokens.ts'
import { staffAccounts, staffRecoveryCodes, StaffTokenKind } from './staff.tables.ts'

/** What is shown of a staff account: never its password. */
export interface StaffAccount {
  id: number
  email: string
  name: string
  role: StaffRole
  /** Whether the person has set a password (followed their link). */
  hasPassword: boolean
  /** Whether a second factor is enrolled (a first code confirmed it). */
  hasSecondFactor: boolean
  disabledAt: Date | null
  createdAt: Date
}

const shown = {
  id: staffAccounts.id,
  email: staffAccounts.email,
  name: staffAccounts.name,
  role: staffAccounts.role,
  passwordHash: staffAccounts.passwordHash,
  totpConfirmedAt: staffAccounts.totpConfirmedAt,
  disabledAt: staffAccounts.disabledAt,
  createdAt: staffAccounts.createdAt,
}

function toAccount({
  passwordHash,
  totpConfirmedAt,
  ...row
}: { passwordHash: string | null; totpConfirmedAt: Date | null } & Omit<
  StaffAccount,
  'hasPassword' | 'hasSecondFactor'
>): StaffAccount {
  return { ...row, hasPassword: passwordHash !== null, hasSecondFactor: totpConfirmedAt !== null }
}

const STAFF_EMAIL_KEY = 'staff_accounts_email_key'
const emailTaken = () =>
  new AppError(CustomerErrorCode.emailTaken, 'This email already has a staff account.', { status: 409 })
const invalidLink = () =>
  new AppError(
    CustomerErrorCode.invalidToken,
    'This link is not valid or has expired. Ask an owner for a new one.',
    {
      status: 400,
    },
  )

/** The first message of a failed parse: what the command line or a form shows. */
function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): AppError {
  const [issue] = error.issues
  const field = issue?.path.map(String).join('.') || 'value'
  return new AppError('validation', `Check the field "${field}": ${issue?.message ?? 'Invalid value'}`, {
    errors: { [field]: issue?.message ?? 'Invalid value' },
  })
}

const lastOwner = () =>
  new AppError(
    StaffErrorCode.lastOwner,
    'This is the last owner who can log in: add another owner before disabling this one.',
    { status: 409 },
  )
const lastOwnerRole = () =>
  new AppError(
    StaffErrorCode.lastOwner,
    'This is the last owner who can log in: add another owner before giving this one another role.',
    { status: 409 },
  )
const linkOfDisabled = () =>
  new AppError(
    StaffErrorCode.accountDisabled,
    'This account is disabled: enable it before giving it a new link.',
    { status: 409 },
  )

/** An account as the audit keeps it. */
const audited = (a: StaffAccount) => ({
  email: a.email,
  name: a.name,
  role: a.role,
  disabledAt: a.disabledAt?.toISOString() ?? null,
})

/**
 * The staff accounts: created by an owner (or the command line) with a role and no password, and a
 * one-time link with which the person sets their own; listed; given another role; disabled and
 * enabled again; a new link; their second factor reset. Every change is audited in its unit of
 * work, under the owner who did it (`by`; none from the command line).
 */
export function createStaffAccounts(
  ctx: StaffContext,
  tokens: StaffTokens,
  audit: Pick<StaffAudit, 'recordAudit'>,
) {
  const { db, units } = ctx

  /** The address of a set-password link (the web app's page at /staff/set-password). */
  const setPasswordLink = (token: string) =>
    `${ctx.publicUrl}/staff/set-password?token=${encodeURIComponent(token)}`

  /**
   * Creates an account and answers it with the link that sets its password, which works once within
   * 24 hours. An email that already has a staff account is refused (409 email_taken).
   */
  async function addAccount(
    input: NewStaffAccount,
    by?: number,
  ): Promise<{ account: StaffAccount; link: string; expiresAt: Date }> {
    const parsed = NewStaffAccount.safeParse(input)
    if (!parsed.success) throw firstIssue(parsed.error)
    const { email, role, name } = parsed.data
    return units.run(
      async () => {
        const [row] = await db.insert(staffAccounts).values({ email, role, name }).returning(shown)
        const account = toAccount(row!)
        const { token, expiresAt } = await tokens.issue(account.id, StaffTokenKind.SetPassword)
        await audit.recordAudit({
          staffId: by ?? null,
          action: 'account.add',
          subject: `staff:${account.id}`,
          before: null,
          after: audited(account),
        })
        return { account, link: setPasswordLink(token), expiresAt }
      },
      { conflicts: { [STAFF_EMAIL_KEY]: emailTaken } },
    )
  }

  /**
   * Brings in an account whose password is already hashed (the demo seed's desk account): no link,
   * it logs in at once. The same checks of its email and role as a new account's.
   */
  async function importAccount(input: NewStaffAccount & { passwordHash: string }): Promise<StaffAccount> {
    const parsed = NewStaffAccount.safeParse(input)
    if (!parsed.success) throw firstIssue(parsed.error)
    const [row] = await units.run(
      () =>
        db
          .insert(staffAccounts)
          .values({ ...parsed.data, passwordHash: input.passwordHash })
          .returning(shown),
      { conflicts: { [STAFF_EMAIL_KEY]: emailTaken } },
    )
    return toAccount(row!)
  }

  /** Every staff account, the oldest first. */
  async function listAccounts(): Promise<StaffAccount[]> {
    const rows = await db.select(shown).from(staffAccounts).orderBy(asc(staffAccounts.id))
    return rows.map(toAccount)
  }

  /**
   * Sets an account's password with the token of its link, once. Its sessions and other links end:
   * whoever had the old password or an older link is signed out. Answers the account's email.
   */
  async function setPassword(token: string, password: string): Promise<{ email: string }> {
    const parsed = StaffNewPassword.safeParse(password)
    if (!parsed.success)
      throw firstIssue({ issues: parsed.error.issues.map((i) => ({ ...i, path: ['password'] })) })
    if (isCommonPassword(password)) {
      throw new AppError('validation', COMMON_PASSWORD_MESSAGE, {
        errors: { password: COMMON_PASSWORD_MESSAGE },
      })
    }
    const passwordHash = await hashPassword(password)
    return units.run(async () => {
      const staffId = await tokens.consume(token, StaffTokenKind.SetPassword)
      if (staffId === undefined) throw invalidLink()
      await tokens.revokeAll(staffId, [StaffTokenKind.Session, StaffTokenKind.SetPassword])
      const [row] = await db
        .update(staffAccounts)
        .set({ passwordHash })
        .where(eq(staffAccounts.id, staffId))
        .returning({ email: staffAccounts.email })
      return row!
    })
  }

  /** The account's row, locked for the rest of the unit; 404 when there is none. */
  async function lockedAccount(staffId: number) {
    const [row] = await db
      .select(shown)
      .from(staffAccounts)
      .where(eq(staffAccounts.id, staffId))
      .for('update')
    if (!row) throw notFound('This staff account')
    return row
  }

  /**
   * Writes `set` to a locked account and audits it as `action`, before and after, in the caller's
   * unit; answers the account as it is now.
   */
  async function updateAudited(
    was: Awaited<ReturnType<typeof lockedAccount>>,
    set: Partial<typeof staffAccounts.$inferInsert>,
    action: string,
    by: number | undefined,
  ): Promise<StaffAccount> {
    const [row] = await db.update(staffAccounts).set(set).where(eq(staffAccounts.id, was.id)).returning(shown)
    const account = toAccount(row!)
    await audit.recordAudit({
      staffId: by ?? null,
      action,
      subject: `staff:${was.id}`,
      before: audited(toAccount(was)),
      after: audited(account),
    })
    return account
  }

  /**
   * Refuses (409 last_owner) to take the owner `staffId` out when no other owner can log in (not
   * disabled, a password set). Every owner's row is locked, in the order of their ids, before they
   * are counted: of two owners disabling each other at once on two instances, the second waits for
   * the first, then counts what it left.
   */
  async function keepAnOwner(staffId: number, refusal = lastOwner) {
    const owners = await db
      .select(shown)
      .from(staffAccounts)
      .where(eq(staffAccounts.role, 'owner'))
      .orderBy(asc(staffAccounts.id))
      .for('update')
    const others = owners.filter((o) => o.id !== staffId && !o.disabledAt && o.passwordHash !== null)
    if (others.length === 0) throw refusal()
  }

  /** The role of an account as it stands, read before any lock (the owners' rows come first). */
  async function roleOf(staffId: number): Promise<StaffRole | undefined> {
    const [row] = await db
      .select({ role: staffAccounts.role })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, staffId))
    return row?.role
  }

  /** The account of an email (as typed on the command line), or undefined. */
  async function accountByEmail(email: string): Promise<StaffAccount | undefined> {
    const parsed = Email.safeParse(email)
    if (!parsed.success) return undefined
    const [row] = await db.select(shown).from(staffAccounts).where(eq(staffAccounts.email, parsed.data))
    return row && toAccount(row)
  }

  /**
   * Disables an account: it logs in no more, and its sessions and links end now (a session checks
   * its account at every request, so none outlives this). The last owner who can log in is never
   * disabled, not even by themselves (409 last_owner). Disabling it again changes nothing, and is
   * not audited.
   */
  async function disableAccount(staffId: number, by?: number): Promise<StaffAccount> {
    return units.run(async () => {
      // The owners' rows first, then the account's: every unit takes them in the same order.
      if ((await roleOf(staffId)) === 'owner') await keepAnOwner(staffId)
      const was = await lockedAccount(staffId)
      if (was.disabledAt) return toAccount(was)
      await tokens.revokeAll(staffId, [StaffTokenKind.Session, StaffTokenKind.SetPassword])
      return updateAudited(was, { disabledAt: new Date(ctx.clock()) }, 'account.disable', by)
    })
  }

  /**
   * Resets an account's second factor (a lost phone and its recovery codes): its secret and its
   * recovery codes go, and its sessions and pending second steps end. At its next login it enrols
   * again, as it must before anything else when it is an owner's or a manager's in production.
   * Audited as `second-factor.reset`, even for an account that had none (its sessions end still).
   */
  async function resetSecondFactor(staffId: number, by?: number): Promise<StaffAccount> {
    return units.run(async () => {
      const was = await lockedAccount(staffId)
      const [row] = await db
        .update(staffAccounts)
        .set({ totpSecret: null, totpConfirmedAt: null })
        .where(eq(staffAccounts.id, staffId))
        .returning(shown)
      await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId))
      await tokens.revokeAll(staffId, [StaffTokenKind.Session, StaffTokenKind.SecondFactor])
      const account = toAccount(row!)
      await audit.recordAudit({
        staffId: by ?? null,
        action: 'second-factor.reset',
        subject: `staff:${staffId}`,
        before: { hasSecondFactor: toAccount(was).hasSecondFactor },
        after: { hasSecondFactor: false },
      })
      return account
    })
  }

  /**
   * Gives an account another role. It takes effect at the account's next request (a session reads
   * its account's role at every one); an owner or a manager in production enrols a second factor
   * before anything else. The last owner who can log in keeps the role (409 last_owner). The same
   * role again changes nothing, and is not audited.
   */
  async function changeRole(staffId: number, role: StaffRole, by?: number): Promise<StaffAccount> {
    return units.run(async () => {
      if ((await roleOf(staffId)) === 'owner' && role !== 'owner') await keepAnOwner(staffId, lastOwnerRole)
      const was = await lockedAccount(staffId)
      if (was.role === role) return toAccount(was)
      return updateAudited(was, { role }, 'account.role', by)
    })
  }

  /**
   * Lets a disabled account log in again with the password it had; its sessions ended when it was
   * disabled, so it signs in anew. Enabling a working account changes nothing, and is not audited.
   */
  async function enableAccount(staffId: number, by?: number): Promise<StaffAccount> {
    return units.run(async () => {
      const was = await lockedAccount(staffId)
      if (!was.disabledAt) return toAccount(was)
      return updateAudited(was, { disabledAt: null }, 'account.enable', by)
    })
  }

  /**
   * A new one-time link that sets the account's password (a forgotten password, a first link that
   * ran out): links given before stop working, and the sessions go on until the password is set.
   * A disabled account gets none (409 account_disabled). Audited, without the link.
   */
  async function newPasswordLink(staffId: number, by?: number): Promise<{ link: string; expiresAt: Date }> {
    return units.run(async () => {
      const was = await lockedAccount(staffId)
      if (was.disabledAt) throw linkOfDisabled()
      await tokens.revokeAll(staffId, [StaffTokenKind.SetPassword])
      const { token, expiresAt } = await tokens.issue(staffId, StaffTokenKind.SetPassword)
      await audit.recordAudit({
        staffId: by ?? null,
        action: 'account.link',
        subject: `staff:${staffId}`,
        before: null,
        after: { expiresAt: expiresAt.toISOString() },
      })
      return { link: setPasswordLink(token), expiresAt }
    })
  }

  return {
    addAccount,
    importAccount,
    listAccounts,
    accountByEmail,
    setPassword,
    disableAccount,
    enableAccount,
    changeRole,
    newPasswordLink,
    resetSecondFactor,
  }
}
