import { randomBytes } from 'node:crypto'
import { and, eq, isNull, lt } from 'drizzle-orm'
import { CommonErrorCode, CustomerErrorCode, RECOVERY_CODE_COUNT } from '@clubhouse/contract/server'
import { hashToken } from '../../http/auth.ts'
import { AppError, notFound } from '../../http/errors.ts'
import type { StaffContext } from './staff-context.ts'
import { staffAccounts, staffRecoveryCodes } from './staff.tables.ts'
import { base32, matchingStep, newTotpSecret, otpauthUri } from './totp.ts'

/** The answer to a code that is not right (a second step, an enrolment's confirmation). */
export const wrongCode = () =>
  new AppError(CustomerErrorCode.invalidCredentials, 'This code is not right.', { status: 401 })

/** A recovery code as people read and type it: ten base32 letters and digits in two groups. */
const newRecoveryCode = () => {
  const code = base32(randomBytes(7)).slice(0, 10)
  return `${code.slice(0, 5)}-${code.slice(5)}`
}
/** A typed recovery code as it is hashed: dash, spaces and case aside. */
const recoveryKey = (code: string) => code.replace(/[\s-]/g, '').toUpperCase()

/**
 * The second factor of staff accounts (decision 108): an authenticator app's TOTP codes, enrolled by
 * the person (a secret, then a first right code), with ten single-use recovery codes. A code is
 * taken once: the step of the last TOTP code taken is kept, and no code of that step or before works.
 */
export function createStaffSecondFactor(ctx: StaffContext & { issuer: () => Promise<string> }) {
  const { db, units, clock } = ctx

  /**
   * Starts an enrolment: a new secret for the account and the `otpauth://` address to give an
   * authenticator app. Until a code confirms it the account logs in as before; an account enrolled
   * already is refused (409), its second factor stays as it is.
   */
  async function startEnrolment(staffId: number): Promise<{ secret: string; uri: string }> {
    const secret = newTotpSecret()
    const [row] = await db
      .update(staffAccounts)
      .set({ totpSecret: secret })
      .where(and(eq(staffAccounts.id, staffId), isNull(staffAccounts.totpConfirmedAt)))
      .returning({ email: staffAccounts.email })
    if (!row) {
      const [known] = await db
        .select({ id: staffAccounts.id })
        .from(staffAccounts)
        .where(eq(staffAccounts.id, staffId))
      if (!known) throw notFound('This staff account')
      throw new AppError(CommonErrorCode.conflict, 'This account has a second factor already.')
    }
    return { secret, uri: otpauthUri({ issuer: await ctx.issuer(), account: row.email, secret }) }
  }

  /**
   * Confirms an enrolment with a first code of the new secret: from now on every login asks for a
   * code. Answers the ten recovery codes, shown this once (only their hashes are kept).
   */
  async function confirmEnrolment(staffId: number, code: string): Promise<{ recoveryCodes: string[] }> {
    const [account] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, staffId))
    if (!account?.totpSecret || account.totpConfirmedAt) {
      throw new AppError(CommonErrorCode.conflict, 'Start the enrolment again: there is none to confirm.')
    }
    const step = matchingStep(account.totpSecret, code.trim(), clock())
    if (step === undefined) throw wrongCode()
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
    await units.run(async () => {
      const confirmed = await db
        .update(staffAccounts)
        .set({ totpConfirmedAt: new Date(clock()), totpLastStep: step })
        .where(and(eq(staffAccounts.id, staffId), isNull(staffAccounts.totpConfirmedAt)))
        .returning({ id: staffAccounts.id })
      if (confirmed.length === 0) throw wrongCode()
      await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId))
      await db
        .insert(staffRecoveryCodes)
        .values(recoveryCodes.map((c) => ({ staffId, codeHash: hashToken(recoveryKey(c)) })))
    })
    return { recoveryCodes }
  }

  /**
   * Takes a code of an account's second factor, once: a TOTP code of a step after the last one
   * taken, or an unused recovery code. Of two uses of one code at once, one wins.
   */
  async function takeCode(staffId: number, code: string): Promise<boolean> {
    const [account] = await db
      .select({ secret: staffAccounts.totpSecret, lastStep: staffAccounts.totpLastStep })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, staffId))
    if (!account?.secret) return false
    const step = matchingStep(account.secret, code.trim(), clock())
    if (step !== undefined) {
      const taken = await db
        .update(staffAccounts)
        .set({ totpLastStep: step })
        .where(and(eq(staffAccounts.id, staffId), lt(staffAccounts.totpLastStep, step)))
        .returning({ id: staffAccounts.id })
      return taken.length > 0
    }
    const used = await db
      .update(staffRecoveryCodes)
      .set({ usedAt: new Date(clock()) })
      .where(
        and(
          eq(staffRecoveryCodes.staffId, staffId),
          eq(staffRecoveryCodes.codeHash, hashToken(recoveryKey(code))),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id })
    return used.length > 0
  }

  return { startEnrolment, confirmEnrolment, takeCode }
}

export type StaffSecondFactor = ReturnType<typeof createStaffSecondFactor>
