import type { Db } from '../../db/client.ts'
import type { StaffContext } from './staff-context.ts'
import { createStaffSecondFactor } from './staff-second-factor.ts'
import { createStaffAccounts } from './staff-accounts.ts'
import { createStaffSessions } from './staff-sessions.ts'
import { createStaffTokens } from './staff-tokens.ts'

export type { StaffAccount } from './staff-accounts.ts'
export type { StaffLogin, StaffSession } from './staff-sessions.ts'

/**
 * The staff feature (issue 23): the centre's own accounts, apart from the customers', each with a
 * role (desk < manager < owner), their logins and their sessions. It reads and writes only its own
 * tables.
 */
export function createStaffService(db: Db, deps: Omit<StaffContext, 'db'>) {
  const ctx = { db, ...deps }
  const tokens = createStaffTokens(ctx)
  const secondFactor = createStaffSecondFactor(ctx)
  return {
    ...createStaffAccounts(ctx, tokens),
    ...createStaffSessions(ctx, tokens, secondFactor),
    startEnrolment: secondFactor.startEnrolment,
    confirmEnrolment: secondFactor.confirmEnrolment,
  }
}

export type StaffService = ReturnType<typeof createStaffService>
