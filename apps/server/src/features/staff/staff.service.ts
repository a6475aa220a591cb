import type { Db } from '../../db/client.ts'
import type { StaffContext } from './staff-context.ts'
import { createStaffSecondFactor } from './staff-second-factor.ts'
import { createStaffAccounts } from './staff-accounts.ts'
import { createStaffAudit } from './staff-audit.ts'
import { createStaffSessions } from './staff-sessions.ts'
import { createStaffTokens } from './staff-tokens.ts'

export type { StaffAccount } from './staff-accounts.ts'
export type { StaffLogin, StaffSession } from './staff-sessions.ts'
export type { AuditEntry, AuditRow } from './staff-audit.ts'

/**
 * The staff feature (issue 23): the centre's own accounts, apart from the customers', each with a
 * role (desk < manager < owner), their logins and their sessions, and the audit of their writes
 * (`recordAudit`, in the caller's unit of work). It reads and writes only its own tables; the desk's
 * blocks, which are the bookings', are staff-blocks.ts's.
 */
export function createStaffService(db: Db, deps: Omit<StaffContext, 'db'>) {
  const ctx = { db, ...deps }
  const tokens = createStaffTokens(ctx)
  const secondFactor = createStaffSecondFactor(ctx)
  const audit = createStaffAudit(ctx)
  return {
    ...createStaffAccounts(ctx, tokens, audit),
    ...createStaffSessions(ctx, tokens, secondFactor),
    startEnrolment: secondFactor.startEnrolment,
    confirmEnrolment: secondFactor.confirmEnrolment,
    recordAudit: audit.recordAudit,
    auditPage: audit.auditPage,
  }
}

export type StaffService = ReturnType<typeof createStaffService>
